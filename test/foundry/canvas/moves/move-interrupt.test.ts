import { describe, expect, it } from "vitest";
import type { RequestAnswer } from "../../../../src/foundry/requests/request-answer.js";
import { OFFER_WAIT_MS } from "../../../../src/foundry/canvas/moves/move-interruptions.js";
import { settleUnasked } from "../../../../src/foundry/canvas/moves/move-settle.js";
import { FakeActor, FakeItem } from "../../../fakes/foundry-card.js";
import { at, cellsRect, FakeRegion, FakeScene, FakeSquareGrid, section, zone } from "../../../fakes/foundry-scene.js";
import { place, S, sample, table } from "../../move-cards/move-table.js";
import { FightScene } from "../fight-scene.js";

// Moves that stop as the texts say, played through the active GM's move request against the fakes: a descent rolled
// with the GM's dice before the move lands (STR-26..STR-28), an opportunity attack interrupting the move (FAC-23).

/** Where Foundry leaves the token once the GM allowed a move: the end of the cut move, or of the move as asked. */
function made(scene: FakeScene, tokenId: string, answer: RequestAnswer, cells: [number, number][]): void {
  if (!answer.ok) return;
  const stop = answer.stop as { waypoints: { x: number; y: number }[] } | undefined;
  const last = stop ? stop.waypoints[stop.waypoints.length - 1] : at(...cells[cells.length - 1]!);
  if (last) Object.assign(scene.tokens.get(tokenId)!, { x: last.x, y: last.y });
}

/** A 10x4 square grid whose columns 3-5 are a ledge 3 levels up. */
function ledge(speed: number) {
  const s = new FakeScene("s1", new FakeSquareGrid(S), 10, 4);
  s.flags = { fray: { spaceModel: "grid" } };
  s.regions.contents.push(new FakeRegion("ledge", [cellsRect(3, 0, 3, 4)], [section({ height: 3 })]));
  const mira = new FakeActor("mira", "Mira", "strain-character", { ...sample("strain-character"), side: "pc", speed }, [
    "alice",
  ]);
  const oda = new FakeActor(
    "oda",
    "Oda",
    "strain-character",
    { ...sample("strain-character"), side: "npc", speed: 4 },
    ["bob"],
  );
  place(s, "t", [3, 1], mira, ["alice"]);
  place(s, "u", [0, 3], oda, ["bob"], -1);
  return { s, mira, oda };
}

