// Issue 28: a combat remembers what the last sound read of its stored log proved (log-proof.ts), so a read after an
// update reads only the keys that update named. Counted, not timed: proxies count every key and command read. And
// whatever an update changes, the next read finds it: a forged chunk, a removed checkpoint, a key `__proto__`, a huge
// length are each reported as damage.
import { describe, expect, it } from "vitest";
import { JOURNAL_CHUNK, openJournal, record } from "../../../../src/core/shared/journal.js";
import { sourceChange } from "../../../../src/foundry/combat/fight/checked-chunks.js";
import { currentFight, readFight, type AnyJournal } from "../../../../src/foundry/combat/fight/journal.js";
import { COMBAT_MODES } from "../../../../src/foundry/rulesets/index.js";
import type { RosterEntry } from "../../../../src/foundry/combat/fight/roster.js";
import type { TurnCommand } from "../../../../src/foundry/combat/fight/turn-command.js";
import { handleTurnRequest, type TurnRequestContext } from "../../../../src/foundry/combat/requests/turn-request.js";
import { FakeCombat, FakeCombatant, FakeHooks, FakeUser } from "../../../fakes/foundry-combat.js";
import { gmTurnHands } from "../gm-turn-hands.js";

const teams = COMBAT_MODES.teams!;
const ids = ["a1", "a2", "b1", "b2"];
const gm = new FakeUser("gm", "GM", true);

const next = (j: AnyJournal): TurnCommand =>
  teams.engine.legal(j.state).find((c) => c.type === "act" || c.type === "endTurn") as TurnCommand;

function played(steps: number): AnyJournal {
  const roster: RosterEntry[] = ids.map((id) => ({ id, name: id, side: id[0]!, hidden: false, stats: { stamina: 3 } }));
  const opened = openJournal(teams.engine, teams.buildSetup(roster, { sideOrder: ["a", "b"] }), 7);
  if (!opened.ok) throw new Error(opened.reason);
  let j = opened.state;
  for (let i = 0; i < steps; i++) {
    const r = record(teams.engine, j, next(j));
    if (!r.ok) throw new Error(r.reason);
    j = r.state;
  }
  return j;
}

function fakeCombat(journal: AnyJournal): FakeCombat {
  const combat = new FakeCombat(
    "fight",
    "teams",
    ids.map((id) => new FakeCombatant(id, id, id[0]!)),
    new FakeHooks(),
  );
  combat.system = { journal, events: [], revision: journal.revision };
  combat.round = 1;
  return combat;
}

const context = (combat: FakeCombat): TurnRequestContext => ({
  combat: () => combat,
  user: () => gm,
  mode: (id) => COMBAT_MODES[id],
  ...gmTurnHands(),
});

/** A GM's step through the real handler; the fake prepares the data afresh, as Foundry does. */
async function stepOn(combat: FakeCombat): Promise<void> {
  const j = combat.system.journal as AnyJournal;
  const answer = await handleTurnRequest(
    context(combat),
    { combatId: "fight", command: next(j), revision: j.revision },
    "gm",
  );
  expect(answer).toMatchObject({ ok: true });
}

/**
 * Put the log, its chunks and the checkpoints of the data as prepared now behind proxies that count what is read:
 * every key of the log and checkpoints touched or listed, and every command read from a chunk.
 */
