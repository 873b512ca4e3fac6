import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  commandsOf,
  JOURNAL_CHUNK,
  journalChanges,
  replayAsFarAsItGoes,
  type Journal,
} from "../../src/core/shared/journal.js";
import { openJournal, record, replay, undo, withCurrentState, type Engine } from "../../src/core/shared/index.js";
import { initiativeOrder, rolledEngine, type RolledCommand } from "../../src/core/turn-order/rolled/index.js";
import { applied, refuse } from "../../src/core/shared/outcome.js";

// A toy engine: the state is a running total; "add" rolls a d6, "fail" is always refused.
type Cmd = { type: "add" } | { type: "fail" };
const counter: Engine<{ start: number }, { total: number }, Cmd, { type: "added"; value: number }> = {
  id: "counter",
  start: (setup) => applied({ total: setup.start }),
  apply: (state, cmd, roller) => {
    if (cmd.type === "fail") return refuse("Test", "always refused");
    const value = roller.die(6);
    return applied({ total: state.total + value }, [{ type: "added", value }]);
  },
};

describe("journal", () => {
  it("replays a seed and log to the same state and dice", () => {
    let j = openJournal(counter, { start: 0 }, 42);
    for (let i = 0; i < 10; i++) j = j.ok ? record(counter, j.state, { type: "add" }) : j;
    expect(j.ok).toBe(true);
    if (!j.ok) return;
    const again = replay(counter, { start: 0 }, 42, commandsOf(j.state));
    expect(again.ok && again.state.state).toEqual(j.state.state);
    expect(again.ok && again.state.dice).toEqual(j.state.dice);
  });

  it("undo restores the state before the last command", () => {
    const j0 = openJournal(counter, { start: 3 }, 7);
    if (!j0.ok) throw new Error("start");
    const j1 = record(counter, j0.state, { type: "add" });
    if (!j1.ok) throw new Error("add");
    const j2 = record(counter, j1.state, { type: "add" });
    if (!j2.ok) throw new Error("add");
    const back = undo(counter, j2.state);
    expect(back.ok && back.state.state).toEqual(j1.state.state);
    expect(back.ok && back.state.dice).toEqual(j1.state.dice);
    expect(back.ok && back.state.revision).toBeGreaterThan(j2.state.revision);
  });

  it("refuses a stale revision and a refused command leaves the journal untouched", () => {
    const j0 = openJournal(counter, { start: 0 }, 1);
    if (!j0.ok) throw new Error("start");
    const snapshot = JSON.stringify(j0.state);
    const stale = record(counter, j0.state, { type: "add" }, 5);
    expect(stale.ok).toBe(false);
    expect(!stale.ok && stale.key).toBe("FRAY.Refusal.StaleRevision");
    const failed = record(counter, j0.state, { type: "fail" });
    expect(failed.ok).toBe(false);
    expect(JSON.stringify(j0.state)).toBe(snapshot);
  });

  it("undo with an empty log is refused", () => {
    const j0 = openJournal(counter, { start: 0 }, 1);
    if (!j0.ok) throw new Error("start");
    const r = undo(counter, j0.state);
    expect(!r.ok && r.key).toBe("FRAY.Refusal.NothingToUndo");
  });

  it("a state stored in an earlier shape is rebuilt from the setup and log, and the revision is kept", () => {
    const setup = {
      combatants: [
        { id: "pc", side: "pc", initiative: 1 },
        { id: "orc", side: "npc", initiative: 0 },
      ],
    };
    const opened = openJournal(rolledEngine, setup, 5);
    if (!opened.ok) throw new Error(opened.reason);
    let j = opened.state;
    for (const id of [...initiativeOrder(j.state), ...initiativeOrder(j.state)]) {
      for (const cmd of [
        { type: "act", combatant: id },
        { type: "endTurn", combatant: id },
      ] as RolledCommand[]) {
        const next = record(rolledEngine, j, cmd);
        if (!next.ok) throw new Error(next.reason);
        j = next.state;
      }
    }
    // The shape the rolled state had before its combatants became a list: a record keyed by id.
    const old = JSON.parse(JSON.stringify(j)) as typeof j;
    const legacy = {
      ...old,
      state: { ...old.state, combatants: Object.fromEntries(old.state.combatants.map((c) => [c.id, c])) },
    } as unknown as typeof j;
    expect(rolledEngine.isState(legacy.state)).toBe(false);
    const healed = withCurrentState(rolledEngine, legacy);
    expect(healed.state).toEqual(j.state);
    expect(healed.revision).toBe(j.revision);
    expect(healed.log).toEqual(j.log);
    // A sound state is left as it is; a log that no longer replays leaves the journal as it was.
    expect(withCurrentState(rolledEngine, j)).toBe(j);
    const broken = {
      ...legacy,
      log: { 0: [{ type: "endTurn", combatant: "nobody" }] },
      length: 1,
    } as unknown as typeof j;
    expect(withCurrentState(rolledEngine, broken)).toBe(broken);
  });
});

