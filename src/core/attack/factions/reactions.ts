import { refuse, type Refusal } from "../../shared/outcome.js";
import { isDown, type FactionsCharacter } from "./character.js";
import type { FactionsAttackState } from "./types.js";

/** Why the current target of a slot cannot react, or null if it can. */
export function reactionBar(state: FactionsAttackState, who: FactionsCharacter, asTarget: boolean): Refusal | null {
  const c = state.circumstances;
  if (state.stunt?.answer === "accepted")
    return refuse("StuntAccepted", "the target accepted the stunt and cannot react", "FAC-41");
  if (asTarget && c.opportunity && !c.opportunityReactable)
    return refuse("CannotReactToOpportunity", "an opportunity attack cannot normally be reacted to", "FAC-24");
  if (state.attackerData.concealed)
    return refuse("Surprised", `${who.id} is surprised by a concealed attacker and cannot react`, "FAC-50", {
      name: who.id,
    });
  if (asTarget && !who.aware)
    return refuse("UnawareCannotReact", `${who.id} is unaware of the attacker and cannot react`, "FAC-17", {
      name: who.id,
    });
  if (isDown(who)) return refuse("ReactorDown", `${who.id} is down and cannot react`, undefined, { name: who.id });
  if (who.turnUsed)
    return refuse("NoReactionLeft", `${who.id} has already used its turn this round`, "FAC-14", { name: who.id });
  return null;
}

/** Whether any target may still react or any bystander may guard. */
export function anyoneCanReact(state: FactionsAttackState): boolean {
  for (const s of state.slots) if (!s.reacted && !s.avoided && reactionBar(state, s.target, true) === null) return true;
  for (const b of state.bystanders) if (reactionBar(state, b, false) === null) return true;
  return false;
}
