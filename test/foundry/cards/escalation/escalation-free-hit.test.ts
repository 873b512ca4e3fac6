import { beforeEach, describe, expect, it } from "vitest";
import { readAttackCard, type AttackCardData } from "../../../../src/foundry/cards/data/attack-card-data.js";
import { attackCardContext } from "../../../../src/foundry/cards/attack-card-context.js";
import { handleAttackOpen, type OpenCardContext } from "../../../../src/foundry/cards/requests/attack-open.js";
import { handleAttackStep } from "../../../../src/foundry/cards/requests/attack-request.js";
import { ATTACK_OPEN_REQUEST } from "../../../../src/foundry/cards/requests/attack-open.js";
import { ATTACK_STEP_REQUEST } from "../../../../src/foundry/cards/requests/attack-request.js";
import { escalationAttackCard } from "../../../../src/foundry/cards/escalation/index.js";
import { withInitial } from "../../../../src/foundry/data/field-spec.js";
import { escalationUnit } from "../../../../src/foundry/data/specs/escalation/escalation-unit.js";
import { RequestChannel } from "../../../../src/foundry/requests/request-channel.js";
import type { RequestAnswer } from "../../../../src/foundry/requests/request-answer.js";
import { SAMPLE_ACTORS, SAMPLE_ITEMS } from "../../../../tools/sample-data.js";
import { FakeActor, FakeItem, FakeMessage } from "../../../fakes/foundry-card.js";
import { FakeUser } from "../../../fakes/foundry-combat.js";
import { FakeDiceTray } from "../../../fakes/foundry-dice.js";
import { FakeSocketServer } from "../../../fakes/foundry-socket.js";
import { gmCardHands } from "../gm-card-hands.js";

// Alice plays Captain Orrin (who attacks first), Bob the Goblin; Carol plays a third unit, not on the card; Olive
// only watches. Every request goes from a player's channel over the fake socket to the GM's real card handlers.
const gm = new FakeUser("gm", "GM", true);
const alice = new FakeUser("alice", "Alice");
const bob = new FakeUser("bob", "Bob");
const carol = new FakeUser("carol", "Carol");
const olive = new FakeUser("olive", "Olive");
const USERS = [gm, alice, bob, carol, olive];

const sample = (type: string) => [...SAMPLE_ACTORS, ...SAMPLE_ITEMS].find((x) => x.type === type)!;
const unit = (over: Record<string, unknown>) =>
  withInitial(escalationUnit.fields, { agility: 1, hp: { value: 12, max: 12 }, ...over });

let messages: FakeMessage[];
let actors: FakeActor[];
let d20s: number[];
let ctx: OpenCardContext;
let channels: Record<string, RequestChannel>;
let server: FakeSocketServer;

beforeEach(() => {
  messages = [];
  const sword = new FakeItem("sword", "Longsword", "escalation-weapon", sample("escalation-weapon").system);
  const blade = new FakeItem("rusty", "Rusty blade", "escalation-weapon", {
    ...sample("escalation-weapon").system,
    damage: "1d6",
  });
  actors = [
    new FakeActor("orrin", "Captain Orrin", "escalation-unit", sample("escalation-unit").system, ["alice"], [sword]),
    new FakeActor("gob", "Goblin", "escalation-unit", unit({}), ["bob"], [blade]),
    new FakeActor("wolf", "Wolf", "escalation-unit", unit({}), ["carol"]),
  ];
  // The d20s in order; a chain's d4 stops at once (2), and every other die shows 1.
  d20s = [];
  ctx = {
    ...gmCardHands(),
    message: (id) => messages.find((m) => m.id === id),
    actor: (id) => actors.find((a) => a.id === id),
    user: (id) => USERS.find((u) => u.id === id),
    card: (ruleset) => (ruleset === "escalation" ? escalationAttackCard : undefined),
    dice: new FakeDiceTray((sides) => (sides === 20 ? (d20s.shift() ?? 10) : sides === 4 ? 2 : 1)),
    dropped: () => Promise.resolve(undefined),
    mayTarget: () => true,
    ruleset: () => "escalation",
    post: (data) => {
      const m = new FakeMessage(`m${messages.length + 1}`, "attack", data, gm);
      messages.push(m);
      return Promise.resolve(m);
    },
  };
  server = new FakeSocketServer();
  channels = {};
  for (const user of USERS) {
    const channel = new RequestChannel(server.env(user.id, () => "gm"));
    channel.listen();
    channels[user.id] = channel;
  }
  channels.gm!.register(ATTACK_OPEN_REQUEST, (payload, sender) => handleAttackOpen(ctx, payload, sender));
  channels.gm!.register(ATTACK_STEP_REQUEST, (payload, sender) => handleAttackStep(ctx, payload, sender));
});

