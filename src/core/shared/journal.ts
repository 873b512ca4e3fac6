import type { Engine } from "./engine.js";
import type { Outcome, Refusal } from "./outcome.js";
import { dealtRoller, rollerFromState, seededRoller, type Roller, type RollerState } from "./roller.js";

/** Commands per chunk of the log: recording copies at most one chunk, and undo replays at most one. */
export const JOURNAL_CHUNK = 128;

/** Where a chunk of the log begins: the state and the dice before its first command. */
export interface Checkpoint<State> {
  readonly state: State;
  readonly dice: RollerState;
}

/**
 * A fight as data: the setup, the seed, every accepted command, and where the dice stand. Plain JSON, so the Foundry
 * layer can keep it in Combat.system. The engines are pure, so replaying commands from a seed gives the exact state.
 *
 * The log is kept in chunks of JOURNAL_CHUNK commands, keyed "0", "1", ..., each with a checkpoint of the state it
 * starts from. Recording a command copies only the last chunk, undo replays only the last chunk from its checkpoint,
 * and an update of the stored journal needs to carry only what changed (`journalChanges`): the cost of a step does
 * not grow with the length of the fight.
 */
export interface Journal<Setup, State, Command> {
  readonly engine: string;
  readonly setup: Setup;
  readonly seed: number;
  readonly log: Readonly<Record<string, readonly Command[]>>;
  readonly checkpoints: Readonly<Record<string, Checkpoint<State>>>;
  /** How many commands the log holds. */
  readonly length: number;
  readonly state: State;
  readonly dice: RollerState;
  /** Bumped on every accepted command and every undo; a request carrying a stale revision is refused. */
  readonly revision: number;
  /**
   * Dice rolled outside the core (Foundry's Rolls), by what they were rolled for: "start" for the opening, then the
   * command's place in the log ("0", "1", ...). A command without an entry drew from the seeded dice. Replay and undo
   * feed each command its own dice, so a fight rolled with Foundry's dice replays exactly.
   */
  readonly dealt?: Readonly<Record<string, readonly number[]>>;
}

/**
 * The refusal of a step that needs one more die than it was dealt: `data.sides` says which die to roll (dealing.ts).
 */
export const DICE_SHORT = "FRAY.Refusal.DiceShort";

/**
 * Run one step with the seeded roller, or with exactly the dice dealt for it. A step dealt too few dice is refused with
 * DICE_SHORT naming the die it wanted (whether the engine refused, threw or went on); one dealt too many is refused
 * too, so every recorded die is one the step used.
 */
function withDice<T, Event>(
  dice: readonly number[] | undefined,
  seeded: () => Roller,
  step: (roller: Roller) => Outcome<T, Event>,
): { outcome: Outcome<T, Event>; roller: Roller } {
  if (!dice) {
    const roller = seeded();
    return { outcome: step(roller), roller };
  }
  const roller = dealtRoller(dice);
  let outcome: Outcome<T, Event>;
  try {
    outcome = step(roller);
  } catch (e) {
    if (roller.wanted === null && !roller.mismatch) throw e;
    outcome = { ok: false, key: "FRAY.Refusal.DiceMismatch", reason: String(e) };
  }
  if (roller.wanted !== null) {
    return {
      outcome: { ok: false, key: DICE_SHORT, reason: `needs a d${roller.wanted} more`, data: { sides: roller.wanted } },
      roller,
    };
  }
  if (roller.mismatch)
    return { outcome: { ok: false, key: "FRAY.Refusal.DiceMismatch", reason: "a dealt die does not fit" }, roller };
  if (outcome.ok && roller.used !== dice.length) {
    const reason = `${dice.length} dice were dealt but the step used ${roller.used}`;
    return {
      outcome: { ok: false, key: "FRAY.Refusal.DiceUnused", reason, data: { dealt: dice.length, used: roller.used } },
      roller,
    };
  }
  return { outcome, roller };
}

export function openJournal<Setup, State, Command, Event>(
  engine: Engine<Setup, State, Command, Event>,
  setup: Setup,
  seed: number,
  /** The opening's dice, rolled outside the core; without them it draws from the seed. */
  dealt?: readonly number[],
): Outcome<Journal<Setup, State, Command>, Event> {
  const seeded = seededRoller(seed);
  const { outcome: started } = withDice(
    dealt,
    () => seeded,
    (roller) => engine.start(setup, roller),
  );
  if (!started.ok) return started;
  const dice = seeded.state();
  return {
    ok: true,
    events: started.events,
    state: {
      engine: engine.id,
      setup,
      seed,
      log: {},
      checkpoints: { 0: { state: started.state, dice } },
      length: 0,
      state: started.state,
      dice,
      revision: 0,
      ...(dealt?.length ? { dealt: { start: [...dealt] } } : {}),
    },
  };
}

