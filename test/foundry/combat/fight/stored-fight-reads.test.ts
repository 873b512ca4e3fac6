// Issues 27 and 28: a stored fight is checked where it is read (combat/fight/journal.ts), once, and reading it costs
// the same at any length. Counted, not timed: a chunk of the log read through a Proxy counts its commands read, and the
// engine's state check is counted by a spy on the mode's isState.
import { describe, expect, it, vi } from "vitest";
import { commandsOf, JOURNAL_CHUNK, openJournal, record } from "../../../../src/core/shared/journal.js";
import {
  currentFight,
  currentJournal,
  readFight,
  type AnyJournal,
} from "../../../../src/foundry/combat/fight/journal.js";
import type { CombatMode } from "../../../../src/foundry/combat/fight/combat-mode.js";
import { COMBAT_MODES } from "../../../../src/foundry/rulesets/index.js";
import type { RosterEntry } from "../../../../src/foundry/combat/fight/roster.js";
import type { TurnCommand } from "../../../../src/foundry/combat/fight/turn-command.js";
import { handleTurnRequest, type TurnRequestContext } from "../../../../src/foundry/combat/requests/turn-request.js";
import { FakeCombat, FakeCombatant, FakeHooks, FakeUser } from "../../../fakes/foundry-combat.js";
import { gmTurnHands } from "../gm-turn-hands.js";

const teams = COMBAT_MODES.teams!;
const ids = ["a1", "a2", "b1", "b2"];
const roster: RosterEntry[] = ids.map((id) => ({ id, name: id, side: id[0]!, hidden: false, stats: { stamina: 2 } }));
const gm = new FakeUser("gm", "GM", true);

/** The next step of a fight that goes on for ever: the first act or end of turn the engine offers. */
const next = (j: AnyJournal): TurnCommand =>
  teams.engine.legal(j.state).find((c) => c.type === "act" || c.type === "endTurn") as TurnCommand;

/** A sound teams journal `steps` commands in. */
function played(steps: number): AnyJournal {
  const opened = openJournal(teams.engine, teams.buildSetup(roster, { sideOrder: ["a", "b"] }), 5);
  if (!opened.ok) throw new Error(opened.reason);
  let j = opened.state;
  for (let i = 0; i < steps; i++) {
    const r = record(teams.engine, j, next(j));
    if (!r.ok) throw new Error(r.reason);
    j = r.state;
  }
  return j;
}

