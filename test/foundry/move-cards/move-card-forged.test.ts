import { describe, expect, it } from "vitest";
import { readSeal, StorageSealedStore } from "../../../src/foundry/cards/sealed/sealed-card.js";
import { SEALED_QUERY } from "../../../src/foundry/cards/sealed/sealed-delivery.js";
import { sealedDigest } from "../../../src/foundry/cards/sealed/sealed-digest.js";
import { SealedInbox } from "../../../src/foundry/cards/sealed/sealed-inbox.js";
import { readMoveCard, type MoveCardData } from "../../../src/foundry/move-cards/move-card-data.js";
import { MOVE_CARD_REQUEST } from "../../../src/foundry/move-cards/move-card-request.js";
import { postMoveEffects } from "../../../src/foundry/move-cards/move-card-post.js";
import { handleMoveCard, type MoveCardRequestContext } from "../../../src/foundry/move-cards/move-card-request.js";
import type { RequestAnswer } from "../../../src/foundry/requests/request-answer.js";
import { RequestChannel } from "../../../src/foundry/requests/request-channel.js";
import { FakeActor, FakeChat } from "../../fakes/foundry-card.js";
import { FakeUser } from "../../fakes/foundry-combat.js";
import { FakeDiceTray } from "../../fakes/foundry-dice.js";
import { FakeQueryServer } from "../../fakes/foundry-query.js";
import { FakeSocketServer } from "../../fakes/foundry-socket.js";
import { EN } from "../../fakes/lang.js";
import { sample } from "./move-table.js";
import { noFight } from "../../../src/foundry/canvas/fight/scene-fight.js";
import { gmMovePostHands } from "../cards/gm-card-hands.js";
import { gmMoveHands } from "../canvas/gm-move-hands.js";

// Issue 26, hole 1: a move card any player writes. Alice plays Ilsa, Bob plays Brand; Carol's macro forges cards.
const gm = new FakeUser("gm", "GM", true);
const alice = new FakeUser("alice", "Alice");
const bob = new FakeUser("bob", "Bob");
const carol = new FakeUser("carol", "Carol");
const USERS = [gm, alice, bob, carol];
const TRIES = 60;

function world() {
  const ilsa = new FakeActor("ilsa", "Ilsa", "sections-entity", { ...sample("sections-entity"), side: "pc" }, [
    "alice",
  ]);
  const brand = new FakeActor("brand", "Brand", "sections-entity", { ...sample("sections-entity"), side: "npc" }, [
    "bob",
    "carol",
  ]);
  const chat = new FakeChat();
  const gmMoves = new StorageSealedStore<MoveCardData>(null, "", readMoveCard);
  const opened: string[] = [];
  const ctx: MoveCardRequestContext = {
    message: (id) => chat.get(id),
    actor: (ref) => [ilsa, brand].find((a) => a.id === ref),
    user: (id) => USERS.find((u) => u.id === id),
    dropped: () => Promise.resolve([]),
    // No combat in this world.
    fight: noFight,
    // An offer taken opens the attack card: here it only records that it did.
    openAttack: (a, t) => Promise.resolve((opened.push(`${a}>${t}`), { ok: true, messageId: "attack1" })),
    sealed: gmMoves,
    seals: new StorageSealedStore(null, "", readSeal),
    turns: gmMoveHands().turns,
    deliver: () => Promise.resolve(undefined),
  };
  const server = new FakeSocketServer();
  const gmChannel = new RequestChannel(server.env("gm", () => "gm"));
  gmChannel.listen();
  // As register-move-cards.ts registers it on the active GM's client.
  gmChannel.register(MOVE_CARD_REQUEST, (p, s) => handleMoveCard(ctx, p, s));
  const players = Object.fromEntries(
    [alice, bob, carol].map((u) => {
      const channel = new RequestChannel(server.env(u.id, () => "gm"));
      channel.listen();
      return [u.id, channel];
    }),
  );
  const answers: RequestAnswer[] = [];
  const press = async (user: FakeUser, messageId: string, action: string): Promise<RequestAnswer> => {
    const payload = { messageId, action };
    const answer = await (user === gm
      ? gmChannel.send(MOVE_CARD_REQUEST, payload)
      : players[user.id]!.send(MOVE_CARD_REQUEST, payload));
    answers.push(answer);
    return answer;
  };
  const snapshot = () => JSON.stringify([ilsa.system, [...ilsa.statuses], brand.system, [...brand.statuses], opened]);
  return { ilsa, brand, chat, ctx, press, snapshot, gmMoves, opened, answers };
}

