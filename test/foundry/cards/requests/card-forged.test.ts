import { describe, expect, it } from "vitest";
import { dealing } from "../../../../src/core/shared/dealing.js";
import {
  openAttackCard,
  stepAttackCard,
  type AppliedRecord,
  type AttackCardData,
} from "../../../../src/foundry/cards/data/attack-card-data.js";
import { attackCardFor } from "../../../../src/foundry/rulesets/index.js";
import { handleAttackAnswer } from "../../../../src/foundry/cards/requests/attack-answer.js";
import { handleAttackCircumstances } from "../../../../src/foundry/cards/requests/attack-circumstances.js";
import { handleAttackOpen, type OpenCardContext } from "../../../../src/foundry/cards/requests/attack-open.js";
import { handleAttackStep } from "../../../../src/foundry/cards/requests/attack-request.js";
import type { AttackRuleset } from "../../../../src/foundry/cards/attack-ruleset.js";
import { cardActor } from "../../../../src/foundry/cards/data/card-actor.js";
import { ATTACK_ANSWER_REQUEST } from "../../../../src/foundry/cards/requests/attack-answer.js";
import { ATTACK_CIRCUMSTANCES_REQUEST } from "../../../../src/foundry/cards/requests/attack-circumstances.js";
import { ATTACK_OPEN_REQUEST } from "../../../../src/foundry/cards/requests/attack-open.js";
import { ATTACK_STEP_REQUEST } from "../../../../src/foundry/cards/requests/attack-request.js";
import { readAttackCard } from "../../../../src/foundry/cards/data/attack-card-data.js";
import { readSeal, StorageSealedStore, type SealedStore } from "../../../../src/foundry/cards/sealed/sealed-card.js";
import { SEALED_QUERY, SEALED_REQUEST } from "../../../../src/foundry/cards/sealed/sealed-delivery.js";
import { sealedDigest } from "../../../../src/foundry/cards/sealed/sealed-digest.js";
import { SealedInbox } from "../../../../src/foundry/cards/sealed/sealed-inbox.js";
import { handleSealedRequest } from "../../../../src/foundry/cards/sealed/sealed-request.js";
import { RequestChannel } from "../../../../src/foundry/requests/request-channel.js";
import type { RequestAnswer } from "../../../../src/foundry/requests/request-answer.js";
import { SAMPLE_ACTORS, SAMPLE_ITEMS } from "../../../../tools/sample-data.js";
import { FakeActor, FakeChat, FakeItem } from "../../../fakes/foundry-card.js";
import { FakeUser } from "../../../fakes/foundry-combat.js";
import { FakeDiceTray } from "../../../fakes/foundry-dice.js";
import { FakeQueryServer } from "../../../fakes/foundry-query.js";
import { FakeSocketServer } from "../../../fakes/foundry-socket.js";
import { EN } from "../../../fakes/lang.js";
import { gmCardHands } from "../gm-card-hands.js";

// Issue 26, hole 1: a card any player writes. Alice plays Alric, Bob plays Brenna, Carol's macro forges cards.
const gm = new FakeUser("gm", "GM", true);
const alice = new FakeUser("alice", "Alice");
const bob = new FakeUser("bob", "Bob");
const carol = new FakeUser("carol", "Carol");
const USERS = [gm, alice, bob, carol];
const TRIES = 60;

type AnyCard = AttackRuleset<unknown, AttackCardData["journal"]["state"], never>;
const teams = attackCardFor("teams") as unknown as AnyCard;
const sample = (type: string) => [...SAMPLE_ACTORS, ...SAMPLE_ITEMS].find((s) => s.type === type)!.system;

/** A seeded sequence of numbers, so each try forges something a little different and a failure repeats. */
function dice(seed: number): (n: number) => number {
  let s = seed;
  return (n) => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s % n;
  };
}

