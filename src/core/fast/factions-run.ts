import { refuse, type Refusal } from "../shared/outcome.js";
import type { Roller } from "../shared/roller.js";
import { owning } from "../turn-order/shared/copy-data.js";
import { copyFactionsMember, FACTIONS_COPIES, type FactionsDraft } from "../turn-order/factions/copies.js";
import { factionsEngine } from "../turn-order/factions/engine.js";
import type { FactionsCommand, FactionsMember, FactionsSetup, FactionsState } from "../turn-order/factions/types.js";
import { FastRun } from "./fast-run.js";

/** The last state `of` found sound: the simulator hands it one kept first state for every fight of a run. */
let checked: unknown = null;

/**
 * The factions order driven fast. Every command is the engine's own apply, run on the working state the run owns
 * (shared/copy-data.ts owning): each command's draft is that state, so its members change in place and nothing is
 * copied. What a command does and refuses is apply's to the letter.
 */
export class FactionsFastRun extends FastRun<FactionsState, FactionsDraft, FactionsCommand> {
  private constructor(state: FactionsDraft) {
    super(state, factionsEngine);
  }

  /**
   * The run of the fight factionsEngine.start(setup) starts, or start's refusal: start builds its state fresh, the
   * run's own.
   */
  static started(setup: FactionsSetup, roller: Roller): FactionsFastRun | Refusal {
    const o = factionsEngine.start(setup, roller);
    return o.ok ? new FactionsFastRun(o.state as FactionsDraft) : o;
  }

  /** A run on a working copy of a state the engine's check passes (its members copied once), else a refusal. */
  static of(state: FactionsState): FactionsFastRun | Refusal {
    if (state !== checked) {
      if (!factionsEngine.isState(state))
        return refuse("MalformedState", "the factions state is not one this engine made");
      checked = state;
    }
    return new FactionsFastRun(working(state));
  }

  protected fast(cmd: FactionsCommand, roller: Roller): Refusal | null {
    owning(this.s);
    try {
      const o = factionsEngine.apply(this.s, cmd, roller);
      return o.ok ? null : o;
    } finally {
      owning(null);
    }
  }

  protected own(state: FactionsState): FactionsDraft {
    return working(state);
  }
}

/** The state's top level and each member copied once: the run's own. Nested parts are replaced, never edited. */
function working(state: FactionsState): FactionsDraft {
  const s = FACTIONS_COPIES.top(state);
  for (const id of state.roster) s.members[id] = copyFactionsMember(state.members[id] as FactionsMember);
  return s;
}
