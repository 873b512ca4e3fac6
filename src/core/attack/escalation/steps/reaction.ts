import { finish } from "../../../dice/dice-roll.js";
import { applied, refuse } from "../../../shared/outcome.js";
import type { Roller } from "../../../shared/roller.js";
import { advance, compare, requireStep, type AttackEvent } from "../../pipeline.js";
import { combatantOf, withCombatant } from "../../shared/combatants.js";
import { endAttack } from "../../shared/end-attack.js";
import { declaration, rollToHit } from "../attack.js";
import { canAct, freeHitsLeft, spendFreeHitSlot, type WritableCombatant } from "../combatant.js";
import type { EscalationAttackOutcome, EscalationAttackState, EscalationCommand } from "../types.js";
import { cannotAttack, clearAttack } from "./declare.js";

/** ESC-34/35: the target's free hit becomes the next attack on the card, attacker and target swapped. */
export function react(
  state: EscalationAttackState,
  command: Extract<EscalationCommand, { type: "react" }>,
): EscalationAttackOutcome {
  const reaction = command.reaction;
  const bad = requireStep(state, "reactionWindow");
  if (bad) return bad;
  if (reaction !== "freeHit")
    return refuse("UnknownReaction", `escalation has no reaction ${reaction}; the only one is a free hit`, "ESC-40", {
      reaction,
    });
  const by = combatantOf(state, state.target);
  const against = combatantOf(state, state.attacker);
  const d = state.declaration;
  if (!by || !against || !d) return refuse("MalformedAttackState", "the attack has no declaration");
  if (state.owed === "none")
    return refuse("NoFreeHitOwed", `${by.name} has no free hit to take`, "ESC-40", { name: by.name });
  if (!canAct(by)) return cannotAttack(by);
  const critical = state.owed === "freeCritical";
  if (!critical && freeHitsLeft(by) < 1)
    return refuse("NoFreeHitSlots", `${by.name} has no Free Hit Slots left this round`, "ESC-42", { name: by.name });
  // ESC-35: the free critical hit needs no slot, and (ruling) does not use one
  const taker: WritableCombatant = critical ? by : { ...by };
  if (!critical) spendFreeHitSlot(taker);
  const decl = declaration(taker, against, { kind: critical ? "freeCritical" : "freeHit", inMeleeZone: true });
  const events: AttackEvent[] = [
    { type: "reactionTaken", reactor: by.id, reaction: "freeHit", outcome: critical ? "freeCritical" : "freeHit" },
    { type: "attackDeclared", attacker: by.id, target: against.id, detail: { ...decl, weapon: decl.weapon.name } },
  ];
  let next: EscalationAttackState = {
    ...clearAttack(withCombatant(state, taker)),
    attacker: by.id,
    target: against.id,
    declaration: decl,
  };
  if (critical) {
    const toHit = rollToHit(taker, against, decl, state.round, state.options, NO_DICE, null);
    events.push({
      type: "toHitRolled",
      roll: finish("free critical", [], 0),
      comparison: compare(0, 0),
      outcome: "critical",
    });
    next = advance({ ...next, step: "rollToHit", toHit, outcome: "critical" }, "damage", events);
  } else next = advance({ ...next, step: "reactionWindow" }, "rollToHit", events);
  return applied(next, events);
}

/** A free critical hit rolls no d20; a roller that refuses to be used proves it. */
const NO_DICE: Roller = {
  die: () => {
    throw new RangeError("a free critical hit rolls no dice to hit");
  },
  state: () => ({ kind: "scripted", values: [], next: 0 }),
};

/** ESC-40: the target lets the free hit go; the attack ends as it stood. */
export function skipReaction(state: EscalationAttackState): EscalationAttackOutcome {
  const bad = requireStep(state, "reactionWindow");
  if (bad) return bad;
  const events: AttackEvent[] = [{ type: "reactionWindowClosed", reason: "declined" }];
  return endAttack({ ...state, owed: "none" }, state.outcome ?? "miss", events);
}
