import { beforeEach, describe, expect, it } from "vitest";
import { commandsOf, replay } from "../../../../src/core/shared/journal.js";
import { seededRoller } from "../../../../src/core/shared/roller.js";
import { readAttackCard, type AttackCardData } from "../../../../src/foundry/cards/data/attack-card-data.js";
import { handleAttackOpen, type OpenCardContext } from "../../../../src/foundry/cards/requests/attack-open.js";
import { handleAttackStep } from "../../../../src/foundry/cards/requests/attack-request.js";
import { FakeActor, FakeItem, FakeMessage } from "../../../fakes/foundry-card.js";
import { FakeUser } from "../../../fakes/foundry-combat.js";
import { FakeDiceTray } from "../../../fakes/foundry-dice.js";
import { toyCard, toyOpened } from "../toy-card.js";
import { gmCardHands } from "../gm-card-hands.js";

// Alice plays Alric (the attacker); Bob plays the Goblin (the target); Olive only watches.
const gm = new FakeUser("gm", "GM", true);
const alice = new FakeUser("alice", "Alice");
const bob = new FakeUser("bob", "Bob");
const olive = new FakeUser("olive", "Olive");
const users = [gm, alice, bob, olive];

let alric: FakeActor;
let goblin: FakeActor;
let messages: FakeMessage[];
let dropped: { actorId: string; how: string }[];
let tray: FakeDiceTray;
let ctx: OpenCardContext;

beforeEach(() => {
  alric = new FakeActor(
    "alric",
    "Alric",
    "teams-character",
    { health: { value: 9 } },
    ["alice"],
    [
      new FakeItem("spear", "Spear", "teams-weapon", { durability: { value: 3 } }),
      new FakeItem("salve", "Salve", "teams-consumable"),
    ],
  );
  goblin = new FakeActor("goblin", "Goblin", "teams-character", { health: { value: 4 } }, ["bob"]);
  messages = [];
  dropped = [];
  tray = new FakeDiceTray(4);
  ctx = {
    ...gmCardHands(),
    message: (id) => messages.find((m) => m.id === id),
    actor: (id) => [alric, goblin].find((a) => a.id === id),
    user: (id) => users.find((u) => u.id === id),
    card: (ruleset) => (ruleset === "teams" ? toyCard : undefined),
    dice: tray,
    dropped: (actorId, how) => Promise.resolve(void dropped.push({ actorId, how })),
    mayTarget: (_user, target) => target.id !== "lurker",
    ruleset: () => "teams",
    post: (data) => {
      const m = new FakeMessage(`m${messages.length + 1}`, "attack", data, gm);
      messages.push(m);
      return Promise.resolve(m);
    },
  };
});

const card = (): AttackCardData => readAttackCard(messages[0]!.system)!;
const click = (user: FakeUser, command: unknown, extra: Record<string, unknown> = {}) =>
  handleAttackStep(ctx, { messageId: "m1", command, revision: card().journal.revision, ...extra }, user.id);

async function open(user = alice, itemId: string | null = "spear") {
  return handleAttackOpen(
    ctx,
    { attackerId: "alric", targetId: "goblin", itemId, options: {}, rollMode: "publicroll" },
    user.id,
  );
}

