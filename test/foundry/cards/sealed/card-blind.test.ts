import { beforeEach, describe, expect, it } from "vitest";
import { readAttackCard } from "../../../../src/foundry/cards/data/attack-card-data.js";
import { attackCardContext, sealedCardContext } from "../../../../src/foundry/cards/attack-card-context.js";
import { handleAttackCircumstances } from "../../../../src/foundry/cards/requests/attack-circumstances.js";
import { handleAttackOpen, type OpenCardContext } from "../../../../src/foundry/cards/requests/attack-open.js";
import { handleAttackStep } from "../../../../src/foundry/cards/requests/attack-request.js";
import { readSealed, StorageSealedStore, type StorageLike } from "../../../../src/foundry/cards/sealed/sealed-card.js";
import { FakeActor, FakeItem, FakeMessage } from "../../../fakes/foundry-card.js";
import { FakeUser } from "../../../fakes/foundry-combat.js";
import { FakeDiceTray } from "../../../fakes/foundry-dice.js";
import { render } from "../../../fakes/handlebars-env.js";
import { toyCard } from "../toy-card.js";
import { gmCardHands } from "../gm-card-hands.js";

// Alice plays Alric and attacks blind; Bob plays the Goblin; the GM's client holds the sealed numbers.
const gm = new FakeUser("gm", "GM", true);
const alice = new FakeUser("alice", "Alice");
const bob = new FakeUser("bob", "Bob");
const users = [gm, alice, bob];
const card = { ...toyCard, circumstances: [{ key: "flanking", kind: "flag" }] } as const;

/** Web Storage as a Map: what the GM's browser keeps across a reload. */
class MapStorage implements StorageLike {
  readonly map = new Map<string, string>();
  getItem = (k: string) => this.map.get(k) ?? null;
  setItem = (k: string, v: string) => void this.map.set(k, v);
  removeItem = (k: string) => void this.map.delete(k);
}

let storage: MapStorage;
let messages: FakeMessage[];
let tray: FakeDiceTray;
let ctx: OpenCardContext;

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
  storage = new MapStorage();
  messages = [];
  // A d20 of 19 to hit and a d6 of 5: numbers no id or revision of the card holds.
  tray = new FakeDiceTray([19, 5]);
  ctx = {
    ...gmCardHands(),
    message: (id) => messages.find((m) => m.id === id),
    actor: (id) => [alric, goblin].find((a) => a.id === id),
    user: (id) => users.find((u) => u.id === id),
    card: (ruleset) => (ruleset === "teams" ? card : undefined),
    dice: tray,
    dropped: () => Promise.resolve(undefined),
    mayTarget: () => true,
    ruleset: () => "teams",
    sealed: new StorageSealedStore(storage, "fray.sealed.w."),
    // Foundry keeps the id chosen (keepId): the next message's.
    newId: () => `m${messages.length + 1}`,
    post: (data) => {
      const m = new FakeMessage(`m${messages.length + 1}`, "attack", data, gm);
      messages.push(m);
      return Promise.resolve(m);
    },
  };
  await handleAttackOpen(
    ctx,
    { attackerId: "alric", targetId: "goblin", itemId: "spear", options: {}, rollMode: "blindroll" },
    "alice",
  );
});

const sealedRevision = () => readSealed(messages[0]!.system)!.revision;
const step = (user: FakeUser, command: unknown, revision = sealedRevision()) =>
  handleAttackStep(ctx, { messageId: "m1", command, revision }, user.id);
/** Everything a player's client receives of the card: the message's whole system data (its digest's hex aside). */
const received = () => JSON.stringify(messages[0]!.system).replace(/"digest":"[0-9a-f]{64}"/, '"digest":"…"');

