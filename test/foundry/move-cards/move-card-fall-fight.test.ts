import { describe, expect, it } from "vitest";
import { voidOnUndo } from "../../../src/foundry/cards/requests/attack-request.js";
import type { TurnCommand } from "../../../src/foundry/combat/fight/turn-command.js";
import { registerTurnRequests } from "../../../src/foundry/combat/requests/turn-client.js";
import { TURN_REQUEST } from "../../../src/foundry/combat/requests/turn-request.js";
import { MOVE_CARD_REQUEST, handleMoveCard } from "../../../src/foundry/move-cards/move-card-request.js";
import type { RequestAnswer } from "../../../src/foundry/requests/request-answer.js";
import { RequestChannel } from "../../../src/foundry/requests/request-channel.js";
import { COMBAT_MODES } from "../../../src/foundry/rulesets/index.js";
import { FakeActor } from "../../fakes/foundry-card.js";
import { FakeSocketServer } from "../../fakes/foundry-socket.js";
import { FightScene } from "../canvas/fight-scene.js";
import { place, sample, sections, table } from "./move-table.js";

// A fall on a move card that takes an entity out tells the fight (SEC-68 ruling: out at 0 health), and the card's
// undo gives that defeat back with the sheet, when its step is still the fight's last (ruling "Undo both ways" in
// docs/cards.md). Alice plays Ilsa, at 5 health on the Height 3 section b, and Tam, who fights on in a; Bob plays the
// Orc in c. Three d4 of 4 take Ilsa out.

function fallFight() {
  const s = sections([0, 3, 0]);
  const ilsa = new FakeActor(
    "ilsa",
    "Ilsa",
    "sections-entity",
    { ...sample("sections-entity"), side: "pc", move: 1, health: { value: 5, max: 18 } },
    ["alice"],
  );
  const orc = new FakeActor("orc", "Orc", "sections-entity", { ...sample("sections-entity"), side: "adversary" }, [
    "bob",
  ]);
  const tam = new FakeActor("tam", "Tam", "sections-entity", { ...sample("sections-entity"), side: "pc" }, ["alice"]);
  place(s, "t", [4, 1], ilsa, ["alice"], 1);
  place(s, "e", [7, 1], orc, ["bob"], -1);
  place(s, "u", [0, 0], tam, ["alice"], 1);
  const stats = { t: { side: "pc" }, e: { side: "adversary" }, u: { side: "pc" } };
  const f = new FightScene(s, "sections", stats, ["pc", "adversary"]);
  // As register-cards.ts: the GM's undo of a step from the tracker goes to the cards' listener too.
  const heard = f.turns.onUndone;
  const hands: { card?: Parameters<typeof voidOnUndo>[0] } = {};
  (f as { turns: typeof f.turns }).turns = {
    ...f.turns,
    onUndone: async (command: TurnCommand) => {
      await heard(command);
      if (hands.card) await voidOnUndo(hands.card, command);
    },
  };
  const t = table(s, "sections", { t: ilsa, e: orc, u: tam }, 4, f);
  hands.card = t.attackCtx;
  // The active GM's request channel, as register-move-cards.ts and turn-client.ts register it, and one per player.
  const server = new FakeSocketServer();
  const channels: Record<string, RequestChannel> = {};
  const channelOf = (user: string) => {
    if (!channels[user]) {
      channels[user] = new RequestChannel(server.env(user, () => "gm"));
      channels[user].listen();
    }
    return channels[user];
  };
  channelOf("gm").register(MOVE_CARD_REQUEST, (payload, sender) => handleMoveCard(t.cards, payload, sender));
  registerTurnRequests(channelOf("gm"), f.turns);
  const send = (user: string, name: string, payload: unknown): Promise<RequestAnswer> =>
    channelOf(user).send(name, payload);
  const health = () => (ilsa.system.health as { value: number }).value;
  return { f, t, ilsa, send, health };
}

