import { boonBaneTotal } from "../../dice/boon-bane.js";
import type { Roller } from "../../shared/roller.js";
import { artModifier, type StrainCharacter } from "./character.js";
import { DEFAULT_STRAIN_CONTEST, defenceResult, type Defence, type StrainContestOptions } from "./contest.js";
import { attackNet, defenceModifier, defenceNet } from "./roll-modifiers.js";

/** Quick results: 0 avoided, 1 avoided with +1 Vulnerable, 2 effect taken (+1 Load), 3 taken with +1 Vulnerable. */
export const STRAIN_AVOIDED = 0;
export const STRAIN_AVOIDED_VULNERABLE = 1;
export const STRAIN_TAKEN = 2;
export const STRAIN_TAKEN_VULNERABLE = 3;

const PLAIN = { boons: 0, banes: 0, ranged: false, adjacentEnemies: 0, cover: false };

/**
 * One Basic Attack with default choices for the encounter simulator: keepTwo Boons, no Finisher,
 * the defender using `defence` (default Resilience against Physical). Allocates nothing; draws the
 * same dice in the same order as the engine's roll step. The caller applies the Load and Vulnerable.
 */
export function quickStrainAttack(
  roller: Roller,
  attacker: StrainCharacter,
  target: StrainCharacter,
  defence: Defence = "resilience",
  options: StrainContestOptions = DEFAULT_STRAIN_CONTEST,
): number {
  const attack = boonBaneTotal(roller, attackNet(attacker, PLAIN), artModifier(attacker, "basic") ?? 0);
  if (target.incapacitated) return STRAIN_TAKEN;
  const def = boonBaneTotal(roller, defenceNet(target, defence), defenceModifier(target, defence));
  const r = defenceResult(defence, def, attack, options);
  if (defence !== "evasion") return r === "failure" ? STRAIN_TAKEN : STRAIN_AVOIDED;
  return r === "critical" ? STRAIN_AVOIDED : r === "success" ? STRAIN_AVOIDED_VULNERABLE : STRAIN_TAKEN_VULNERABLE;
}

export interface ResolveStrainOptions {
  readonly defence?: Defence;
  readonly contest?: StrainContestOptions;
}
const NO_OPTIONS: ResolveStrainOptions = {};

/** Same as quickStrainAttack, in the argument order of the other rule sets' resolve functions. */
export function resolveStrainAttack(
  attacker: StrainCharacter,
  target: StrainCharacter,
  roller: Roller,
  options: ResolveStrainOptions = NO_OPTIONS,
): number {
  return quickStrainAttack(
    roller,
    attacker,
    target,
    options.defence ?? "resilience",
    options.contest ?? DEFAULT_STRAIN_CONTEST,
  );
}
