import { gmCardHands } from "../gm-card-hands.js";
import { describe, expect, it } from "vitest";
import { readAttackCard, type AttackCardData } from "../../../../src/foundry/cards/data/attack-card-data.js";
import { attackCardContext } from "../../../../src/foundry/cards/attack-card-context.js";
import { attackCardFor } from "../../../../src/foundry/rulesets/index.js";
import {
  ATTACK_CIRCUMSTANCES_REQUEST,
  handleAttackCircumstances,
  type CircumstancesHow,
} from "../../../../src/foundry/cards/requests/attack-circumstances.js";
import {
  ATTACK_OPEN_REQUEST,
  handleAttackOpen,
  type OpenCardContext,
} from "../../../../src/foundry/cards/requests/attack-open.js";
import { ATTACK_STEP_REQUEST, handleAttackStep } from "../../../../src/foundry/cards/requests/attack-request.js";
import { RequestChannel } from "../../../../src/foundry/requests/request-channel.js";
import type { RequestAnswer } from "../../../../src/foundry/requests/request-answer.js";
import { SAMPLE_ACTORS, SAMPLE_ITEMS } from "../../../../tools/sample-data.js";
import { FakeActor, FakeChat, FakeItem } from "../../../fakes/foundry-card.js";
import { FakeUser } from "../../../fakes/foundry-combat.js";
import { FakeDiceTray } from "../../../fakes/foundry-dice.js";
import { FakeSocketServer } from "../../../fakes/foundry-socket.js";
import { render } from "../../../fakes/handlebars-env.js";
import { EN } from "../../../fakes/lang.js";
import { StorageSealedStore, type SealedStore } from "../../../../src/foundry/cards/sealed/sealed-card.js";

// Issue 28: players declare their own circumstances; the GM confirms or changes them before the roll. Alice plays
// Alric (the attacker), Bob plays Brenna (the target), Olive only watches. Every request crosses the fake socket to
// the GM's handlers, as register-cards.ts registers them.
const gm = new FakeUser("gm", "GM", true);
const alice = new FakeUser("alice", "Alice");
const bob = new FakeUser("bob", "Bob");
const olive = new FakeUser("olive", "Olive");
const USERS = [gm, alice, bob, olive];
const TRIES = 60;

