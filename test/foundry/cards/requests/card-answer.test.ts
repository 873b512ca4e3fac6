import { beforeEach, describe, expect, it } from "vitest";
import { strainCharacter } from "../../../../src/foundry/data/specs/strain/strain-character.js";
import { initialData } from "../../../../src/foundry/data/field-spec.js";
import { readAttackCard, readPendingCard } from "../../../../src/foundry/cards/data/attack-card-data.js";
import { handleAttackAnswer } from "../../../../src/foundry/cards/requests/attack-answer.js";
import { pendingCardContext } from "../../../../src/foundry/cards/attack-card-context.js";
import { attackCardFor } from "../../../../src/foundry/rulesets/index.js";
import { handleAttackOpen, type OpenCardContext } from "../../../../src/foundry/cards/requests/attack-open.js";
import { SAMPLE_ACTORS, sampleItemsFor } from "../../../../tools/sample-data.js";
import { FakeActor, FakeItem, FakeMessage } from "../../../fakes/foundry-card.js";
import { FakeUser } from "../../../fakes/foundry-combat.js";
import { FakeDiceTray } from "../../../fakes/foundry-dice.js";
import { render } from "../../../fakes/handlebars-env.js";
import { StorageSealedStore } from "../../../../src/foundry/cards/sealed/sealed-card.js";
import { gmCardHands } from "../gm-card-hands.js";

// Alice's strain character attacks Bram's: STR-38, Bram's owner chooses the defence before the attack can open.
const gm = new FakeUser("gm", "GM", true);
const alice = new FakeUser("alice", "Alice");
const bob = new FakeUser("bob", "Bob");
// Olive owns neither actor: an observer at best.
const olive = new FakeUser("olive", "Olive");
const users = [gm, alice, bob, olive];
const SAMPLE = SAMPLE_ACTORS.find((a) => a.type === "strain-character")!;

let messages: FakeMessage[];
let ctx: OpenCardContext;
let attacker: FakeActor;

beforeEach(() => {
  const items = sampleItemsFor("strain-character").map((s, n) => new FakeItem(`item${n}`, s.name, s.type, s.system));
  attacker = new FakeActor("alric", SAMPLE.name, "strain-character", SAMPLE.system, ["alice"], items);
  const bram = new FakeActor("bram", "Bram", "strain-character", initialData(strainCharacter.fields), ["bob"]);
  messages = [];
  ctx = {
    ...gmCardHands(),
    message: (id) => messages.find((m) => m.id === id),
    actor: (id) => [attacker, bram].find((a) => a.id === id),
    user: (id) => users.find((u) => u.id === id),
    card: (ruleset) => attackCardFor(ruleset),
    dice: new FakeDiceTray(2),
    dropped: () => Promise.resolve(undefined),
    mayTarget: (_user, target) => target.id !== "lurker",
    ruleset: () => "strain",
    post: (data) => {
      const m = new FakeMessage(`m${messages.length + 1}`, "attack", data, gm);
      messages.push(m);
      return Promise.resolve(m);
    },
  };
});

async function attack(rollMode = "publicroll") {
  const ability = attacker.items.contents.find((i) => i.type === "strain-ability")!;
  return handleAttackOpen(
    ctx,
    { attackerId: "alric", targetId: "bram", itemId: ability.id, options: {}, rollMode },
    "alice",
  );
}