describe("an attack card's clicks, on the GM's side", () => {
  it(
    "the attacker's owner opens and rolls, the target's " + "owner reacts, the GM applies: the target's sheet changes",
    async () => {
      // A table whose first d20 hits, so that every step is walked.
      let seed = 1;
      while (seededRoller(seed).die(20) < 12) seed++;
      tray = new FakeDiceTray(seed);
      ctx = { ...ctx, dice: tray };
      expect(await open()).toMatchObject({ ok: true, messageId: "m1" });
      let steps = 0;
      while (card().journal.state.step !== "done" && steps++ < 6) {
        const step = card().journal.state.step;
        const answer =
          step === "rollToHit"
            ? await click(alice, { type: "roll" })
            : step === "reactionWindow"
              ? await click(bob, { type: "rollDamage" }).then(async (byTarget) => {
                  // The target's owner may react, not roll the attacker's damage.
                  expect(byTarget).toMatchObject({ ok: false, key: "FRAY.Refusal.NotTheAttacker" });
                  return click(alice, { type: "rollDamage" });
                })
              : step === "damage"
                ? await click(alice, { type: "rollDamage" })
                : await click(gm, { type: "apply" });
        expect(answer.ok).toBe(true);
      }
      const data = card();
      const again = replay(
        toyCard.engine as never,
        data.journal.setup,
        data.journal.seed,
        commandsOf(data.journal),
        data.journal.dealt,
      );
      expect(again.ok && again.state.state).toEqual(data.journal.state);
      // Every die was a roll shown in chat, none drawn silently from the seed.
      expect(tray.shown.flatMap((s) => s.dice.map((d) => d.value))).toEqual(
        Object.values(data.journal.dealt ?? {}).flat(),
      );
      expect(data.applied).not.toBeNull(); // the seeded dice hit: the test walks every step
      expect(goblin.system).toEqual({
        health: { value: (data.journal.state as unknown as { health: number }).health },
      });
    },
  );

  it(
    "nobody takes another's step: the target's owner, an observer and a forged payload cannot roll; " +
      "only the GM applies",
    async () => {
      await open();
      for (const user of [bob, olive])
        expect(await click(user, { type: "roll" })).toMatchObject({ ok: false, key: "FRAY.Refusal.NotTheAttacker" });
      // A sender field in the payload is not who sent it.
      expect(await click(bob, { type: "roll" }, { senderId: "alice", userId: "alice" })).toMatchObject({ ok: false });
      for (const forged of [
        { type: "roll", bonus: 20 },
        { type: "apply" },
        JSON.parse('{"type":"roll","__proto__":{"admin":true}}'),
        { type: "undo" },
      ]) {
        expect((await click(alice, forged)).ok).toBe(false);
      }
      expect(card().journal.revision).toBe(0);
      expect(await click(alice, { type: "roll" }, { revision: 7 })).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.StaleRevision",
      });
      expect(
        await handleAttackStep(ctx, { messageId: "nope", command: { type: "roll" }, revision: 0 }, "alice"),
      ).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.UnknownCard",
      });
      expect(
        await handleAttackStep(
          ctx,
          { messageId: "m1", command: { type: "roll" }, revision: 0, rollMode: "loud" },
          "alice",
        ),
      ).toMatchObject({ ok: false, key: "FRAY.Refusal.BadRequest" });
      expect(tray.shown).toEqual([]);
    },
  );

  it("two clicks at once: one rolls, the other is refused as stale", async () => {
    await open();
    const both = await Promise.all([click(alice, { type: "roll" }), click(gm, { type: "roll" })]);
    expect(both.filter((a) => a.ok)).toHaveLength(1);
    expect(tray.shown).toHaveLength(1);
  });

  it("only the attacker's owner opens an attack, and only with an attack item of the attacker's", async () => {
    expect(await open(bob)).toMatchObject({ ok: false, key: "FRAY.Refusal.NotTheAttacker" });
    expect(await open(alice, "salve")).toMatchObject({ ok: false, key: "FRAY.Refusal.NotAWeapon" });
    expect(await open(alice, null)).toMatchObject({ ok: false });
    expect(
      await handleAttackOpen(ctx, { attackerId: "alric", targetId: "goblin", itemId: "spear" }, "alice"),
    ).toMatchObject({
      ok: false,
      key: "FRAY.Refusal.BadRequest",
    });
    expect(messages).toEqual([]);
  });

  it("an attacker's audit of open and step: prototype keys, huge and missing values, an observer's open", async () => {
    const openAs = (sender: string, payload: Record<string, unknown>) =>
      handleAttackOpen(
        ctx,
        { attackerId: "alric", targetId: "goblin", itemId: "spear", options: {}, ...payload },
        sender,
      );
    for (const ref of ["__proto__", "constructor", "x".repeat(100_000)]) {
      expect(await openAs("alice", { attackerId: ref })).toMatchObject({ ok: false, key: "FRAY.Refusal.UnknownActor" });
      expect(await openAs("alice", { targetId: ref })).toMatchObject({ ok: false, key: "FRAY.Refusal.UnknownActor" });
      expect((await openAs("alice", { itemId: ref })).ok).toBe(false);
    }
    for (const bad of [
      { options: null },
      { options: "advantage" },
      { rollMode: "__proto__" },
      { attackerId: undefined },
      { itemId: 7 },
    ])
      expect(await openAs("alice", bad)).toMatchObject({ ok: false, key: "FRAY.Refusal.BadRequest" });
    expect(await openAs("olive", {})).toMatchObject({ ok: false, key: "FRAY.Refusal.NotTheAttacker" });
    expect(await openAs("mallory", {})).toMatchObject({ ok: false, key: "FRAY.Refusal.UnknownUser" });
    expect(messages).toEqual([]);
    await open();
    for (const type of ["__proto__", "constructor", "toString", "x".repeat(100_000)])
      expect(await click(alice, { type })).toMatchObject({ ok: false, key: "FRAY.Refusal.NotOffered" });
    expect(await click(alice, { type: "roll", junk: "x".repeat(1_000_000) })).toMatchObject({
      ok: false,
      key: "FRAY.Refusal.NotOffered",
    });
    for (const messageId of ["__proto__", "constructor"])
      expect(await click(alice, { type: "roll" }, { messageId })).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.UnknownCard",
      });
    for (const extra of [
      { revision: "0" },
      { revision: 0.5 },
      { revision: undefined },
      { command: undefined },
      { messageId: 1 },
    ])
      expect(await click(alice, { type: "roll" }, extra)).toMatchObject({ ok: false, key: "FRAY.Refusal.BadRequest" });
    expect(await click(alice, { type: "roll" }, { revision: 1e300 })).toMatchObject({
      ok: false,
      key: "FRAY.Refusal.StaleRevision",
    });
    expect(card().journal.revision).toBe(0);
    expect(tray.shown).toEqual([]);
  });

  it("a player's request cannot grant its attack circumstances or boosts; the GM's can", async () => {
    const boost = { toHitBonus: 20, advantages: 3, sight: "clear" };
    const at = (user: FakeUser) =>
      handleAttackOpen(
        ctx,
        { attackerId: "alric", targetId: "goblin", itemId: "spear", options: boost, rollMode: "publicroll" },
        user.id,
      );
    toyOpened.length = 0;
    expect(await at(alice)).toMatchObject({ ok: true });
    expect(await at(gm)).toMatchObject({ ok: true });
    expect(toyOpened).toEqual([{}, boost]);
  });

  it(
    "a player's macro cannot attack an actor the table " + "cannot see, nor learn its name from a card; the GM can",
    async () => {
      const lurker = new FakeActor("lurker", "The Lurker", "teams-character", { health: { value: 4 } });
      const base = ctx.actor;
      ctx = { ...ctx, actor: (id) => (id === "lurker" ? lurker : base(id)) };
      const at = (user: FakeUser) =>
        handleAttackOpen(
          ctx,
          { attackerId: "alric", targetId: "lurker", itemId: "spear", options: {}, rollMode: "publicroll" },
          user.id,
        );
      expect(await at(alice)).toMatchObject({ ok: false, key: "FRAY.Refusal.TargetUnseen" });
      expect(messages).toEqual([]);
      expect(await at(gm)).toMatchObject({ ok: true });
    },
  );

  it("the GM's undo of an applied card puts the target's health and statuses back", async () => {
    await open();
    // Roll until a hit that gets through (the toy's seeded dice decide); then damage and apply.
    for (let guard = 0; guard < 20 && card().journal.state.step !== "apply"; guard++) {
      const step = card().journal.state.step;
      if (step === "done") {
        messages.length = 0;
        await open();
        continue;
      }
      await click(
        step === "rollToHit" ? alice : alice,
        step === "rollToHit" ? { type: "roll" } : { type: "rollDamage" },
      );
    }
    expect(card().journal.state.step).toBe("apply");
    expect(await click(alice, { type: "apply" })).toMatchObject({ ok: false, key: "FRAY.Refusal.GmOnly" });
    expect((await click(gm, { type: "apply" })).ok).toBe(true);
    expect(card().applied).not.toBeNull();
    expect(alric.items.contents[0]?.system).toEqual({ durability: { value: 2 } });
    // A finished card takes no step but the GM's undo, whatever its pipeline would offer next.
    expect(await click(alice, { type: "roll" })).toMatchObject({ ok: false, key: "FRAY.Refusal.AttackOver" });
    const hurt = structuredClone(goblin.system);
    expect(await click(alice, { type: "undo" })).toMatchObject({ ok: false, key: "FRAY.Refusal.GmOnly" });
    expect((await click(gm, { type: "undo" })).ok).toBe(true);
    expect(goblin.system).toEqual({ health: { value: 4 } });
    expect(goblin.statuses.size).toBe(0);
    expect(alric.items.contents[0]?.system).toEqual({ durability: { value: 3 } }); // the worn spear is whole again
    expect(hurt).not.toEqual(goblin.system);
    expect(card().journal.state.step).toBe("apply");
    expect(card().applied).toBeNull();
  });
});
