import { describe, expect, it } from "vitest";
import { openJournal } from "../../../src/core/shared/journal.js";
import { handleAttackOpen, type OpenCardContext } from "../../../src/foundry/cards/requests/attack-open.js";
import { handleAttackStep } from "../../../src/foundry/cards/requests/attack-request.js";
import { readAttackCard } from "../../../src/foundry/cards/data/attack-card-data.js";
import { journalOf } from "../../../src/foundry/combat/fight/journal.js";
import { COMBAT_MODES } from "../../../src/foundry/rulesets/index.js";
import type { RosterEntry } from "../../../src/foundry/combat/fight/roster.js";
import { handleTurnRequest, type TurnRequestContext } from "../../../src/foundry/combat/requests/turn-request.js";
import { ACTOR_MODELS, ITEM_MODELS } from "../../../src/foundry/data/models.js";
import { FakeActor, FakeChat, FakeItem } from "../../fakes/foundry-card.js";
import { FakeCombat, FakeCombatant, FakeHooks, FakeUser } from "../../fakes/foundry-combat.js";
import { FakeDiceTray } from "../../fakes/foundry-dice.js";
import { toyCard, toyOpened } from "../cards/toy-card.js";
import { gmCardHands } from "../cards/gm-card-hands.js";
import { gmTurnHands } from "../combat/gm-turn-hands.js";

// docs/security.md: for each document type Fray registers, what a player may write of it in Foundry, and that Fray
// does not believe more of it than it must. The chat cards have their own files (cards/card-forged*.test.ts,
// move-cards/move-card-forged.test.ts, move-cards/move-card-hidden.test.ts).
const gm = new FakeUser("gm", "GM", true);
const alice = new FakeUser("alice", "Alice");
const bob = new FakeUser("bob", "Bob");
const USERS = [gm, alice, bob];

describe("Combat (every turn order): what a player may write of one is not what Fray reads", () => {
  for (const mode of Object.keys(COMBAT_MODES)) {
    it(`${mode}: a player's round, turn and own new combatant change neither the fight nor who may act`, async () => {
      // Side a is Alice's, side b the GM's.
      const list = ["a1", "a2", "b1", "b2"].map(
        (id) => new FakeCombatant(id, id.toUpperCase(), id[0]!, id[0] === "a" ? ["alice"] : []),
      );
      const combat = new FakeCombat("fight", mode, list, new FakeHooks());
      const m = COMBAT_MODES[mode]!;
      const roster: RosterEntry[] = list.map((c, i) => ({
        id: c.id,
        name: c.name,
        side: c.side,
        hidden: false,
        stats: { agility: i, initiative: i, wit: 12, health: 8, healthMax: 8, stamina: 3, focus: 3, speed: 6 },
      }));
      const opened = openJournal(m.engine, m.buildSetup(roster, { sideOrder: ["a", "b"] }), 5);
      if (!opened.ok) throw new Error(opened.reason);
      combat.system = { journal: opened.state, events: [], revision: opened.state.revision };
      combat.round = 1;
      const ctx: TurnRequestContext = {
        combat: (id) => (id === combat.id ? combat : undefined),
        user: (id) => USERS.find((u) => u.id === id),
        mode: (id) => COMBAT_MODES[id],
        ...gmTurnHands(),
      };
      const before = JSON.stringify(combat.system);
      // What Foundry lets a player write (common/documents/combat.mjs #canUpdate; combatant.mjs create "OWNER"): the
      // round, the turn, and a combatant of an actor they own; and that combatant's initiative and defeated flag.
      combat.round = 0;
      combat.turn = 3;
      const mine = new FakeCombatant("mine", "Mine", "a", ["alice"]);
      combat.combatants.contents.push(mine);
      expect(JSON.stringify(combat.system)).toBe(before);
      const revision = journalOf(combat)!.revision;
      for (const type of ["endTurn", "act", "pass", "delay"])
        expect(
          await handleTurnRequest(
            ctx,
            { combatId: "fight", command: { type, combatant: "mine", side: "a" }, revision },
            "alice",
          ),
        ).toMatchObject({
          ok: false,
        });
      expect(
        await handleTurnRequest(
          ctx,
          { combatId: "fight", command: { type: "endTurn", combatant: "b1" }, revision },
          "alice",
        ),
      ).toMatchObject({
        ok: false,
      });
      expect(JSON.stringify(combat.system)).toBe(before);
      // The GM's own command is decided on the stored fight as before: the round Alice wrote is not read.
      const legal = m.engine.legal(journalOf(combat)!.state)[0]!;
      expect(await handleTurnRequest(ctx, { combatId: "fight", command: legal, revision }, "gm")).toMatchObject({
        ok: true,
      });
    });
  }
});