const card = (): AttackCardData => readAttackCard(messages[0]!.system)!;
const state = () => card().journal.state as unknown as { step: string; attacker: string; target: string; owed: string };
const send = (user: FakeUser, command: unknown, extra: Record<string, unknown> = {}): Promise<RequestAnswer> =>
  channels[user.id]!.send(ATTACK_STEP_REQUEST, {
    messageId: "m1",
    command,
    revision: card().journal.revision,
    ...extra,
  });

/**
 * Orrin attacks the Goblin, rolls a natural 1 (ESC-34: a free hit owed to the Goblin), and the Goblin's owner takes it.
 */
async function goblinStrikesBack(): Promise<void> {
  d20s = [1];
  const opened = await channels.alice!.send(ATTACK_OPEN_REQUEST, {
    attackerId: "orrin",
    targetId: "gob",
    itemId: "sword",
    options: {},
    rollMode: "publicroll",
  });
  expect(opened).toMatchObject({ ok: true });
  expect(await send(alice, { type: "roll" })).toMatchObject({ ok: true });
  expect(state()).toMatchObject({ step: "reactionWindow", owed: "freeHit", attacker: "orrin", target: "gob" });
  expect(await send(bob, { type: "react", reaction: "freeHit" })).toMatchObject({ ok: true });
  expect(state()).toMatchObject({ step: "rollToHit", attacker: "gob", target: "orrin" });
}

/**
 * Requests a player must not get through: each user who is not `owner` (another player on the card, one off it, an
 * observer) sends each command, plain, with a sender field naming the owner, with a field of its own, with a prototype
 * key, with a roll mode, with a huge field; and the owner sends it against a stale revision.
 */
function attacks(
  owner: FakeUser,
  commands: readonly Record<string, unknown>[],
): [FakeUser, unknown, Record<string, unknown>][] {
  const out: [FakeUser, unknown, Record<string, unknown>][] = [];
  for (const user of USERS.filter((u) => !u.isGM && u !== owner))
    for (const command of commands) {
      out.push([user, command, {}]);
      out.push([user, command, { senderId: owner.id, userId: owner.id, user: owner.id }]);
      out.push([user, { ...command, by: "gob", reactor: "orrin" }, {}]);
      out.push([user, JSON.parse(`{"__proto__":{"isGM":true},${JSON.stringify(command).slice(1)}`), {}]);
      out.push([user, command, { rollMode: "blindroll" }]);
      out.push([user, command, { junk: "x".repeat(100_000) }]);
    }
  for (const command of commands) out.push([owner, command, { revision: card().journal.revision - 1 }]);
  return out;
}

async function allRefused(tries: [FakeUser, unknown, Record<string, unknown>][]): Promise<number> {
  const revision = card().journal.revision;
  const shown = (ctx.dice as FakeDiceTray).shown.length;
  let accepted = 0;
  for (const [user, command, extra] of tries) if ((await send(user, command, extra)).ok) accepted++;
  expect(card().journal.revision).toBe(revision);
  expect((ctx.dice as FakeDiceTray).shown).toHaveLength(shown);
  return accepted;
}

