import { beforeEach, describe, expect, it } from "vitest";
import { readAttackCard, type AttackCardData } from "../../../../src/foundry/cards/data/attack-card-data.js";
import { attackCardContext, sealedCardContext } from "../../../../src/foundry/cards/attack-card-context.js";
import { handleAttackOpen, type OpenCardContext } from "../../../../src/foundry/cards/requests/attack-open.js";
import { handleAttackStep } from "../../../../src/foundry/cards/requests/attack-request.js";
import {
  readSeal,
  readSealed,
  StorageSealedStore,
  type SealedStore,
} from "../../../../src/foundry/cards/sealed/sealed-card.js";
import { SEALED_QUERY, type SealedKinds } from "../../../../src/foundry/cards/sealed/sealed-delivery.js";
import { SealedInbox } from "../../../../src/foundry/cards/sealed/sealed-inbox.js";
import { handleSealedRequest, type SealedRequestContext } from "../../../../src/foundry/cards/sealed/sealed-request.js";
import type { RollMode } from "../../../../src/foundry/dice/dice-tray.js";
import { FakeActor, FakeItem, FakeMessage } from "../../../fakes/foundry-card.js";
import { FakeUser } from "../../../fakes/foundry-combat.js";
import { FakeDiceTray } from "../../../fakes/foundry-dice.js";
import { FakeQueryServer } from "../../../fakes/foundry-query.js";
import { render } from "../../../fakes/handlebars-env.js";
import { toyCard } from "../toy-card.js";
import { gmCardHands } from "../gm-card-hands.js";

// Alice plays Alric and attacks privately; Bob plays the Goblin (the target); Carol plays someone else.
const gm = new FakeUser("gm", "GM", true);
const alice = new FakeUser("alice", "Alice");
const bob = new FakeUser("bob", "Bob");
const carol = new FakeUser("carol", "Carol");
const users = [gm, alice, bob, carol];
const names = { alric: "Alric", goblin: "Goblin" };

let messages: FakeMessage[];
let queries: FakeQueryServer;
/** Each player's client: what it keeps of sealed cards, and how often it drew a card again. */
let clients: Record<string, { store: SealedStore; redrawn: number }>;
let ctx: OpenCardContext;

const kindsOf = (store: SealedStore): SealedKinds => ({
  attack: {
    store: store,
    read: readAttackCard,
    revisionOf: (d) => (d as AttackCardData).journal.revision,
    matches: (d, system) => (d as AttackCardData).attackerId === (system as AttackCardData).attackerId,
  },
});

async function open(rollMode: RollMode, by = alice) {
  await handleAttackOpen(
    ctx,
    { attackerId: "alric", targetId: "goblin", itemId: "spear", options: {}, rollMode },
    by.id,
  );
}

beforeEach(() => {
  const alric = new FakeActor(
    "alric",
    "Alric",
    "teams-character",
    {},
    ["alice"],
    [new FakeItem("spear", "Spear", "teams-weapon")],
  );
  const goblin = new FakeActor("goblin", "Goblin", "teams-character", { health: { value: 9 } }, ["bob"]);
  messages = [];
  queries = new FakeQueryServer();
  queries.connect("gm")[SEALED_QUERY] = () => false;
  clients = {};
  for (const user of [alice, bob, carol]) {
    const client = { store: new StorageSealedStore(null, "") as SealedStore, redrawn: 0 };
    clients[user.id] = client;
    const inbox = new SealedInbox(
      kindsOf(client.store),
      (id) => messages.find((m) => m.id === id),
      () => client.redrawn++,
    );
    queries.connect(user.id)[SEALED_QUERY] = (data) => inbox.receive(data);
  }
  ctx = {
    ...gmCardHands(),
    message: (id) => messages.find((m) => m.id === id),
    actor: (id) => [alric, goblin].find((a) => a.id === id),
    user: (id) => users.find((u) => u.id === id),
    card: (ruleset) => (ruleset === "teams" ? toyCard : undefined),
    // A d20 of 19 to hit and a d6 of 5: numbers no id or revision of the card holds.
    dice: new FakeDiceTray([19, 5, 17, 4]),
    dropped: () => Promise.resolve(undefined),
    mayTarget: () => true,
    ruleset: () => "teams",
    sealed: new StorageSealedStore(null, ""),
    seals: new StorageSealedStore(null, "", readSeal),
    deliver: (userId, delivery) => queries.query("gm", userId, SEALED_QUERY, delivery),
    post: (data) => {
      const m = new FakeMessage(`m${messages.length + 1}`, "attack", data, gm);
      messages.push(m);
      return Promise.resolve(m);
    },
  };
});

const revision = () => readSealed(messages[0]!.system)!.revision;
const step = (user: FakeUser, command: unknown, at = revision()) =>
  handleAttackStep(ctx, { messageId: "m1", command, revision: at }, user.id);
/** What reached one player's client of the card: the message's data (every client's) and the queries sent to them. */
const reached = (user: FakeUser) =>
  JSON.stringify([messages[0]!.system, queries.received(user.id)]).replace(/"(digest|salt)":"[0-9a-f]+"/g, '"$1":"…"');

