import type { TurnOrderEngine } from "../core/index.js";
import type { Refusal, Roller } from "../core/shared/index.js";

/**
 * A fight's turn order as the simulator drives it: the state now, and a command applied to it (null when done,
 * else the engine's refusal). The turn orders' fast runs (src/core/fast, e.g. RolledFastRun) give the same states
 * as their engine's apply without building events or a new state per command.
 */
export interface TurnRun<State, Command> {
  readonly state: State;
  apply(cmd: Command, roller: Roller): Refusal | null;
}

/**
 * A turn run through the engine's own apply(): for an engine handed in (a test's recording one, the bench's timed one).
 */
export class EngineRun<State, Command> implements TurnRun<State, Command> {
  private readonly engine: TurnOrderEngine<unknown, State, Command>;
  state: State;

  constructor(engine: TurnOrderEngine<unknown, State, Command>, state: State) {
    this.engine = engine;
    this.state = state;
  }

  apply(cmd: Command, roller: Roller): Refusal | null {
    const o = this.engine.apply(this.state, cmd, roller);
    if (!o.ok) return o;
    this.state = o.state;
    return null;
  }
}