describe("ESC-34 a free hit is clicked by whoever takes it, not by the card's first actors", () => {
  it(
    "ESC-34 once the Goblin strikes back, only its owner rolls it: Orrin's owner, another player, an " +
      "observer are refused",
    async () => {
      await goblinStrikesBack();
      const tries = attacks(bob, [{ type: "roll" }]);
      expect(tries.length).toBeGreaterThanOrEqual(19);
      expect(await allRefused(tries)).toBe(0);
      expect(await send(alice, { type: "roll" })).toMatchObject({ ok: false, key: "FRAY.Refusal.NotTheAttacker" });
      // The honest path: the Goblin's owner rolls its free hit.
      d20s = [15];
      expect(await send(bob, { type: "roll" })).toMatchObject({ ok: true });
    },
  );

  it(
    "ESC-34 a free hit owed back to Orrin is Orrin's owner's " +
      "to take or let go: the Goblin's owner cannot waive it",
    async () => {
      await goblinStrikesBack();
      d20s = [1];
      expect(await send(bob, { type: "roll" })).toMatchObject({ ok: true });
      expect(state()).toMatchObject({ step: "reactionWindow", owed: "freeHit", attacker: "gob", target: "orrin" });
      const tries = attacks(alice, [{ type: "skipReaction" }, { type: "react", reaction: "freeHit" }]);
      expect(await allRefused(tries)).toBe(0);
      expect(await send(bob, { type: "skipReaction" })).toMatchObject({ ok: false, key: "FRAY.Refusal.NotTheTarget" });
      // The honest path: Orrin's owner takes it, rolls it and its damage; the GM applies it to the Goblin.
      expect(await send(alice, { type: "react", reaction: "freeHit" })).toMatchObject({ ok: true });
      d20s = [18];
      expect(await send(alice, { type: "roll" })).toMatchObject({ ok: true });
      expect(await send(alice, { type: "rollDamage" })).toMatchObject({ ok: true });
      expect(await send(gm, { type: "apply" })).toMatchObject({ ok: true });
      expect(state().step).toBe("done");
      expect((actors[1]!.system.hp as { value: number }).value).toBeLessThan(12);
    },
  );

  it(
    "ESC-34 at least 50 tries over the socket, every step of a swapped card: none accepted, each " +
      "owner's own step is",
    async () => {
      await goblinStrikesBack();
      let tries = attacks(bob, [{ type: "roll" }]);
      let accepted = await allRefused(tries);
      let sent = tries.length;
      d20s = [1];
      expect(await send(bob, { type: "roll" })).toMatchObject({ ok: true });
      tries = attacks(alice, [{ type: "skipReaction" }, { type: "react", reaction: "freeHit" }]);
      accepted += await allRefused(tries);
      sent += tries.length;
      expect(sent).toBeGreaterThanOrEqual(50);
      expect(accepted).toBe(0);
      expect(await send(alice, { type: "skipReaction" })).toMatchObject({ ok: true });
      expect(state().step).toBe("done");
    },
  );

  it("ESC-34 the card shows the free hit's roll to the Goblin's owner and the GM, not to Orrin's owner", async () => {
    await goblinStrikesBack();
    const buttonsOf = (user: FakeUser) =>
      attackCardContext(escalationAttackCard as never, card(), {
        user,
        ownsAttacker: user.id === "alice",
        ownsTarget: user.id === "bob",
        owns: (ref) => actors.find((a) => a.id === ref)?.testUserPermission(user, "OWNER") ?? false,
        names: {},
      }).buttons.map((b) => (JSON.parse(b.command) as { type: string }).type);
    expect(buttonsOf(bob)).toEqual(["roll"]);
    expect(buttonsOf(gm)).toEqual(["roll"]);
    for (const user of [alice, carol, olive]) expect(buttonsOf(user)).toEqual([]);
  });
});
