import { isRecord } from "../../../core/shared/guards.js";

/**
 * What a combat knows of its stored log's chunks: each chunk found to hold only commands, by its key, with its length
 * then. Foundry prepares a document's data afresh from its source after every change (common/abstract/data.mjs
 * `updateSource`, then `_initialize`; ObjectField#initialize deep-clones the journal), so no chunk object outlives an
 * update. A chunk's key does: a change of the source reports every chunk it writes or deletes in its difference, and
 * only those are checked again. So a read of a long fight walks only the chunks changed since the last read.
 */
interface CheckedChunks {
  /** Chunk key to its length when it was found to hold only commands. */
  readonly lengths: Map<string, number>;
  /** A change of the source is under way: its difference is not known yet, so no verdict is trusted or kept. */
  changing: number;
}

/** By combat document, which outlives every preparation of its data. */
const byCombat = new WeakMap<object, CheckedChunks>();

function checkedOf(combat: object): CheckedChunks {
  let checked = byCombat.get(combat);
  if (!checked) byCombat.set(combat, (checked = { lengths: new Map(), changing: 0 }));
  return checked;
}

/** The combat whose prepared system data this is: a DataModel's `parent` (TypeDataField#initialize sets it). */
function combatOf(system: unknown): object | null {
  const parent = isRecord(system) ? (system as { parent?: unknown }).parent : undefined;
  return typeof parent === "object" && parent !== null ? parent : null;
}

/**
 * Run a change of a combat's source (its `updateSource`, which prepares its data afresh before it returns the
 * difference), then forget the chunks that difference names. While it runs, a read (the preparation's own) trusts no
 * verdict. A difference that replaces or deletes the journal, its log, or the system data forgets them all.
 */
export function sourceChange<T>(combat: object, change: () => T): T {
  const checked = checkedOf(combat);
  checked.changing++;
  try {
    const diff = change();
    forgetChanged(checked, isRecord(diff) ? diff : { system: null });
    return diff;
  } catch (e) {
    checked.lengths.clear();
    throw e;
  } finally {
    checked.changing--;
  }
}

function forgetChanged(checked: CheckedChunks, diff: Record<string, unknown>): void {
  const log = changedLog(diff);
  if (log === "all") checked.lengths.clear();
  else for (const key of Object.keys(log)) checked.lengths.delete(key.replace(/^(-=|==)/, ""));
}

/** The log's changed chunks in a difference (Foundry's `diffObject` shape), or "all" when more than chunks changed. */
function changedLog(diff: Record<string, unknown>): Record<string, unknown> | "all" {
  if (Object.keys(diff).some((k) => k.endsWith("type"))) return "all";
  const system = changedField(diff, "system");
  const journal = system === "all" ? "all" : changedField(system, "journal");
  return journal === "all" ? "all" : changedField(journal, "log");
}

/** A field's part of a difference: nothing, what changed within it, or "all" when it is replaced or deleted whole. */
function changedField(diff: Record<string, unknown>, name: string): Record<string, unknown> | "all" {
  const keys = Object.keys(diff).filter((k) => k === name || k === `-=${name}` || k === `==${name}`);
  if (keys.length === 0) return {};
  const value = diff[name];
  return keys.length === 1 && isRecord(value) ? value : "all";
}

/**
 * Whether the chunk under `key` of this system data's log is known to hold only commands: it was checked since the
 * last change that named it, and has the length it had then. Data with no combat (a copy, a test's object) knows none.
 */
export function knownChunk(system: unknown, key: string, chunk: readonly unknown[]): boolean {
  const combat = combatOf(system);
  const checked = combat ? byCombat.get(combat) : undefined;
  return !!checked && checked.changing === 0 && checked.lengths.get(key) === chunk.length;
}

/** Keep the verdict that the chunk under `key` holds only commands, unless a change is under way. */
export function noteChunk(system: unknown, key: string, chunk: readonly unknown[]): void {
  const combat = combatOf(system);
  if (!combat) return;
  const checked = checkedOf(combat);
  if (checked.changing === 0) checked.lengths.set(key, chunk.length);
}
