import type { Engine } from "./engine.js";
import type { Outcome, Refusal } from "./outcome.js";
import { rollerFromState, seededRoller, type RollerState } from "./roller.js";

/**
 * A fight as data: the setup, the seed, every accepted command, and where the dice stand.
 * Plain JSON, so the Foundry layer can keep it in Combat.system. Undo and replay both
 * re-run the log from the seed: the engines are pure, so that gives the exact same state.
 */
export interface Journal<Setup, State, Command> {
  readonly engine: string;
  readonly setup: Setup;
  readonly seed: number;
  readonly log: readonly Command[];
  readonly state: State;
  readonly dice: RollerState;
  /** Bumped on every accepted command and every undo; a request carrying a stale revision is refused. */
  readonly revision: number;
}

export function openJournal<Setup, State, Command, Event>(
  engine: Engine<Setup, State, Command, Event>,
  setup: Setup,
  seed: number,
): Outcome<Journal<Setup, State, Command>, Event> {
  const roller = seededRoller(seed);
  const started = engine.start(setup, roller);
  if (!started.ok) return started;
  return {
    ok: true,
    events: started.events,
    state: { engine: engine.id, setup, seed, log: [], state: started.state, dice: roller.state(), revision: 0 },
  };
}

export function record<Setup, State, Command, Event>(
  engine: Engine<Setup, State, Command, Event>,
  journal: Journal<Setup, State, Command>,
  command: Command,
  expectedRevision?: number,
): Outcome<Journal<Setup, State, Command>, Event> {
  if (expectedRevision !== undefined && expectedRevision !== journal.revision) {
    return staleRevision(expectedRevision, journal.revision);
  }
  const roller = rollerFromState(journal.dice);
  const next = engine.apply(journal.state, command, roller);
  if (!next.ok) return next;
  return {
    ok: true,
    events: next.events,
    state: {
      ...journal,
      log: [...journal.log, command],
      state: next.state,
      dice: roller.state(),
      revision: journal.revision + 1,
    },
  };
}

/** Rebuild a journal from seed and log. Throws only if the log was not produced by this engine and setup. */
export function replay<Setup, State, Command, Event>(
  engine: Engine<Setup, State, Command, Event>,
  setup: Setup,
  seed: number,
  log: readonly Command[],
): Outcome<Journal<Setup, State, Command>, Event> {
  let current = openJournal(engine, setup, seed);
  const events: Event[] = [...(current.ok ? current.events : [])];
  for (const command of log) {
    if (!current.ok) return current;
    current = record(engine, current.state, command);
    if (current.ok) events.push(...current.events);
  }
  return current.ok ? { ok: true, state: current.state, events } : current;
}

/**
 * The journal with a state its engine works on. A state stored by an earlier version of an engine may not have the
 * shape the engine now checks: the setup, seed and log rebuild it (the engines are pure), keeping the revision the
 * clients know. The journal is returned as it is when its state is sound, or when its log no longer replays (the
 * engine then refuses commands on that state, as it would have anyway).
 */
export function withCurrentState<Setup, State, Command, Event>(
  engine: Engine<Setup, State, Command, Event> & { isState(state: unknown): state is State },
  journal: Journal<Setup, State, Command>,
): Journal<Setup, State, Command> {
  if (engine.isState(journal.state)) return journal;
  const again = replay(engine, journal.setup, journal.seed, journal.log);
  return again.ok ? { ...again.state, revision: journal.revision } : journal;
}

/** The journal as it was before its last command, across round boundaries too. */
export function undo<Setup, State, Command, Event>(
  engine: Engine<Setup, State, Command, Event>,
  journal: Journal<Setup, State, Command>,
): Outcome<Journal<Setup, State, Command>, Event> {
  if (journal.log.length === 0) {
    return { ok: false, key: "FRAY.Refusal.NothingToUndo", reason: "there is no command to undo" };
  }
  const back = replay(engine, journal.setup, journal.seed, journal.log.slice(0, -1));
  if (!back.ok) return back;
  return { ok: true, events: [], state: { ...back.state, revision: journal.revision + 1 } };
}

function staleRevision(expected: number, actual: number): Refusal {
  return {
    ok: false,
    key: "FRAY.Refusal.StaleRevision",
    reason: `the request was made against revision ${expected} but the fight is at revision ${actual}`,
    data: { expected, actual },
  };
}