describe("a blind card is sealed on the GM's client", () => {
  it(
    "the card every client receives holds no state, no " + "dice and no outcome; the GM's store holds the card",
    async () => {
      expect(messages[0]!.system).toMatchObject({
        rollMode: "blindroll",
        journal: null,
        events: [],
        applied: null,
        options: null,
      });
      expect(readAttackCard(messages[0]!.system)).toBeNull();
      expect(ctx.sealed.get("m1")?.journal.state.step).toBe("rollToHit");
      expect(await step(gm, { type: "roll" })).toMatchObject({ ok: true });
      expect(ctx.sealed.get("m1")?.journal.state).toMatchObject({ toHit: 19, step: "reactionWindow" });
      expect(received()).not.toMatch(/19|toHit|reactionWindow|dealt|seed/);
      expect(await step(gm, { type: "rollDamage" })).toMatchObject({ ok: true });
      expect(received()).not.toMatch(/"5"|:5\b|damage/);
      // No dice message either: Foundry would send a blind roll's message, its rolls included, to every client.
      expect(tray.shown).toEqual([]);
    },
  );

  it(
    "with an id chosen first, the GM's store holds the card before its message exists, so its " +
      "first drawing finds it",
    async () => {
      const seenAtPost: unknown[] = [];
      const store = new StorageSealedStore(null, "");
      ctx = {
        ...ctx,
        sealed: store,
        newId: () => "chosen",
        post: (data, _speaker, id) => {
          seenAtPost.push(id === undefined ? undefined : store.get(id)?.journal.state.step);
          const m = new FakeMessage(id ?? "other", "attack", data, gm);
          messages.push(m);
          return Promise.resolve(m);
        },
      };
      await handleAttackOpen(
        ctx,
        { attackerId: "alric", targetId: "goblin", itemId: "spear", options: {}, rollMode: "blindroll" },
        "alice",
      );
      expect(seenAtPost).toEqual(["rollToHit"]);
      expect(messages.at(-1)!.id).toBe("chosen");
    },
  );

  it("a blind card's steps are the GM's: the attacker's and the target's owners are refused", async () => {
    expect(await step(alice, { type: "roll" })).toMatchObject({ ok: false, key: "FRAY.Refusal.SealedCard" });
    expect(await step(gm, { type: "roll" })).toMatchObject({ ok: true });
    expect(await step(bob, { type: "react", reaction: "dodge" })).toMatchObject({
      ok: false,
      key: "FRAY.Refusal.SealedCard",
    });
    expect(await step(alice, { type: "reveal" })).toMatchObject({ ok: false, key: "FRAY.Refusal.SealedCard" });
  });

  it("each step bumps the public revision, so a stale click is refused as on any card", async () => {
    const before = sealedRevision();
    expect(await step(gm, { type: "roll" })).toMatchObject({ ok: true });
    expect(sealedRevision()).toBeGreaterThan(before);
    expect(await step(gm, { type: "rollDamage" }, before)).toMatchObject({
      ok: false,
      key: "FRAY.Refusal.StaleRevision",
    });
  });

  it(
    "the GM reveals the card: its whole data is written for " + "everyone, as a public card, and the store lets it go",
    async () => {
      await step(gm, { type: "roll" });
      expect(await step(gm, { type: "reveal" })).toMatchObject({ ok: true });
      expect(readSealed(messages[0]!.system)).toBeNull();
      expect(readAttackCard(messages[0]!.system)).toMatchObject({
        rollMode: "publicroll",
        journal: { state: { toHit: 19 } },
      });
      expect(ctx.sealed.get("m1")).toBeUndefined();
      expect(storage.map.size).toBe(0);
      // From now on it is an ordinary card: the target's owner reacts.
      const revision = readAttackCard(messages[0]!.system)!.journal.revision;
      expect(await step(bob, { type: "react", reaction: "dodge" }, revision)).toMatchObject({ ok: true });
      expect(await step(gm, { type: "reveal" }, readAttackCard(messages[0]!.system)!.journal.revision)).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.NotSealed",
      });
    },
  );

  it(
    "the store survives the GM's reload (this browser's " +
      "storage); another GM's client does not have it and says so",
    async () => {
      await step(gm, { type: "roll" });
      ctx = { ...ctx, sealed: new StorageSealedStore(storage, "fray.sealed.w.") };
      expect(ctx.sealed.get("m1")?.journal.state).toMatchObject({ toHit: 19 });
      expect(await step(gm, { type: "rollDamage" })).toMatchObject({ ok: true });
      ctx = { ...ctx, sealed: new StorageSealedStore(new MapStorage(), "fray.sealed.w.") };
      expect(await step(gm, { type: "apply" })).toMatchObject({ ok: false, key: "FRAY.Refusal.SealedElsewhere" });
      expect(await handleAttackCircumstances(ctx, { messageId: "m1", revision: 0, options: {} }, "gm")).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.SealedElsewhere",
      });
      storage.setItem("fray.sealed.w.m9", "{not json");
      expect(new StorageSealedStore(storage, "fray.sealed.w.").get("m9")).toBeUndefined();
    },
  );

  it("the GM's circumstances on a blind card stay sealed too", async () => {
    expect(
      await handleAttackCircumstances(
        ctx,
        { messageId: "m1", revision: sealedRevision(), options: { flanking: true } },
        "gm",
      ),
    ).toMatchObject({
      ok: true,
    });
    expect(ctx.sealed.get("m1")?.options).toEqual({ flanking: true });
    expect(received()).not.toContain("flanking");
  });

  it(
    "players' HTML shows the title and who holds the roll; " + "the GM's client shows the dice and a Reveal button",
    async () => {
      await step(gm, { type: "roll" });
      const names = { alric: "Alric", goblin: "Goblin" };
      const shell = render(
        "templates/chat/attack-card.hbs",
        sealedCardContext(
          readSealed(messages[0]!.system)!,
          { user: alice, ownsAttacker: true, ownsTarget: false, names },
          "shell",
          "blindroll",
        ),
      );
      expect(shell).toContain("A blind roll: the GM rolls this attack and holds its dice.");
      expect(shell).not.toMatch(/Round 19|data-fray-card-command/);
      const full = render(
        "templates/chat/attack-card.hbs",
        attackCardContext(
          card,
          ctx.sealed.get("m1")!,
          { user: gm, ownsAttacker: false, ownsTarget: false, names },
          true,
        ),
      );
      expect(full).toContain("Round 19");
      expect(full).toContain("Reveal to the table");
      expect(full).toContain("Blind roll: only you see these dice.");
    },
  );
});
