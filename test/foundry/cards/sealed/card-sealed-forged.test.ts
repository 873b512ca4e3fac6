import { beforeEach, describe, expect, it } from "vitest";
import { readAttackCard, type AttackCardData } from "../../../../src/foundry/cards/data/attack-card-data.js";
import { handleAttackOpen, type OpenCardContext } from "../../../../src/foundry/cards/requests/attack-open.js";
import { handleAttackStep } from "../../../../src/foundry/cards/requests/attack-request.js";
import {
  readSeal,
  readSealed,
  StorageSealedStore,
  type Seal,
  type SealedStore,
} from "../../../../src/foundry/cards/sealed/sealed-card.js";
import {
  SEALED_QUERY,
  type SealedDelivery,
  type SealedKinds,
} from "../../../../src/foundry/cards/sealed/sealed-delivery.js";
import { MAX_SEALED_CHARS } from "../../../../src/foundry/cards/sealed/sealed-digest.js";
import { SealedInbox } from "../../../../src/foundry/cards/sealed/sealed-inbox.js";
import { handleSealedRequest } from "../../../../src/foundry/cards/sealed/sealed-request.js";
import { FakeActor, FakeItem, FakeMessage } from "../../../fakes/foundry-card.js";
import { FakeUser } from "../../../fakes/foundry-combat.js";
import { FakeDiceTray } from "../../../fakes/foundry-dice.js";
import { FakeQueryServer } from "../../../fakes/foundry-query.js";
import { toyCard } from "../toy-card.js";
import { gmCardHands } from "../gm-card-hands.js";

// Alice plays Alric and attacks privately; Bob plays the Goblin; Carol is another player whose macro forges queries.
// Gwen is a second GM, not the active one: her client receives sealed cards as a viewer's does.
const gm = new FakeUser("gm", "GM", true);
const gwen = new FakeUser("gwen", "Gwen", true);
const alice = new FakeUser("alice", "Alice");
const bob = new FakeUser("bob", "Bob");
const carol = new FakeUser("carol", "Carol");
const users = [gm, gwen, alice, bob, carol];

/** One user's client: its sealed store, how often it drew a card again, its inbox, and (to lag) its own copies. */
interface Client {
  readonly store: SealedStore;
  redrawn: number;
  readonly inbox: SealedInbox;
  /** Messages as this client still holds them, before an update reaches it (none: it holds the GM's). */
  lag: Map<string, FakeMessage> | null;
}

let messages: FakeMessage[];
let queries: FakeQueryServer;
let clients: Record<string, Client>;
let ctx: OpenCardContext;
let seals: SealedStore<Seal>;
let clock: number;

const kindsOf = (store: SealedStore): SealedKinds => ({
  attack: {
    store: store,
    read: readAttackCard,
    revisionOf: (d) => (d as AttackCardData).journal.revision,
    matches: (d, system) => (d as AttackCardData).attackerId === (system as AttackCardData).attackerId,
  },
});

beforeEach(async () => {
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
  seals = new StorageSealedStore(null, "", readSeal);
  clock = 1_000;
  const gmStore = new StorageSealedStore(null, "") as SealedStore;
  clients = {};
  for (const user of users) {
    // The active GM's client checks what a query brings too: its store is the card's own numbers.
    const store = user === gm ? gmStore : (new StorageSealedStore(null, "") as SealedStore);
    const client: Client = {
      store,
      redrawn: 0,
      lag: null,
      inbox: new SealedInbox(
        kindsOf(store),
        (id) => client.lag?.get(id) ?? messages.find((m) => m.id === id),
        () => client.redrawn++,
        () => clock,
      ),
    };
    clients[user.id] = client;
    queries.connect(user.id)[SEALED_QUERY] = (data) => client.inbox.receive(data);
  }
  ctx = {
    ...gmCardHands(),
    message: (id) => messages.find((m) => m.id === id),
    actor: (id) => [alric, goblin].find((a) => a.id === id),
    user: (id) => users.find((u) => u.id === id),
    card: (ruleset) => (ruleset === "teams" ? toyCard : undefined),
    // A d20 of 19 to hit and a d6 of 5.
    dice: new FakeDiceTray([19, 5, 17, 4]),
    dropped: () => Promise.resolve(undefined),
    mayTarget: () => true,
    ruleset: () => "teams",
    sealed: gmStore,
    seals,
    deliver: (userId, delivery) => queries.query("gm", userId, SEALED_QUERY, delivery),
    newId: () => `m${messages.length + 1}`,
    post: (data, _speaker, id) => {
      const m = new FakeMessage(id ?? `m${messages.length + 1}`, "attack", data, gm);
      messages.push(m);
      return Promise.resolve(m);
    },
  };
  // Two private cards of Alice's: m1, rolled, and m2, a second attack not yet rolled.
  for (let i = 0; i < 2; i++)
    await handleAttackOpen(
      ctx,
      { attackerId: "alric", targetId: "goblin", itemId: "spear", options: {}, rollMode: "gmroll" },
      "alice",
    );
  await step(alice, { type: "roll" });
});

