import type { Outcome, Refusal } from "../shared/outcome.js";
import type { Roller } from "../shared/roller.js";

/** What a fast run needs of its turn order's engine: apply, as every turn order has it. */
export interface AppliesCommands<State, Command> {
  apply(state: State, command: Command, roller: Roller): Outcome<State, unknown>;
}

/**
 * A turn order driven fast for the simulator. The fight's state is a working copy the run owns, and the rules
 * themselves change it in place: no events are kept and no new state is made per command. Each order's run does
 * the commands a fight sends most with its engine's own rule functions (`fast`). Anything else, and any command
 * apply would refuse, goes through apply itself, so every answer is apply's. Lockstep tests in test/core/fast/
 * hold each run to apply, command by command and state by state.
 */
export abstract class FastRun<State, Working extends State, Command> {
  /** The working state: the run's own, changed by each command. */
  protected s: Working;

  /** `state` is the run's own already: made for it, or copied by `own`. */
  protected constructor(
    state: Working,
    private readonly engine: AppliesCommands<State, Command>,
  ) {
    this.s = state;
  }

  /** The state now: the working state itself, to read only (the next command changes it). */
  get state(): State {
    return this.s;
  }

  /** The command done (null), or apply's refusal (the state then as it was). */
  apply(cmd: Command, roller: Roller): Refusal | null {
    const done = this.fast(cmd, roller);
    return done === undefined ? this.slow(cmd, roller) : done;
  }

  /**
   * The command done here with the rules: null when done, apply's own refusal, or undefined with nothing changed,
   * to leave the command to apply.
   */
  protected abstract fast(cmd: Command, roller: Roller): Refusal | null | undefined;

  /** A working copy of a state apply made: every object the run changes is its own. */
  protected abstract own(state: State): Working;

  /** apply itself, on the working state (apply changes nothing it is given); its state becomes the run's. */
  private slow(cmd: Command, roller: Roller): Refusal | null {
    const o = this.engine.apply(this.s, cmd, roller);
    if (!o.ok) return o;
    this.s = this.own(o.state);
    return null;
  }
}
