// Issue 28: Foundry prepares a combat's data afresh after every change of its source, so the stored fight's chunks
// are new objects after each update. A chunk is checked once when an update writes it, or on its first read: an update
// names the chunks it changes, and only those are read again. Counted, not timed (proxies count the commands read).
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { JOURNAL_CHUNK, openJournal, record } from "../../../../src/core/shared/journal.js";
import type { FrayCombat as FrayCombatClass } from "../../../../src/foundry/combat/fray-combat.js";
import { sourceChange } from "../../../../src/foundry/combat/fight/checked-chunks.js";
import { readFight, type AnyJournal } from "../../../../src/foundry/combat/fight/journal.js";
import { COMBAT_MODES } from "../../../../src/foundry/rulesets/index.js";
import type { RosterEntry } from "../../../../src/foundry/combat/fight/roster.js";
import type { TurnCommand } from "../../../../src/foundry/combat/fight/turn-command.js";
import { handleTurnRequest } from "../../../../src/foundry/combat/requests/turn-request.js";
import { FakeCombat, FakeCombatant, FakeHooks } from "../../../fakes/foundry-combat.js";
import { cast, frayFight, gm, gmContext, loadFrayCombat, table } from "../fight-table.js";

const teams = COMBAT_MODES.teams!;
let FrayCombat: typeof FrayCombatClass;
beforeAll(async () => {
  FrayCombat = await loadFrayCombat();
});
afterEach(() => vi.unstubAllGlobals());

const next = (j: AnyJournal): TurnCommand =>
  teams.engine.legal(j.state).find((c) => c.type === "act" || c.type === "endTurn") as TurnCommand;

/** A sound teams journal `steps` commands in, for combatants `ids` (sides by their first letter). */
function played(steps: number, ids: readonly string[] = ["a1", "a2", "b1", "b2"]): AnyJournal {
  const roster: RosterEntry[] = ids.map((id) => ({
    id,
    name: id,
    side: id[0]!,
    hidden: false,
    stats: { stamina: 3, focus: 3 },
  }));
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

/** Put the chunks of the data as prepared now behind proxies that count the commands read, by chunk key. */
function watch(system: Record<string, unknown>, reads: Map<string, number>): void {
  const journal = system.journal as { log: Record<string, TurnCommand[]> };
  for (const [k, chunk] of Object.entries(journal.log)) {
    journal.log[k] = new Proxy(chunk, {
      get(target, key, receiver) {
        if (typeof key === "string" && /^\d+$/.test(key)) reads.set(k, (reads.get(k) ?? 0) + 1);
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
  }
}

/** A chunk as long as a full one, of things that are not commands (a GM macro's write). */
const junk = (): unknown[] => Array.from({ length: JOURNAL_CHUNK }, () => ({ type: 42 }));

function fakeCombat(journal: AnyJournal): FakeCombat {
  const combat = new FakeCombat(
    "fight",
    "teams",
    ["a1", "a2", "b1", "b2"].map((id) => new FakeCombatant(id, id, id[0]!)),
    new FakeHooks(),
  );
  combat.system = { journal, events: [], revision: journal.revision };
  combat.round = 1;
  return combat;
}

describe("a stored fight's chunks are checked again when an update changes them, and only then", () => {
  it("a chunk an update rewrites at the same length is read again: a macro's junk in it is reported", async () => {
    const combat = fakeCombat(played(2 * JOURNAL_CHUNK + 5));
    expect(readFight(combat.system).kind).toBe("sound");
    await combat.update({ "system.journal.log.0": junk() });
    expect(readFight(combat.system)).toMatchObject({ kind: "damaged", problem: "FRAY.Tracker.Damaged.BadLog" });
  });

  it(
    "a journal written whole (`==journal`) forgets every chunk: junk in a chunk of the same key " +
      "and length is reported",
    async () => {
      const combat = fakeCombat(played(2 * JOURNAL_CHUNK + 5));
      expect(readFight(combat.system).kind).toBe("sound");
      const other = played(2 * JOURNAL_CHUNK + 5);
      await combat.update({ "system.==journal": { ...other, log: { ...other.log, 1: junk() } } });
      expect(readFight(combat.system).kind).toBe("damaged");
    },
  );

  it(
    "an update that leaves the log alone reads none of its " + "chunks again; one that writes a chunk reads that one",
    async () => {
      const combat = fakeCombat(played(2 * JOURNAL_CHUNK + 5));
      const reads = new Map<string, number>();
      watch(combat.system, reads);
      expect(readFight(combat.system).kind).toBe("sound");
      expect([...reads.keys()].sort()).toEqual(["0", "1", "2"]);
      reads.clear();
      await combat.update({ "system.revision": 99 });
      watch(combat.system, reads);
      expect(readFight(combat.system).kind).toBe("sound");
      expect(reads.size).toBe(0);
      const chunk = (combat.system.journal as AnyJournal).log[2]!;
      await combat.update({ "system.journal.log.2": [...chunk, ...chunk.slice(0, 1)], "system.journal.length": 0 });
      watch(combat.system, reads);
      readFight(combat.system);
      expect([...reads.keys()]).toEqual(["2"]);
    },
  );

  it("a read while the source changes (the data's own preparation) trusts no verdict, and keeps none", () => {
    const combat = fakeCombat(played(2 * JOURNAL_CHUNK + 5));
    const reads = new Map<string, number>();
    expect(readFight(combat.system).kind).toBe("sound");
    sourceChange(combat, () => {
      watch(combat.system, reads);
      expect(readFight(combat.system).kind).toBe("sound");
      return {};
    });
    expect([...reads.keys()].sort()).toEqual(["0", "1", "2"]);
    reads.clear();
    watch(combat.system, reads);
    readFight(combat.system);
    expect(reads.size).toBe(0);
  });
});

describe("FrayCombat on Foundry's Combat: every change of its source passes its difference on", () => {
  it(
    "a macro's write of a chunk is reported on the next " + "read; a GM's steps read only the chunk they write",
    async () => {
      const t = table(gm);
      const list = cast();
      const journal = played(
        3 * JOURNAL_CHUNK + 2,
        list.map((c) => c.id),
      );
      const system = {
        journal,
        events: [],
        revision: journal.revision,
        start: { mode: "", sideOrder: [], surprise: [], initiators: [] },
      };
      const { combat, fake } = frayFight(FrayCombat, list, system);
      expect(combat.storedFight.kind).toBe("sound");
      const reads = new Map<string, number>();
      const ctx = gmContext(combat, t);
      for (let i = 0; i < 4; i++) {
        watch(fake.system, reads);
        const j = combat.journal!;
        expect(
          await handleTurnRequest(ctx, { combatId: "fight", command: next(j), revision: j.revision }, "gm"),
        ).toMatchObject({ ok: true });
      }
      expect(["0", "1", "2"].map((k) => reads.get(k) ?? 0)).toEqual([0, 0, 0]);
      expect(reads.get("3")).toBeGreaterThan(0);
      await fake.update({ "system.journal.log.1": junk() });
      expect(combat.storedFight.kind).toBe("damaged");
    },
  );
});