describe("a descent is rolled before the move lands (STR-26..STR-28)", () => {
  it(
    "STR-28 a failed landing once the movement spent reaches the new Speed stops the move there: the token moves " +
      "only that far, the turn is charged its whole Speed, the card shows the roll",
    async () => {
      const { s, mira, oda } = ledge(4);
      const f = new FightScene(
        s,
        "strain",
        { t: { side: "pc", speed: 4, initiative: 9 }, u: { side: "npc", speed: 4 } },
        [],
      );
      // 2 + 2 (no modifier) against 3 + 3 + 3 levels: a bad landing.
      const t = table(s, "strain", { t: mira, u: oda }, [2, 2, 3, 3], f);
      await f.until("t");
      const first = await t.walk("alice", "t", [[5, 1]]);
      expect(first).toMatchObject({ ok: true, cost: 2 });
      made(s, "t", first, [[5, 1]]);
      // Off the ledge with 2 squares spent: landing costs 1 more, 3 = the new Speed (4 - 1 Slowed).
      const cells: [number, number][] = [
        [6, 1],
        [7, 1],
      ];
      const answer = await t.walk("alice", "t", cells);
      expect(answer).toMatchObject({
        ok: true,
        cost: 1,
        stop: { clause: "STR-28", waypoints: [{ ...at(6, 1), action: "walk" }] },
      });
      made(s, "t", answer, cells);
      expect(s.tokens.get("t")).toMatchObject(at(6, 1));
      // No further movement: the step takes what the Speed had left (2), and the next move has nothing.
      expect(f.lastStep).toMatchObject({ type: "spend", combatant: "t", action: "move", squares: 2 });
      expect(await t.walk("alice", "t", [[7, 1]])).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.OverSpeed",
        data: { budget: 0 },
      });
      const card = t.cardData(t.moveCards()[0]!);
      expect(card.effect).toMatchObject({
        kind: "descent",
        clause: "STR-26",
        levels: 3,
        roll: { result: "failure", total: 4, opposition: 9 },
        stopped: "STR-28",
      });
      expect(card.outcome).toEqual({
        kind: "descent",
        result: "failure",
        total: 4,
        opposition: 9,
        slowed: 1,
        dazed: 1,
      });
      // The dice rolled while the move was checked are the card's, shown once for the mover's user.
      expect(t.tray.shown).toHaveLength(1);
      expect(t.tray.shown[0]).toMatchObject({
        userId: "alice",
        dice: [2, 2, 3, 3].map((value) => ({ sides: 6, value })),
      });
      // The GM applies Dazed with Slowed from the card.
      await t.press("gm", t.moveCards()[0]!.id, "apply");
      expect(mira.system.statuses).toMatchObject({ slowed: 1, dazed: 1 });
    },
  );

  it(
    "STR-27 a failed landing with Speed left slows the mover: the move goes on until the new Speed runs out " +
      "(STR-19) and is cut there",
    async () => {
      const { s, mira } = ledge(4);
      place(s, "t", [5, 1], mira, ["alice"]);
      s.tokens.contents.splice(0, 1);
      const t = table(s, "strain", { t: mira }, [1, 1, 6, 6]);
      const answer = await t.walk("alice", "t", [[9, 1]]);
      expect(answer).toMatchObject({
        ok: true,
        cost: 3,
        stop: { clause: "STR-19", waypoints: [{ ...at(8, 1), action: "walk" }] },
      });
      const card = t.cardData(t.moveCards()[0]!);
      expect(card.effect).toMatchObject({ stopped: "STR-19", spent: 1, speed: 4 });
      expect(card.outcome).toMatchObject({ result: "failure", slowed: 1, dazed: 0 });
    },
  );

  it("STR-26 a good landing has no adverse effect: the move is made whole and its card shows the roll", async () => {
    const { s, mira } = ledge(4);
    s.tokens.contents.splice(0, 1);
    place(s, "t", [5, 1], mira, ["alice"]);
    const t = table(s, "strain", { t: mira }, [6, 6, 1, 1]);
    const answer = await t.walk("alice", "t", [[9, 1]]);
    expect(answer).toMatchObject({ ok: true, cost: 4 });
    expect(answer).not.toHaveProperty("stop");
    expect(t.cardData(t.moveCards()[0]!).outcome).toMatchObject({
      result: "success",
      total: 12,
      opposition: 5,
      slowed: 0,
    });
  });
});

/** Three zones a | b | c; Balthasar (Alice's) and a Thug (Bob's) both in a. */
function zones(fight = false) {
  const s = new FakeScene("s1", new FakeSquareGrid(S), 9, 3);
  s.flags = { fray: { spaceModel: "zones" } };
  ["a", "b", "c"].forEach((id, k) =>
    s.regions.contents.push(new FakeRegion(id, [cellsRect(3 * k, 0, 3, 3)], [zone()])),
  );
  const bal = new FakeActor(
    "bal",
    "Balthasar",
    "factions-character",
    { ...sample("factions-character"), faction: "red" },
    ["alice"],
  );
  const thug = new FakeActor(
    "thug",
    "Thug",
    "factions-character",
    { ...sample("factions-character"), faction: "blue" },
    ["bob"],
    [new FakeItem("club", "Club", "factions-weapon", sample("factions-weapon"))],
  );
  place(s, "t", [1, 1], bal, ["alice"]);
  place(s, "e", [2, 2], thug, ["bob"], -1);
  const f = fight
    ? new FightScene(s, "factions", { t: { side: "red", wit: 12 }, e: { side: "blue", wit: 12 } }, ["red", "blue"])
    : undefined;
  return { s, bal, thug, f, t: table(s, "factions", { t: bal, e: thug }, 7, f) };
}

