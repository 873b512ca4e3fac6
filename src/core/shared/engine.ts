import type { Outcome } from "./outcome.js";
import type { Roller } from "./roller.js";

/**
 * One interface, many engines: turn order for each rule set, and later the attack pipelines.
 * `start` and `apply` are pure: same inputs (roller included) give the same outputs,
 * and neither mutates its arguments. A refused command leaves the caller's state as it was.
 */
export interface Engine<Setup, State, Command, Event> {
  readonly id: string;
  start(setup: Setup, roller: Roller): Outcome<State, Event>;
  apply(state: State, command: Command, roller: Roller): Outcome<State, Event>;
}

/** Every event the core emits has a `type`; the Foundry layer turns them into hooks, chat lines and updates. */
export interface CoreEvent {
  readonly type: string;
}
