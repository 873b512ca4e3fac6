import { isRecord } from "../../core/shared/guards.js";
import { replay, withCurrentState, type Journal } from "../../core/shared/journal.js";
import type { CombatMode } from "./modes.js";
import type { TurnCommand } from "./turn-command.js";

/** A fight's journal as the Foundry layer keeps it in Combat.system.journal (engines' types erased). */
export type AnyJournal = Journal<unknown, unknown, TurnCommand>;

/** What Combat.system.journal holds: nothing yet, a sound journal, or something that is not one (reported, never hidden). */
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

const isCommandList = (v: unknown): v is TurnCommand[] => Array.isArray(v) && v.every((c) => isRecord(c) && typeof c.type === "string");
const isWhole = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v) && v >= 0;
/** The log in chunks keyed "0", "1", ... (core/shared/journal.ts), or, as an earlier Fray stored it, one list. */
const isLog = (v: unknown): boolean => isCommandList(v) || (isRecord(v) && Object.values(v).every(isCommandList));
/** Checkpoints as chunks need them (none in the one-list shape, which is replayed on first use). */
const hasCheckpoints = (j: Record<string, unknown>): boolean =>
  Array.isArray(j.log) || (isRecord(j.checkpoints) && isRecord(j.checkpoints["0"]) && isWhole(j.length));

/** Read a stored fight without trusting it: Combat.system can be edited by any GM macro or corrupted in storage. */
export function readFight(system: unknown): StoredFight {
  const j = isRecord(system) ? system.journal : undefined;
  if (j === null || j === undefined) return { kind: "none" };
  if (!isRecord(j)) return damaged("NotAnObject", false, false);
  const restartable = isRecord(j.setup) && typeof j.engine === "string";
  const rebuildable = restartable && isWhole(j.seed) && isLog(j.log);
  if (typeof j.engine !== "string") return damaged("NoEngine", false, false);
  if (!isRecord(j.setup)) return damaged("NoSetup", false, false);
  if (!isWhole(j.seed)) return damaged("NoSeed", false, restartable);
  if (!isLog(j.log)) return damaged("BadLog", false, restartable);
  if (!isWhole(j.revision)) return damaged("BadRevision", rebuildable, restartable);
  if (!isRecord(j.dice) || j.state === undefined || !hasCheckpoints(j)) return damaged("NoState", rebuildable, restartable);
  return { kind: "sound", journal: j as unknown as AnyJournal };
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
 * The journal as the mode's engine works on it. One stored by an earlier version of Fray (its log one list, or its
 * state in an older shape) is rebuilt from its setup, seed and log, keeping its revision: nothing of it is lost.
 */
export function currentJournal(mode: CombatMode, journal: AnyJournal): AnyJournal {
  const log: unknown = journal.log;
  if (!Array.isArray(log)) return withCurrentState(mode.engine, journal);
  const again = replay(mode.engine, journal.setup, journal.seed, log as TurnCommand[]);
  return again.ok ? { ...again.state, revision: journal.revision } : journal;
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
