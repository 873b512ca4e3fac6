import { refuse, type Refusal } from "../../shared/outcome.js";
import type { Roller } from "../../shared/roller.js";
import { copyFactionsMember, FACTIONS_COPIES, setInPlace, type FactionsDraft } from "./copies.js";
import { applyTrusted, OWN_STATES, start, validFactionsState } from "./engine.js";
import type { FactionsCommand, FactionsMember, FactionsSetup, FactionsState } from "./types.js";

/**
 * The factions engine's fast path, for the encounter simulator: one working state per fight that the engine's own
 * commands (the same functions apply() runs) change in place, instead of a new state, member copies and an outcome
 * per command. What a command does and refuses is apply()'s, to the letter (test/core/turn-order/factions/work.test.ts
 * compares them command by command); only the copying is left out. apply() itself is unchanged.
 */
export interface FactionsWork {
  /** The fight's state as the commands leave it: the same object throughout, changed by each command. */
  readonly state: FactionsState;
}

/** Made only here, so a working state is always one whose members are its own. */
class Work implements FactionsWork {
  constructor(readonly state: FactionsDraft) {}
}

/** A fight started as start() starts it, as a working state: start's state is built fresh, so nothing is copied. */
export function startFactionsWork(setup: FactionsSetup, roller: Roller): FactionsWork | Refusal {
  const o = start(setup, roller);
  return o.ok ? new Work(o.state as FactionsDraft) : o;
}

/** A working copy of a state the engine accepts (its members copied once), or the refusal apply() gives another. */
export function factionsWork(state: FactionsState): FactionsWork | Refusal {
  if (!OWN_STATES.sound(state, validFactionsState)) return refuse("MalformedState", "the factions state is not one this engine made");
  const s = FACTIONS_COPIES.top(state) as FactionsDraft;
  for (const id of state.roster) s.members[id] = copyFactionsMember(state.members[id] as FactionsMember);
  return new Work(s);
}

/** apply(work.state, command) in place: null when it was applied, else apply()'s refusal (and the state unchanged). */
export function applyInPlace(work: FactionsWork, command: FactionsCommand, roller: Roller): Refusal | null {
  if (!(work instanceof Work)) return refuse("MalformedState", "the factions working state is not one this engine made");
  setInPlace(work.state);
  try {
    const o = applyTrusted(work.state, command, roller);
    return o.ok ? null : o;
  } finally {
    setInPlace(null);
  }
}
