import { refuse, type Refusal } from "../shared/outcome.js";
import type { Roller } from "../shared/roller.js";
import { owning } from "../turn-order/shared/copy-data.js";
import { copyTeamsMember, TEAMS_COPIES, type StateDraft } from "../turn-order/teams/copies.js";
import { teamsEngine } from "../turn-order/teams/engine.js";
import type { TeamsCommand, TeamsMember, TeamsSetup, TeamsState } from "../turn-order/teams/types.js";
import { FastRun } from "./fast-run.js";

/** The last state `of` found sound: the simulator hands it one kept first state for every fight of a run. */
let checked: unknown = null;

/**
 * The teams order driven fast. Every command is the engine's own apply, run on the working state the run owns
 * (shared/copy-data.ts owning): each command's draft is that state, so its members change in place and nothing is
 * copied. What a command does and refuses is apply's to the letter.
 */
export class TeamsFastRun extends FastRun<TeamsState, StateDraft, TeamsCommand> {
  private constructor(state: StateDraft) {
    super(state, teamsEngine);
  }

  /**
   * The run of the fight teamsEngine.start(setup) starts, or start's refusal: start builds its state fresh, the run's
   * own.
   */
  static started(setup: TeamsSetup, roller: Roller): TeamsFastRun | Refusal {
    const o = teamsEngine.start(setup, roller);
    return o.ok ? new TeamsFastRun(o.state as StateDraft) : o;
  }

  /** A run on a working copy of a state the engine's check passes (its members copied once), else a refusal. */
  static of(state: TeamsState): TeamsFastRun | Refusal {
    if (state !== checked) {
      if (!teamsEngine.isState(state)) return refuse("MalformedState", "the teams state is not one this engine made");
      checked = state;
    }
    return new TeamsFastRun(working(state));
  }

  protected fast(cmd: TeamsCommand, roller: Roller): Refusal | null {
    owning(this.s);
    try {
      const o = teamsEngine.apply(this.s, cmd, roller);
      return o.ok ? null : o;
    } finally {
      owning(null);
    }
  }

  protected own(state: TeamsState): StateDraft {
    return working(state);
  }
}

/** The state's top level and each member copied once: the run's own. Nested parts are replaced, never edited. */
function working(state: TeamsState): StateDraft {
  const s = TEAMS_COPIES.top(state) as StateDraft;
  for (const id of state.roster) s.members[id] = copyTeamsMember(state.members[id] as TeamsMember);
  return s;
}
