import { escalationAttack } from "../../../core/attack/escalation/engine.js";
import type { EscalationCommand, EscalationSetup } from "../../../core/attack/escalation/types.js";
import { applied, type Outcome, type Refusal } from "../../../core/shared/outcome.js";
import type { Roller } from "../../../core/shared/roller.js";
import type { AttackChoice, AttackOpening } from "../attack-ruleset.js";
import { chosenItem, heldWeapon, option } from "./read-item.js";
import { isRefusal, readUnit } from "./read-unit.js";

type Declare = Extract<EscalationCommand, { type: "declare" }>;

/** The attacker's choices the declaration carries as they are (the pipeline's shape check and declare judge them). */
const DECLARE_OPTIONS = ["aim", "flanking", "undetected", "inMeleeZone", "kind", "toHitBonus", "damageBoost"] as const;

/** Opening an attack rolls nothing: a roller that is used is a bug, and says so. */
const NO_DICE: Roller = {
  die: () => {
    throw new RangeError("opening an escalation attack rolls no dice");
  },
  state: () => ({ kind: "scripted", values: [], next: 0 }),
};

/**
 * The attack from the sheets: both units, the chosen weapon or spell, and the declaration with the attacker's
 * choices (options: aim, flanking, undetected, inMeleeZone, kind, toHitBonus, damageBoost; round for the fight's
 * round). The opening is run through the pipeline once, so whatever it would refuse is refused here, with its clause.
 */
export function open(choice: AttackChoice): Outcome<AttackOpening<EscalationSetup, EscalationCommand>, never> {
  const round = option(choice.options, "round") ?? 1;
  const r = typeof round === "number" ? round : Number.NaN;
  const attacker = readUnit(choice.attacker, r);
  if (isRefusal(attacker)) return attacker;
  const target = readUnit(choice.target, r);
  if (isRefusal(target)) return target;
  const item = chosenItem(choice);
  if (isRefusal(item)) return item;
  // ESC-49: a weapon is the unit's held weapon, which the core swaps for the fist while the unit is disarmed; a spell
  // is not held, so the declaration names it.
  const named = item !== null && (item.spell || !attacker.disarmed);
  const declare: Declare = {
    type: "declare",
    attacker: attacker.id,
    target: target.id,
    ...(named ? { weapon: item.weapon } : {}),
    ...declareOptions(choice.options),
  };
  const setup: EscalationSetup = {
    combatants: [
      { ...attacker, weapon: item && !item.spell ? item.weapon : (heldWeapon(choice.attacker) ?? attacker.weapon) },
      { ...target, weapon: heldWeapon(choice.target) ?? target.weapon },
    ],
    round: r,
  };
  const refused = dryRun(setup, declare);
  return refused ?? applied({ setup, opening: [declare] }, []);
}

function declareOptions(options: AttackChoice["options"]): Partial<Declare> {
  const out: Record<string, unknown> = {};
  for (const k of DECLARE_OPTIONS) {
    const v = option(options, k);
    if (v !== undefined) out[k] = v;
  }
  return out;
}

function dryRun(setup: EscalationSetup, declare: Declare): Refusal | null {
  const started = escalationAttack.start(setup, NO_DICE);
  if (!started.ok) return started;
  const declared = escalationAttack.apply(started.state, declare, NO_DICE);
  return declared.ok ? null : declared;
}