const revision = () => readSealed(messages[0]!.system)!.revision;
const step = (user: FakeUser, command: unknown) =>
  handleAttackStep(ctx, { messageId: "m1", command, revision: revision() }, user.id);
/** The last card the GM sent Alice: a genuine delivery, as her client received it. */
const genuine = () =>
  queries.log
    .filter((q) => q.from === "gm" && q.to === "alice" && (q.data as SealedDelivery).messageId === "m1")
    .at(-1)!.data as SealedDelivery;
const held = (user: FakeUser) => clients[user.id]!.store.get("m1");
/** Another player's macro: `game.users.get(to).query("fray.sealedCard", payload)` on Carol's client. */
const forge = (payload: unknown, to = alice) => queries.query("carol", to.id, SEALED_QUERY, payload);
/** A delivery with its card's state changed, and with `at` its revision and its journal's (a forger's newer one). */
const withState = (d: SealedDelivery, state: Record<string, unknown>, at = d.revision) => {
  const data = d.data as AttackCardData;
  return {
    ...d,
    revision: at,
    data: { ...data, journal: { ...data.journal, revision: at, state: { ...data.journal.state, ...state } } },
  };
};

/** A thousand levels of nesting: more than a card ever has, more than a client hashes. */
function deeplyNested(): Record<string, unknown> {
  const deep: Record<string, unknown> = {};
  let at = deep;
  for (let i = 0; i < 1_000; i++) at = at.next = {};
  return deep;
}

const without = (d: SealedDelivery, key: keyof SealedDelivery) =>
  Object.fromEntries(Object.entries(d).filter(([k]) => k !== key));

/** Forged queries, each as another player's macro could send it to Alice (the card's viewer), from the genuine one. */
const FORGERIES: Readonly<Record<string, (real: SealedDelivery) => unknown>> = {
  "an invented card with a salt of its own (a wrong digest)": (real) => ({
    ...withState(real, { toHit: 20 }),
    salt: "ab".repeat(16),
  }),
  "the genuine salt with changed data (a natural 20, 99 damage)": (real) => withState(real, { toHit: 20, damage: 99 }),
  "the card and salt of m1 for m2, another card of Alice's": (real) => ({
    ...real,
    messageId: "m2",
    revision: readSealed(messages[1]!.system)!.revision,
  }),
  "a salt that is not one (too short)": (real) => ({ ...real, salt: "ab" }),
  "a revision as a string": (real) => ({ ...real, revision: String(real.revision) }),
  "a negative revision": (real) => ({ ...real, revision: -1 }),
  "a revision beyond any integer": (real) => ({ ...real, revision: 1e300 }),
  "kind __proto__": (real) => ({ ...real, kind: "__proto__" }),
  "kind constructor": (real) => ({ ...real, kind: "constructor" }),
  "kind toString": (real) => ({ ...real, kind: "toString" }),
  "message id __proto__": (real) => ({ ...real, messageId: "__proto__" }),
  "the genuine card with a __proto__ key added": (real) => {
    const text = JSON.stringify(withState(real, { toHit: 20 }));
    return JSON.parse(text.replace('"data":{', '"data":{"__proto__":{"polluted":true},')) as unknown;
  },
  "a payload whose own key is __proto__": () =>
    JSON.parse('{"__proto__":{"kind":"attack","messageId":"m1"}}') as unknown,
  "the genuine card with a huge field added": (real) => ({
    ...real,
    data: { ...(real.data as object), junk: "x".repeat(MAX_SEALED_CHARS + 10) },
  }),
  "the genuine card with a field nested a thousand levels deep": (real) => ({
    ...real,
    data: { ...(real.data as object), extra: deeplyNested() },
  }),
  "no salt": (real) => without(real, "salt"),
  "no data": (real) => without(real, "data"),
  "no revision": (real) => without(real, "revision"),
  "no kind": (real) => without(real, "kind"),
  "no message id": (real) => without(real, "messageId"),
  null: () => null,
  "a bare string": () => "m1",
};

