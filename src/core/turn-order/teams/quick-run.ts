import { refuse, type Refusal } from "../../shared/outcome.js";
import { InPlaceRun, type InPlaceEngine } from "../shared/quick-run.js";
import { copyTeamsMember, TEAMS_COPIES, setInPlace, type StateDraft } from "./copies.js";
import { applyTrusted, OWN_STATES, start, validTeamsState } from "./engine.js";
import type { TeamsCommand, TeamsSetup, TeamsMember, TeamsState } from "./types.js";

const IN_PLACE: InPlaceEngine<TeamsState, TeamsCommand> = {
  applyTrusted,
  setInPlace: (s) => setInPlace(s as StateDraft | null),
};

/**
 * The teams order driven for the simulator, its quick run on the engine's in-place mode (shared/quick-run.ts
 * InPlaceRun; test/core/turn-order/teams/quick-run.test.ts compares it with apply() command by command).
 */
export class TeamsQuickRun extends InPlaceRun<TeamsState, TeamsCommand> {
  /** A fight started as start() starts it, run in place: start's state is built fresh, so nothing is copied. */
  static start(setup: TeamsSetup): TeamsQuickRun | Refusal {
    const o = start(setup);
    return o.ok ? new TeamsQuickRun(o.state, IN_PLACE) : o;
  }

  /** A run on a working copy of a state the engine accepts (its members copied once), or the refusal apply() gives another. */
  static of(state: TeamsState): TeamsQuickRun | Refusal {
    if (!OWN_STATES.sound(state, validTeamsState)) return refuse("MalformedState", "the teams state is not one this engine made");
    const s = TEAMS_COPIES.top(state) as StateDraft;
    for (const id of state.roster) s.members[id] = copyTeamsMember(state.members[id] as TeamsMember);
    return new TeamsQuickRun(s, IN_PLACE);
  }
}
