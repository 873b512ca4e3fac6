import { describe, expect, it } from "vitest";
import { commandsOf, openJournal, record } from "../../../../src/core/shared/journal.js";
import { readFight } from "../../../../src/foundry/combat/fight/journal.js";
import { COMBAT_MODES } from "../../../../src/foundry/rulesets/index.js";
import { damagedRecord, repairFight } from "../../../../src/foundry/combat/fight/repair-fight.js";
import { updateForJournal } from "../../../../src/foundry/combat/turns/combat-update.js";
import type { RosterEntry } from "../../../../src/foundry/combat/fight/roster.js";
import { handleTurnRequest } from "../../../../src/foundry/combat/requests/turn-request.js";
import { FakeCombat, FakeCombatant, FakeHooks, FakeUser } from "../../../fakes/foundry-combat.js";
import { render } from "../../../fakes/handlebars-env.js";
import { gmTurnHands } from "../gm-turn-hands.js";

const mode = COMBAT_MODES.teams!;
const roster: RosterEntry[] = ["a1", "a2", "b1", "b2"].map((id) => ({
  id,
  name: id,
  side: id[0]!,
  hidden: false,
  stats: { stamina: 2 },
}));

/** A sound teams journal three commands in. */
function played() {
  let j = openJournal(mode.engine, mode.buildSetup(roster, { sideOrder: ["a", "b"] }), 5);
  for (let i = 0; i < 3 && j.ok; i++) {
    const next = mode.engine.legal(j.state.state).find((c) => c.type === "act" || c.type === "endTurn");
    if (next) j = record(mode.engine, j.state, next);
  }
  if (!j.ok) throw new Error(j.reason);
  return j.state;
}

describe("a damaged stored fight is reported, not taken for 'not started'", () => {
  it("readFight tells a missing journal from a sound one and names what is wrong with a damaged one", () => {
    const sound = played();
    expect(readFight({ journal: null }).kind).toBe("none");
    expect(readFight({}).kind).toBe("none");
    expect(readFight({ journal: sound })).toEqual({ kind: "sound", journal: sound });
    expect(readFight({ journal: "garbage" })).toMatchObject({
      kind: "damaged",
      problem: "FRAY.Tracker.Damaged.NotAnObject",
      restartable: false,
    });
    expect(readFight({ journal: { ...sound, log: "x" } })).toMatchObject({
      kind: "damaged",
      problem: "FRAY.Tracker.Damaged.BadLog",
      rebuildable: false,
      restartable: true,
    });
    expect(readFight({ journal: { ...sound, seed: undefined } })).toMatchObject({
      problem: "FRAY.Tracker.Damaged.NoSeed",
      rebuildable: false,
      restartable: true,
    });
    expect(readFight({ journal: { ...sound, state: undefined } })).toMatchObject({
      problem: "FRAY.Tracker.Damaged.NoState",
      rebuildable: true,
    });
    expect(readFight({ journal: { ...sound, revision: "7" } })).toMatchObject({
      problem: "FRAY.Tracker.Damaged.BadRevision",
      rebuildable: true,
    });
  });

  it("every request on a damaged fight is refused with FightDamaged, undo included", async () => {
    const hooks = new FakeHooks();
    const combat = new FakeCombat("c", "teams", [new FakeCombatant("a1", "A1", "a")], hooks);
    combat.system = { journal: { ...played(), log: 5 }, events: [], revision: 3 };
    const ctx = {
      combat: () => combat,
      user: (id: string) => new FakeUser(id, id, id === "gm"),
      mode: (id: string) => COMBAT_MODES[id],
      ...gmTurnHands(),
    };
    for (const command of [{ type: "undo" }, { type: "act", combatant: "a1" }]) {
      expect(await handleTurnRequest(ctx, { combatId: "c", command, revision: 3 }, "gm")).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.FightDamaged",
      });
    }
    expect(combat.updates).toEqual([]);
  });

  it("rebuild replays the log as far as it applies; the revision moves past the stored one", () => {
    const sound = played();
    const rebuilt = repairFight(mode, { ...sound, state: undefined }, "rebuild", 1);
    expect(rebuilt).toMatchObject({ ok: true, kept: 3, dropped: 0 });
    if (!rebuilt.ok) return;
    expect(rebuilt.journal.state).toEqual(sound.state);
    expect(rebuilt.journal.revision).toBe(sound.revision + 1);
    // A command that no longer applies stops the replay there; the rest is counted as dropped.
    const [first, , third] = commandsOf(sound);
    const broken = repairFight(
      mode,
      { ...sound, log: { 0: [first, { type: "act", combatant: "nobody" }, third] } },
      "rebuild",
      1,
    );
    expect(broken).toMatchObject({ ok: true, kept: 1, dropped: 2 });
  });

  it("restart opens the fight again from its setup, with a fresh seed when the seed is gone", () => {
    const sound = played();
    const restarted = repairFight(mode, { ...sound, seed: "lost" }, "restart", 99);
    expect(restarted).toMatchObject({ ok: true, kept: 0 });
    if (restarted.ok) expect(restarted.journal).toMatchObject({ seed: 99, log: {}, length: 0, setup: sound.setup });
    expect(repairFight(mode, "garbage", "restart", 1)).toMatchObject({
      ok: false,
      key: "FRAY.Tracker.Damaged.NoSetup",
    });
  });

  it("the GM's tracker says what is wrong and offers only what can work; a player's says the fight is paused", () => {
    const damaged = readFight({ journal: { ...played(), seed: null } });
    const gm = render("templates/combat/tracker-part.hbs", { damaged: { ...damaged, isGM: true } });
    expect(gm).toContain("lost its dice seed");
    expect(gm).toContain('data-how="restart"');
    expect(gm).not.toContain('data-how="rebuild"');
    const player = render("templates/combat/tracker-part.hbs", { damaged: { ...damaged, isGM: false } });
    expect(player).toContain("paused");
    expect(player).not.toContain("data-how");
  });
});

describe("a repaired fight is stored whole, replacing the damaged one", () => {
  it(
    "restarting a long fight leaves none of its old chunks, checkpoints or state behind, and " +
      "keeps the damaged record",
    async () => {
      const hooks = new FakeHooks();
      const list = roster.map((r) => new FakeCombatant(r.id, r.name, r.side));
      const combat = new FakeCombat("c", "teams", list, hooks);
      // A fight three chunks long, then damaged (its seed lost).
      let j = played();
      for (let i = 0; i < 300; i++) {
        const next = mode.engine.legal(j.state).find((c) => c.type === "act" || c.type === "endTurn");
        const r = next ? record(mode.engine, j, next) : null;
        if (r?.ok) j = r.state;
      }
      expect(Object.keys(j.log).length).toBeGreaterThan(2);
      const stored = { ...j, seed: "lost" };
      combat.system = { journal: stored, events: [], revision: j.revision };
      const repair = repairFight(mode, stored, "restart", 17);
      if (!repair.ok) throw new Error(repair.reason);
      await combat.update({
        ...updateForJournal(mode, repair.journal, repair.events, combat),
        ...damagedRecord(stored),
      });
      const now = combat.system.journal as typeof j;
      expect(Object.keys(now.log)).toEqual([]);
      expect(Object.keys(now.checkpoints)).toEqual(["0"]);
      expect(now).toEqual(JSON.parse(JSON.stringify(repair.journal)));
      expect(combat.system.damaged).toEqual(JSON.parse(JSON.stringify(stored)));
      expect(readFight(combat.system).kind).toBe("sound");
    },
  );
});
