import { applied, type Applied } from "../../shared/outcome.js";
import { advance, type AttackEvent, type AttackStateBase, type AttackStep } from "../pipeline.js";

/** No one (more) reacts: the window closes, saying why, and the attack moves on to `to`. */
export function closeReactionWindow<S extends AttackStateBase>(
  state: S,
  reason: string,
  to: AttackStep,
): Applied<S, AttackEvent> {
  const events: AttackEvent[] = [{ type: "reactionWindowClosed", reason }];
  return applied(advance(state, to, events), events);
}
