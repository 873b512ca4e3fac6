import type { Outcome, Refusal } from "../../shared/outcome.js";
import type { Roller } from "../../shared/roller.js";

/** What a quick run needs of its engine: apply, as every turn order has it. */
export interface AppliesCommands<State, Command> {
  apply(state: State, command: Command, roller: Roller): Outcome<State, unknown>;
}

/**
 * What every turn order's quick run gives the simulator, whatever it is built on: the fight's state now (its own
 * working copy, changed by each command; read only), and a command done on it, null when done, else exactly the
 * refusal the engine's apply() gives (the state then unchanged). Sections, ranked and rolled build theirs on
 * QuickRun below; teams and factions on their engines' in-place mode (InPlaceRun below).
 */
export interface QuickTurnRun<State, Command> {
  readonly state: State;
  apply(cmd: Command, roller: Roller): Refusal | null;
}

/**
 * A turn order driven for the simulator (each order's quick-run.ts): the same commands as its engine's apply, on a
 * private working copy of the state changed in place, with no events and no new state per command. A subclass does
 * the commands a fight sends most with the engine's own rule functions (`fast`); anything else, refusals included,
 * goes through apply itself on the working copy, so a refusal reads exactly as apply's. Lockstep tests hold each to
 * apply, command by command, state by state (test/core/turn-order/shared/quick-run-lockstep.ts).
 */
export abstract class QuickRun<State, Working extends State, Command, Who> implements QuickTurnRun<State, Command> {
  protected s: Working;

  /**
   * `state` is a sound state (the engine made it or checked it); it is copied, never changed, unless `own` says
   * nobody else holds it (built for this run alone, in the working copy's shape): the run then works on it itself.
   */
  constructor(
    state: State,
    private readonly engine: AppliesCommands<State, Command>,
    private readonly working: (s: State) => Working,
    own = false,
  ) {
    this.s = own ? (state as Working) : working(state);
  }

  /** The state now: the working copy itself, to read only (the next command changes it). */
  get state(): State {
    return this.s;
  }

  /** The command done, or apply's refusal (the state then as it was). */
  apply(cmd: Command, roller: Roller): Refusal | null {
    const who = this.who(cmd);
    return who !== undefined && this.fast(cmd, who) ? null : this.slow(cmd, roller);
  }

  /** The combatant a well-formed command names, still in the fight; undefined sends the command to apply. */
  protected abstract who(cmd: Command): Who | undefined;

  /** Does the command here when apply would accept it (true), else changes nothing (false: apply decides). */
  protected abstract fast(cmd: Command, who: Who): boolean;

  /** Any other command, or one apply refuses: apply itself, on the working copy (it changes nothing it is given). */
  private slow(cmd: Command, roller: Roller): Refusal | null {
    const o = this.engine.apply(this.s, cmd, roller);
    if (!o.ok) return o;
    this.s = this.working(o.state);
    return null;
  }
}

/** An engine that can run its own apply on a state in place: the draft its copies write into while `inPlace` names it. */
export interface InPlaceEngine<State, Command> {
  applyTrusted(state: State, command: Command, roller: Roller): Outcome<State, unknown>;
  setInPlace(state: State | null): void;
}

/**
 * A quick run on an engine's in-place mode (teams, factions): one working state per fight that the engine's own
 * commands, the same functions apply() runs, change in place instead of copying; what a command does and refuses is
 * apply()'s to the letter (each order's quick-run test compares them command by command). apply() is unchanged.
 */
export class InPlaceRun<State, Command> implements QuickTurnRun<State, Command> {
  /** `s` is a state whose members are its own (the order's factories make sure). */
  protected constructor(
    private readonly s: State,
    private readonly engine: InPlaceEngine<State, Command>,
  ) {}

  /** The fight's state as the commands leave it: the same object throughout, changed by each command. */
  get state(): State {
    return this.s;
  }

  /** apply(state, command) in place: null when it was applied, else apply()'s refusal (and the state unchanged). */
  apply(command: Command, roller: Roller): Refusal | null {
    this.engine.setInPlace(this.s);
    try {
      const o = this.engine.applyTrusted(this.s, command, roller);
      return o.ok ? null : o;
    } finally {
      this.engine.setInPlace(null);
    }
  }
}
