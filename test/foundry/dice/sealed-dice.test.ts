import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { readAttackCard, type AttackCardData } from "../../../src/foundry/cards/data/attack-card-data.js";
import { handleAttackOpen, type OpenCardContext } from "../../../src/foundry/cards/requests/attack-open.js";
import { handleAttackStep } from "../../../src/foundry/cards/requests/attack-request.js";
import {
  readSeal,
  readSealed,
  StorageSealedStore,
  type SealedStore,
} from "../../../src/foundry/cards/sealed/sealed-card.js";
import { SEALED_QUERY, type SealedKinds } from "../../../src/foundry/cards/sealed/sealed-delivery.js";
import { SealedInbox } from "../../../src/foundry/cards/sealed/sealed-inbox.js";
import type { RollMode } from "../../../src/foundry/dice/dice-tray.js";
import { newlyRolled } from "../../../src/foundry/dice/chat-rolls.js";
import { FakeActor, FakeItem, FakeMessage } from "../../fakes/foundry-card.js";
import { FakeUser } from "../../fakes/foundry-combat.js";
import { FakeDiceTray } from "../../fakes/foundry-dice.js";
import { FakeQueryServer } from "../../fakes/foundry-query.js";
import { fakeDiceTerms, FakeRoll } from "../../fakes/foundry-roll.js";
import { toyCard } from "../cards/toy-card.js";
import { gmCardHands } from "../cards/gm-card-hands.js";
import { FakeGame } from "../../fakes/foundry-game.js";

// Alice plays Alric and attacks with a sealed roll mode; Bob plays the Goblin; Carol plays someone else.
const gm = new FakeUser("gm", "GM", true);
const alice = new FakeUser("alice", "Alice");
const bob = new FakeUser("bob", "Bob");
const carol = new FakeUser("carol", "Carol");
const users = [gm, alice, bob, carol];

/** The toy card, its d20 to hit given as the DiceRoll a rule set's card carries (the toy gives the bare face). */
const card = {
  ...toyCard,
  engine: {
    ...toyCard.engine,
    apply: (...args: Parameters<typeof toyCard.engine.apply>) => {
      const out = toyCard.engine.apply(...args);
      if (!out.ok) return out;
      const events = out.events.map((e) =>
        e.type === "toHitRolled" && typeof e.roll === "number"
          ? {
              ...e,
              roll: { formula: "1d20", dice: [{ sides: 20, value: e.roll, kept: true }], modifier: 0, total: e.roll },
            }
          : e,
      );
      return { ...out, events };
    },
  },
};

let messages: FakeMessage[];
let queries: FakeQueryServer;
let tray: FakeDiceTray;
let ctx: OpenCardContext;
/** Dice So Nice's animations, with the user they were shown for. */
let animated: { formula: string; total: number; user: unknown; synchronize: unknown }[];

const kindsOf = (store: SealedStore): SealedKinds => ({
  attack: {
    store: store,
    read: readAttackCard,
    revisionOf: (d) => (d as AttackCardData).journal.revision,
    matches: (d, system) => (d as AttackCardData).attackerId === (system as AttackCardData).attackerId,
  },
});

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
  animated = [];
  queries = new FakeQueryServer();
  queries.connect("gm")[SEALED_QUERY] = () => false;
  for (const user of [alice, bob, carol]) {
    const store = new StorageSealedStore(null, "") as SealedStore;
    const inbox = new SealedInbox(
      kindsOf(store),
      (id) => messages.find((m) => m.id === id),
      () => undefined,
    );
    queries.connect(user.id)[SEALED_QUERY] = (data) => {
      vi.stubGlobal("game", games.get(user.id));
      try {
        return inbox.receive(data);
      } finally {
        vi.stubGlobal("game", games.get("gm"));
      }
    };
  }
  vi.stubGlobal("Roll", FakeRoll);
  vi.stubGlobal("foundry", { dice: { terms: fakeDiceTerms } });
  // One game per client, as each browser has its own; a query's handler runs on its recipient's.
  const games = new Map(users.map((u) => [u.id, gameOf(u)]));
  vi.stubGlobal("game", games.get("gm"));
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

