import { applied, type Applied } from "../../shared/outcome.js";
import { advance, type AttackEvent, type AttackStateBase } from "../pipeline.js";

/** The attack is over: the card moves to done and says how it ended. */
export function endAttack<S extends AttackStateBase>(
  state: S,
  outcome: string,
  events: AttackEvent[],
): Applied<S, AttackEvent> {
  const done = advance(state, "done", events);
  events.push({ type: "attackEnded", outcome });
  return applied(done, events);
}