/** Ilsa draws and walks off b's edge into a: the fall card is posted, and the GM applies it. */
async function fallen(w: ReturnType<typeof fallFight>): Promise<string> {
  await w.f.until("t");
  expect(await w.f.step({ type: "draw", combatant: "t" })).toMatchObject({ ok: true });
  expect(await w.t.walk("alice", "t", [[1, 1]])).toMatchObject({ ok: true });
  const card = w.t.moveCards()[0]!;
  expect(await w.send("gm", MOVE_CARD_REQUEST, { messageId: card.id, action: "apply" })).toEqual({ ok: true });
  expect(w.health()).toBe(0);
  return card.id;
}

const undo = (w: ReturnType<typeof fallFight>, id: string, user = "gm") =>
  w.send(user, MOVE_CARD_REQUEST, { messageId: id, action: "undo" });

describe("the move card's undo gives back the defeat its fall sent the fight", () => {
  it("SEC-68 the fall's defeat names the move card; its undo brings Ilsa back, with her health", async () => {
    const w = fallFight();
    const id = await fallen(w);
    const steps = w.f.journal.length;
    expect(w.f.view.status.t).toBe("out");
    expect(w.f.lastStep).toEqual({ type: "remove", combatant: "t", attackCard: id, cardApply: true });
    expect(w.t.cardData(w.t.moveCards()[0]!).applied?.fight).toEqual([{ combatId: w.f.combat.id, combatant: "t" }]);
    expect(await undo(w, id)).toEqual({ ok: true });
    expect(w.health()).toBe(5);
    expect(w.ilsa.statuses.has("dead")).toBe(false);
    expect(w.f.view.status.t).not.toBe("out");
    // Only the defeat went back: the draw and the move stay.
    expect(w.f.journal.length).toBe(steps - 1);
    expect(w.t.cardData(w.t.moveCards()[0]!).applied).toBeNull();
  });

  it("SEC-68 steps after the defeat: the card's undo is refused in the fall's words and changes nothing", async () => {
    const w = fallFight();
    const id = await fallen(w);
    const next = COMBAT_MODES.sections!.engine.legal(w.f.journal.state)[0]!;
    expect(await w.f.step(next)).toMatchObject({ ok: true });
    const revision = w.f.journal.revision;
    expect(await undo(w, id)).toMatchObject({
      ok: false,
      key: "FRAY.Refusal.StepsFollowedFall",
      data: { steps: 1 },
    });
    expect(w.health()).toBe(0);
    expect(w.f.journal.revision).toBe(revision);
    expect(w.t.cardData(w.t.moveCards()[0]!).applied).not.toBeNull();
    // Undone in the tracker, the turn's end goes first; then the card's undo gives the defeat back.
    expect(await w.f.step({ type: "undo" })).toMatchObject({ ok: true });
    expect(await undo(w, id)).toEqual({ ok: true });
    expect(w.f.view.status.t).not.toBe("out");
    expect(w.health()).toBe(5);
  });

  it("SEC-68 the tracker's undo of the defeat leaves the move card; its undo then gives the health back", async () => {
    const w = fallFight();
    const id = await fallen(w);
    expect(await w.f.step({ type: "undo" })).toMatchObject({ ok: true });
    expect(w.f.view.status.t).not.toBe("out");
    expect(w.t.cardData(w.t.moveCards()[0]!).applied).not.toBeNull();
    expect(w.health()).toBe(0);
    const steps = w.f.journal.length;
    expect(await undo(w, id)).toEqual({ ok: true });
    expect(w.f.journal.length).toBe(steps);
    expect(w.health()).toBe(5);
  });

  it("SEC-68 a sealed fall card keeps its defeat steps on the GM's client; its undo gives them back", async () => {
    const w = fallFight();
    await w.f.until("t");
    expect(await w.f.step({ type: "draw", combatant: "t" })).toMatchObject({ ok: true });
    expect(await w.t.walk("alice", "t", [[1, 1]], "walk", "gmroll")).toMatchObject({ ok: true });
    const id = w.t.moveCards()[0]!.id;
    expect(await w.send("gm", MOVE_CARD_REQUEST, { messageId: id, action: "apply" })).toEqual({ ok: true });
    expect(w.f.lastStep).toEqual({ type: "remove", combatant: "t", attackCard: id, cardApply: true });
    expect(w.t.gmMoves.get(id)?.applied?.fight).toEqual([{ combatId: w.f.combat.id, combatant: "t" }]);
    expect(await undo(w, id)).toEqual({ ok: true });
    expect(w.f.view.status.t).not.toBe("out");
    expect(w.health()).toBe(5);
  });

  it("SEC-68 a card applied before the card kept its fight steps: its undo gives back the sheet alone", async () => {
    const w = fallFight();
    const id = await fallen(w);
    const message = w.t.moveCards()[0]!;
    // As such a card is stored: its record of what applying wrote has no fight steps.
    const { fight: _kept, ...earlier } = w.t.cardData(message).applied!;
    message.system = { ...message.system, applied: earlier };
    const steps = w.f.journal.length;
    expect(await undo(w, id)).toEqual({ ok: true });
    expect(w.health()).toBe(5);
    expect(w.f.journal.length).toBe(steps);
    expect(w.f.view.status.t).toBe("out");
  });

  it("SEC-68 forged undos and forged steps naming the move card: 0 of 50+ accepted; the GM's undo is", async () => {
    const w = fallFight();
    const id = await fallen(w);
    const at = w.f.journal.revision;
    const proto = (json: string) => JSON.parse(json) as Record<string, unknown>;
    const tries: (() => Promise<RequestAnswer>)[] = [];
    for (const user of ["alice", "bob", "olive", "mallory"]) {
      // A player's undo of the move card, plain or with forged fields: the card's undo is the GM's.
      tries.push(() => undo(w, id, user));
      tries.push(() => w.send(user, MOVE_CARD_REQUEST, { messageId: id, action: "undo", revision: at - 1 }));
      tries.push(() => w.send(user, MOVE_CARD_REQUEST, { messageId: id, action: "undo", senderId: "gm" }));
      tries.push(() => w.send(user, MOVE_CARD_REQUEST, proto(`{"messageId":"${id}","action":"undo","__proto__":{}}`)));
      tries.push(() => w.send(user, MOVE_CARD_REQUEST, { messageId: id, action: "__proto__" }));
      tries.push(() => w.send(user, MOVE_CARD_REQUEST, { messageId: "__proto__", action: "undo" }));
      tries.push(() => w.send(user, MOVE_CARD_REQUEST, { messageId: id.repeat(10_000), action: "undo" }));
      tries.push(() => w.send(user, MOVE_CARD_REQUEST, { action: "undo" }));
      // The fight asked directly: a step naming the move card, the undo of its defeat, at stale revisions.
      const turn = (command: Record<string, unknown>, revision = at) =>
        w.send(user, TURN_REQUEST, { combatId: w.f.combat.id, command, revision });
      tries.push(() => turn({ type: "undo" }));
      tries.push(() => turn({ type: "undo" }, at - 1));
      tries.push(() => turn({ type: "setAble", combatant: "t", able: true, attackCard: id, cardApply: true }));
      tries.push(() => turn({ type: "endTurn", combatant: "t", attackCard: id }));
      tries.push(() => turn({ type: "remove", combatant: "e", attackCard: id, cardApply: true }, at - 1));
      tries.push(() => turn(proto(`{"type":"undo","attackCard":"${id}","__proto__":{"cardApply":true}}`)));
    }
    expect(tries.length).toBeGreaterThanOrEqual(50);
    let accepted = 0;
    for (const tryIt of tries) if ((await tryIt()).ok) accepted++;
    expect(accepted).toBe(0);
    // A player may not name the card on a fight step of theirs, so no step of theirs is given back for it.
    const named = { type: "endTurn", combatant: "t", attackCard: id, cardApply: true };
    expect(
      await w.send("alice", TURN_REQUEST, { combatId: w.f.combat.id, command: named, revision: at }),
    ).toMatchObject({ ok: false, key: "FRAY.Refusal.MadeByAttackCard" });
    expect(w.f.journal.revision).toBe(at);
    expect(w.f.view.status.t).toBe("out");
    expect(w.health()).toBe(0);
    // The honest path: the GM's undo gives the defeat back.
    expect(await undo(w, id)).toEqual({ ok: true });
    expect(w.f.view.status.t).not.toBe("out");
    expect(w.health()).toBe(5);
  });
});