describe("an opportunity attack interrupts the move (FAC-23)", () => {
  it(
    "FAC-23 the move stops where it leaves the nearby enemy: the token waits in its zone, the card " +
      "says the move stopped",
    async () => {
      const { s, t } = zones();
      // Dragged through a corner of a, then into b: it is made only as far as that corner.
      const cells: [number, number][] = [
        [2, 0],
        [4, 1],
      ];
      const answer = await t.walk("alice", "t", cells);
      expect(answer).toMatchObject({
        ok: true,
        cost: 0,
        events: 1,
        stop: { clause: "FAC-23", waypoints: [{ ...at(2, 0), action: "walk" }] },
      });
      made(s, "t", answer, cells);
      expect(s.tokens.get("t")).toMatchObject(at(2, 0));
      const offer = t.moveCards()[0]!;
      expect(t.cardData(offer).effect).toEqual({
        kind: "opportunity-attack",
        clause: "FAC-23",
        mover: "t",
        by: "e",
        stopped: "FAC-23",
      });
    },
  );

  it(
    "FAC-23 the mover waits until the attack is made or declined, then moves on without provoking " +
      "the same enemy again",
    async () => {
      const { s, t } = zones();
      made(s, "t", await t.walk("alice", "t", [[4, 1]]), [[4, 1]]);
      const offer = t.moveCards()[0]!;
      expect(await t.walk("alice", "t", [[4, 1]])).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.WaitingForOpportunityAttack",
      });
      // Only the attacker's owner or the GM lets it go.
      expect(await t.press("alice", offer.id, "decline")).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.NotTheAttacker",
      });
      expect(await t.press("bob", offer.id, "decline")).toEqual({ ok: true });
      expect(await t.press("bob", offer.id, "take")).toMatchObject({ ok: false, key: "FRAY.Refusal.OfferTaken" });
      const resumed = await t.walk("alice", "t", [[4, 1]]);
      expect(resumed).toMatchObject({ ok: true, cost: 1, events: 0 });
      expect(resumed).not.toHaveProperty("stop");
      expect(t.moveCards()).toHaveLength(1);
    },
  );

  it("FAC-23 a reload of the GM's client forgets neither the wait nor the enemy already provoked", async () => {
    const { s, t } = zones();
    made(s, "t", await t.walk("alice", "t", [[4, 1]]), [[4, 1]]);
    const offer = t.moveCards()[0]!;
    t.reloadGm();
    expect(await t.walk("alice", "t", [[4, 1]])).toMatchObject({
      ok: false,
      key: "FRAY.Refusal.WaitingForOpportunityAttack",
    });
    expect(await t.press("bob", offer.id, "decline")).toEqual({ ok: true });
    t.reloadGm();
    expect(await t.walk("alice", "t", [[4, 1]])).toMatchObject({ ok: true, cost: 1, events: 0 });
    // Resumed: the interruption is cleared from the GM's storage too.
    expect([...t.gmStorage.keys()].filter((k) => k.startsWith("fray.interrupted."))).toEqual([]);
  });

  it("FAC-23 what the GM's storage holds is read, not believed: a malformed entry is no interruption", async () => {
    const { s, t } = zones();
    t.gmStorage.set("fray.interrupted.w.s1.t", JSON.stringify({ by: "e", offers: [], at: "now" }));
    t.reloadGm();
    const answer = await t.walk("alice", "t", [[4, 1]]);
    expect(answer).toMatchObject({ ok: true, stop: { clause: "FAC-23" } });
    made(s, "t", answer, [[4, 1]]);
  });

  it(
    "FAC-23 in a fight the attack is the enemy's reaction; once made, the turn resumes with the " +
      "zone the turn has left",
    async () => {
      const { s, f, t } = zones(true);
      await f!.until("t");
      made(s, "t", await t.walk("alice", "t", [[4, 1]]), [[4, 1]]);
      expect(f!.lastStep?.type).not.toBe("spend");
      expect(await t.press("bob", t.moveCards()[0]!.id, "take")).toMatchObject({ ok: true });
      expect(f!.lastStep).toEqual({ type: "react", combatant: "e", trigger: "opportunity-attack" });
      expect(await t.walk("alice", "t", [[4, 1]])).toMatchObject({ ok: true, cost: 1 });
      expect(f!.lastStep).toMatchObject({ type: "spend", combatant: "t", action: "Move", zones: 1 });
    },
  );

  it("FAC-23 a character the attack left incapacitated does not resume its turn", async () => {
    const { s, bal, t } = zones();
    made(s, "t", await t.walk("alice", "t", [[4, 1]]), [[4, 1]]);
    await t.press("bob", t.moveCards()[0]!.id, "take");
    bal.system.conditions = { ...(bal.system.conditions as object), incapacitated: true };
    expect(await t.walk("alice", "t", [[4, 1]])).toMatchObject({ ok: false, key: "FRAY.Refusal.CannotResume" });
  });

  it("FAC-23 the table is never stuck: the GM may move the waiting token, and the wait runs out", async () => {
    const { s, t } = zones();
    made(s, "t", await t.walk("alice", "t", [[4, 1]]), [[4, 1]]);
    expect((await t.walk("alice", "t", [[4, 1]])).ok).toBe(false);
    t.clock.now += OFFER_WAIT_MS;
    expect(await t.walk("alice", "t", [[4, 1]])).toMatchObject({ ok: true, cost: 1 });
    const other = zones();
    made(other.s, "t", await other.t.walk("alice", "t", [[4, 1]]), [[4, 1]]);
    expect(await other.t.walk("gm", "t", [[4, 1]])).toMatchObject({ ok: true, cost: 1 });
  });

  it(
    "FAC-23 a move out of the faction's turn that the " + "attack would stop at once is refused, and offers nothing",
    async () => {
      const { f, t } = zones(true);
      await f!.until("e");
      expect(await t.walk("alice", "t", [[4, 1]])).toMatchObject({ ok: false, key: "FRAY.Refusal.NotYourTurn" });
      expect(t.moveCards()).toEqual([]);
    },
  );

  it(
    "ESC-39 a free hit does not interrupt the move (the " + "text gives it no interruption): the move is made whole",
    async () => {
      const s = new FakeScene("s1", new FakeSquareGrid(S), 10, 4);
      s.flags = { fray: { spaceModel: "grid" } };
      const unit = (id: string, name: string) =>
        new FakeActor(id, name, "escalation-unit", { ...sample("escalation-unit"), movement: 6 }, []);
      const orrin = unit("orrin", "Captain Orrin");
      const gob = unit("gob", "Goblin");
      place(s, "t", [1, 1], orrin, ["alice"], 1);
      place(s, "e", [2, 2], gob, ["bob"], -1);
      const t = table(s, "escalation", { t: orrin, e: gob });
      const answer = await t.walk("alice", "t", [
        [1, 0],
        [0, 0],
      ]);
      expect(answer).toMatchObject({ ok: true, cost: 2, events: 1 });
      expect(answer).not.toHaveProperty("stop");
      expect(t.cardData(t.moveCards()[0]!).effect).toMatchObject({ kind: "free-hit", why: "left-melee-zone" });
    },
  );
});