const teams = attackCardFor("teams");
/** A text as Handlebars draws it ("'" escaped). */
const escaped = (text: string) => text.replace(/'/g, "&#x27;");
const sample = (type: string) => [...SAMPLE_ACTORS, ...SAMPLE_ITEMS].find((s) => s.type === type)!.system;

/** The table, with the world setting "Trust players' circumstances" as given. */
async function table(how: CircumstancesHow = {}, rollMode = "publicroll") {
  const weapon = (id: string) => [new FakeItem(id, "Spear", "teams-weapon", sample("teams-weapon"))];
  const alric = new FakeActor(
    "alric",
    "Alric",
    "teams-character",
    sample("teams-character"),
    ["alice"],
    weapon("spear"),
  );
  const brenna = new FakeActor(
    "brenna",
    "Brenna",
    "teams-character",
    sample("teams-character"),
    ["bob"],
    weapon("axe"),
  );
  const chat = new FakeChat();
  const sealed = new StorageSealedStore(null, "") as SealedStore;
  const ctx: OpenCardContext = {
    ...gmCardHands({ sealed, dice: new FakeDiceTray(4) }),
    message: (id) => chat.get(id),
    actor: (id) => [alric, brenna].find((a) => a.id === id),
    user: (id) => USERS.find((u) => u.id === id),
    card: (ruleset) => (ruleset === "teams" ? teams : undefined),
    dropped: () => Promise.resolve(undefined),
    mayTarget: () => true,
    hiddenFromTable: () => false,
    ruleset: () => "teams",
    post: (data, _speaker, id) => Promise.resolve(chat.create(gm, "attack", data, id ? { id } : {})),
  };
  const server = new FakeSocketServer();
  const gmChannel = new RequestChannel(server.env("gm", () => "gm"));
  gmChannel.listen();
  gmChannel.register(ATTACK_OPEN_REQUEST, (p, s) => handleAttackOpen(ctx, p, s));
  gmChannel.register(ATTACK_STEP_REQUEST, (p, s) => handleAttackStep(ctx, p, s));
  gmChannel.register(ATTACK_CIRCUMSTANCES_REQUEST, (p, s) => handleAttackCircumstances(ctx, p, s, how));
  const channels = new Map(
    [alice, bob, olive].map((u) => {
      const channel = new RequestChannel(server.env(u.id, () => "gm"));
      channel.listen();
      return [u, channel] as const;
    }),
  );
  const send = (user: FakeUser, name: string, payload: unknown): Promise<RequestAnswer> =>
    user === gm ? gmChannel.send(name, payload) : channels.get(user)!.send(name, payload);
  const opened = await send(alice, ATTACK_OPEN_REQUEST, {
    attackerId: "alric",
    targetId: "brenna",
    itemId: "spear",
    options: {},
    rollMode,
  });
  expect(opened).toMatchObject({ ok: true });
  const messageId = (opened as unknown as { messageId: string }).messageId;
  // A sealed card's numbers are in the GM's store, its message a shell (sealed-card.ts).
  const data = (): AttackCardData => sealed.get(messageId) ?? readAttackCard(chat.get(messageId)!.system)!;
  const declare = (user: FakeUser, options: unknown, extra: Record<string, unknown> = {}) =>
    send(user, ATTACK_CIRCUMSTANCES_REQUEST, { messageId, revision: data().journal.revision, options, ...extra });
  const roll = (user: FakeUser, revision = data().journal.revision) =>
    send(user, ATTACK_STEP_REQUEST, { messageId, command: { type: "roll" }, revision });
  const view = (user: FakeUser) =>
    attackCardContext(teams as never, data(), {
      user,
      ownsAttacker: user === alice,
      ownsTarget: user === bob,
      names: { alric: "Alric", brenna: "Brenna", alice: "Alice" },
      messageId,
    });
  return { chat, ctx, data, declare, roll, view, send, messageId, alric, brenna };
}

describe("issue 28: a player declares their circumstances, and the GM answers before the roll", () => {
  it(
    "the attacker's owner declares flanking and an advantage: " + "the card waits, the roll is refused, and says so",
    async () => {
      const t = await table();
      expect(await t.declare(alice, { flanking: true, advantages: 1 })).toMatchObject({ ok: true });
      expect(t.data().declared).toEqual({ by: "alice", values: { flanking: true, advantages: 1 }, answer: "awaiting" });
      expect(t.data().options).toMatchObject({ flanking: true, advantages: 1 });
      // Nothing is rolled while the GM has not answered: not by the player, not by the GM's own click.
      expect(await t.roll(alice)).toMatchObject({ ok: false, key: "FRAY.Refusal.AwaitingGm" });
      expect(await t.roll(gm)).toMatchObject({ ok: false, key: "FRAY.Refusal.AwaitingGm" });
      expect(t.data().journal.length).toBe(t.data().openingSteps);
      // The player's card: its Roll to hit rests, and the card tells them why.
      const mine = render("templates/chat/attack-card.hbs", t.view(alice));
      expect(mine).toContain(escaped(EN["FRAY.Card.AwaitingGm"]!));
      expect(mine).toMatch(
        /<button type="button" class="fray-button is-primary" data-fray-card-command="[^"]*roll[^"]*" disabled>/,
      );
      expect(mine).toContain("Alice declares these circumstances:");
      expect(mine).toContain("<li>Flanking: yes</li>");
      expect(mine).toContain("<li>Advantages: 1</li>");
      // The GM's card: the declaration, its Confirm, and the change form open.
      const gms = render("templates/chat/attack-card.hbs", t.view(gm));
      expect(gms).toContain("Alice declares these circumstances. Confirm or change them");
      expect(gms).toMatch(
        /<button type="button" class="fray-button is-primary" data-fray-card-confirm>Confirm the circumstances<\/button>/,
      );
      expect(gms).toContain('<details class="fray-card-circumstances" open>');
      // The target's owner and an observer see the declaration, and no control.
      for (const user of [bob, olive]) {
        expect(t.view(user).circumstances).toEqual([]);
        expect(render("templates/chat/attack-card.hbs", t.view(user))).toContain("Alice declares these circumstances:");
      }
    },
  );

  it(
    "the GM confirms: the card says so, and the player's " + "roll goes through with the declared circumstances",
    async () => {
      const t = await table();
      await t.declare(alice, { flanking: true });
      const rollable = t.data().journal.revision;
      expect(await t.declare(gm, {})).toMatchObject({ ok: true });
      expect(t.data().declared).toMatchObject({ answer: "confirmed", values: { flanking: true } });
      expect(t.data().options).toMatchObject({ flanking: true });
      // A roll made against the card before the answer is stale.
      expect(await t.roll(alice, rollable)).toMatchObject({ ok: false, key: "FRAY.Refusal.StaleRevision" });
      expect(render("templates/chat/attack-card.hbs", t.view(olive))).toContain(
        "Circumstances declared by Alice, confirmed by the GM.",
      );
      expect(await t.roll(alice)).toMatchObject({ ok: true });
      expect(t.data().journal.length).toBeGreaterThan(t.data().openingSteps);
    },
  );

  it("the GM changes them: the GM's values count, and the card shows what was declared beside them", async () => {
    const t = await table();
    await t.declare(alice, { flanking: true, advantages: 2 });
    expect(await t.declare(gm, { flanking: false, advantages: 2 })).toMatchObject({ ok: true });
    expect(t.data().declared).toMatchObject({ answer: "changed", values: { flanking: true, advantages: 2 } });
    expect(t.data().options).toMatchObject({ flanking: false, advantages: 2 });
    const html = render("templates/chat/attack-card.hbs", t.view(alice));
    expect(html).toContain("Circumstances declared by Alice, changed by the GM.");
    expect(html).toContain("<li>Flanking: no (declared: yes)</li>");
    expect(html).not.toContain(escaped(EN["FRAY.Card.AwaitingGm"]!));
    expect(await t.roll(alice)).toMatchObject({ ok: true });
  });

  it(
    "with 'Trust players' circumstances' on, the declaration " + "counts at once and the player rolls without waiting",
    async () => {
      const t = await table({ trusted: true });
      expect(await t.declare(alice, { sneak: true })).toMatchObject({ ok: true });
      expect(t.data().declared).toMatchObject({ answer: "trusted" });
      expect(t.data().options).toMatchObject({ sneak: true });
      expect(t.view(alice).awaitsGm).toBe(false);
      expect(await t.roll(alice)).toMatchObject({ ok: true });
    },
  );

  it("a player who declares nothing rolls as before: the card waits only for a declaration", async () => {
    const t = await table();
    expect(t.data().declared ?? null).toBeNull();
    expect(t.view(alice).declares).toBe(true);
    expect(render("templates/chat/attack-card.hbs", t.view(alice))).toContain(
      "<summary>Declare your circumstances</summary>",
    );
    expect(await t.roll(alice)).toMatchObject({ ok: true });
  });

  it(
    "a private roll's roller declares on the card the GM sends them; the target's owner, who " +
      "cannot see it, may not",
    async () => {
      const t = await table({}, "gmroll");
      expect(t.chat.get(t.messageId)!.system).toMatchObject({ journal: null });
      expect(await t.declare(bob, { flanking: true })).toMatchObject({ ok: false });
      expect(await t.declare(alice, { flanking: true })).toMatchObject({ ok: true });
      expect(t.data().declared).toMatchObject({ answer: "awaiting" });
      expect(await t.roll(alice)).toMatchObject({ ok: false, key: "FRAY.Refusal.AwaitingGm" });
      expect(await t.declare(gm, {})).toMatchObject({ ok: true });
      expect(await t.roll(alice)).toMatchObject({ ok: true });
    },
  );

  it(
    `attacks on a declaration: ${TRIES} tries through ` + `the fake socket, none accepted; the honest paths are`,
    async () => {
      const t = await table();
      const before = JSON.stringify([t.alric.system, t.brenna.system]);
      const forged: (() => Promise<RequestAnswer>)[] = [
        // Another's card: the target's owner, an observer.
        () => t.declare(bob, { disadvantages: 0 }),
        () => t.declare(olive, { flanking: true }),
        () => t.declare(bob, { flanking: true }, { userId: "alice" }),
        // Values the card does not take: unknown keys, wrong kinds, negative, fractional, huge, missing.
        () => t.declare(alice, { boons: 1 }),
        () => t.declare(alice, { advantages: -1 }),
        () => t.declare(alice, { advantages: 1.5 }),
        () => t.declare(alice, { advantages: 11 }),
        () => t.declare(alice, { advantages: 1e12 }),
        () => t.declare(alice, { flanking: "yes" }),
        () => t.declare(alice, { flanking: 1 }),
        () => t.declare(alice, null),
        () => t.declare(alice, undefined),
        () => t.declare(alice, JSON.parse('{"__proto__": {"advantages": 1}}')),
        () => t.declare(alice, { constructor: true }),
        // A forged answer: a "confirmed" flag, an answer, a whole declared record, a sender.
        () => t.declare(alice, { flanking: true }, { confirmed: true }),
        () => t.declare(alice, { flanking: true }, { answer: "confirmed" }),
        () => t.declare(alice, { flanking: true }, { declared: { by: "alice", values: {}, answer: "confirmed" } }),
        () => t.declare(alice, { flanking: true }, { isGM: true }),
        () => t.declare(alice, { confirmed: true }),
        // A stale or made-up revision, another card.
        () =>
          t.send(alice, ATTACK_CIRCUMSTANCES_REQUEST, {
            messageId: t.messageId,
            revision: t.data().journal.revision - 1,
            options: {},
          }),
        () => t.send(alice, ATTACK_CIRCUMSTANCES_REQUEST, { messageId: t.messageId, revision: 999, options: {} }),
        () => t.send(alice, ATTACK_CIRCUMSTANCES_REQUEST, { messageId: "nothing", revision: 0, options: {} }),
      ];
      let accepted = 0;
      for (let n = 0; n < TRIES; n++) {
        const answer = await forged[n % forged.length]!();
        if (answer.ok) accepted++;
        else expect(EN[answer.key], answer.key).toEqual(expect.any(String));
      }
      expect(accepted).toBe(0);
      expect(t.data().declared ?? null).toBeNull();
      expect(({} as Record<string, unknown>).advantages).toBeUndefined();
      // The honest path: Alice declares, her roll waits, the GM confirms, she rolls.
      expect(await t.declare(alice, { flanking: true })).toMatchObject({ ok: true });
      // While it waits, nobody rolls: Alice, Bob, Olive.
      for (let n = 0; n < 9; n++) expect(await t.roll([alice, bob, olive][n % 3]!)).toMatchObject({ ok: false });
      expect(await t.declare(gm, {})).toMatchObject({ ok: true });
      expect(await t.roll(alice)).toMatchObject({ ok: true });
      // After the roll, no declaration is taken, from the player or the GM.
      for (let n = 0; n < 6; n++)
        expect(await t.declare([alice, gm][n % 2]!, { flanking: n % 2 === 0 })).toMatchObject({
          ok: false,
          key: "FRAY.Refusal.CardRolled",
        });
      expect(JSON.stringify([t.alric.system, t.brenna.system])).toBe(before);
    },
  );
});
