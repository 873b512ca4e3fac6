import { applied, refuse } from "../../../shared/outcome.js";
import { requireStep, type AttackEvent } from "../../pipeline.js";
import { endAttack } from "../../shared/end-attack.js";
import type { FactionsAttackCommand, FactionsAttackOutcome, FactionsAttackState } from "../types.js";

/** FAC-40: before the target decides whether to react, the attacker may propose a stunt instead of harm. */
export function proposeStunt(
  state: FactionsAttackState,
  command: Extract<FactionsAttackCommand, { type: "proposeStunt" }>,
): FactionsAttackOutcome {
  const bad = requireStep(state, "reactionWindow");
  if (bad) return bad;
  const effect = command.effect;
  if (typeof effect !== "string" || effect === "")
    return refuse("MalformedStunt", "a stunt needs a description", "FAC-40");
  if (state.slots.length !== 1)
    return refuse("StuntNeedsOneTarget", "a stunt is proposed to a single target", "FAC-40");
  if (state.stunt !== null)
    return refuse("StuntAlreadyProposed", "a stunt has already been proposed for this attack", "FAC-40");
  if (state.slots[0]!.reacted || state.slots[0]!.target.id !== state.slots[0]!.attacked) {
    return refuse(
      "StuntAfterReaction",
      "a stunt must be proposed before the target decides whether to react",
      "FAC-40",
    );
  }
  return applied({ ...state, stunt: { effect, answer: "pending" } }, [
    { type: "stuntProposed", attacker: state.attacker, target: state.target, effect, clause: "FAC-40" },
  ]);
}

/**
 * FAC-41: an accepted stunt ends the attack with its effect and the target cannot react; a refused one changes nothing.
 */
export function answerStunt(
  state: FactionsAttackState,
  command: Extract<FactionsAttackCommand, { type: "answerStunt" }>,
): FactionsAttackOutcome {
  const bad = requireStep(state, "reactionWindow");
  if (bad) return bad;
  const accept = command.accept;
  if (state.stunt?.answer !== "pending") return refuse("NoStuntPending", "no stunt is waiting for an answer", "FAC-41");
  const events: AttackEvent[] = [
    {
      type: accept ? "stuntAccepted" : "stuntRefused",
      target: state.target,
      effect: state.stunt.effect,
      clause: "FAC-41",
    },
  ];
  const next: FactionsAttackState = {
    ...state,
    stunt: { effect: state.stunt.effect, answer: accept ? "accepted" : "refused" },
  };
  if (!accept) return applied(next, events);
  return endAttack(next, "stunt", events);
}