/** Apply a journal update's paths as Foundry applies an update (dotted paths, "-=" deletes), onto a JSON copy. */
function applyChanges<T>(before: T, changes: Record<string, unknown>): T {
  const out = JSON.parse(JSON.stringify(before)) as Record<string, unknown>;
  for (const [path, value] of Object.entries(changes)) {
    const parts = path.split(".");
    let node = out;
    for (const p of parts.slice(0, -1)) node = (node[p] ??= {}) as Record<string, unknown>;
    const last = parts[parts.length - 1] as string;
    if (value === null) delete node[last];
    else node[last] = JSON.parse(JSON.stringify(value));
  }
  return out as T;
}

describe("the journal in chunks: exact, and no dearer at the end of a long fight", () => {
  type CounterJournal = Journal<{ start: number }, { total: number }, Cmd>;
  const opened = (): CounterJournal => {
    const o = openJournal(counter, { start: 0 }, 9);
    if (!o.ok) throw new Error(o.reason);
    return o.state;
  };
  const recorded = (n: number): CounterJournal => {
    let j: CounterJournal = opened();
    for (let i = 0; i < n; i++) {
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- tsc widens "add" to string
      const r = record(counter, j, { type: "add" } as Cmd);
      if (!r.ok) throw new Error(r.reason);
      j = r.state;
    }
    return j;
  };

  it("undo, any number of times and across chunk boundaries, gives exactly the replay of the shorter log", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3 * JOURNAL_CHUNK + 5 }),
        fc.integer({ min: 1, max: JOURNAL_CHUNK + 3 }),
        (n, back) => {
          let j = recorded(n);
          const steps = Math.min(back, n);
          for (let i = 0; i < steps; i++) {
            const u = undo(counter, j);
            if (!u.ok) throw new Error(u.reason);
            j = u.state;
          }
          const again = replay(counter, { start: 0 }, 9, commandsOf(recorded(n - steps)));
          if (!again.ok) throw new Error(again.reason);
          expect(j.state).toEqual(again.state.state);
          expect(j.dice).toEqual(again.state.dice);
          expect(j.length).toBe(n - steps);
          expect(commandsOf(j)).toHaveLength(n - steps);
          expect(Object.keys(j.log)).toEqual(Object.keys(again.state.log));
          expect(Object.keys(j.checkpoints)).toEqual(Object.keys(again.state.checkpoints));
          expect(j.revision).toBe(n + steps);
        },
      ),
      { numRuns: 60, seed: 12 },
    );
  });

  it("an update carrying only journalChanges turns the stored journal into the next one, for records and undos", () => {
    for (const n of [0, 1, JOURNAL_CHUNK - 1, JOURNAL_CHUNK, JOURNAL_CHUNK + 1, 2 * JOURNAL_CHUNK]) {
      const before = recorded(n);
      const next = record(counter, before, { type: "add" });
      if (!next.ok) throw new Error(next.reason);
      expect(applyChanges(before, journalChanges(before, next.state))).toEqual(JSON.parse(JSON.stringify(next.state)));
      const back = undo(counter, next.state);
      if (!back.ok) throw new Error(back.reason);
      expect(applyChanges(next.state, journalChanges(next.state, back.state))).toEqual(
        JSON.parse(JSON.stringify(back.state)),
      );
    }
  });

  it("the update for one more command holds at most one chunk of the log, however long the fight", () => {
    const long = recorded(10 * JOURNAL_CHUNK + 7);
    const next = record(counter, long, { type: "add" });
    if (!next.ok) throw new Error(next.reason);
    const changes = journalChanges(long, next.state);
    const logParts = Object.keys(changes).filter((k) => k.startsWith("log."));
    expect(logParts).toEqual(["log.10"]);
    expect((changes["log.10"] as unknown[]).length).toBe(8);
  });
});

describe("replaying a damaged log", () => {
  it("replays as far as the commands apply and says what stopped it; replay refuses such a log", () => {
    const log: Cmd[] = [{ type: "add" }, { type: "add" }, { type: "fail" }, { type: "add" }];
    const far = replayAsFarAsItGoes(counter, { start: 0 }, 3, log);
    expect(far.ok && far.kept).toBe(2);
    expect(far.ok && far.stoppedBy?.key).toBe("FRAY.Refusal.Test");
    expect(far.ok && far.state.length).toBe(2);
    expect(replay(counter, { start: 0 }, 3, log)).toMatchObject({ ok: false, key: "FRAY.Refusal.Test" });
    const whole = replayAsFarAsItGoes(counter, { start: 0 }, 3, [{ type: "add" }]);
    expect(whole.ok && whole.stoppedBy).toBeNull();
  });

  it("reads no further than the journal's length, even when a chunk holds more", () => {
    const j = { log: { 0: [{ type: "add" }, { type: "add" }, { type: "add" }] as Cmd[] }, length: 2 };
    expect(commandsOf(j)).toHaveLength(2);
  });
});