export function record<Setup, State, Command, Event>(
  engine: Engine<Setup, State, Command, Event>,
  journal: Journal<Setup, State, Command>,
  command: Command,
  expectedRevision?: number,
  /** The command's dice, rolled outside the core; without them it draws from the journal's seeded dice. */
  dealt?: readonly number[],
): Outcome<Journal<Setup, State, Command>, Event> {
  if (expectedRevision !== undefined && expectedRevision !== journal.revision) {
    return staleRevision(expectedRevision, journal.revision);
  }
  const { outcome: next, roller } = withDice(
    dealt,
    () => rollerFromState(journal.dice),
    (r) => engine.apply(journal.state, command, r),
  );
  if (!next.ok) return next;
  return {
    ok: true,
    events: next.events,
    state: appended(journal, command, next.state, dealt ? journal.dice : roller.state(), dealt),
  };
}

/** The journal with one more command: a new chunk (and its checkpoint, the state before it) every JOURNAL_CHUNK. */
function appended<Setup, State, Command>(
  journal: Journal<Setup, State, Command>,
  command: Command,
  state: State,
  dice: RollerState,
  dealt: readonly number[] | undefined,
): Journal<Setup, State, Command> {
  const k = Math.floor(journal.length / JOURNAL_CHUNK);
  const chunk = journal.log[k] ?? [];
  const fresh = journal.length % JOURNAL_CHUNK === 0 && k > 0;
  return {
    ...journal,
    log: { ...journal.log, [k]: [...chunk, command] },
    checkpoints: fresh
      ? { ...journal.checkpoints, [k]: { state: journal.state, dice: journal.dice } }
      : journal.checkpoints,
    length: journal.length + 1,
    state,
    dice,
    revision: journal.revision + 1,
    // A step that rolled nothing needs no entry: replayed with the seeded dice, it draws none either.
    ...(dealt?.length ? { dealt: { ...journal.dealt, [journal.length]: [...dealt] } } : {}),
  };
}

/** Every command of the log, in order. */
export function commandsOf<Command>(journal: Pick<Journal<unknown, unknown, Command>, "log" | "length">): Command[] {
  const out: Command[] = [];
  for (let k = 0; out.length < journal.length; k++) {
    const chunk = journal.log[k];
    if (!chunk) break;
    out.push(...chunk);
  }
  // `length` is the count that holds: a chunk left longer than it (stored data edited by hand) is not read past it.
  return out.length > journal.length ? out.slice(0, journal.length) : out;
}

/** Rebuild a journal from seed and log. Refused when a command no longer applies to this engine and setup. */
export function replay<Setup, State, Command, Event>(
  engine: Engine<Setup, State, Command, Event>,
  setup: Setup,
  seed: number,
  log: readonly Command[],
  /** The dice rolled outside the core, as the journal keeps them (`Journal.dealt`). */
  dealt?: Journal<Setup, State, Command>["dealt"],
): Outcome<Journal<Setup, State, Command>, Event> {
  const again = replayAsFarAsItGoes(engine, setup, seed, log, dealt);
  if (!again.ok) return again;
  return again.stoppedBy ?? { ok: true, state: again.state, events: again.events };
}

/**
 * Rebuild a journal from seed and log, stopping at the first command that no longer applies (a damaged log): the
 * journal of the commands kept, how many there are, and the refusal that stopped it, if any. Refused only when the
 * setup itself no longer starts.
 */
export function replayAsFarAsItGoes<Setup, State, Command, Event>(
  engine: Engine<Setup, State, Command, Event>,
  setup: Setup,
  seed: number,
  log: readonly Command[],
  dealt?: Journal<Setup, State, Command>["dealt"],
):
  | {
      readonly ok: true;
      readonly state: Journal<Setup, State, Command>;
      readonly events: Event[];
      readonly kept: number;
      readonly stoppedBy: Refusal | null;
    }
  | Refusal {
  const opened = openJournal(engine, setup, seed, dealtFor(dealt, "start"));
  if (!opened.ok) return opened;
  let journal = opened.state;
  const events: Event[] = [...opened.events];
  let kept = 0;
  for (const command of log) {
    const next = record(engine, journal, command, undefined, dealtFor(dealt, kept));
    if (!next.ok) return { ok: true, state: journal, events, kept, stoppedBy: next };
    journal = next.state;
    events.push(...next.events);
    kept++;
  }
  return { ok: true, state: journal, events, kept, stoppedBy: null };
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
  const again = replay(engine, journal.setup, journal.seed, commandsOf(journal), journal.dealt);
  return again.ok ? { ...again.state, revision: journal.revision } : journal;
}

/**
 * The journal as it was before its last command, across round boundaries too: the last chunk replayed from its
 * checkpoint.
 */
