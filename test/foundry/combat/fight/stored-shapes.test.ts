// Issue 26, "a stored fight of an older shape can be lost": every shape of Combat.system.journal Fray ever wrote
// (git log -p src/core/shared/journal.ts) is read correctly, or reported damaged with its rebuild offered, and
// nothing a player sends makes it worse.
//   - one list: { engine, setup, seed, log: Command[], state, dice, revision } (831c693 to 3d06619)
//   - chunks: { ..., log: { "0": Command[], ... }, checkpoints, length } (3d06619 to 9cbc603)
//   - chunks with dice rolled outside the core: the same and `dealt` (9cbc603 on)
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { commandsOf, openJournal, record } from "../../../../src/core/shared/journal.js";
import { updateForJournal } from "../../../../src/foundry/combat/turns/combat-update.js";
import { currentFight, journalOf, readFight, type AnyJournal } from "../../../../src/foundry/combat/fight/journal.js";
import { COMBAT_MODES } from "../../../../src/foundry/rulesets/index.js";
import { damagedRecord, repairFight } from "../../../../src/foundry/combat/fight/repair-fight.js";
import type { RosterEntry } from "../../../../src/foundry/combat/fight/roster.js";
import { registerTurnRequests } from "../../../../src/foundry/combat/requests/turn-client.js";
import type { TurnCommand } from "../../../../src/foundry/combat/fight/turn-command.js";
import { TURN_REQUEST, type TurnRequestContext } from "../../../../src/foundry/combat/requests/turn-request.js";
import { RequestChannel } from "../../../../src/foundry/requests/request-channel.js";
import { FakeCombat, FakeCombatant, FakeHooks, FakeUser } from "../../../fakes/foundry-combat.js";
import { FakeSocketServer } from "../../../fakes/foundry-socket.js";
import { render } from "../../../fakes/handlebars-env.js";
import { gmTurnHands } from "../gm-turn-hands.js";

const mode = COMBAT_MODES.teams!;
const gm = new FakeUser("gm", "GM", true);
const alice = new FakeUser("alice", "Alice");
const bob = new FakeUser("bob", "Bob");
const USERS = [gm, alice, bob];
const roster: RosterEntry[] = ["a1", "a2", "b1", "b2"].map((id) => ({
  id,
  name: id,
  side: id[0]!,
  hidden: false,
  stats: { stamina: 2 },
}));

/** A sound journal `steps` commands in, each the first act or end of turn the engine allows. */
function played(steps: number): AnyJournal {
  const opened = openJournal(mode.engine, mode.buildSetup(roster, { sideOrder: ["a", "b"] }), 5);
  if (!opened.ok) throw new Error(opened.reason);
  let j = opened.state;
  for (let i = 0; i < steps; i++) {
    const next = mode.engine.legal(j.state).find((c) => c.type === "act" || c.type === "endTurn") as TurnCommand;
    const r = record(mode.engine, j, next);
    if (!r.ok) throw new Error(r.reason);
    j = r.state;
  }
  return j;
}

/** The same fight as an earlier Fray stored it: its log one list, no chunks, checkpoints, length or dealt dice. */
function oneList(j: AnyJournal, log: readonly unknown[] = commandsOf(j)): Record<string, unknown> {
  const { checkpoints: _c, length: _l, dealt: _d, log: _log, ...rest } = j;
  return { ...rest, log };
}

/** A one-list fight whose log no longer replays in full: a step in its middle the engine now refuses. */
function brokenOneList(): Record<string, unknown> {
  const j = played(6);
  const log = commandsOf(j);
  return oneList(j, [...log.slice(0, 3), { type: "act", combatant: "a1" }, ...log.slice(3)]);
}

function world(journal: unknown) {
  const list = roster.map((r) => new FakeCombatant(r.id, r.name, r.side, r.side === "a" ? ["alice"] : ["bob"]));
  const combat = new FakeCombat("fight", "teams", list, new FakeHooks());
  combat.system = { journal, events: [], revision: (journal as { revision?: number }).revision ?? 0 };
  combat.round = 1;
  const ctx: TurnRequestContext = {
    combat: (id) => (id === combat.id ? combat : undefined),
    user: (id) => USERS.find((u) => u.id === id),
    mode: (id) => COMBAT_MODES[id],
    ...gmTurnHands(),
  };
  const server = new FakeSocketServer();
  const gmChannel = new RequestChannel(server.env("gm", () => "gm"));
  gmChannel.listen();
  registerTurnRequests(gmChannel, ctx);
  const channels: Record<string, RequestChannel> = { gm: gmChannel };
  for (const u of [alice, bob]) (channels[u.id] = new RequestChannel(server.env(u.id, () => "gm"))).listen();
  return { combat, channels };
}