describe.each(["gmroll", "selfroll"] as const)("a %s card is sealed, and seen by its roller", (mode) => {
  it(
    "the message holds no state, dice or outcome; the " + "roller's client alone receives the card, after every step",
    async () => {
      await open(mode);
      expect(readAttackCard(messages[0]!.system)).toBeNull();
      expect(readSealed(messages[0]!.system)).toMatchObject({ viewers: ["alice"] });
      expect(clients.alice!.store.get("m1")?.journal.state.step).toBe("rollToHit");
      expect(await step(alice, { type: "roll" })).toMatchObject({ ok: true });
      expect(clients.alice!.store.get("m1")?.journal.state).toMatchObject({ toHit: 19, step: "reactionWindow" });
      expect(clients.alice!.store.get("m1")?.journal.revision).toBe(revision());
      expect(reached(alice)).toMatch(/"toHit":19/);
      for (const other of [bob, carol]) {
        expect(reached(other)).not.toMatch(/19|toHit|reactionWindow|dealt|seed/);
        expect(clients[other.id]!.store.get("m1")).toBeUndefined();
      }
      expect(queries.log.every((q) => q.to === "alice")).toBe(true);
      // No dice message: Foundry sends a GM or self roll's message, its rolls included, to every client.
      expect((ctx.dice as FakeDiceTray).shown).toEqual([]);
    },
  );

  it(
    "the roller steps; the target's owner, another player " +
      "and a forged request cannot; a stale revision is refused",
    async () => {
      await open(mode);
      expect(await step(bob, { type: "roll" })).toMatchObject({ ok: false, key: "FRAY.Refusal.SealedCard" });
      expect(await step(carol, { type: "roll" })).toMatchObject({ ok: false, key: "FRAY.Refusal.SealedCard" });
      const before = revision();
      expect(await step(alice, { type: "roll" })).toMatchObject({ ok: true });
      expect(await step(alice, { type: "rollDamage" }, before)).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.StaleRevision",
      });
      // The target's reaction: its owner may not see the card, so it is the GM's (or the GM reveals the card).
      expect(await step(bob, { type: "react", reaction: "dodge" })).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.SealedCard",
      });
      expect(await step(alice, { type: "react", reaction: "dodge" })).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.NotTheTarget",
      });
      expect(await step(alice, { type: "reveal" })).toMatchObject({ ok: false, key: "FRAY.Refusal.GmOnly" });
      expect(await step(gm, { type: "react", reaction: "dodge" })).toMatchObject({ ok: true });
      // A payload naming a sender is not read: the server's word is.
      const forged = { messageId: "m1", command: { type: "rollDamage" }, revision: revision(), senderId: "alice" };
      expect(await handleAttackStep(ctx, forged, "carol")).toMatchObject({ ok: false, key: "FRAY.Refusal.SealedCard" });
      expect(ctx.sealed.get("m1")?.journal.state.step).toBe("damage");
    },
  );

  it("the roller's HTML shows the dice and its buttons; another player's shows the title alone", async () => {
    await open(mode);
    await step(alice, { type: "roll" });
    const mine = render(
      "templates/chat/attack-card.hbs",
      attackCardContext(
        toyCard,
        clients.alice!.store.get("m1")!,
        { user: alice, ownsAttacker: true, ownsTarget: false, names },
        true,
      ),
    );
    expect(mine).toContain("Round 19");
    expect(mine).toContain("Private roll: only you and the GM see these dice.");
    expect(mine).toContain("data-fray-card-command");
    expect(mine).not.toContain("Reveal to the table");
    const view = readSealed(messages[0]!.system)!;
    for (const user of [bob, carol]) {
      const html = render(
        "templates/chat/attack-card.hbs",
        sealedCardContext(view, { user, ownsAttacker: false, ownsTarget: user === bob, names }, "shell", mode),
      );
      expect(html).toContain("A private roll: only its roller and the GM see its dice.");
      expect(html).not.toMatch(/Round 19|data-fray-card-command/);
    }
  });

  it("the GM reveals it: the whole card goes into the message, public; the target's owner then reacts", async () => {
    await open(mode);
    await step(alice, { type: "roll" });
    expect(await step(gm, { type: "reveal" })).toMatchObject({ ok: true });
    const shown = readAttackCard(messages[0]!.system)!;
    expect(shown).toMatchObject({ rollMode: "publicroll", journal: { state: { toHit: 19 } } });
    expect(await step(bob, { type: "react", reaction: "dodge" }, shown.journal.revision)).toMatchObject({ ok: true });
  });
});

describe("what a sealed card's viewers and others may ask and receive", () => {
  const sealedCtx = (): SealedRequestContext => ({
    user: ctx.user,
    message: ctx.message,
    kinds: kindsOf(ctx.sealed),
    seals: ctx.seals,
    deliver: ctx.deliver,
  });

  it("a blind card is sent to nobody, not even its roller", async () => {
    await open("blindroll");
    await step(gm, { type: "roll" });
    expect(queries.log).toEqual([]);
    expect(await handleSealedRequest(sealedCtx(), { messageId: "m1" }, "alice")).toMatchObject({
      key: "FRAY.Refusal.SealedCard",
    });
  });

  it(
    "the roller's client, having lost the card, asks again: " + "it is sent by query, never in the request's answer",
    async () => {
      await open("gmroll");
      await step(alice, { type: "roll" });
      clients.alice!.store.delete("m1");
      const answer = await handleSealedRequest(sealedCtx(), { messageId: "m1" }, "alice");
      expect(answer).toEqual({ ok: true });
      expect(clients.alice!.store.get("m1")?.journal.state).toMatchObject({ toHit: 19 });
      expect(clients.alice!.redrawn).toBeGreaterThan(0);
      for (const who of ["bob", "carol"]) {
        expect(await handleSealedRequest(sealedCtx(), { messageId: "m1", userId: "alice" }, who)).toMatchObject({
          ok: false,
          key: "FRAY.Refusal.SealedCard",
        });
      }
      expect(queries.log.filter((q) => q.to !== "alice")).toEqual([]);
    },
  );

  it("a GM's own private attack has no player viewer: nothing is sent", async () => {
    await open("gmroll", gm);
    expect(readSealed(messages[0]!.system)).toMatchObject({ viewers: [] });
    expect(queries.log).toEqual([]);
  });
});
