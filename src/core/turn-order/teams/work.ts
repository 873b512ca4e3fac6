import { refuse, type Refusal } from "../../shared/outcome.js";
import type { Roller } from "../../shared/roller.js";
import { copyTeamsMember, setInPlace, TEAMS_COPIES, type StateDraft } from "./copies.js";
import { applyTrusted, OWN_STATES, start, validTeamsState } from "./engine.js";
import type { TeamsCommand, TeamsSetup, TeamsMember, TeamsState } from "./types.js";

/**
 * The teams engine's fast path, for the encounter simulator: one working state per fight that the engine's own
 * commands (the same functions apply() runs) change in place, instead of a new state, member copies and an outcome
 * per command. What a command does and refuses is apply()'s, to the letter (test/core/turn-order/teams/work.test.ts
 * compares them command by command); only the copying is left out. apply() itself is unchanged.
 */
export interface TeamsWork {
  /** The fight's state as the commands leave it: the same object throughout, changed by each command. */
  readonly state: TeamsState;
}

/** Made only here, so a working state is always one whose members are its own. */
class Work implements TeamsWork {
  constructor(readonly state: StateDraft) {}
}

/** A fight started as start() starts it, as a working state: start's state is built fresh, so nothing is copied. */
export function startTeamsWork(setup: TeamsSetup): TeamsWork | Refusal {
  const o = start(setup);
  return o.ok ? new Work(o.state as StateDraft) : o;
}

/** A working copy of a state the engine accepts (its members copied once), or the refusal apply() gives another. */
export function teamsWork(state: TeamsState): TeamsWork | Refusal {
  if (!OWN_STATES.sound(state, validTeamsState)) return refuse("MalformedState", "the teams state is not one this engine made");
  const s = TEAMS_COPIES.top(state) as StateDraft;
  for (const id of state.roster) s.members[id] = copyTeamsMember(state.members[id] as TeamsMember);
  return new Work(s);
}

/** apply(work.state, command) in place: null when it was applied, else apply()'s refusal (and the state unchanged). */
export function applyInPlace(work: TeamsWork, command: TeamsCommand, roller: Roller): Refusal | null {
  if (!(work instanceof Work)) return refuse("MalformedState", "the teams working state is not one this engine made");
  setInPlace(work.state);
  try {
    const o = applyTrusted(work.state, command, roller);
    return o.ok ? null : o;
  } finally {
    setInPlace(null);
  }
}