describe("every shape of stored fight Fray ever wrote", () => {
  it("one list, chunks, and chunks with dealt dice are read as the same sound fight", () => {
    const j = played(9);
    const { dealt: _d, ...chunksOnly } = j;
    for (const stored of [oneList(j), chunksOnly, { ...j, dealt: {} }]) {
      const fight = currentFight(mode, { journal: stored });
      expect(fight.kind).toBe("sound");
      if (fight.kind !== "sound") continue;
      expect(fight.journal.state).toEqual(j.state);
      expect(commandsOf(fight.journal)).toEqual(commandsOf(j));
      expect(fight.journal.revision).toBe(j.revision);
    }
  });

  it("a one-list fight whose log no longer replays in full is reported damaged, with its rebuild offered", () => {
    const fight = currentFight(mode, { journal: brokenOneList() });
    expect(fight).toMatchObject({ kind: "damaged", rebuildable: true, restartable: true });
    if (fight.kind !== "damaged") return;
    const html = render("templates/combat/tracker-part.hbs", { damaged: { ...fight, isGM: true } });
    expect(html).toContain('data-how="rebuild"');
    expect(html).not.toMatch(/FRAY\.Tracker\.Damaged/);
  });

  it(
    "a chunked fight whose chunks do not add up to its " + "length, or lack a checkpoint, is damaged and rebuildable",
    () => {
      const j = played(5);
      for (const bad of [
        { ...j, length: 9 },
        { ...j, length: 2 },
        { ...j, log: { 1: commandsOf(j) } },
        { ...j, checkpoints: { 0: j.checkpoints[0], 3: j.checkpoints[0] }, log: { 0: commandsOf(j), 3: [] } },
        { ...j, dealt: "dice" },
      ]) {
        expect(readFight({ journal: bad }), JSON.stringify(Object.keys(bad))).toMatchObject({
          kind: "damaged",
          rebuildable: true,
        });
      }
    },
  );

  it(
    "50 players' steps and the GM's undo on a broken " + "one-list fight: none accepted, nothing written, no NaN",
    async () => {
      const stored = brokenOneList();
      const { combat, channels } = world(stored);
      const before = JSON.stringify(combat.system);
      const revision = stored.revision as number;
      // The steps the stored state allows (what the fight's players would click), the GM's undo, and some made up.
      const legal = mode.engine.legal(stored.state).filter((c) => c.type === "act" || c.type === "endTurn");
      expect(legal.length).toBeGreaterThan(0);
      const tries = fc.sample(
        fc.record({
          user: fc.constantFrom(alice, bob, gm),
          command: fc.constantFrom<TurnCommand>(
            ...legal,
            ...legal,
            { type: "undo" },
            { type: "act", combatant: "a1" },
            { type: "endTurn", combatant: "b1" },
            { type: "act", combatant: "__proto__" },
          ),
          revision: fc.constantFrom<unknown>(
            revision,
            revision,
            revision,
            revision + 1,
            Number.NaN,
            `${revision}`,
            undefined,
          ),
          extra: fc.constantFrom({}, { userId: "gm" }, { log: [], length: 0 }),
        }),
        { numRuns: 50, seed: 2_626 },
      );
      let accepted = 0;
      for (const t of tries) {
        const answer = await channels[t.user.id]!.send(TURN_REQUEST, {
          combatId: "fight",
          command: t.command,
          revision: t.revision,
          ...t.extra,
        });
        if (answer.ok) accepted++;
      }
      expect(accepted).toBe(0);
      expect(combat.updates).toEqual([]);
      expect(JSON.stringify(combat.system)).toBe(before);
      expect(JSON.stringify(combat.system)).not.toContain("NaN");
    },
  );

  it(
    "the GM's rebuild keeps the steps that still replay; then a player's ordinary step is accepted " +
      "and stored in chunks",
    async () => {
      const stored = brokenOneList();
      const { combat, channels } = world(stored);
      const repair = repairFight(mode, stored, "rebuild", 1);
      if (!repair.ok) throw new Error(repair.reason);
      expect(repair).toMatchObject({ kept: 3, dropped: 4 });
      await combat.update({
        ...updateForJournal(mode, repair.journal, repair.events, combat),
        ...damagedRecord(stored),
      });
      expect(readFight(combat.system).kind).toBe("sound");
      const j = journalOf(combat)!;
      const next = mode.engine.legal(j.state).find((c) => c.type === "act" || c.type === "endTurn") as TurnCommand;
      const owner = next.combatant?.startsWith("a") ? alice : bob;
      const answer = await channels[owner.id]!.send(TURN_REQUEST, {
        combatId: "fight",
        command: next,
        revision: j.revision,
      });
      expect(answer.ok).toBe(true);
      const now = journalOf(combat)!;
      expect(Object.keys(now.log)).toEqual(["0"]);
      expect(now.length).toBe(4);
      expect(JSON.stringify(combat.system.journal)).not.toContain("NaN");
      expect(combat.system.damaged).toEqual(JSON.parse(JSON.stringify(stored)));
    },
  );
});