/** A move card's data as a macro writes it: a fall, a descent roll, or an offer, naming whoever it likes. */
function forged(n: number): Record<string, unknown> {
  const victim = n % 2 === 0 ? "ilsa" : "brand";
  const base = { sceneId: "s1", moverRef: victim, byRef: "", rollMode: "publicroll", applied: null, taken: null };
  switch (n % 4) {
    case 0:
      return {
        ...base,
        effect: { kind: "fall", clause: "SEC-13", mover: "t", height: 1 + (n % 9) },
        outcome: { kind: "fall", damage: 10 + n, dice: [4, 4] },
      };
    case 1:
      return {
        ...base,
        effect: {
          kind: "descent",
          clause: "STR-26",
          mover: "t",
          levels: 3,
          skill: "reflex",
          modifier: 0,
          speed: 6,
          spent: 1,
          speedLoss: 1,
        },
        outcome: { kind: "descent", result: "failure", total: 2, opposition: 12, slowed: 5, dazed: 5 },
      };
    case 2:
      return {
        ...base,
        moverRef: "ilsa",
        byRef: "brand",
        effect: { kind: "free-hit", clause: "ESC-39", mover: "t", by: "e", why: "moved-within" },
        outcome: null,
      };
    default:
      return {
        ...base,
        effect: { kind: "fall", clause: "SEC-20", mover: "t", height: 2 },
        outcome: { kind: "fall", damage: 3, dice: [1, 2] },
        // A filled record: the GM's undo would write Ilsa's health, and Brand's statuses, with the GM's rights.
        applied: {
          actors: [{ actorId: "ilsa", before: { "health.value": 0, "health.max": 1e9 } }],
          statuses: [{ actorId: "brand", status: "dead", active: false }],
          ...(n % 8 === 3 ? JSON.parse('{"__proto__": {"polluted": true}}') : {}),
        },
      };
  }
}

describe("issue 26 hole 1: a move card a player wrote is believed by nothing", () => {
  it(
    `a forged fall, descent, offer and applied record, pressed by the GM and by the forger: ${TRIES} ` +
      `tries, none accepted`,
    async () => {
      const w = world();
      const before = w.snapshot();
      let accepted = 0;
      for (let n = 0; n < TRIES; n++) {
        const forger = [carol, alice, bob][n % 3]!;
        expect(() => w.chat.create(forger, "moveEffect", forged(n), { author: gm })).toThrow();
        const card = w.chat.create(forger, "moveEffect", forged(n));
        expect(readMoveCard(card.system)).not.toBeNull();
        for (const [user, action] of [
          [gm, "apply"],
          [gm, "undo"],
          [forger, "take"],
          [gm, "take"],
          [forger, "decline"],
          [gm, "reveal"],
        ] as const) {
          const answer = await w.press(user, card.id, action);
          if (answer.ok) accepted++;
          if (user === gm) expect(answer).toMatchObject({ ok: false, key: "FRAY.Refusal.NotMadeByGm" });
        }
        expect(card.updates).toEqual([]);
      }
      expect(accepted).toBe(0);
      // Every refusal is a localised message (lang/en.json).
      for (const a of w.answers) if (!a.ok) expect(EN[a.key], a.key).toEqual(expect.any(String));
      expect(w.snapshot()).toBe(before);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    },
  );

  it(
    `a forged sealed fall: its shell and digest Carol's, ` + `queried to Alice's client: ${TRIES} tries, none kept`,
    async () => {
      const w = world();
      const queries = new FakeQueryServer();
      const store = new StorageSealedStore<MoveCardData>(null, "", readMoveCard);
      const kind = { store, read: readMoveCard, revisionOf: (d: MoveCardData) => d.revision ?? 0, matches: () => true };
      const inbox = new SealedInbox(
        { moveEffect: kind as never },
        (id) => w.chat.get(id),
        () => undefined,
      );
      // Fray registers the query on every client, the forger's too.
      queries.connect("carol")[SEALED_QUERY] = () => false;
      queries.connect("alice")[SEALED_QUERY] = (data) => inbox.receive(data);
      let kept = 0;
      for (let n = 0; n < TRIES; n++) {
        const data = { ...forged(n * 4), moverRef: "ilsa", rollMode: "gmroll", revision: n };
        const salt = "ab".repeat(16);
        const id = `forged${n}`;
        const digest = sealedDigest(salt, "moveEffect", id, n, data)!;
        w.chat.create(
          carol,
          "moveEffect",
          { ...data, outcome: null, sealed: { revision: n, title: { key: "", data: {} }, viewers: ["alice"], digest } },
          { id },
        );
        if (
          (await queries.query("carol", "alice", SEALED_QUERY, {
            kind: "moveEffect",
            messageId: id,
            revision: n,
            salt,
            data,
          })) === true
        )
          kept++;
      }
      expect(kept).toBe(0);
    },
  );

  it("the honest path: a fall the GM's client posted is applied and undone by the GM", async () => {
    const w = world();
    const tray = new FakeDiceTray([3, 4]);
    const [id] = await postMoveEffects(
      {
        ...gmMovePostHands(),
        actorOf: () => ({ ref: "ilsa", name: "Ilsa" }),
        dice: tray,
        post: (data, _speaker, chosen) =>
          Promise.resolve(w.chat.create(gm, "moveEffect", data, chosen ? { id: chosen } : {})),
        flavor: () => "",
      },
      "s1",
      [{ kind: "fall", clause: "SEC-13", mover: "t", height: 2 }],
      "alice",
    );
    const health = () => (w.ilsa.system.health as { value: number }).value;
    const start = health();
    expect(await w.press(alice, id!, "apply")).toMatchObject({ ok: false, key: "FRAY.Refusal.GmOnly" });
    expect(await w.press(gm, id!, "apply")).toEqual({ ok: true });
    expect(health()).toBe(start - 7);
    expect(await w.press(gm, id!, "undo")).toEqual({ ok: true });
    expect(health()).toBe(start);
  });
});
