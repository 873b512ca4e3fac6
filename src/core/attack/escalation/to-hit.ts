import type { DieResult } from "../../dice/dice-roll.js";
import { ESCALATION_DICE, type D20Kind } from "../../dice/escalation-chain.js";
import type { Roller } from "../../shared/roller.js";
import { effectiveAccuracy, freeHitsLeft, type EscalationCombatant } from "./combatant.js";
import type { EscalationDeclaration } from "./declaration.js";
import { defenceOf, type DefenceReason } from "./defence.js";
import type { EscalationOptions } from "./options.js";

export type EscalationOutcome =
  "miss" | "hit" | "critical" | "superCritical" | "decisiveVictory" | "autoFail" | "tragedy" | "fatalTragedy";

export interface EscalationToHit {
  readonly natural: number;
  readonly kind: D20Kind;
  readonly steps: number;
  readonly modifier: number;
  readonly total: number;
  readonly needed: number;
  readonly reason: DefenceReason;
  readonly outcome: EscalationOutcome;
  readonly hit: boolean;
  /** ESC-31/32: x2 critical, x4 super critical. */
  readonly multiplier: number;
  /** What the target gets back after a natural 1 (ESC-34, ESC-35). */
  readonly owed: "none" | "freeHit" | "freeCritical";
}

/** Accuracy for this attack: ESC-14 Accuracy, ESC-16 flanking +1, ESC-25 Center Mass +1, plus boosts. */
export function attackModifier(
  attacker: EscalationCombatant,
  decl: EscalationDeclaration,
  round: number,
  options: EscalationOptions,
): number {
  return (
    effectiveAccuracy(attacker, round, options.disruptingRoundPenalty) +
    (decl.flanking ? 1 : 0) +
    (decl.aim === "centerMass" ? 1 : 0) +
    decl.toHitBonus
  );
}

/** ESC-14 and ESC-27..36: the d20, its escalation chain, and what it means for this attack. */
export function rollToHit(
  attacker: EscalationCombatant,
  target: EscalationCombatant,
  decl: EscalationDeclaration,
  round: number,
  options: EscalationOptions,
  roller: Roller,
  dice: DieResult[] | null,
): EscalationToHit {
  const modifier = attackModifier(attacker, decl, round, options);
  const def = defenceOf(target, round, decl.undetected);
  const needed = def.needed;
  const reason = def.reason;
  // ESC-35: a free critical hit lands as a critical without a roll (ruling)
  if (decl.kind === "freeCritical")
    return toHit(0, "critical", 0, modifier, 0, needed, reason, "critical", true, 2, "none");
  const natural = roller.die(20);
  if (dice) dice.push({ sides: 20, value: natural, kept: true });
  const kind: D20Kind = natural === 20 ? "critical" : natural === 1 ? "autoFail" : "normal";
  const steps = kind === "normal" ? 0 : chainSteps(roller, dice);
  const total = natural + modifier;
  if (kind === "critical") {
    // ESC-27 a natural 20 is a critical hit, so it hits whatever the numbers (ruling)
    if (steps >= 2)
      return toHit(natural, kind, steps, modifier, total, needed, reason, "decisiveVictory", true, 4, "none");
    return steps === 1
      ? toHit(natural, kind, steps, modifier, total, needed, reason, "superCritical", true, 4, "none")
      : toHit(natural, kind, steps, modifier, total, needed, reason, "critical", true, 2, "none");
  }
  if (kind === "autoFail") {
    // ESC-29/34: always a miss
    if (steps >= 2)
      return toHit(natural, kind, steps, modifier, total, needed, reason, "fatalTragedy", false, 0, "none");
    const able = target.condition === "active";
    const tragedy = steps === 1;
    const owed = tragedy
      ? able && (decl.inMeleeZone || !options.tragedyNeedsMeleeZone)
        ? "freeCritical"
        : "none"
      : able && decl.inMeleeZone && freeHitsLeft(target) > 0
        ? "freeHit"
        : "none";
    return toHit(
      natural,
      kind,
      steps,
      modifier,
      total,
      needed,
      reason,
      tragedy ? "tragedy" : "autoFail",
      false,
      0,
      owed,
    );
  }
  const hit = total >= needed;
  return toHit(natural, kind, steps, modifier, total, needed, reason, hit ? "hit" : "miss", hit, hit ? 1 : 0, "none");
}

/** ESC-33 / ESC-36: how far a natural 20 or 1 escalates; in an attack the chain stops at the d6. */
function chainSteps(roller: Roller, dice: DieResult[] | null): number {
  let steps = 0;
  for (let i = 0; i < 2; i++) {
    const sides = ESCALATION_DICE[i] ?? 4;
    const v = roller.die(sides);
    if (dice) dice.push({ sides, value: v, kept: false });
    if (v !== sides) break;
    steps++;
  }
  return steps;
}

/** The roll's record, every field in one order. */
function toHit(
  natural: number,
  kind: D20Kind,
  steps: number,
  modifier: number,
  total: number,
  needed: number,
  reason: DefenceReason,
  outcome: EscalationOutcome,
  hit: boolean,
  multiplier: number,
  owed: EscalationToHit["owed"],
): EscalationToHit {
  return { natural, kind, steps, modifier, total, needed, reason, outcome, hit, multiplier, owed };
}
