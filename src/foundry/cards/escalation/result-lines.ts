import { escalationAttack } from "../../../core/attack/escalation/engine.js";
import type { EscalationAttackState } from "../../../core/attack/escalation/types.js";
import type { AttackEvent } from "../../../core/attack/pipeline.js";
import { own } from "../../../core/shared/guards.js";
import type { Roller } from "../../../core/shared/roller.js";
import type { CardLine } from "../attack-ruleset.js";
import { aimKey, line, nameOf } from "./keys.js";

type Ev = Readonly<Record<string, unknown>>;

const NO_DICE: Roller = {
  die: () => {
    throw new RangeError("applying an escalation attack rolls no dice");
  },
  state: () => ({ kind: "scripted", values: [], next: 0 }),
};

/**
 * What applying will do, in the pipeline's own words: the apply step run on a copy (it is pure and rolls nothing),
 * so the card never restates ESC-20..24 or ESC-33/36. Empty when the attack is not at its apply step.
 */
export function applyPreview(state: EscalationAttackState): {
  readonly state: EscalationAttackState;
  readonly events: readonly AttackEvent[];
} {
  if (state.step !== "apply") return { state, events: [] };
  const o = escalationAttack.apply(state, { type: "apply" }, NO_DICE);
  return o.ok ? { state: o.state, events: o.events } : { state, events: [] };
}

/** One line per change the apply step made (or, with `will`, is about to make): HP, the wound, defeat, death. */
export function resultLine(after: EscalationAttackState, e: Ev, will: boolean): CardLine | null {
  const name = nameOf(after, e.combatant);
  switch (e.type) {
    case "damageApplied": {
      const before = (e.before as Readonly<Record<string, number>>).hp ?? 0;
      const hp = (e.after as Readonly<Record<string, number>>).hp ?? 0;
      return line(will ? "WillLoseHp" : "LostHp", { name, amount: before - hp, before, after: hp });
    }
    case "woundInflicted": {
      const wounds = typeof e.combatant === "string" ? (own(after.combatants, e.combatant)?.wounds.length ?? 0) : 0;
      return line(will ? "WillTakeWound" : "TookWound", { name, aim: aimKey(e.target), wounds });
    }
    case "combatantDefeated":
      return line(will ? "WillBeDefeated" : "Defeated", { name });
    case "combatantKilled":
      return line(will ? "WillBeKilled" : "Killed", { name, by: nameOf(after, e.by) });
    default:
      return null;
  }
}