describe("a sealed card's query carries a salt; its message, which only the GM writes, carries the digest", () => {
  it(
    "the genuine card is kept and drawn by its roller; the " +
      "salt is in the query to her alone, never in the message",
    () => {
      expect(held(alice)?.journal.state).toMatchObject({ toHit: 19 });
      // Drawn at each card's opening and after the roll.
      expect(clients.alice!.redrawn).toBe(3);
      const view = readSealed(messages[0]!.system)!;
      expect(view.digest).toMatch(/^[0-9a-f]{64}$/);
      expect(genuine().salt).toMatch(/^[0-9a-f]{32}$/);
      expect(JSON.stringify(messages[0]!.system)).not.toContain(genuine().salt);
      for (const other of [bob, carol])
        expect(JSON.stringify(queries.received(other.id))).not.toContain(genuine().salt);
      // A fresh salt each revision: the one sent at opening is not the one sent after the roll.
      const salts = queries.log.filter((q) => q.to === "alice").map((q) => (q.data as SealedDelivery).salt);
      expect(new Set(salts).size).toBe(salts.length);
    },
  );

  it.each(Object.keys(FORGERIES))("another player's macro sends Alice %s: not kept, nothing drawn", async (what) => {
    const payload = FORGERIES[what]!(genuine());
    const before = JSON.stringify([held(alice), clients.alice!.store.get("m2")]);
    expect(await forge(payload)).toBe(false);
    expect(JSON.stringify([held(alice), clients.alice!.store.get("m2")])).toBe(before);
    expect(clients.alice!.redrawn).toBe(3);
    expect(clients.alice!.inbox.waiting).toBe(0);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // Nor on a client that holds nothing yet (the target's owner, who may not see the card).
    expect(await forge(payload, bob)).toBe(false);
    expect(held(bob)).toBeUndefined();
  });

  it(
    "an old revision's salt replayed for a newer revision is not kept, nor the old card itself " +
      "once the card moved on",
    async () => {
      const old = genuine();
      await step(gm, { type: "react", reaction: "dodge" });
      const now = revision();
      expect(now).toBeGreaterThan(old.revision);
      expect(held(alice)?.journal.revision).toBe(now);
      expect(await forge(withState(old, { dodged: false, step: "damage" }, now))).toBe(false);
      expect(await forge({ ...old, revision: now })).toBe(false);
      expect(await forge(old)).toBe(false);
      expect(held(alice)?.journal.state).toMatchObject({ dodged: true });
    },
  );

  it("a card sealed before digests (its message has none) is not kept from a query", async () => {
    const real = genuine();
    messages[0]!.system.sealed = { ...(messages[0]!.system.sealed as object), digest: "" };
    clients.alice!.store.delete("m1");
    expect(await forge(real)).toBe(false);
    expect(held(alice)).toBeUndefined();
  });
});

describe("a query that overtakes its message's update", () => {
  /** Alice's client still holds the message as it was: the GM's update has not reached it yet. */
  const lagAlice = () =>
    (clients.alice!.lag = new Map([["m1", new FakeMessage("m1", "attack", messages[0]!.system, gm)]]));
  /** The update reaches Alice's client: Foundry's updateChatMessage hook. */
  const catchUp = () => {
    clients.alice!.lag = null;
    clients.alice!.inbox.updated(messages[0]!);
  };

  it("the genuine card waits for the update and is kept and drawn when it arrives", async () => {
    lagAlice();
    const drawn = clients.alice!.redrawn;
    expect(await step(gm, { type: "react", reaction: "dodge" })).toMatchObject({ ok: true });
    expect(clients.alice!.inbox.waiting).toBe(1);
    expect(held(alice)?.journal.state).toMatchObject({ dodged: false });
    catchUp();
    expect(held(alice)?.journal.state).toMatchObject({ dodged: true });
    expect(held(alice)?.journal.revision).toBe(revision());
    expect(clients.alice!.redrawn).toBe(drawn + 1);
    expect(clients.alice!.inbox.waiting).toBe(0);
  });

  it(
    "a forged card for the next revision waits, and is " + "dropped when the message shows that revision's digest",
    async () => {
      const next = revision() + 1;
      expect(await forge(withState(genuine(), { toHit: 20, step: "damage" }, next))).toBe(false);
      expect(await forge({ ...genuine(), revision: next })).toBe(false);
      expect(clients.alice!.inbox.waiting).toBe(2);
      lagAlice();
      await step(gm, { type: "react", reaction: "dodge" });
      catchUp();
      expect(held(alice)?.journal.state).toMatchObject({ toHit: 19, dodged: true });
      expect(clients.alice!.inbox.waiting).toBe(0);
    },
  );

  it(
    "a card whose message never shows its revision is " + "dropped after its wait; a flood keeps only the last few",
    async () => {
      expect(await forge({ ...genuine(), revision: revision() + 5 })).toBe(false);
      expect(clients.alice!.inbox.waiting).toBe(1);
      clock += 60_000;
      clients.alice!.inbox.updated(messages[0]!);
      expect(clients.alice!.inbox.waiting).toBe(0);
      for (let i = 0; i < 100; i++) await forge({ ...genuine(), revision: revision() + 1 + i });
      expect(clients.alice!.inbox.waiting).toBeLessThanOrEqual(16);
      expect(held(alice)?.journal.state).toMatchObject({ toHit: 19, dodged: false });
    },
  );
});

