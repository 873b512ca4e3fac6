import { beforeEach, describe, expect, it } from "vitest";
import { readAttackCard, type AttackCardData } from "../../../../src/foundry/cards/data/attack-card-data.js";
import { handleAttackOpen, type OpenCardContext } from "../../../../src/foundry/cards/requests/attack-open.js";
import { handleAttackStep } from "../../../../src/foundry/cards/requests/attack-request.js";
import { factionsAttackCard } from "../../../../src/foundry/cards/factions/index.js";
import { initialData } from "../../../../src/foundry/data/field-spec.js";
import { factionsArmour, factionsCharacter, factionsWeapon } from "../../../../src/foundry/data/specs/index.js";
import { FakeActor, FakeItem, FakeMessage } from "../../../fakes/foundry-card.js";
import { FakeUser } from "../../../fakes/foundry-combat.js";
import { FakeDiceTray } from "../../../fakes/foundry-dice.js";
import { gmCardHands } from "../gm-card-hands.js";

// Alice plays Balthasar (the attacker), Bob the Bandit (the target); the GM applies and undoes.
const gm = new FakeUser("gm", "GM", true);
const alice = new FakeUser("alice", "Alice");
const bob = new FakeUser("bob", "Bob");
const users = [gm, alice, bob];

const weapon = (id: string, name: string, over: Record<string, unknown>) =>
  new FakeItem(id, name, "factions-weapon", { ...initialData(factionsWeapon.fields), ...over });
const character = (over: Record<string, unknown>) => ({
  ...initialData(factionsCharacter.fields),
  wit: 12,
  agi: 10,
  str: 10,
  ...over,
});

let balthasar: FakeActor;
let bandit: FakeActor;
let messages: FakeMessage[];
let ctx: OpenCardContext;

function context(dice: number[]): OpenCardContext {
  return {
    ...gmCardHands(),
    message: (id) => messages.find((m) => m.id === id),
    actor: (id) => [balthasar, bandit].find((a) => a.id === id),
    user: (id) => users.find((u) => u.id === id),
    card: (ruleset) => (ruleset === "factions" ? factionsAttackCard : undefined),
    dice: new FakeDiceTray(dice),
    dropped: async () => {},
    mayTarget: () => true,
    ruleset: () => "factions",
    post: (data) => {
      const m = new FakeMessage(`m${messages.length + 1}`, "attack", data, gm);
      messages.push(m);
      return Promise.resolve(m);
    },
  };
}

const card = (): AttackCardData => readAttackCard(messages[0]!.system)!;
const click = (user: FakeUser, command: unknown) =>
  handleAttackStep(ctx, { messageId: "m1", command, revision: card().journal.revision }, user.id);
const attack = (itemId: string, options: Record<string, unknown> = {}) =>
  handleAttackOpen(
    ctx,
    { attackerId: "balthasar", targetId: "bandit", itemId, options, rollMode: "publicroll" },
    gm.id,
  );

beforeEach(() => {
  messages = [];
  balthasar = new FakeActor(
    "balthasar",
    "Balthasar",
    "factions-character",
    character({}),
    ["alice"],
    [weapon("club", "Club", { damageDie: "d8", improvised: true }), weapon("sword", "Sword", { damageDie: "d8" })],
  );
  bandit = new FakeActor(
    "bandit",
    "Bandit",
    "factions-character",
    character({ armour: 0 }),
    ["bob"],
    [
      weapon("axe", "Axe", { damageDie: "d6" }),
      new FakeItem("buckler", "Buckler", "factions-armour", {
        ...initialData(factionsArmour.fields),
        shield: true,
        armour: 1,
        damaged: true,
      }),
    ],
  );
});

describe("factions card: applying writes the gear, the GM's undo puts it back", () => {
  it(
    "FAC-43 a failed STR save against a disarm: applying marks the Bandit's axe dropped; the " +
      "undo picks it up again",
    async () => {
      // The STR save rolls 19 against STR 10: failed, the axe is dropped.
      ctx = context([19]);
      expect(await attack("sword", { effect: "disarm" })).toMatchObject({ ok: true });
      expect(await click(bob, { type: "skipReaction" })).toMatchObject({ ok: true });
      expect(card().journal.state.step).toBe("apply");
      expect(await click(alice, { type: "apply" })).toMatchObject({ ok: false, key: "FRAY.Refusal.GmOnly" });
      expect(await click(gm, { type: "apply" })).toMatchObject({ ok: true });
      const axe = bandit.items.contents.find((i) => i.id === "axe")!;
      expect(axe.system).toMatchObject({ dropped: true });
      expect(card().applied?.items).toEqual([{ actorId: "bandit", itemId: "axe", before: { dropped: false } }]);
      expect(await click(gm, { type: "undo" })).toMatchObject({ ok: true });
      expect(axe.system).toMatchObject({ dropped: false });
      expect(card().applied).toBeNull();
    },
  );

  it(
    "FAC-62 FAC-64 an improvised club that rolls a 1 is destroyed: applying deletes it; the undo creates it again " +
      "with its id and data",
    async () => {
      const before = structuredClone(balthasar.items.contents.find((i) => i.id === "club")!.system);
      // The club's d8 shows 1: 1 damage less armour 1 (the buckler) leaves 0, and the improvised club breaks.
      ctx = context([1]);
      expect(await attack("club")).toMatchObject({ ok: true });
      expect(await click(bob, { type: "skipReaction" })).toMatchObject({ ok: true });
      expect(await click(alice, { type: "rollDamage" })).toMatchObject({ ok: true });
      expect(balthasar.items.contents.map((i) => i.id)).toEqual(["club", "sword"]);
      expect(await click(gm, { type: "apply" })).toMatchObject({ ok: true });
      expect(balthasar.items.contents.map((i) => i.id)).toEqual(["sword"]);
      expect(card().applied?.destroyed).toEqual([
        {
          actorId: "balthasar",
          data: { _id: "club", name: "Club", type: "factions-weapon", system: before, flags: {} },
        },
      ]);
      expect(await click(gm, { type: "undo" })).toMatchObject({ ok: true });
      const club = balthasar.items.contents.find((i) => i.id === "club");
      expect(club).toMatchObject({ id: "club", name: "Club", type: "factions-weapon", system: before });
      expect(balthasar.created).toHaveLength(1);
    },
  );

  it(
    "FAC-63 an 8 before armour destroys the Bandit's damaged shield: applying deletes the buckler; the " +
      "undo brings it back",
    async () => {
      ctx = context([8]);
      const health = (bandit.system.health as { value: number }).value;
      expect(await attack("sword")).toMatchObject({ ok: true });
      expect(await click(bob, { type: "skipReaction" })).toMatchObject({ ok: true });
      expect(await click(alice, { type: "rollDamage" })).toMatchObject({ ok: true });
      expect(await click(gm, { type: "apply" })).toMatchObject({ ok: true });
      expect(bandit.items.contents.map((i) => i.id)).toEqual(["axe"]);
      // 8 less the buckler's armour 1 is 7 damage.
      expect(bandit.system).toMatchObject({ health: { value: health - 7 } });
      expect(await click(gm, { type: "undo" })).toMatchObject({ ok: true });
      expect(bandit.items.contents.map((i) => i.id)).toEqual(["axe", "buckler"]);
      expect(bandit.items.contents[1]!.system).toMatchObject({ shield: true, damaged: true });
    },
  );
});
