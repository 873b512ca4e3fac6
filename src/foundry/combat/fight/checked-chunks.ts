import { isRecord } from "../../../core/shared/guards.js";

/**
 * What a combat knows of its stored log: what the last sound read of it proved, by key. Foundry prepares a document's
 * data afresh from its source after every change (common/abstract/data.mjs `updateSource`, then `_initialize`;
 * ObjectField#initialize deep-clones the journal), so no chunk object outlives an update. A key does: a change of the
 * source names every chunk and checkpoint it writes or deletes in its difference. So a read after an update checks only
 * the keys that update named (log-proof.ts), and a read of a long fight costs what a read of a short one does.
 */
export interface CheckedLog {
  /** The journal this proof holds for, as last read; null when nothing is proved (never read, or forgotten). */
  journal: object | null;
  /** Every chunk key of that journal's log, with its length: each chunk holds only commands. */
  readonly chunks: Map<string, number>;
  /** The keys whose checkpoint holds a state and dice. */
  readonly points: Set<string>;
  /** The chunks' lengths summed. */
  sum: number;
  /** The chunk and checkpoint keys the changes since the proof named: only these are read again. */
  readonly changed: Set<string>;
  /** The source changed since the proof: the journal prepared from it is a new object. */
  moved: boolean;
  /** A change of the source is under way: its difference is not known yet, so the proof is not used or kept. */
  changing: number;
}

/** By combat document, which outlives every preparation of its data. */
const byCombat = new WeakMap<object, CheckedLog>();

function checkedOf(combat: object): CheckedLog {
  let checked = byCombat.get(combat);
  if (!checked) {
    checked = {
      journal: null,
      chunks: new Map(),
      points: new Set(),
      sum: 0,
      changed: new Set(),
      moved: false,
      changing: 0,
    };
    byCombat.set(combat, checked);
  }
  return checked;
}

/** The combat whose prepared system data this is: a DataModel's `parent` (TypeDataField#initialize sets it). */
function combatOf(system: unknown): object | null {
  const parent = isRecord(system) ? (system as { parent?: unknown }).parent : undefined;
  return typeof parent === "object" && parent !== null ? parent : null;
}

/**
 * What the combat of this system data knows of its log, for a read to use and to keep: null for data with no combat
 * (a copy, a test's object), or while its source changes.
 */
export function checkedLogOf(system: unknown): CheckedLog | null {
  const combat = combatOf(system);
  if (!combat) return null;
  const checked = checkedOf(combat);
  return checked.changing === 0 ? checked : null;
}

/** Forget the whole proof: the next read checks the whole log. */
export function forgetLog(checked: CheckedLog): void {
  checked.journal = null;
  checked.chunks.clear();
  checked.points.clear();
  checked.changed.clear();
  checked.sum = 0;
  checked.moved = false;
}

/**
 * Run a change of a combat's source (its `updateSource`, which prepares its data afresh before it returns the
 * difference), then mark the keys that difference names. While it runs, a read (the preparation's own) trusts no
 * proof. A difference that replaces or deletes the journal, its log or checkpoints, or the system data forgets it all.
 */
export function sourceChange<T>(combat: object, change: () => T): T {
  const checked = checkedOf(combat);
  checked.changing++;
  try {
    const diff = change();
    noteChanged(checked, isRecord(diff) ? diff : { system: null });
    return diff;
  } catch (e) {
    forgetLog(checked);
    throw e;
  } finally {
    checked.changing--;
  }
}

function noteChanged(checked: CheckedLog, diff: Record<string, unknown>): void {
  checked.moved = true;
  const journal = changedJournal(diff);
  const log = journal === "all" ? "all" : changedField(journal, "log");
  const points = journal === "all" ? "all" : changedField(journal, "checkpoints");
  if (log === "all" || points === "all") return forgetLog(checked);
  for (const key of [...Object.keys(log), ...Object.keys(points)]) checked.changed.add(key.replace(/^(-=|==)/, ""));
}

/** The journal's part of a difference (Foundry's `diffObject` shape), or "all" when more than its fields changed. */
function changedJournal(diff: Record<string, unknown>): Record<string, unknown> | "all" {
  if (Object.keys(diff).some((k) => k.endsWith("type"))) return "all";
  const system = changedField(diff, "system");
  return system === "all" ? "all" : changedField(system, "journal");
}

/** A field's part of a difference: nothing, what changed within it, or "all" when it is replaced or deleted whole. */
function changedField(diff: Record<string, unknown>, name: string): Record<string, unknown> | "all" {
  const keys = Object.keys(diff).filter((k) => k === name || k === `-=${name}` || k === `==${name}`);
  if (keys.length === 0) return {};
  const value = diff[name];
  return keys.length === 1 && isRecord(value) ? value : "all";
}