function watch(system: Record<string, unknown>): () => { keys: number; commands: number } {
  const seen = { keys: 0, commands: 0 };
  const journal = system.journal as { log: Record<string, unknown[]>; checkpoints: Record<string, unknown> };
  const keyed = <T extends object>(o: T): T =>
    new Proxy(o, {
      get: (t, k, r) => (seen.keys++, Reflect.get(t, k, r) as unknown),
      has: (t, k) => (seen.keys++, Reflect.has(t, k)),
      ownKeys: (t) => {
        const keys = Reflect.ownKeys(t);
        seen.keys += keys.length;
        return keys;
      },
      getOwnPropertyDescriptor: (t, k) => (seen.keys++, Reflect.getOwnPropertyDescriptor(t, k)),
    });
  for (const [k, chunk] of Object.entries(journal.log)) {
    journal.log[k] = new Proxy(chunk, {
      get(target, key, receiver) {
        if (typeof key === "string" && /^\d+$/.test(key)) seen.commands++;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
  }
  journal.log = keyed(journal.log);
  journal.checkpoints = keyed(journal.checkpoints);
  return () => ({ ...seen });
}

describe("a read after an update reads only what the update changed", () => {
  it("the first read after a GM's step reads as much at 10,000 commands as at 100", async () => {
    // The same place in the last chunk at both lengths: the chunk the step writes holds as many commands.
    const readAfterStep = async (length: number) => {
      const combat = fakeCombat(played(length));
      expect(readFight(combat.system).kind).toBe("sound");
      await stepOn(combat);
      const seen = watch(combat.system);
      expect(currentFight(teams, combat.system).kind).toBe("sound");
      expect(readFight(combat.system).kind).toBe("sound");
      return seen();
    };
    const [short, long] = [await readAfterStep(100), await readAfterStep(100 + 78 * JOURNAL_CHUNK)];
    expect(long).toEqual(short);
    expect(long.commands).toBeGreaterThan(0);
  });
});

/** A sound combat read once (so what the read proved is kept), then the update written. */
async function afterUpdate(update: Record<string, unknown>, length = 3 * JOURNAL_CHUNK + 5) {
  const combat = fakeCombat(played(length));
  expect(readFight(combat.system).kind).toBe("sound");
  await stepOn(combat);
  expect(readFight(combat.system).kind).toBe("sound");
  await combat.update(update);
  return readFight(combat.system);
}

const junk = (n: number): unknown[] => Array.from({ length: n }, () => ({ type: 42 }));
const mismatch = { kind: "damaged", problem: "FRAY.Tracker.Damaged.LogMismatch" };

describe("whatever an update changes in the stored journal, the next read finds it (GM-only, tried anyway)", () => {
  it("a chunk forged with things that are not commands, at its own length", async () => {
    const fight = await afterUpdate({ "system.journal.log.1": junk(JOURNAL_CHUNK) });
    expect(fight).toMatchObject({ kind: "damaged", problem: "FRAY.Tracker.Damaged.BadLog" });
  });

  it("the last chunk put back as it was a step before (stale), the length left as it is", async () => {
    const combat = fakeCombat(played(3 * JOURNAL_CHUNK + 5));
    expect(readFight(combat.system).kind).toBe("sound");
    const stale = structuredClone((combat.system.journal as AnyJournal).log[3]);
    await stepOn(combat);
    expect(readFight(combat.system).kind).toBe("sound");
    await combat.update({ "system.journal.log.3": stale });
    expect(readFight(combat.system)).toMatchObject(mismatch);
  });

  it("a full chunk cut short, the length cut to match: the chunks no longer add up", async () => {
    const combat = fakeCombat(played(3 * JOURNAL_CHUNK + 5));
    expect(readFight(combat.system).kind).toBe("sound");
    const chunk = (combat.system.journal as AnyJournal).log[1]!;
    await combat.update({ "system.journal.log.1": chunk.slice(1), "system.journal.length": 3 * JOURNAL_CHUNK + 4 });
    expect(readFight(combat.system)).toMatchObject(mismatch);
  });

  it("a chunk deleted from the middle, or one added past the end", async () => {
    expect(await afterUpdate({ "system.journal.log.-=1": null })).toMatchObject({ kind: "damaged" });
    expect(await afterUpdate({ "system.journal.log.9": [{ type: "endTurn" }] })).toMatchObject(mismatch);
    expect(await afterUpdate({ "system.journal.log.03": [{ type: "endTurn" }] })).toMatchObject(mismatch);
  });

  it("a checkpoint removed, or made something undo cannot replay from", async () => {
    expect(await afterUpdate({ "system.journal.checkpoints.-=2": null })).toMatchObject(mismatch);
    expect(await afterUpdate({ "system.journal.checkpoints.3.-=dice": null })).toMatchObject(mismatch);
    expect(await afterUpdate({ "system.journal.checkpoints.-=0": null })).toMatchObject({ kind: "damaged" });
  });

  it("a huge, negative or missing length", async () => {
    for (const length of [Number.MAX_SAFE_INTEGER, 1e308, -1, null])
      expect(await afterUpdate({ "system.journal.length": length })).toMatchObject({ kind: "damaged" });
  });

  it("a log written whole, with a key `__proto__` among its chunks", async () => {
    const log = JSON.parse(
      JSON.stringify({ ...(played(3 * JOURNAL_CHUNK + 6).log as object) }).replace(/^\{/, '{"__proto__":[],'),
    ) as Record<string, unknown>;
    expect(Object.hasOwn(log, "__proto__")).toBe(true);
    expect(await afterUpdate({ "system.journal.==log": log })).toMatchObject(mismatch);
  });

  it("a difference naming a key `__proto__` of the log, for data that holds one", () => {
    const combat = fakeCombat(played(3 * JOURNAL_CHUNK + 5));
    expect(readFight(combat.system).kind).toBe("sound");
    const diff = JSON.parse('{"system":{"journal":{"log":{"__proto__":[]}}}}') as Record<string, unknown>;
    sourceChange(combat, () => {
      const log = (combat.system.journal as { log: Record<string, unknown> }).log;
      Object.defineProperty(log, "__proto__", { value: [], enumerable: true, configurable: true, writable: true });
      return diff;
    });
    expect(readFight(combat.system)).toMatchObject(mismatch);
  });

  it("after a damaged read, the GM's journal written whole again is sound, then read by its changes", async () => {
    const combat = fakeCombat(played(3 * JOURNAL_CHUNK + 5));
    const good = structuredClone(combat.system.journal) as AnyJournal;
    expect(readFight(combat.system).kind).toBe("sound");
    await combat.update({ "system.journal.log.2": junk(JOURNAL_CHUNK) });
    expect(readFight(combat.system).kind).toBe("damaged");
    await combat.update({ "system.==journal": good });
    expect(readFight(combat.system).kind).toBe("sound");
    await stepOn(combat);
    const seen = watch(combat.system);
    expect(readFight(combat.system).kind).toBe("sound");
    expect(seen().commands).toBe(6);
  });
});
