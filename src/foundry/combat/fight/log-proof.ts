import { isRecord } from "../../../core/shared/guards.js";
import { JOURNAL_CHUNK } from "../../../core/shared/journal.js";
import { checkedLogOf, forgetLog, type CheckedLog } from "./checked-chunks.js";
import type { TurnCommand } from "./turn-command.js";

/**
 * The chunks of a log found to hold only commands, kept by the chunk itself: recording replaces the last chunk and
 * never edits one in place, so a chunk checked once needs no second look. This serves data with no combat (a copy,
 * a test's object); a combat's own data is known by key (checked-chunks.ts), as each update makes its chunks anew.
 */
const commandChunks = new WeakSet<object>();

/** A list of commands, as far as the stored log is checked: records with a type. */
export function isCommandList(v: unknown): v is TurnCommand[] {
  if (!Array.isArray(v)) return false;
  if (commandChunks.has(v)) return true;
  if (!v.every((c) => isRecord(c) && typeof c.type === "string")) return false;
  commandChunks.add(v);
  return true;
}

/** A checkpoint undo can replay a chunk from: a state and its dice. */
export const isPoint = (v: unknown): boolean => isRecord(v) && v.state !== undefined && isRecord(v.dice);

/** A key Fray writes for a chunk: "0", "1", ... (never "01", "1e3" or "__proto__"). */
const isIndex = (key: string): boolean => /^(0|[1-9]\d{0,8})$/.test(key);

const own = (record: Record<string, unknown>, key: string): unknown =>
  Object.hasOwn(record, key) ? record[key] : undefined;

/**
 * Whether what the combat knows proves this journal's log and checkpoints the ones Fray writes (journal.ts
 * `chunksAddUp`): chunks "0" to "m-1", each holding only commands, each full but the last, each with its checkpoint,
 * and how many commands they hold (for the caller to hold against `length`). Only the keys changed since the last
 * proof are read: the rest are as they were then. Any doubt gives null, and the caller then reads the whole log.
 */
export function provenLog(system: unknown, j: Record<string, unknown>): number | null {
  const checked = checkedLogOf(system);
  if (!checked || checked.journal === null) return null;
  // A journal other than the one proved, with no change of the source since: not this combat's data as prepared.
  if (checked.journal !== j && !checked.moved) return null;
  const { log, checkpoints } = j;
  if (!isRecord(log) || !isRecord(checkpoints) || Array.isArray(log)) return null;
  if (!patched(checked, log, checkpoints)) {
    forgetLog(checked);
    return null;
  }
  checked.journal = j;
  checked.changed.clear();
  checked.moved = false;
  return checked.sum;
}

/** The proof with the changed keys read again from this log; false when it no longer adds up. */
function patched(checked: CheckedLog, log: Record<string, unknown>, checkpoints: Record<string, unknown>): boolean {
  const { chunks, points, changed } = checked;
  const before = chunks.size;
  for (const key of changed) {
    if (!isIndex(key)) return false;
    const chunk = own(log, key);
    const was = chunks.get(key) ?? 0;
    if (chunk === undefined) chunks.delete(key);
    else if (isCommandList(chunk)) chunks.set(key, chunk.length);
    else return false;
    checked.sum += (chunk === undefined ? 0 : chunk.length) - was;
    if (isPoint(own(checkpoints, key))) points.add(key);
    else points.delete(key);
  }
  return inOrder(checked, before);
}

/**
 * The keys are "0" to "m-1" again, each chunk but the last full, each with its checkpoint. The last proof held this
 * for keys "0" to "before-1", so only the changed keys, and the last chunk before, are looked at.
 */
function inOrder({ chunks, points, changed }: CheckedLog, before: number): boolean {
  const m = chunks.size;
  // The highest key no change named must still be in range; the changed ones are in range exactly when present.
  let top = before - 1;
  while (top >= 0 && changed.has(String(top))) top--;
  if (top >= m) return false;
  const last = String(before - 1);
  for (const key of before > 0 ? [...changed, last] : changed) {
    const i = Number(key);
    if (changed.has(key) && chunks.has(key) !== i < m) return false;
    if (i < m - 1 && chunks.get(key) !== JOURNAL_CHUNK) return false;
    if (i < m && !points.has(key)) return false;
  }
  return true;
}

/**
 * Keep what a read of the whole log proved (it was found sound): every chunk key with its length, every checkpoint
 * key. Only for a combat's own data, and not while its source changes.
 */
export function keepProof(system: unknown, j: Record<string, unknown>): void {
  const checked = checkedLogOf(system);
  if (!checked) return;
  forgetLog(checked);
  const log = j.log as Record<string, readonly unknown[]>;
  if (Array.isArray(log)) return;
  for (const [key, chunk] of Object.entries(log)) {
    checked.chunks.set(key, chunk.length);
    checked.points.add(key);
  }
  checked.sum = j.length as number;
  checked.journal = j;
}