describe("attackers: what a player's client sends is never believed", () => {
  it("replaying an allowed move request is refused; the turn is not charged twice", async () => {
    const { s, mira, oda } = ledge(4);
    const f = new FightScene(
      s,
      "strain",
      { t: { side: "pc", speed: 4, initiative: 9 }, u: { side: "npc", speed: 4 } },
      [],
    );
    const t = table(s, "strain", { t: mira, u: oda }, 7, f);
    await f.until("t");
    expect(await t.walk("alice", "t", [[4, 1]], "walk", { movementId: "m1" })).toMatchObject({ ok: true, cost: 1 });
    const steps = f.journal.length;
    expect(await t.walk("alice", "t", [[4, 1]], "walk", { movementId: "m1" })).toMatchObject({
      ok: false,
      key: "FRAY.Refusal.MoveReplayed",
    });
    expect(f.journal.length).toBe(steps);
  });

  it(
    "STR-28 a forged shorter cost, a forged stop or a forged cut is not read: the turn is charged the core's cost, " +
      "the cut move allowed once as cut",
    async () => {
      const { s, mira, oda } = ledge(4);
      const f = new FightScene(
        s,
        "strain",
        { t: { side: "pc", speed: 4, initiative: 9 }, u: { side: "npc", speed: 4 } },
        [],
      );
      const t = table(s, "strain", { t: mira, u: oda }, [2, 2, 3, 3], f);
      await f.until("t");
      made(s, "t", await t.walk("alice", "t", [[5, 1]]), [[5, 1]]);
      // A cut move the GM never made, named by a client, is refused.
      expect(await t.walk("alice", "t", [[6, 1]], "walk", { cutOf: "nothing", movementId: "x" })).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.CutNotAllowed",
      });
      const waypoints = [
        { ...at(6, 1), action: "walk", cost: 0 },
        { ...at(7, 1), action: "walk", cost: 0 },
      ];
      const payload = { sceneId: "s1", tokenId: "t", movementId: "m2", waypoints, cost: 0, charge: 0, stop: null };
      const { handleMoveRequest } = await import("../../../../src/foundry/canvas/moves/move-request.js");
      expect(await handleMoveRequest(t.move, payload, "alice")).toMatchObject({ ok: true, stop: { clause: "STR-28" } });
      expect(f.lastStep).toMatchObject({ squares: 2 });
      // Bob cannot make Alice's cut move; Alice's cut move must go exactly as cut, and only once.
      const cut = {
        sceneId: "s1",
        tokenId: "t",
        cutOf: "m2",
        movementId: "m3",
        waypoints: [{ ...at(6, 1), action: "walk" }],
      };
      expect(await handleMoveRequest(t.move, cut, "bob")).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.NotYourToken",
      });
      expect(
        await handleMoveRequest(t.move, { ...cut, waypoints: [{ ...at(7, 1), action: "walk" }] }, "alice"),
      ).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.CutNotAllowed",
      });
      const steps = f.journal.length;
      expect(await handleMoveRequest(t.move, cut, "alice")).toEqual({ ok: true, cost: 0 });
      expect(await handleMoveRequest(t.move, { ...cut, movementId: "m4" }, "alice")).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.CutNotAllowed",
      });
      expect(f.journal.length).toBe(steps);
      // The move as asked, sent again, is a replay; made whole anyway by a client that ignores the stop, the audit
      // undoes it.
      expect(await handleMoveRequest(t.move, payload, "alice")).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.MoveReplayed",
      });
      const whole = {
        id: "m2",
        origin: at(5, 1),
        destination: at(7, 1),
        waypoints: payload.waypoints,
        method: "dragging",
      };
      Object.assign(s.tokens.get("t")!, at(7, 1));
      expect(await settleUnasked(t.move, s, s.tokens.get("t")!, whole, false, "alice")).toMatchObject({
        kind: "undo",
        refusal: { key: "FRAY.Refusal.MoveWasCut" },
      });
      expect(f.journal.length).toBe(steps);
    },
  );

  it("stepping another's token is refused, whatever the request claims", async () => {
    const { t } = zones();
    expect(await t.walk("bob", "t", [[4, 1]])).toMatchObject({ ok: false, key: "FRAY.Refusal.NotYourToken" });
    expect(await t.walk("alice", "e", [[4, 2]], "walk", { senderId: "bob" })).toMatchObject({
      ok: false,
      key: "FRAY.Refusal.NotYourToken",
    });
    expect(t.moveCards()).toEqual([]);
  });
});