/**
 * The GM's card handlers, with the toy attack card for every rule set (the checks below are the handlers', not a rule
 * set's).
 */
function cardTable(...actors: FakeActor[]) {
  const chat = new FakeChat();
  const ctx: OpenCardContext = {
    ...gmCardHands(),
    message: (id) => chat.get(id),
    actor: (id) => actors.find((a) => a.id === id),
    user: (id) => USERS.find((u) => u.id === id),
    card: () => toyCard,
    dice: new FakeDiceTray([19, 6]),
    dropped: () => Promise.resolve(undefined),
    mayTarget: (_u, t) => !(t as FakeActor).name.startsWith("Hidden"),
    ruleset: () => "teams",
    post: (data) => Promise.resolve(chat.create(gm, "attack", data)),
  };
  return { chat, ctx };
}

describe("Actor (every type): a player writes their own, and the GM's checks still bound what it does", () => {
  for (const { type } of ACTOR_MODELS) {
    it(
      `${type}: Alice's own actor, written by her macro, ` + `attacks only as hers, with no option the GM did not give`,
      async () => {
        // Her macro writes her actor past the sheet's review (Foundry's server does not check system data).
        const mine = new FakeActor(
          "mine",
          "Mine",
          type,
          { health: { value: 1e9, max: 1e9 }, reach: 99 },
          ["alice"],
          [new FakeItem("spear", "Spear", "teams-weapon")],
        );
        const bobs = new FakeActor(
          "bobs",
          "Bob's",
          type,
          { health: { value: 4 } },
          ["bob"],
          [new FakeItem("axe", "Axe", "teams-weapon")],
        );
        const hidden = new FakeActor("hid", "Hidden", type, {}, []);
        const { chat, ctx } = cardTable(mine, bobs, hidden);
        const open = (attackerId: string, targetId: string, itemId: string, options: Record<string, unknown> = {}) =>
          handleAttackOpen(ctx, { attackerId, targetId, itemId, options }, "alice");
        expect(await open("bobs", "mine", "axe")).toMatchObject({ ok: false, key: "FRAY.Refusal.NotTheAttacker" });
        expect(await open("mine", "hid", "spear")).toMatchObject({ ok: false, key: "FRAY.Refusal.TargetUnseen" });
        toyOpened.length = 0;
        expect(await open("mine", "bobs", "spear", { advantages: 9, bonus: 99 })).toMatchObject({ ok: true });
        expect(toyOpened).toEqual([{}]);
        // The card is the GM's: its apply is the GM's, whatever Alice's actor says.
        const card = chat.messages[0]!;
        const revision = readAttackCard(card.system)!.journal.revision;
        expect(
          await handleAttackStep(ctx, { messageId: card.id, command: { type: "apply" }, revision }, "alice"),
        ).toMatchObject({
          ok: false,
        });
        expect(bobs.updates).toEqual([]);
      },
    );
  }
});

describe("Item (every type): an item is used only by the actor that holds it", () => {
  for (const { type } of ITEM_MODELS) {
    it(`${type}: Alice's request naming Bob's ${type} for her own actor opens nothing`, async () => {
      const mine = new FakeActor("mine", "Mine", "teams-character", {}, ["alice"]);
      const bobs = new FakeActor(
        "bobs",
        "Bob's",
        "teams-character",
        {},
        ["bob"],
        [new FakeItem("theirs", "Theirs", type)],
      );
      const { chat, ctx } = cardTable(mine, bobs);
      expect(
        await handleAttackOpen(ctx, { attackerId: "mine", targetId: "bobs", itemId: "theirs", options: {} }, "alice"),
      ).toMatchObject({
        ok: false,
      });
      expect(chat.messages).toEqual([]);
    });
  }
});