describe("a card that waits for the target's answer before its attack opens", () => {
  it(
    "STR-38 the card asks Bram's owner for a defence the " + "attack allows; only they (or the GM) answer, once",
    async () => {
      expect(await attack()).toMatchObject({ ok: true, messageId: "m1" });
      const waiting = readPendingCard(messages[0]!.system)!;
      expect(waiting.pending.question.role).toBe("target");
      const offered = waiting.pending.question.answers.map((a) => a.value);
      expect(offered.length).toBeGreaterThan(0);
      const answer = (user: FakeUser, value: unknown) => handleAttackAnswer(ctx, { messageId: "m1", value }, user.id);
      expect(await answer(alice, offered[0])).toMatchObject({ ok: false, key: "FRAY.Refusal.NotTheTarget" });
      expect(await answer(bob, "teleport")).toMatchObject({ ok: false, key: "FRAY.Refusal.NotAsked" });
      expect(await answer(bob, { toString: () => offered[0] })).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.BadRequest",
      });
      expect(readAttackCard(messages[0]!.system)).toBeNull();
      expect(await answer(bob, offered[0])).toMatchObject({ ok: true });
      const card = readAttackCard(messages[0]!.system)!;
      expect(card.journal.state.step).toBe("rollToHit");
      expect(JSON.stringify(card.journal.setup)).toContain(`"defence":"${offered[0]}"`);
      expect(await answer(bob, offered[0])).toMatchObject({ ok: false, key: "FRAY.Refusal.NothingAsked" });
    },
  );

  it(
    "STR-38 the waiting card shows the question to all, " + "and the answers only to the target's owner and the GM",
    async () => {
      await attack();
      const waiting = readPendingCard(messages[0]!.system)!;
      const names = { alric: SAMPLE.name, bram: "Bram" };
      const html = (user: FakeUser, ownsTarget: boolean) =>
        render(
          "templates/chat/attack-card.hbs",
          pendingCardContext(waiting, { user, ownsAttacker: user === alice, ownsTarget, names }),
        );
      expect(html(bob, true).match(/data-fray-card-answer=/g)?.length).toBe(waiting.pending.question.answers.length);
      expect(html(gm, false)).toContain("data-fray-card-answer=");
      expect(html(alice, false)).not.toContain("data-fray-card-answer=");
      expect(html(alice, false)).toContain("Waiting for the target");
      expect(html(bob, true)).toContain("Bram chooses a defence");
      expect(html(bob, true)).not.toMatch(/>[^<]*FRAY\./);
    },
  );

  it(
    "STR-38 a blind attack waits for the answer like any, " +
      "then opens sealed: its state goes to the GM's store only",
    async () => {
      const store = new StorageSealedStore(null, "");
      ctx = { ...ctx, sealed: store };
      expect(await attack("blindroll")).toMatchObject({ ok: true });
      const offered = readPendingCard(messages[0]!.system)!.pending.question.answers.map((a) => a.value);
      expect(await handleAttackAnswer(ctx, { messageId: "m1", value: offered[0] }, "bob")).toMatchObject({ ok: true });
      const system = messages[0]!.system;
      // The model's initial values (journal null, events []) where the pending card never set them.
      expect(system).toMatchObject({ pending: null, sealed: { revision: expect.any(Number) as unknown } });
      expect([system.journal ?? null, system.events ?? []]).toEqual([null, []]);
      expect(readAttackCard(system)).toBeNull();
      expect(store.get("m1")?.journal.state.step).toBe("rollToHit");
      expect(JSON.stringify(system)).not.toMatch(/defence|rollToHit|seed/);
    },
  );

  it(
    "STR-38 a private attack answered by the target's owner " + "opens sealed and is sent to its roller, Alice, alone",
    async () => {
      const sent: { to: string; kind: string }[] = [];
      ctx = {
        ...ctx,
        sealed: new StorageSealedStore(null, ""),
        deliver: (to, d) => Promise.resolve(void sent.push({ to, kind: d.kind })),
      };
      expect(await attack("gmroll")).toMatchObject({ ok: true });
      const offered = readPendingCard(messages[0]!.system)!.pending.question.answers.map((a) => a.value);
      expect(await handleAttackAnswer(ctx, { messageId: "m1", value: offered[0] }, "bob")).toMatchObject({ ok: true });
      expect(messages[0]!.system).toMatchObject({ pending: null, sealed: { viewers: ["alice"] } });
      expect(sent).toEqual([{ to: "alice", kind: "attack" }]);
    },
  );

  it(
    "STR-38 an attacker's audit of the answer: others, forged fields, prototype keys, huge and missing " +
      "values, two at once",
    async () => {
      expect(await attack()).toMatchObject({ ok: true });
      const offered = readPendingCard(messages[0]!.system)!.pending.question.answers.map((a) => a.value);
      const answer = (sender: string, payload: unknown) => handleAttackAnswer(ctx, payload, sender);
      expect(await answer("olive", { messageId: "m1", value: offered[0] })).toMatchObject({
        key: "FRAY.Refusal.NotTheTarget",
      });
      expect(await answer("mallory", { messageId: "m1", value: offered[0] })).toMatchObject({
        key: "FRAY.Refusal.UnknownUser",
      });
      // A sender, a question or options of the payload's own are not read: Alice is still not the target.
      const forged = {
        messageId: "m1",
        value: offered[0],
        senderId: "bob",
        question: { role: "attacker" },
        options: { bonus: 9 },
      };
      expect(await answer("alice", forged)).toMatchObject({ key: "FRAY.Refusal.NotTheTarget" });
      for (const value of ["__proto__", "constructor", "toString", "x".repeat(1_000_000)])
        expect(await answer("bob", { messageId: "m1", value })).toMatchObject({ key: "FRAY.Refusal.NotAsked" });
      for (const messageId of ["__proto__", "constructor", "m9"])
        expect(await answer("bob", { messageId, value: offered[0] })).toMatchObject({
          key: "FRAY.Refusal.NothingAsked",
        });
      for (const payload of [{ messageId: "m1" }, { value: offered[0] }, { messageId: "m1", value: null }, null, "m1"])
        expect(await answer("bob", payload)).toMatchObject({ key: "FRAY.Refusal.BadRequest" });
      expect(readPendingCard(messages[0]!.system)).not.toBeNull();
      // The target's owner and the GM answer at once: one opens the attack, the other finds nothing asked.
      const both = await Promise.all([answer("bob", forged), answer("gm", { messageId: "m1", value: offered.at(-1) })]);
      expect(both.filter((a) => a.ok)).toHaveLength(1);
      expect(both.filter((a) => !a.ok)).toMatchObject([{ key: "FRAY.Refusal.NothingAsked" }]);
      const card = readAttackCard(messages[0]!.system)!;
      expect(JSON.stringify(card.journal.setup)).not.toContain("bonus");
      expect(card.journal.revision).toBe(0);
    },
  );
});