afterEach(() => {
  vi.unstubAllGlobals();
});

async function rollSealed(rollMode: RollMode, by = alice): Promise<void> {
  await handleAttackOpen(
    ctx,
    { attackerId: "alric", targetId: "goblin", itemId: "spear", options: {}, rollMode },
    "alice",
  );
  const revision = readSealed(messages[0]!.system)!.revision;
  expect(await handleAttackStep(ctx, { messageId: "m1", command: { type: "roll" }, revision }, by.id)).toMatchObject({
    ok: true,
  });
  // The roller's client shows what it received once the query's handler has run and the chat's rolls have loaded (its
  // animation is not awaited).
  await new Promise((r) => setTimeout(r, 50));
}

describe.each(["gmroll", "selfroll"] as const)("a %s card's dice", (mode) => {
  it(
    "post no dice message; roll in 3D on the GM's client " + "and, when the card reaches it, on the roller's alone",
    async () => {
      await rollSealed(mode);
      expect(tray.shown).toEqual([]);
      expect(tray.here).toEqual([
        { userId: "alice", rolls: [{ purpose: "Hit", formula: "1d20", total: 19, dropped: [] }] },
      ]);
      await vi.waitFor(() => expect(animated).toHaveLength(1));
      // For the user of the client it reached (game.user there): Alice's, the only one the card was sent to.
      expect(animated).toEqual([{ formula: "1d20", total: 19, user: alice, synchronize: false }]);
      expect(queries.log.map((q) => q.to)).toEqual(queries.log.map(() => "alice"));
    },
  );
});

describe("a blind card's dice", () => {
  it("post no dice message and roll in 3D on the GM's client only: its roller's client shows nothing", async () => {
    // A blind card's steps are the GM's: its roller does not see it.
    await rollSealed("blindroll", gm);
    expect(tray.shown).toEqual([]);
    expect(tray.here).toEqual([{ userId: "gm", rolls: [{ purpose: "Hit", formula: "1d20", total: 19, dropped: [] }] }]);
    expect(animated).toEqual([]);
    expect(queries.log).toEqual([]);
  });
});

describe("what a sealed card's new revision rolled", () => {
  const roll = (v: number) => ({
    type: "toHitRolled",
    roll: { formula: "1d20", dice: [{ sides: 20, value: v, kept: true }], modifier: 0, total: v },
  });
  const attack = (events: unknown[], length: number) => ({ events, journal: { length }, openingSteps: 1 });

  it("an attack card: the events past those held; none after an undo; a card never held only as it opened", () => {
    expect(newlyRolled(attack([roll(3)], 2), attack([roll(3), roll(7)], 3))).toEqual([roll(7)]);
    expect(newlyRolled(attack([roll(3), roll(7)], 3), attack([roll(3)], 2))).toEqual([]);
    expect(newlyRolled(undefined, attack([roll(3)], 1))).toEqual([roll(3)]);
    expect(newlyRolled(undefined, attack([roll(3), roll(7)], 3))).toEqual([]);
  });

  it("a move card: its effect and outcome when the outcome is new, nothing once held", () => {
    const effect = { kind: "fall", clause: "SEC-13", mover: "t", height: 1 };
    const outcome = { kind: "fall", damage: 2, dice: [2] };
    expect(newlyRolled(undefined, { effect, outcome })).toEqual([effect, outcome]);
    expect(newlyRolled({ effect, outcome }, { effect, outcome, applied: {} })).toEqual([]);
    expect(newlyRolled({ effect, outcome: null }, { effect, outcome: null })).toEqual([]);
  });
});

/** The game of `user`'s client: Dice So Nice shows each roll there. */
function gameOf(user: FakeUser): FakeGame {
  return new FakeGame({
    i18n: { localize: (k: string) => k.split(".").pop()!, format: (k: string) => k },
    user,
    users,
    dice3d: {
      showForRoll: (roll: unknown, u: unknown, synchronize: unknown) => {
        const { formula, total } = roll as FakeRoll;
        animated.push({ formula, total, user: u, synchronize });
        return Promise.resolve(true);
      },
    },
  });
}