export function undo<Setup, State, Command, Event>(
  engine: Engine<Setup, State, Command, Event>,
  journal: Journal<Setup, State, Command>,
): Outcome<Journal<Setup, State, Command>, Event> {
  if (journal.length === 0) {
    return { ok: false, key: "FRAY.Refusal.NothingToUndo", reason: "there is no command to undo" };
  }
  const k = Math.floor((journal.length - 1) / JOURNAL_CHUNK);
  const from = journal.checkpoints[k];
  const chunk = journal.log[k];
  if (!from || !chunk)
    return { ok: false, key: "FRAY.Refusal.MalformedState", reason: `the log has no chunk or checkpoint ${k}` };
  const seeded = rollerFromState(from.dice);
  let state = from.state;
  const first = k * JOURNAL_CHUNK;
  for (const [i, command] of chunk.slice(0, -1).entries()) {
    const { outcome: next } = withDice(
      dealtFor(journal.dealt, first + i),
      () => seeded,
      (r) => engine.apply(state, command, r),
    );
    if (!next.ok) return next;
    state = next.state;
  }
  const kept = chunk.slice(0, -1);
  const log = { ...journal.log };
  const checkpoints = { ...journal.checkpoints };
  // An emptied chunk goes with its checkpoint (chunk 0's checkpoint is the opening state and stays).
  if (kept.length > 0) log[k] = kept;
  else {
    delete log[k];
    if (k > 0) delete checkpoints[k];
  }
  return {
    ok: true,
    events: [],
    state: {
      ...journal,
      log,
      checkpoints,
      length: journal.length - 1,
      state,
      dice: seeded.state(),
      revision: journal.revision + 1,
      ...(journal.dealt ? { dealt: without(journal.dealt, String(journal.length - 1)) } : {}),
    },
  };
}

/**
 * What an update must write to turn the stored `before` into `after`, as paths relative to the journal: the chunks and
 * checkpoints that changed or are new, those that are gone (as null), and the state, dice, length and revision. The
 * rest of the log is not sent again. One journal must be the other recorded on or undone, as often as need be.
 *
 * Recording and undo replace only the last chunk (and its checkpoint, and the dice dealt in it), so the chunks the two
 * journals share by identity are the lower ones. The chunks are compared from the top down, to the first shared one:
 * a step's update costs the same at any length. Journals that share no chunk (one rebuilt from its log) are compared
 * key by key.
 */
export function journalChanges(
  before: Journal<unknown, unknown, unknown>,
  after: Journal<unknown, unknown, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {
    state: after.state,
    dice: after.dice,
    length: after.length,
    revision: after.revision,
  };
  let k = Math.max(lastChunk(before), lastChunk(after));
  for (; k >= 0 && !(before.log[k] !== undefined && before.log[k] === after.log[k]); k--) {
    changedKey(out, "log", before.log, after.log, String(k));
    changedKey(out, "checkpoints", before.checkpoints, after.checkpoints, String(k));
  }
  if (k < 0) return everyChange(out, before, after);
  const [was, now] = [before.dealt ?? {}, after.dealt ?? {}];
  changedKey(out, "dealt", was, now, "start");
  const end = Math.max(before.length, after.length);
  for (let i = (k + 1) * JOURNAL_CHUNK; i < end; i++) changedKey(out, "dealt", was, now, String(i));
  return out;
}

/** The key of a journal's last chunk (-1 when its log is empty). */
const lastChunk = (journal: Journal<unknown, unknown, unknown>): number =>
  Math.floor((journal.length - 1) / JOURNAL_CHUNK);

/** Write what became of one key of a part of the journal: its new value, null when it is gone, nothing when kept. */
function changedKey(
  out: Record<string, unknown>,
  part: string,
  was: Readonly<Record<string, unknown>>,
  now: Readonly<Record<string, unknown>>,
  key: string,
): void {
  const [had, has] = [Object.hasOwn(was, key), Object.hasOwn(now, key)];
  if (has && (!had || now[key] !== was[key])) out[`${part}.${key}`] = now[key];
  else if (had && !has) out[`${part}.${key}`] = null;
}

/** The changes of every key of the log, the checkpoints and the dice dealt. */
function everyChange(
  out: Record<string, unknown>,
  before: Journal<unknown, unknown, unknown>,
  after: Journal<unknown, unknown, unknown>,
): Record<string, unknown> {
  for (const [part, was, now] of [
    ["log", before.log, after.log],
    ["checkpoints", before.checkpoints, after.checkpoints],
    ["dealt", before.dealt ?? {}, after.dealt ?? {}],
  ] as const) {
    for (const k of Object.keys(now)) if (now[k] !== was[k]) out[`${part}.${k}`] = now[k];
    for (const k of Object.keys(was)) if (!Object.hasOwn(now, k)) out[`${part}.${k}`] = null;
  }
  return out;
}

/** The dice dealt for one step, when the journal has any for it (a stored journal is not trusted to hold arrays). */
function dealtFor(
  dealt: Readonly<Record<string, readonly number[]>> | undefined,
  step: number | "start",
): readonly number[] | undefined {
  const key = String(step);
  const dice = dealt && Object.hasOwn(dealt, key) ? dealt[key] : undefined;
  return Array.isArray(dice) ? dice : undefined;
}

function without<T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> {
  const out = { ...record };
  delete out[key];
  return out;
}

function staleRevision(expected: number, actual: number): Refusal {
  return {
    ok: false,
    key: "FRAY.Refusal.StaleRevision",
    reason: `the request was made against revision ${expected} but the fight is at revision ${actual}`,
    data: { expected, actual },
  };
}