/** The table: the GM's client handling every card request from the socket, and each player's client asking. */
function world() {
  const alric = new FakeActor(
    "alric",
    "Alric",
    "teams-character",
    sample("teams-character"),
    ["alice"],
    [new FakeItem("spear", "Spear", "teams-weapon", sample("teams-weapon"))],
  );
  const brenna = new FakeActor(
    "brenna",
    "Brenna",
    "teams-character",
    sample("teams-character"),
    ["bob"],
    [new FakeItem("axe", "Axe", "teams-weapon", sample("teams-weapon"))],
  );
  const chat = new FakeChat();
  const gmStore = new StorageSealedStore(null, "") as SealedStore;
  const ctx: OpenCardContext = {
    ...gmCardHands(),
    message: (id) => chat.get(id),
    actor: (id) => [alric, brenna].find((a) => a.id === id),
    user: (id) => USERS.find((u) => u.id === id),
    card: (ruleset) => (ruleset === "teams" ? teams : undefined),
    dice: new FakeDiceTray(6),
    dropped: () => Promise.resolve(undefined),
    mayTarget: () => true,
    ruleset: () => "teams",
    sealed: gmStore,
    seals: new StorageSealedStore(null, "", readSeal),
    // The GM's client posts every card: Foundry makes the GM its author.
    post: (data, _speaker, id) => Promise.resolve(chat.create(gm, "attack", data, id ? { id } : {})),
  };
  const server = new FakeSocketServer();
  const gmChannel = new RequestChannel(server.env("gm", () => "gm"));
  gmChannel.listen();
  // As register-cards.ts registers them on the active GM's client.
  gmChannel.register(ATTACK_OPEN_REQUEST, (p, s) => handleAttackOpen(ctx, p, s));
  gmChannel.register(ATTACK_STEP_REQUEST, (p, s) => handleAttackStep(ctx, p, s));
  gmChannel.register(ATTACK_CIRCUMSTANCES_REQUEST, (p, s) => handleAttackCircumstances(ctx, p, s));
  gmChannel.register(ATTACK_ANSWER_REQUEST, (p, s) => handleAttackAnswer(ctx, p, s));
  const players = Object.fromEntries(
    [alice, bob, carol].map((u) => {
      const channel = new RequestChannel(server.env(u.id, () => "gm"));
      channel.listen();
      return [u.id, channel];
    }),
  );
  /** A request from one user's client: the GM's own is answered on its client, a player's crosses the socket. */
  const answers: RequestAnswer[] = [];
  const send = async (user: FakeUser, name: string, payload: unknown): Promise<RequestAnswer> => {
    const answer = await (user === gm ? gmChannel.send(name, payload) : players[user.id]!.send(name, payload));
    answers.push(answer);
    return answer;
  };
  const snapshot = () =>
    JSON.stringify(
      [alric, brenna].map((a) => [
        a.system,
        a.items.contents.map((i) => (i as FakeItem).toObject()),
        [...a.statuses],
        a.created,
      ]),
    );
  return { alric, brenna, chat, ctx, send, snapshot, gmStore, answers };
}

type World = ReturnType<typeof world>;

/** Every refusal the table got is a localised message (lang/en.json). */
const expectLocalised = (answers: readonly RequestAnswer[]) => {
  for (const a of answers) if (!a.ok) expect(EN[a.key], a.key).toEqual(expect.any(String));
};

/**
 * What a macro can build on its own client: the teams attack of Alric on Brenna opened with `options` (the GM's boosts:
 * advantages, flanking, a sneak attack), played with the macro's own dice up to its apply step, or past it with what
 * applying wrote. The core's code is in every client's bundle.
 */
