import { isRecord } from "../../../core/shared/guards.js";
import { commandsOf, JOURNAL_CHUNK, replay, type Journal } from "../../../core/shared/journal.js";
import { isCommandList, isPoint, keepProof, provenLog } from "./log-proof.js";
import type { CombatMode } from "./combat-mode.js";
import type { TurnCommand } from "./turn-command.js";

/** A fight's journal as the Foundry layer keeps it in Combat.system.journal (engines' types erased). */
export type AnyJournal = Journal<unknown, unknown, TurnCommand>;

/**
 * What Combat.system.journal holds: nothing yet, a sound journal, or something that is not one (reported, never
 * hidden).
 */
export type StoredFight =
  | { readonly kind: "none" }
  | { readonly kind: "sound"; readonly journal: AnyJournal }
  | {
      readonly kind: "damaged";
      /** What is wrong, in words a GM can act on (a `FRAY.Tracker.Damaged.*` key). */
      readonly problem: string;
      /** The setup, seed and log are intact: the fight can be replayed from its log. */
      readonly rebuildable: boolean;
      /** The setup is intact: the fight can start again from it. */
      readonly restartable: boolean;
    };

const isWhole = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v) && v >= 0;
/** The log in chunks keyed "0", "1", ... (core/shared/journal.ts), or, as an earlier Fray stored it, one list. */
const isLog = (v: unknown): boolean => isCommandList(v) || (isRecord(v) && Object.values(v).every(isCommandList));

/** Checkpoints as chunks need them (none in the one-list shape, which is replayed on first use). */
const hasCheckpoints = (j: Record<string, unknown>): boolean =>
  Array.isArray(j.log) || (isRecord(j.checkpoints) && isRecord(j.checkpoints["0"]) && isWhole(j.length));

/**
 * Whether a log in chunks is the one Fray writes: chunks "0" to "n-1", each full but the last, holding `length`
 * commands between them, each with its checkpoint. Recording appends to chunk `floor(length / JOURNAL_CHUNK)` and undo
 * replays from that chunk's checkpoint: a log that does not add up would be written further out of true (a chunk
 * "NaN", commands past the length), so it is reported instead. The one-list shape is checked by its replay.
 */
function chunksAddUp(j: Record<string, unknown>): boolean {
  if (Array.isArray(j.log)) return true;
  const log = j.log as Record<string, unknown[]>;
  const checkpoints = j.checkpoints as Record<string, unknown>;
  const keys = Object.keys(log);
  const counted = keys.reduce((n, k, i) => (k === String(i) ? n + (log[k]?.length ?? 0) : Number.NaN), 0);
  const full = keys.slice(0, -1).every((k) => log[k]?.length === JOURNAL_CHUNK);
  const pointed = keys.every((k) => isPoint(checkpoints[k]));
  return counted === j.length && full && pointed;
}

/**
 * Read a stored fight without trusting it: Combat.system can be edited by any GM macro or corrupted in storage. The
 * log and checkpoints of a combat's own data are read whole once; later reads read only the keys an update changed
 * (log-proof.ts). Every other field is checked on every read.
 */
export function readFight(system: unknown): StoredFight {
  const j = isRecord(system) ? system.journal : undefined;
  if (j === null || j === undefined) return { kind: "none" };
  if (!isRecord(j)) return damaged("NotAnObject", false, false);
  const counted = provenLog(system, j);
  const fight = checkedFight(j, counted);
  if (fight.kind === "sound" && counted === null) keepProof(system, j);
  return fight;
}

/**
 * The verdict on a stored journal. Its log and checkpoints are read whole, unless what the combat knows proves they
 * are in order and `counted` says how many commands they hold.
 */
function checkedFight(j: Record<string, unknown>, counted: number | null): StoredFight {
  const restartable = isRecord(j.setup) && typeof j.engine === "string";
  const logRead = counted !== null || isLog(j.log);
  const rebuildable = restartable && isWhole(j.seed) && logRead;
  if (typeof j.engine !== "string") return damaged("NoEngine", false, false);
  if (!isRecord(j.setup)) return damaged("NoSetup", false, false);
  if (!isWhole(j.seed)) return damaged("NoSeed", false, restartable);
  if (!logRead) return damaged("BadLog", false, restartable);
  if (!isWhole(j.revision)) return damaged("BadRevision", rebuildable, restartable);
  if (!isRecord(j.dice) || j.state === undefined || !hasCheckpoints(j))
    return damaged("NoState", rebuildable, restartable);
  const addsUp = counted === null ? chunksAddUp(j) : counted === j.length;
  if (!addsUp || !(j.dealt === undefined || isRecord(j.dealt))) return damaged("LogMismatch", rebuildable, restartable);
  return { kind: "sound", journal: j as unknown as AnyJournal };
}

