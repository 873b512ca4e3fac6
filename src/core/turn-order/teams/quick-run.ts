import { refuse, type Refusal } from "../../shared/outcome.js";
import type { Roller } from "../../shared/roller.js";
import type { QuickTurnRun } from "../shared/quick-run.js";
import { copyTeamsMember, TEAMS_COPIES, setInPlace, type StateDraft } from "./copies.js";
import { applyTrusted, OWN_STATES, start, validTeamsState } from "./engine.js";
import type { TeamsCommand, TeamsSetup, TeamsMember, TeamsState } from "./types.js";

/**
 * The teams order driven for the simulator, its quick run (the shape every order's has: shared/quick-run.ts
 * QuickTurnRun): one working state per fight that the engine's own commands (the same functions apply() runs)
 * change in place, instead of a new state, member copies and an outcome per command. What a command does and
 * refuses is apply()'s, to the letter (test/core/turn-order/teams/quick-run.test.ts compares them command by
 * command); only the copying is left out. apply() itself is unchanged.
 */
export class TeamsQuickRun implements QuickTurnRun<TeamsState, TeamsCommand> {
  /** Made only by the two factories below, so the working state is always one whose members are its own. */
  private constructor(private readonly s: StateDraft) {}

  /** A fight started as start() starts it, run in place: start's state is built fresh, so nothing is copied. */
  static start(setup: TeamsSetup): TeamsQuickRun | Refusal {
    const o = start(setup);
    return o.ok ? new TeamsQuickRun(o.state as StateDraft) : o;
  }

  /** A run on a working copy of a state the engine accepts (its members copied once), or the refusal apply() gives another. */
  static of(state: TeamsState): TeamsQuickRun | Refusal {
    if (!OWN_STATES.sound(state, validTeamsState)) return refuse("MalformedState", "the teams state is not one this engine made");
    const s = TEAMS_COPIES.top(state) as StateDraft;
    for (const id of state.roster) s.members[id] = copyTeamsMember(state.members[id] as TeamsMember);
    return new TeamsQuickRun(s);
  }

  /** The fight's state as the commands leave it: the same object throughout, changed by each command. */
  get state(): TeamsState {
    return this.s;
  }

  /** apply(state, command) in place: null when it was applied, else apply()'s refusal (and the state unchanged). */
  apply(command: TeamsCommand, roller: Roller): Refusal | null {
    setInPlace(this.s);
    try {
      const o = applyTrusted(this.s, command, roller);
      return o.ok ? null : o;
    } finally {
      setInPlace(null);
    }
  }
}