async function forgedData(
  w: World,
  options: Record<string, unknown>,
  roll: (n: number) => number,
  upTo: "apply" | "done",
) {
  // Its own copies of the two (what a table shows): the GM's documents are not what it reads.
  const copy = (a: FakeActor) =>
    new FakeActor(
      a.id,
      a.name,
      a.type,
      sample(a.type),
      [],
      [new FakeItem("spear", "Spear", "teams-weapon", sample("teams-weapon"))],
    );
  const choice = {
    attacker: cardActor(copy(w.alric), "alric"),
    target: cardActor(copy(w.brenna), "brenna"),
    itemId: "spear",
    options,
  };
  const draw = (sides: number) => Promise.resolve(Math.max(1, sides - roll(2)));
  const opened = await openAttackCard(teams, choice, "publicroll", 1, draw);
  if (!opened.ok) throw new Error(opened.reason);
  let data = opened.state;
  for (let i = 0; i < 20 && data.journal.state.step !== "done"; i++) {
    const state = data.journal.state;
    if (state.step === "apply" && upTo === "apply") break;
    const legal = teams.engine.legal(state);
    const next = legal.find((c) => (c as { type: string }).type !== "react") ?? legal[0];
    if (!next) break;
    const { outcome } = await dealing((d) => stepAttackCard(teams as never, data, next, d), draw);
    if (!outcome.ok) break;
    data = outcome.state;
  }
  return data;
}

const boostsOf = (roll: (n: number) => number): Record<string, unknown> => ({
  advantages: 1 + roll(9),
  ...(roll(2) ? { flanking: true } : {}),
  ...(roll(2) ? { sneak: true } : {}),
  ...(roll(5) === 0 ? (JSON.parse('{"__proto__": {"polluted": true}}') as object) : {}),
});

