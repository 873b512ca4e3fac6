import { refuse, type Refusal } from "../../shared/outcome.js";
import type { Roller } from "../../shared/roller.js";
import type { QuickTurnRun } from "../shared/quick-run.js";
import { copyFactionsMember, FACTIONS_COPIES, setInPlace, type FactionsDraft } from "./copies.js";
import { applyTrusted, OWN_STATES, start, validFactionsState } from "./engine.js";
import type { FactionsCommand, FactionsSetup, FactionsMember, FactionsState } from "./types.js";

/**
 * The factions order driven for the simulator, its quick run (the shape every order's has: shared/quick-run.ts
 * QuickTurnRun): one working state per fight that the engine's own commands (the same functions apply() runs)
 * change in place, instead of a new state, member copies and an outcome per command. What a command does and
 * refuses is apply()'s, to the letter (test/core/turn-order/factions/quick-run.test.ts compares them command by
 * command); only the copying is left out. apply() itself is unchanged.
 */
export class FactionsQuickRun implements QuickTurnRun<FactionsState, FactionsCommand> {
  /** Made only by the two factories below, so the working state is always one whose members are its own. */
  private constructor(private readonly s: FactionsDraft) {}

  /** A fight started as start() starts it, run in place: start's state is built fresh, so nothing is copied. */
  static start(setup: FactionsSetup, roller: Roller): FactionsQuickRun | Refusal {
    const o = start(setup, roller);
    return o.ok ? new FactionsQuickRun(o.state as FactionsDraft) : o;
  }

  /** A run on a working copy of a state the engine accepts (its members copied once), or the refusal apply() gives another. */
  static of(state: FactionsState): FactionsQuickRun | Refusal {
    if (!OWN_STATES.sound(state, validFactionsState)) return refuse("MalformedState", "the factions state is not one this engine made");
    const s = FACTIONS_COPIES.top(state) as FactionsDraft;
    for (const id of state.roster) s.members[id] = copyFactionsMember(state.members[id] as FactionsMember);
    return new FactionsQuickRun(s);
  }

  /** The fight's state as the commands leave it: the same object throughout, changed by each command. */
  get state(): FactionsState {
    return this.s;
  }

  /** apply(state, command) in place: null when it was applied, else apply()'s refusal (and the state unchanged). */
  apply(command: FactionsCommand, roller: Roller): Refusal | null {
    setInPlace(this.s);
    try {
      const o = applyTrusted(this.s, command, roller);
      return o.ok ? null : o;
    } finally {
      setInPlace(null);
    }
  }
}
