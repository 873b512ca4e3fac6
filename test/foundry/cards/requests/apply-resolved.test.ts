import { beforeEach, describe, expect, it } from "vitest";
import { readAttackCard, type AttackCardData } from "../../../../src/foundry/cards/data/attack-card-data.js";
import { handleAttackOpen, type OpenCardContext } from "../../../../src/foundry/cards/requests/attack-open.js";
import { handleAttackStep } from "../../../../src/foundry/cards/requests/attack-request.js";
import { teamsAttackCard } from "../../../../src/foundry/cards/teams/index.js";
import { initialData } from "../../../../src/foundry/data/field-spec.js";
import { teamsCharacter } from "../../../../src/foundry/data/specs/teams/teams-character.js";
import { teamsWeapon } from "../../../../src/foundry/data/specs/teams/teams-weapon.js";
import { FakeActor, FakeItem, FakeMessage } from "../../../fakes/foundry-card.js";
import { FakeUser } from "../../../fakes/foundry-combat.js";
import { FakeDiceTray } from "../../../fakes/foundry-dice.js";
import { gmCardHands } from "../gm-card-hands.js";

// Alice plays the Raider (the attacker), Bob plays Boudica (the target); the GM applies and undoes.
const gm = new FakeUser("gm", "GM", true);
const alice = new FakeUser("alice", "Alice");
const bob = new FakeUser("bob", "Bob");
const users = [gm, alice, bob];

const BASE = initialData(teamsCharacter.fields);
let raider: FakeActor;
let boudica: FakeActor;
let messages: FakeMessage[];
let dropped: { actorId: string; how: string }[];
let ctx: OpenCardContext;

beforeEach(() => {
  messages = [];
  dropped = [];
  const club = new FakeItem("club", "Club", "teams-weapon", {
    ...initialData(teamsWeapon.fields),
    attributes: ["strength"],
    proficiencies: [],
    damage: 4,
    damageType: "bludgeoning",
    criticalThreshold: 20,
  });
  raider = new FakeActor(
    "raider",
    "Raider",
    "teams-character",
    { ...BASE, attributes: { strength: "d4", dexterity: "d4" }, skills: { combat: "d4", athletics: "d4" } },
    ["alice"],
    [club],
  );
  // TEAM-68: Boudica (endurance 5, health 12, constitution 4), dodging with dexterity d6 + athletics d4.
  boudica = new FakeActor(
    "boudica",
    "Boudica",
    "teams-character",
    {
      ...BASE,
      attributes: { strength: "d6", dexterity: "d6" },
      skills: { combat: "d6", athletics: "d4" },
      proficiencies: { finesse: 0, martial: 1, fortitude: 1 },
      endurance: { value: 5, max: 12 },
      health: { value: 12, max: 12 },
      constitution: 4,
    },
    ["bob"],
  );
  ctx = {
    ...gmCardHands(),
    message: (id) => messages.find((m) => m.id === id),
    actor: (id) => [raider, boudica].find((a) => a.id === id),
    user: (id) => users.find((u) => u.id === id),
    card: (ruleset) => (ruleset === "teams" ? teamsAttackCard : undefined),
    // The test 3 + 3 = 6 against evasion 0, luck 5; Boudica's dodge 1 + 1 = 2 fails; damage 6 + club 4 = 10.
    dice: new FakeDiceTray([3, 3, 5, 1, 1]),
    dropped: (actorId, how) => Promise.resolve(void dropped.push({ actorId, how })),
    mayTarget: () => true,
    ruleset: () => "teams",
    post: (data) => {
      const m = new FakeMessage(`m${messages.length + 1}`, "attack", data, gm);
      messages.push(m);
      return Promise.resolve(m);
    },
  };
});

const card = (): AttackCardData => readAttackCard(messages[0]!.system)!;
const click = (user: FakeUser, command: unknown) =>
  handleAttackStep(ctx, { messageId: "m1", command, revision: card().journal.revision }, user.id);

describe("an applied card writes the whole attack once it is resolved", () => {
  it(
    "TEAM-36 TEAM-67 the dodge's stamina and the fall are written when Boudica chooses to fall, not at the GM's " +
      "click; the undo puts all back",
    async () => {
      const stamina = (boudica.system.stamina as { value: number }).value;
      // The GM opens it, telling the card she has two reactions this round (TEAM-35): one to dodge, one to fortify.
      const options = { reactions: 2 };
      expect(
        await handleAttackOpen(
          ctx,
          { attackerId: "raider", targetId: "boudica", itemId: "club", options, rollMode: "publicroll" },
          "gm",
        ),
      ).toMatchObject({ ok: true });
      expect(await click(alice, { type: "roll" })).toMatchObject({ ok: true });
      expect(await click(bob, { type: "react", reaction: "dodge" })).toMatchObject({ ok: true });
      expect(await click(alice, { type: "rollDamage" })).toMatchObject({ ok: true });
      expect(await click(gm, { type: "apply" })).toMatchObject({ ok: true });
      // TEAM-67: missing 5 > constitution 4: she must choose first; nothing is written yet.
      expect(card().journal.state.step).toBe("apply");
      expect(boudica.updates).toEqual([]);
      expect(card().applied).toBeNull();
      expect(await click(alice, { type: "fallUnconscious" })).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.NotTheTarget",
      });
      expect(await click(bob, { type: "fallUnconscious" })).toMatchObject({ ok: true });
      expect(boudica.system).toMatchObject({
        endurance: { value: 0 },
        health: { value: 7 },
        stamina: { value: stamina - 1 },
        conditions: { unconscious: true },
      });
      // Unconscious is the field; its token icon follows the field (statuses/, tested there), so no status is toggled.
      expect(boudica.statuses.size).toBe(0);
      expect(dropped).toEqual([{ actorId: "boudica", how: "unable" }]);
      expect(await click(gm, { type: "undo" })).toMatchObject({ ok: true });
      expect(boudica.system).toMatchObject({
        endurance: { value: 5 },
        health: { value: 12 },
        stamina: { value: stamina },
        conditions: { unconscious: false },
      });
      expect(boudica.statuses.size).toBe(0);
      expect(card().journal.state.step).toBe("apply");
    },
  );
});

describe("a card's dice speak for the actor whose step they are", () => {
  it(
    "the attacker's rolls for the attacker, the target's " + "dodge for the target, never for the user who clicked",
    async () => {
      const names: Record<string, string> = { raider: "Raider", boudica: "Boudica" };
      const speaker = (ref: string) => ({ scene: null, actor: ref, token: null, alias: names[ref] ?? "" });
      ctx = { ...ctx, speaker };
      const tray = ctx.dice as FakeDiceTray;
      expect(
        await handleAttackOpen(
          ctx,
          { attackerId: "raider", targetId: "boudica", itemId: "club", options: {}, rollMode: "publicroll" },
          "alice",
        ),
      ).toMatchObject({ ok: true });
      expect(await click(alice, { type: "roll" })).toMatchObject({ ok: true });
      expect(await click(bob, { type: "react", reaction: "dodge" })).toMatchObject({ ok: true });
      expect(tray.shown.map((s) => [s.userId, s.speaker?.alias])).toEqual([
        ["alice", "Raider"],
        ["bob", "Boudica"],
      ]);
    },
  );
});