describe("issue 26 hole 1: an attack card a player wrote is believed by nothing", () => {
  it(
    `GM's boosts on a player's own card, stepped, then ` + `the GM's routine Apply: ${TRIES} tries, none accepted`,
    async () => {
      const w = world();
      const before = w.snapshot();
      let accepted = 0;
      let reachedApply = 0;
      for (let n = 0; n < TRIES; n++) {
        const roll = dice(n + 1);
        const data = await forgedData(w, boostsOf(roll), roll, "apply");
        if (data.journal.state.step === "apply") reachedApply++;
        const forger = [alice, carol][n % 2]!;
        // Its own author: Foundry refuses a player's message that names the GM as its author.
        expect(() => w.chat.create(forger, "attack", { ...data, sealed: null }, { author: gm })).toThrow();
        const card = w.chat.create(forger, "attack", {
          ...data,
          sealed: null,
          ...(n % 3 === 0 ? { roller: gm.id } : {}),
        });
        const revision = data.journal.revision;
        const answers = [
          await w.send(forger, ATTACK_STEP_REQUEST, { messageId: card.id, command: { type: "rollDamage" }, revision }),
          await w.send(gm, ATTACK_CIRCUMSTANCES_REQUEST, { messageId: card.id, revision, options: { advantages: 3 } }),
          await w.send(gm, ATTACK_STEP_REQUEST, { messageId: card.id, command: { type: "apply" }, revision }),
          await w.send(gm, ATTACK_STEP_REQUEST, {
            messageId: card.id,
            command: { type: "apply" },
            revision: revision + 1,
          }),
        ];
        for (const a of answers) if (a.ok) accepted++;
        expect(answers[2]).toMatchObject({ ok: false, key: "FRAY.Refusal.NotMadeByGm" });
        // The forged card itself is as its author wrote it: the GM's client wrote nothing into it.
        expect(card.updates).toEqual([]);
      }
      expect(reachedApply).toBeGreaterThan(TRIES / 2);
      expect(accepted).toBe(0);
      expectLocalised(w.answers);
      expect(w.snapshot()).toBe(before);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    },
  );

  it(`a card's filled applied record, then the GM's Undo: ${TRIES} tries, nothing written back`, async () => {
    const w = world();
    const before = w.snapshot();
    let accepted = 0;
    for (let n = 0; n < TRIES; n++) {
      const roll = dice(100 + n);
      const data = await forgedData(w, {}, roll, "done");
      const applied: AppliedRecord = {
        actors: [
          {
            actorId: ["brenna", "alric"][roll(2)]!,
            before: { "health.value": roll(3) === 0 ? 99 : 0, "endurance.max": 1e300 },
          },
        ],
        statuses: [{ actorId: "brenna", status: ["dead", "unconscious", "prone"][roll(3)]!, active: false }],
        items: [{ actorId: "alric", itemId: "spear", before: { damage: 50 } }],
        destroyed: [
          {
            actorId: "alric",
            data: { _id: `vorpal${n}`, name: "Vorpal Blade", type: "teams-weapon", system: { damage: 99 } },
          },
        ],
        ...(roll(4) === 0 ? (JSON.parse('{"__proto__": {"polluted": true}}') as object) : {}),
      };
      const card = w.chat.create(carol, "attack", { ...data, applied, sealed: null });
      for (const user of [gm, carol]) {
        const answer = await w.send(user, ATTACK_STEP_REQUEST, {
          messageId: card.id,
          command: { type: "undo" },
          revision: data.journal.revision,
        });
        if (answer.ok) accepted++;
      }
    }
    expect(accepted).toBe(0);
    expectLocalised(w.answers);
    expect(w.snapshot()).toBe(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("a player's pending question and a player's sealed shell are answered by nothing either", async () => {
    const w = world();
    const before = w.snapshot();
    let accepted = 0;
    for (let n = 0; n < TRIES; n++) {
      const question = {
        role: "attacker",
        option: "defence",
        prompt: { key: "FRAY.Card.Attack", data: {} },
        answers: [{ value: "a", label: { key: "FRAY.Card.Attack", data: {} } }],
      };
      const pending = w.chat.create(carol, "attack", {
        ruleset: "teams",
        attackerId: "alric",
        targetId: "brenna",
        itemId: "spear",
        rollMode: "publicroll",
        pending: { question, options: { advantages: 1 + n } },
      });
      // The GM's store holding a card under that id (a deleted GM card, or a guessed id) is not read for it either.
      const held = { ...(await forgedData(w, {}, dice(n), "apply")), rollMode: "gmroll" as const, roller: "alice" };
      const rev = held.journal.revision;
      const shell = w.chat.create(alice, "attack", {
        ruleset: "teams",
        attackerId: "alric",
        targetId: "brenna",
        rollMode: "gmroll",
        sealed: { revision: rev, title: { key: "FRAY.Card.Attack", data: {} }, viewers: ["alice"], digest: "" },
      });
      w.gmStore.set(shell.id, held);
      for (const a of [
        await w.send(gm, ATTACK_ANSWER_REQUEST, { messageId: pending.id, value: "a" }),
        await w.send(alice, ATTACK_ANSWER_REQUEST, { messageId: pending.id, value: "a" }),
        await w.send(gm, ATTACK_STEP_REQUEST, { messageId: shell.id, command: { type: "apply" }, revision: rev }),
        await w.send(alice, ATTACK_STEP_REQUEST, { messageId: shell.id, command: { type: "reveal" }, revision: rev }),
        await w.send(gm, ATTACK_STEP_REQUEST, { messageId: shell.id, command: { type: "reveal" }, revision: rev }),
      ])
        if (a.ok) accepted++;
    }
    expect(accepted).toBe(0);
    expectLocalised(w.answers);
    expect(w.snapshot()).toBe(before);
    expect(w.chat.messages.every((m) => m.updates.length === 0)).toBe(true);
  });

  it(
    "the honest path: Alice's attack, posted by the GM's client, is stepped by her and applied " +
      "and undone by the GM",
    async () => {
      const w = world();
      const opened = await w.send(alice, ATTACK_OPEN_REQUEST, {
        attackerId: "alric",
        targetId: "brenna",
        itemId: "spear",
        options: {},
      });
      expect(opened).toMatchObject({ ok: true });
      const card = w.chat.get((opened as { messageId?: string }).messageId ?? "")!;
      expect(card.author).toBe(gm);
      const health = () => (w.brenna.system.health as { value: number }).value;
      const start = health();
      for (let i = 0; i < 12 && readAttackCard(card.system)!.journal.state.step !== "done"; i++) {
        const data = readAttackCard(card.system)!;
        const legal = teams.engine.legal(data.journal.state) as { type: string }[];
        const command = legal.find((c) => c.type !== "react") ?? legal[0]!;
        const who =
          command.type === "apply"
            ? gm
            : teams.roleFor(command as never, data.journal.state) === "target"
              ? bob
              : alice;
        expect(
          await w.send(who, ATTACK_STEP_REQUEST, { messageId: card.id, command, revision: data.journal.revision }),
        ).toMatchObject({
          ok: true,
        });
      }
      const done = readAttackCard(card.system)!;
      expect(done.applied).not.toBeNull();
      expect(health()).toBeLessThan(start);
      expect(
        await w.send(gm, ATTACK_STEP_REQUEST, {
          messageId: card.id,
          command: { type: "undo" },
          revision: done.journal.revision,
        }),
      ).toMatchObject({
        ok: true,
      });
      expect(health()).toBe(start);
    },
  );
});

describe("issue 26 hole 1: a player's digest in a sealed card is kept by no client", () => {
  it(
    `a sealed shell Carol wrote, its digest hers, and her query to Alice's and the GM's ` +
      `clients: ${TRIES} tries, none kept`,
    async () => {
      const w = world();
      const queries = new FakeQueryServer();
      const stores: Record<string, SealedStore> = {};
      for (const u of USERS) {
        const store = (stores[u.id] = new StorageSealedStore(null, "") as SealedStore);
        const inbox = new SealedInbox(
          {
            attack: {
              store: store,
              read: readAttackCard,
              revisionOf: (d) => (d as AttackCardData).journal.revision,
              matches: (d, system) => (d as AttackCardData).attackerId === (system as AttackCardData).attackerId,
            },
          },
          (id) => w.chat.get(id),
          () => undefined,
        );
        queries.connect(u.id)[SEALED_QUERY] = (data) => inbox.receive(data);
      }
      let kept = 0;
      for (let n = 0; n < TRIES; n++) {
        const roll = dice(500 + n);
        const data = {
          ...(await forgedData(w, boostsOf(roll), roll, "apply")),
          rollMode: "gmroll" as const,
          roller: "alice",
        };
        const salt = (n.toString(16) + "0".repeat(32)).slice(0, 32);
        const id = `forged${n}`;
        const revision = data.journal.revision;
        const digest = sealedDigest(salt, "attack", id, revision, data)!;
        w.chat.create(
          carol,
          "attack",
          {
            ruleset: "teams",
            attackerId: "alric",
            targetId: "brenna",
            rollMode: "gmroll",
            sealed: { revision, title: { key: "FRAY.Card.Attack", data: {} }, viewers: ["alice", "bob"], digest },
          },
          { id },
        );
        for (const to of ["alice", "bob", "gm"])
          if (
            (await queries.query("carol", to, SEALED_QUERY, {
              kind: "attack",
              messageId: id,
              revision,
              salt,
              data,
            })) === true
          )
            kept++;
        // Alice's client then asks the GM for the card it may see: the GM's handler answers nothing of a player's card.
        const asked = await handleSealedRequest(
          {
            user: (u) => USERS.find((x) => x.id === u),
            message: (m) => w.chat.get(m),
            kinds: {
              attack: {
                store: w.gmStore,
                read: readAttackCard,
                revisionOf: (d) => (d as AttackCardData).journal.revision,
                matches: () => true,
              },
            },
            seals: new StorageSealedStore(null, "", readSeal),
            deliver: () => Promise.resolve(undefined),
          },
          { messageId: id },
          "alice",
        );
        if (asked.ok) kept++;
      }
      expect(kept).toBe(0);
      for (const u of USERS) for (let n = 0; n < TRIES; n++) expect(stores[u.id]!.get(`forged${n}`)).toBeUndefined();
      void SEALED_REQUEST;
    },
  );
});