/**
 * The stored fight as the mode's engine works on it: a sound one in the engine's current shape, else what `readFight`
 * says. One stored by an earlier version of Fray (its log one list, or its state in an older shape) is rebuilt from its
 * setup, seed and log; when that log no longer replays in full, the fight is damaged (the GM's rebuild keeps the steps
 * that still replay), never taken for sound: a step recorded on it would write a log that is neither shape.
 */
export function currentFight(mode: CombatMode, system: unknown): StoredFight {
  const fight = readFight(system);
  if (fight.kind !== "sound") return fight;
  const journal = rebuiltJournal(mode, fight.journal);
  return journal ? { kind: "sound", journal } : damaged("OldLog", true, true);
}

function damaged(problem: string, rebuildable: boolean, restartable: boolean): StoredFight {
  return { kind: "damaged", problem: `FRAY.Tracker.Damaged.${problem}`, rebuildable, restartable };
}

/** The sound journal of a combat, or null before it starts (or when it is damaged: see `readFight`). */
export function journalOf(combat: { readonly system: unknown }): AnyJournal | null {
  const fight = readFight(combat.system);
  return fight.kind === "sound" ? fight.journal : null;
}

/**
 * The journal as the mode's engine works on it, for readers that only look (a preview of a move, the Blocks on a map):
 * a sound journal as `currentFight` gives it, rebuilt if need be; null when it cannot be (the fight is damaged).
 */
export function currentJournal(mode: CombatMode, journal: AnyJournal): AnyJournal | null {
  return rebuiltJournal(mode, journal);
}

/**
 * The journal in the engine's current shape, keeping its revision: as stored when it is, else replayed from its setup,
 * seed and log (with the dice dealt for them); null when that log no longer replays in full.
 */
function rebuiltJournal(mode: CombatMode, journal: AnyJournal): AnyJournal | null {
  const log: unknown = journal.log;
  const oneList = Array.isArray(log);
  if (!oneList && statesSound(mode, journal)) return journal;
  const commands = oneList ? (log as TurnCommand[]) : commandsOf(journal);
  const again = replay(mode.engine, journal.setup, journal.seed, commands, oneList ? undefined : journal.dealt);
  return again.ok ? { ...again.state, revision: journal.revision } : null;
}

/**
 * The states a stored fight hands the engine are of its shape: the state itself, and the checkpoint undo replays the
 * last chunk from. This is where the engine's one check of a stored state runs; `apply` then trusts what it is given.
 */
function statesSound(mode: CombatMode, journal: AnyJournal): boolean {
  const from = journal.checkpoints[Math.floor(Math.max(journal.length - 1, 0) / JOURNAL_CHUNK)];
  return (
    soundState(mode, journal.state, journal.revision) && (from === undefined || soundState(mode, from.state, null))
  );
}

/**
 * States found sound, with the engine that read them, so a state is checked once however often the fight is read. In
 * Foundry every update prepares the journal afresh, so each is a new object. An update written in place (the tests'
 * combat) merges the new state into the old object, but with a new revision: the state is known by both. A checkpoint
 * is never rewritten, only added or dropped, so it is known by itself (`revision` null).
 */
const soundStates = new WeakMap<object, { readonly engine: unknown; readonly revision: number | null }>();

function soundState(mode: CombatMode, state: unknown, revision: number | null): boolean {
  if (typeof state !== "object" || state === null) return false;
  const known = soundStates.get(state);
  if (known?.engine === mode.engine && known.revision === revision) return true;
  if (!mode.engine.isState(state)) return false;
  soundStates.set(state, { engine: mode.engine, revision });
  return true;
}

/** Every combatant's side, for callers that ask many times (the tracker, authorisation over a roster). */
export function sidesOf(journal: AnyJournal): ReadonlyMap<string, string> {
  return sidesOfSetup(journal.setup);
}

/** Every combatant's side in an engine's setup (side, team or faction, as each turn order names it). */
export function sidesOfSetup(setupData: unknown): ReadonlyMap<string, string> {
  const out = new Map<string, string>();
  const setup = (isRecord(setupData) ? setupData : {}) as { combatants?: unknown };
  if (!Array.isArray(setup.combatants)) return out;
  for (const entry of setup.combatants) {
    if (!isRecord(entry) || typeof entry.id !== "string") continue;
    const side = entry.side ?? entry.team ?? entry.faction;
    if (typeof side === "string") out.set(entry.id, side);
  }
  return out;
}

/**
 * The sides of a setup in the order its turn order takes them: teams' initiative, the factions (the holder first),
 * sections' side order; where the order is by combatant (ranked, rolled), sides in order of first appearance.
 */
export function sideOrderOf(setupData: unknown): string[] {
  const setup = isRecord(setupData) ? setupData : {};
  const listed = [setup.initiative, setup.factions, setup.sideOrder].find(
    (v): v is string[] => Array.isArray(v) && v.every((x) => typeof x === "string"),
  );
  const all = [...new Set(sidesOfSetup(setup).values())];
  const first = listed ? listed.filter((s) => all.includes(s)) : [];
  return [...first, ...all.filter((s) => !first.includes(s))];
}