describe("GMs' clients check what a query brings as players' do", () => {
  it("a forged card cannot replace the active GM's own numbers: its steps go on from the true ones", async () => {
    const next = revision() + 1;
    expect(await forge(withState(genuine(), { toHit: 20, damage: 99, step: "apply" }), gm)).toBe(false);
    expect(await forge(withState(genuine(), { toHit: 20, damage: 99, step: "apply" }, next), gm)).toBe(false);
    clients.gm!.inbox.updated(messages[0]!);
    expect(held(gm)?.journal.state).toMatchObject({ toHit: 19, step: "reactionWindow" });
    expect(await step(gm, { type: "rollDamage" })).toMatchObject({ ok: true });
    expect(held(gm)?.journal.state).toMatchObject({ damage: 5, step: "apply" });
  });

  it("another GM's client keeps the card the active GM sends on its request, and not a forged one", async () => {
    const sealedCtx = {
      user: ctx.user,
      message: ctx.message,
      kinds: kindsOf(ctx.sealed),
      seals,
      deliver: ctx.deliver,
    };
    expect(await forge(withState(genuine(), { toHit: 20 }), gwen)).toBe(false);
    expect(held(gwen)).toBeUndefined();
    expect(await handleSealedRequest(sealedCtx, { messageId: "m1" }, "gwen")).toEqual({ ok: true });
    expect(held(gwen)?.journal.state).toMatchObject({ toHit: 19 });
    expect(await forge(withState(genuine(), { toHit: 20 }), gwen)).toBe(false);
    expect(held(gwen)?.journal.state).toMatchObject({ toHit: 19 });
  });

  it(
    "the active GM sends a card again only with the salt it " +
      "sealed that revision with; without it, nothing is sent",
    async () => {
      const sealedCtx = {
        user: ctx.user,
        message: ctx.message,
        kinds: kindsOf(ctx.sealed),
        seals,
        deliver: ctx.deliver,
      };
      clients.alice!.store.delete("m1");
      const sent = queries.log.length;
      seals.delete("m1");
      expect(await handleSealedRequest(sealedCtx, { messageId: "m1" }, "alice")).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.SealedElsewhere",
      });
      seals.set("m1", { revision: revision() - 1, salt: genuine().salt });
      expect(await handleSealedRequest(sealedCtx, { messageId: "m1" }, "alice")).toMatchObject({ ok: false });
      expect(queries.log.length).toBe(sent);
      expect(held(alice)).toBeUndefined();
    },
  );

  it(
    "an attacker's audit of the sealedCard request: others, " + "prototype keys, huge and missing values send nothing",
    async () => {
      const sealedCtx = {
        user: ctx.user,
        message: ctx.message,
        kinds: kindsOf(ctx.sealed),
        seals,
        deliver: ctx.deliver,
      };
      const sent = queries.log.length;
      const ask = (payload: unknown, sender: string) => handleSealedRequest(sealedCtx, payload, sender);
      for (const who of ["bob", "carol"])
        expect(await ask({ messageId: "m1", userId: "alice" }, who)).toMatchObject({ key: "FRAY.Refusal.SealedCard" });
      expect(await ask({ messageId: "m1" }, "mallory")).toMatchObject({ key: "FRAY.Refusal.UnknownUser" });
      for (const messageId of ["__proto__", "constructor", "x".repeat(100_000)])
        expect(await ask({ messageId }, "alice")).toMatchObject({ key: "FRAY.Refusal.NotSealed" });
      for (const payload of [{}, { messageId: 1 }, null, "m1"])
        expect(await ask(payload, "alice")).toMatchObject({ key: "FRAY.Refusal.BadRequest" });
      expect(queries.log.length).toBe(sent);
    },
  );
});