describe("a move that skipped the check is settled on the GM as a checked one", () => {
  /** A move Foundry made without the GM's check (a client that never rendered the token sends cost 0). */
  function unasked(s: FakeScene, tokenId: string, from: [number, number], to: [number, number][], id = "u1") {
    const token = s.tokens.get(tokenId)!;
    Object.assign(token, at(...to[to.length - 1]!));
    const waypoints = to.map((c) => ({ ...at(...c), action: "walk" }));
    return { id, origin: at(...from), destination: at(...to[to.length - 1]!), waypoints, method: "dragging" };
  }

  it(
    "a player's Foundry undo of a move in a fight, which its own client refuses, is undone when made anyway; " +
      "outside a fight it stands",
    async () => {
      const { s, mira, oda } = ledge(4);
      const f = new FightScene(
        s,
        "strain",
        { t: { side: "pc", speed: 4, initiative: 9 }, u: { side: "npc", speed: 4 } },
        [],
      );
      const t = table(s, "strain", { t: mira, u: oda }, 7, f);
      await f.until("t");
      const undo = { ...unasked(s, "t", [3, 1], [[5, 1]]), method: "undo" };
      expect(await settleUnasked(t.move, s, s.tokens.get("t")!, undo, false, "alice")).toMatchObject({
        kind: "undo",
        refusal: { key: "FRAY.Refusal.UndoMoveInFight" },
      });
      // A GM's undo stands; so does any undo outside a fight.
      expect(await settleUnasked(t.move, s, s.tokens.get("t")!, undo, true, "gm")).toEqual({ kind: "stands" });
      const calm = table(s, "strain", { t: mira, u: oda }, 7);
      expect(await settleUnasked(calm.move, s, s.tokens.get("t")!, undo, false, "alice")).toEqual({ kind: "stands" });
    },
  );

  it(
    "STR-19 an unasked move in a fight is charged to the " + "turn's budget; the next move starts from what is left",
    async () => {
      const { s, mira, oda } = ledge(4);
      const f = new FightScene(
        s,
        "strain",
        { t: { side: "pc", speed: 4, initiative: 9 }, u: { side: "npc", speed: 4 } },
        [],
      );
      const t = table(s, "strain", { t: mira, u: oda }, 7, f);
      await f.until("t");
      const move = unasked(s, "t", [3, 1], [[5, 1]]);
      expect(await settleUnasked(t.move, s, s.tokens.get("t")!, move, false, "alice")).toEqual({ kind: "stands" });
      expect(f.lastStep).toMatchObject({
        type: "spend",
        combatant: "t",
        action: "move",
        squares: 2,
        move: { x: at(3, 1).x },
      });
      // Reported again (a replay), it begins where the GM's own document now has the token (the origin the GM's
      // TokenDocument hands the audit, never the mover's): it walks nothing and is not charged again.
      const steps = f.journal.length;
      expect(await settleUnasked(t.move, s, s.tokens.get("t")!, { ...move, origin: at(5, 1) }, false, "alice")).toEqual(
        {
          kind: "stands",
        },
      );
      expect(f.journal.length).toBe(steps);
      expect(await t.walk("alice", "t", [[5, 3]])).toMatchObject({ ok: true, cost: 2 });
      expect(await t.walk("alice", "t", [[4, 3]])).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.OverSpeed",
        data: { budget: 0 },
      });
    },
  );

  it(
    "STR-03 an unasked move out of the mover's turn is undone with the turn order's reason; an illegal " +
      "one with the core's",
    async () => {
      const { s, mira, oda } = ledge(4);
      const f = new FightScene(
        s,
        "strain",
        { t: { side: "pc", speed: 4, initiative: 9 }, u: { side: "npc", speed: 4 } },
        [],
      );
      const t = table(s, "strain", { t: mira, u: oda }, 7, f);
      await f.until("t");
      const out = await settleUnasked(t.move, s, s.tokens.get("u")!, unasked(s, "u", [0, 3], [[1, 3]]), false, "bob");
      expect(out).toMatchObject({ kind: "undo", refusal: { key: "FRAY.Refusal.NotYourTurn" } });
      // Up onto the ledge (1 + 3 levels) and along it: more than Speed 4, whatever cost the client sent.
      const over = await settleUnasked(
        t.move,
        s,
        s.tokens.get("t")!,
        unasked(s, "t", [0, 0], [[5, 0]], "u3"),
        false,
        "alice",
      );
      expect(over).toMatchObject({ kind: "undo", refusal: { key: "FRAY.Refusal.OverSpeed" } });
      expect(f.lastStep?.type).not.toBe("spend");
    },
  );

  it("ESC-39 an unasked move makes the same cards as a checked one: the free hit is offered", async () => {
    const s = new FakeScene("s1", new FakeSquareGrid(S), 10, 4);
    s.flags = { fray: { spaceModel: "grid" } };
    const unit = (id: string, name: string) =>
      new FakeActor(id, name, "escalation-unit", { ...sample("escalation-unit"), movement: 6 }, []);
    const orrin = unit("orrin", "Captain Orrin");
    const gob = unit("gob", "Goblin");
    place(s, "t", [1, 1], orrin, ["alice"], 1);
    place(s, "e", [2, 2], gob, ["bob"], -1);
    const t = table(s, "escalation", { t: orrin, e: gob });
    const move = unasked(
      s,
      "t",
      [1, 1],
      [
        [1, 0],
        [0, 0],
      ],
    );
    expect(await settleUnasked(t.move, s, s.tokens.get("t")!, move, false, "alice")).toEqual({ kind: "stands" });
    expect(t.cardData(t.moveCards()[0]!).effect).toMatchObject({ kind: "free-hit", by: "e", why: "left-melee-zone" });
  });

  it(
    "FAC-23 an unasked move past a nearby enemy is put back " +
      "where the attack interrupts it, and the attack offered",
    async () => {
      const { s, t } = zones();
      const move = unasked(s, "t", [1, 1], [[4, 1]]);
      expect(await settleUnasked(t.move, s, s.tokens.get("t")!, move, false, "alice")).toEqual({
        kind: "cut",
        to: at(2, 1),
      });
      expect(t.cardData(t.moveCards()[0]!).effect).toMatchObject({ kind: "opportunity-attack", stopped: "FAC-23" });
      // A GM's move, and one the GM allowed, stand as they are.
      expect(await settleUnasked(t.move, s, s.tokens.get("t")!, { ...move, id: "g1" }, true, "gm")).toEqual({
        kind: "stands",
      });
    },
  );
});
