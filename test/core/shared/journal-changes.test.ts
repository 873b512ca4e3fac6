// Issue 28: the update that records a step writes only what changed (`journalChanges`), and finding it costs the same
// at any length: the chunks are compared from the top down, to the first one both journals share. Counted, not timed:
// proxies count every key the comparison reads.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  JOURNAL_CHUNK,
  journalChanges,
  openJournal,
  record,
  undo,
  type Journal,
} from "../../../src/core/shared/journal.js";
import type { Engine } from "../../../src/core/shared/engine.js";
import { applied } from "../../../src/core/shared/outcome.js";

// A toy engine: the state is a running total; the start and "add" roll a d6, seeded or dealt.
type Cmd = { type: "add" };
type CounterJournal = Journal<{ start: number }, { total: number }, Cmd>;
const counter: Engine<{ start: number }, { total: number }, Cmd, { type: "added" }> = {
  id: "counter",
  start: (setup, roller) => applied({ total: setup.start + roller.die(6) }),
  apply: (state, _cmd, roller) => applied({ total: state.total + roller.die(6) }, [{ type: "added" }]),
};

/** One step on a journal: undo, or a command drawing from the seed, or one dealt its die (`dealt`). */
function step(j: CounterJournal, how: "add" | "dealt" | "undo"): CounterJournal {
  const next =
    how === "undo"
      ? undo(counter, j)
      : record<{ start: number }, { total: number }, Cmd, { type: "added" }>(
          counter,
          j,
          { type: "add" },
          undefined,
          how === "dealt" ? [4] : undefined,
        );
  if (!next.ok) throw new Error(next.reason);
  return next.state;
}

function played(n: number, dealtEvery = 4): CounterJournal {
  const o = openJournal(counter, { start: 0 }, 9, [2]);
  if (!o.ok) throw new Error(o.reason);
  let j = o.state;
  for (let i = 0; i < n; i++) j = step(j, i % dealtEvery === 0 ? "dealt" : "add");
  return j;
}

/** The stored journal with an update's changes written in, as Foundry merges them (null deletes the key). */
function applyChanges<T>(before: T, changes: Record<string, unknown>): T {
  const out = JSON.parse(JSON.stringify(before)) as Record<string, unknown>;
  for (const [path, value] of Object.entries(changes)) {
    const parts = path.split(".");
    let node = out;
    for (const p of parts.slice(0, -1)) node = (node[p] ??= {}) as Record<string, unknown>;
    const last = parts[parts.length - 1]!;
    if (value === null) delete node[last];
    else node[last] = JSON.parse(JSON.stringify(value));
  }
  return out as T;
}

/** The journal with its log, checkpoints and dealt dice behind proxies that count every key read of them. */
function counted(j: CounterJournal): { journal: CounterJournal; reads: () => number } {
  let reads = 0;
  const watch = <T extends object>(o: T): T =>
    new Proxy(o, {
      get: (t, k, r) => (reads++, Reflect.get(t, k, r) as unknown),
      has: (t, k) => (reads++, Reflect.has(t, k)),
      ownKeys: (t) => {
        const keys = Reflect.ownKeys(t);
        reads += keys.length;
        return keys;
      },
      getOwnPropertyDescriptor: (t, k) => (reads++, Reflect.getOwnPropertyDescriptor(t, k)),
    });
  const journal = { ...j, log: watch(j.log), checkpoints: watch(j.checkpoints), dealt: watch(j.dealt ?? {}) };
  return { journal, reads: () => reads };
}

describe("journalChanges: only what a step changed, found at the same cost at any length", () => {
  it("the update for a step reads as many keys at 10,000 commands as at 100", () => {
    // The same place in the last chunk at both lengths, with dice dealt alike: the last chunk holds as many commands.
    const readsOf = (before: CounterJournal, how: "add" | "dealt" | "undo"): number => {
      const after = step(before, how);
      const { journal, reads } = counted(before);
      const changes = journalChanges(journal, after);
      expect(applyChanges(before, changes)).toEqual(JSON.parse(JSON.stringify(after)));
      return reads();
    };
    const [short, long] = [played(100 + JOURNAL_CHUNK), played(100 + 78 * JOURNAL_CHUNK)];
    for (const how of ["add", "dealt", "undo"] as const) expect(readsOf(long, how)).toBe(readsOf(short, how));
  });

  it("any run of records and undos, across chunk ends, dice dealt or not: the changes make one from the other", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3 * JOURNAL_CHUNK }),
        fc.array(fc.constantFrom("add", "dealt", "undo"), { maxLength: 2 * JOURNAL_CHUNK + 3 }),
        (n, steps) => {
          const before = played(n, 2);
          let after = before;
          for (const how of steps) after = how === "undo" && after.length === 0 ? after : step(after, how);
          const stored = (j: CounterJournal) => JSON.parse(JSON.stringify(j)) as unknown;
          expect(stored(applyChanges(before, journalChanges(before, after)))).toEqual(stored(after));
          expect(stored(applyChanges(after, journalChanges(after, before)))).toEqual(stored(before));
        },
      ),
      { numRuns: 80, seed: 28 },
    );
  });

  it("a journal rebuilt from its log shares no chunk: every key that differs is written", () => {
    const before = played(2 * JOURNAL_CHUNK + 9);
    const rebuilt = JSON.parse(JSON.stringify(step(before, "dealt"))) as CounterJournal;
    const changes = journalChanges(before, rebuilt);
    expect(Object.keys(changes)).toEqual(expect.arrayContaining(["log.0", "log.2", "checkpoints.0", "dealt.start"]));
    expect(applyChanges(before, changes)).toEqual(rebuilt);
  });
});
