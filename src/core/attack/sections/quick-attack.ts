import type { Roller } from "../../shared/roller.js";
import { DICE_LEVELS } from "../../dice/dice-level.js";
import type { SectionsCombatant } from "./combatant.js";
import { isDaggerOrSpear, isDebilitated, isVulnerable, swimmingPenalty, type Sight } from "./effective-dice.js";
import { has } from "./combatant.js";

const SEEN: Sight = { attackerSeesTarget: true, targetSeesAttacker: true };

/** DICE_LEVELS.indexOf(sides), as a plain loop (three times an attack: bench/diary.md). */
function levelOf(sides: number): number {
  for (let i = 0; i < DICE_LEVELS.length; i++) if (DICE_LEVELS[i] === sides) return i;
  return -1;
}

function stepped(sides: number, down: number): number {
  const at = levelOf(sides);
  const i = at - down;
  return DICE_LEVELS[i < 0 ? 0 : i] ?? sides;
}

/**
 * One whole sections attack with default choices (no Intercept), for the encounter simulator:
 * returns the damage dealt (0 on a miss) and allocates nothing. Same dice order as the engine.
 */
export function quickSectionsAttack(
  roller: Roller,
  attacker: SectionsCombatant,
  target: SectionsCombatant,
  sight: Sight = SEEN,
  tiesHit = true,
): number {
  const swimA = swimmingPenalty(attacker) && !isDaggerOrSpear(attacker.weaponType) ? 1 : 0;
  const hitDown = (isDebilitated(attacker, sight) ? 1 : 0) + swimA;
  const missDown =
    (isVulnerable(target, sight) ? 1 : 0) + (has(target, "hindered") ? 1 : 0) + (swimmingPenalty(target) ? 1 : 0);
  const hit = roller.die(stepped(attacker.hitDie, hitDown));
  const miss = roller.die(stepped(target.missDie, missDown));
  if (tiesHit ? hit < miss : hit <= miss) return 0;
  const dmg = roller.die(stepped(attacker.damageDie, swimA)) + attacker.damageBonus;
  return dmg > 0 ? dmg : 0;
}

export interface ResolveSectionsOptions {
  readonly sight?: Sight;
  readonly tiesHit?: boolean;
}
const NO_OPTIONS: ResolveSectionsOptions = {};

/** Same as quickSectionsAttack, in the argument order of the other rule sets' resolve functions. */
export function resolveSectionsAttack(
  attacker: SectionsCombatant,
  target: SectionsCombatant,
  roller: Roller,
  options: ResolveSectionsOptions = NO_OPTIONS,
): number {
  return quickSectionsAttack(roller, attacker, target, options.sight ?? SEEN, options.tiesHit ?? true);
}