/** The journal's chunks, each behind a Proxy that counts the commands read from it. */
function counted(j: AnyJournal): { journal: AnyJournal; reads: () => number; readsOf: (k: string) => number } {
  const reads = new Map<string, number>();
  const log: Record<string, readonly TurnCommand[]> = {};
  for (const [k, chunk] of Object.entries(j.log)) {
    log[k] = new Proxy([...chunk], {
      get(target, key, receiver) {
        if (typeof key === "string" && /^\d+$/.test(key)) reads.set(k, (reads.get(k) ?? 0) + 1);
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
  }
  const total = () => [...reads.values()].reduce((a, b) => a + b, 0);
  return { journal: { ...j, log }, reads: total, readsOf: (k) => reads.get(k) ?? 0 };
}

/** The teams mode with its engine's state check counted. */
function spiedMode(): { mode: CombatMode; checks: () => number } {
  const isState = vi.fn((s: unknown) => teams.engine.isState(s));
  const mode = { ...teams, engine: { ...teams.engine, isState: isState as unknown as typeof teams.engine.isState } };
  return { mode, checks: () => isState.mock.calls.length };
}

describe("a stored fight is checked once, where it is read", () => {
  it("a second read of the same stored fight reads none of its commands and checks no state again", () => {
    const { journal, reads } = counted(played(3 * JOURNAL_CHUNK + 5));
    const { mode, checks } = spiedMode();
    const system = { journal };
    expect(currentFight(mode, system).kind).toBe("sound");
    expect(reads()).toBeGreaterThanOrEqual(3 * JOURNAL_CHUNK + 5);
    // The state and the checkpoint undo replays from, each once.
    expect(checks()).toBe(2);
    const [before, checked] = [reads(), checks()];
    for (let i = 0; i < 5; i++) {
      expect(currentFight(mode, system).kind).toBe("sound");
      expect(readFight(system).kind).toBe("sound");
    }
    expect([reads() - before, checks() - checked]).toEqual([0, 0]);
  });

  it(
    "a GM's step on a long fight reads only the chunk it " + "writes: the cost of a step does not grow with the fight",
    async () => {
      const combat = new FakeCombat(
        "fight",
        "teams",
        ids.map((id) => new FakeCombatant(id, id, id[0]!)),
        new FakeHooks(),
      );
      const stored = played(4 * JOURNAL_CHUNK + 3);
      combat.system = { journal: stored, events: [], revision: stored.revision };
      combat.round = 1;
      const reads = new Map<string, number>();
      // As Foundry, the fake prepares the data afresh after every update: its chunks are put behind counting proxies
      // again before each step, new objects as Foundry's preparation makes.
      const watch = () => {
        const inPlace = combat.system.journal as AnyJournal;
        const { journal, readsOf } = counted(inPlace);
        const before = new Map(reads);
        (inPlace as { log: unknown }).log = journal.log;
        return () => Object.keys(journal.log).forEach((k) => reads.set(k, (before.get(k) ?? 0) + readsOf(k)));
      };
      const ctx: TurnRequestContext = {
        combat: () => combat,
        user: () => gm,
        mode: (id) => COMBAT_MODES[id],
        ...gmTurnHands(),
      };
      const step = async () => {
        const done = watch();
        const j = combat.system.journal as AnyJournal;
        expect(
          await handleTurnRequest(ctx, { combatId: "fight", command: next(j), revision: j.revision }, "gm"),
        ).toMatchObject({ ok: true });
        done();
      };
      const full = ["0", "1", "2", "3"];
      await step();
      const first = full.map((k) => reads.get(k) ?? 0);
      expect(Math.min(...first)).toBeGreaterThanOrEqual(JOURNAL_CHUNK);
      for (let i = 0; i < 5; i++) await step();
      // The full chunks were read by the first step's read, and by no step after it, though each is a new object.
      expect(full.map((k) => reads.get(k) ?? 0)).toEqual(first);
      expect(reads.get("4")).toBeGreaterThan(0);
      expect((combat.system.journal as AnyJournal).length).toBe(4 * JOURNAL_CHUNK + 9);
    },
  );

  it("a checkpoint not in the engine's shape is rebuilt from the log, so undo never replays from it", async () => {
    const j = played(7);
    const bent = {
      ...j,
      checkpoints: { 0: { ...j.checkpoints[0]!, state: { ...(j.checkpoints[0]!.state as object), round: -1 } } },
    };
    const fight = currentFight(teams, { journal: bent });
    expect(fight.kind).toBe("sound");
    if (fight.kind !== "sound") return;
    expect(fight.journal.checkpoints[0]!.state).toEqual(j.checkpoints[0]!.state);
    expect(fight.journal.revision).toBe(j.revision);
    expect(commandsOf(fight.journal)).toEqual(commandsOf(j));
    const combat = new FakeCombat(
      "fight",
      "teams",
      ids.map((id) => new FakeCombatant(id, id, id[0]!)),
      new FakeHooks(),
    );
    combat.system = { journal: bent, events: [], revision: j.revision };
    combat.round = 1;
    const ctx: TurnRequestContext = {
      combat: () => combat,
      user: () => gm,
      mode: (id) => COMBAT_MODES[id],
      ...gmTurnHands(),
    };
    expect(
      await handleTurnRequest(ctx, { combatId: "fight", command: { type: "undo" }, revision: j.revision }, "gm"),
    ).toMatchObject({
      ok: true,
    });
    expect((combat.system.journal as AnyJournal).length).toBe(6);
  });

  it(
    "a state not in the engine's shape whose log no longer replays is damaged: a reader that only " +
      "looks gets no journal",
    () => {
      const j = played(4);
      const broken = {
        ...j,
        state: { ...(j.state as object), members: "?" },
        log: { 0: [{ type: "act", combatant: "nobody" }] },
        length: 1,
      };
      expect(currentFight(teams, { journal: broken })).toMatchObject({ kind: "damaged", rebuildable: true });
      expect(currentJournal(teams, broken as AnyJournal)).toBeNull();
      expect(currentJournal(teams, j)).toBe(j);
    },
  );
});
