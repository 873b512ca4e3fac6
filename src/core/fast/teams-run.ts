import { refuse, type Refusal } from "../shared/outcome.js";
import type { Roller } from "../shared/roller.js";
import { owning } from "../turn-order/shared/copy-data.js";
import { copyTeamsMember, TEAMS_COPIES, type StateDraft } from "../turn-order/teams/copies.js";
import { applyTrusted, teamsEngine } from "../turn-order/teams/engine.js";
import type { TeamsCommand, TeamsMember, TeamsSetup, TeamsState } from "../turn-order/teams/types.js";
import { FastRun } from "./fast-run.js";

/**
 * The teams order driven fast. Every command is the engine's own apply (applyTrusted: the state is checked once, when
 * the run is made), run on the working state the run owns (shared/copy-data.ts owning): each command's draft is that
 * state, so its members change in place and nothing is copied. What a command does and refuses is apply's.
 */
export class TeamsFastRun extends FastRun<TeamsState, StateDraft, TeamsCommand> {
  private constructor(state: StateDraft) {
    super(state, teamsEngine);
  }

  /** The run of the fight teamsEngine.start(setup) starts, or start's refusal: start's state is built fresh, so it is the run's. */
  static started(setup: TeamsSetup, roller: Roller): TeamsFastRun | Refusal {
    const o = teamsEngine.start(setup, roller);
    return o.ok ? new TeamsFastRun(o.state as StateDraft) : o;
  }

  /** A run on a working copy of a state the engine accepts (its members copied once), or the refusal apply gives another. */
  static of(state: TeamsState): TeamsFastRun | Refusal {
    if (!teamsEngine.isState(state)) return refuse("MalformedState", "the teams state is not one this engine made");
    return new TeamsFastRun(working(state));
  }

  protected fast(cmd: TeamsCommand, roller: Roller): Refusal | null {
    owning(this.s);
    try {
      const o = applyTrusted(this.s, cmd, roller);
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
