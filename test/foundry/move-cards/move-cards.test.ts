import { describe, expect, it, vi } from "vitest";
import { handleMoveRequest } from "../../../src/foundry/canvas/moves/move-request.js";
import { compileScene } from "../../../src/foundry/canvas/space/scene-space.js";
import { SpaceCache } from "../../../src/foundry/canvas/space/space-cache.js";
import { readAttackCard } from "../../../src/foundry/cards/data/attack-card-data.js";
import { moveCardContext } from "../../../src/foundry/move-cards/move-card-context.js";
import { handleMoveCard } from "../../../src/foundry/move-cards/move-card-request.js";
import { FakeActor, FakeItem } from "../../fakes/foundry-card.js";
import {
  at,
  cellsRect,
  FakeRegion,
  FakeScene,
  FakeSquareGrid,
  FakeToken,
  section,
  zone,
} from "../../fakes/foundry-scene.js";
import { render } from "../../fakes/handlebars-env.js";
import { COMBAT_MODES } from "../../../src/foundry/rulesets/index.js";
import { FightScene } from "../canvas/fight-scene.js";
import { reactionCommand } from "../../../src/foundry/move-cards/reaction-step.js";
import { place, S, sample, sections, table } from "./move-table.js";
import { DESCENT_CARD, FALL_CARD, FREE_HIT_OFFER, OPPORTUNITY_OFFER } from "./move-card-samples.js";
import { noFight } from "../../../src/foundry/canvas/fight/scene-fight.js";
import { gmMoveHands } from "../canvas/gm-move-hands.js";

describe("falls and descent rolls become a card with a real roll", () => {
  it(
    "SEC-13 walking down a Height 2 border posts a fall card rolled with 2d4; the GM applies the " +
      "damage and undoes it",
    async () => {
      const s = sections([0, 2, 0]);
      const ilsa = new FakeActor(
        "ilsa",
        "Ilsa",
        "sections-entity",
        { ...sample("sections-entity"), side: "pc", move: 1 },
        ["alice"],
      );
      place(s, "t", [4, 1], ilsa, ["alice"]);
      const t = table(s, "sections", { t: ilsa }, [3, 4]);
      expect(await t.walk("alice", "t", [[7, 1]])).toMatchObject({ ok: true, cost: 1, events: 1 });
      const [card] = t.moveCards();
      expect(t.cardData(card!)).toMatchObject({
        effect: { kind: "fall", clause: "SEC-13", mover: "t", height: 2 },
        moverRef: "ilsa",
        outcome: { kind: "fall", damage: 7, dice: [3, 4] },
        applied: null,
      });
      // The dice went to chat for the mover's user, with the roll mode, speaking for the mover.
      expect(t.tray.shown).toEqual([
        {
          flavor: "Ilsa: fall",
          rollMode: "publicroll",
          userId: "alice",
          speaker: { scene: null, actor: "ilsa", token: null, alias: "Ilsa" },
          dice: [
            { sides: 4, value: 3 },
            { sides: 4, value: 4 },
          ],
          // One roll of the core's: SEC-13's 1d4 per point of Height, as one 2d4.
          rolls: [{ purpose: "Fall", formula: "2d4", total: 7, dropped: [] }],
        },
      ]);
      // Only the GM applies.
      expect(await t.press("alice", card!.id, "apply")).toMatchObject({ ok: false, key: "FRAY.Refusal.GmOnly" });
      expect(await t.press("gm", card!.id, "apply")).toEqual({ ok: true });
      expect((ilsa.system.health as { value: number }).value).toBe(14 - 7);
      expect(await t.press("gm", card!.id, "apply")).toMatchObject({ ok: false, key: "FRAY.Refusal.AlreadyApplied" });
      expect(await t.press("alice", card!.id, "undo")).toMatchObject({ ok: false, key: "FRAY.Refusal.GmOnly" });
      expect(await t.press("gm", card!.id, "undo")).toEqual({ ok: true });
      expect((ilsa.system.health as { value: number }).value).toBe(14);
      expect(t.cardData(card!).applied).toBeNull();
    },
  );

  it(
    "SEC-13 a fall that takes the last health defeats the " + "entity (SEC-68 ruling), and the undo brings it back",
    async () => {
      const s = sections([0, 3, 0]);
      const ilsa = new FakeActor(
        "ilsa",
        "Ilsa",
        "sections-entity",
        { ...sample("sections-entity"), health: { value: 5, max: 18 } },
        ["alice"],
      );
      place(s, "t", [4, 1], ilsa, ["alice"]);
      const t = table(s, "sections", { t: ilsa }, [4, 4, 4]);
      await t.walk("alice", "t", [[1, 1]]);
      const card = t.moveCards()[0]!;
      await t.press("gm", card.id, "apply");
      expect((ilsa.system.health as { value: number }).value).toBe(0);
      expect(ilsa.statuses.has("dead")).toBe(true);
      await t.press("gm", card.id, "undo");
      expect((ilsa.system.health as { value: number }).value).toBe(5);
      expect(ilsa.statuses.has("dead")).toBe(false);
    },
  );

  it(
    "STR-26/STR-27 a walk off a cliff posts a descent " + "card; a failed roll applies +1 Slowed, undone by the GM",
    async () => {
      const s = new FakeScene("s1", new FakeSquareGrid(S), 10, 4);
      s.flags = { fray: { spaceModel: "grid" } };
      s.regions.contents.push(new FakeRegion("cliff", [cellsRect(5, 0, 1, 4)], [section({ height: 3 })]));
      const mira = new FakeActor(
        "mira",
        "Mira",
        "strain-character",
        { ...sample("strain-character"), side: "pc", speed: 4 },
        ["alice"],
      );
      place(s, "t", [5, 1], mira, ["alice"]);
      // 2 + 2 (no Endurance modifier) against 3 + 3 + 3.
      const t = table(s, "strain", { t: mira }, [2, 2, 3, 3]);
      expect(await t.walk("alice", "t", [[6, 1]])).toMatchObject({ ok: true, cost: 1 });
      const card = t.moveCards()[0]!;
      expect(t.cardData(card)).toMatchObject({
        effect: { kind: "descent", clause: "STR-26", levels: 3, speed: 4, spent: 1 },
        outcome: { kind: "descent", result: "failure", total: 4, opposition: 9, slowed: 1, dazed: 0 },
      });
      const before = (mira.system.statuses as { slowed: number }).slowed;
      await t.press("gm", card.id, "apply");
      expect((mira.system.statuses as { slowed: number; dazed: number }).slowed).toBe(before + 1);
      await t.press("gm", card.id, "undo");
      expect((mira.system.statuses as { slowed: number }).slowed).toBe(before);
    },
  );

  it("the card shows the GM Apply, then Undo; a player sees the outcome and no button", () => {
    const data = FALL_CARD;
    const names = { ilsa: "Ilsa" };
    const gmView = moveCardContext(data, { isGM: true, ownsBy: false, names });
    expect(gmView.title).toEqual({ key: "FRAY.MoveCard.Fall", data: { mover: "Ilsa", height: 2 } });
    expect(gmView.lines[0]).toEqual({ key: "FRAY.MoveCard.FallDamage", data: { damage: 7, dice: "3, 4" } });
    expect(gmView.buttons.map((b) => b.action)).toEqual(["apply"]);
    expect(
      moveCardContext(
        { ...data, applied: { actors: [], statuses: [] } },
        { isGM: true, ownsBy: false, names },
      ).buttons.map((b) => b.action),
    ).toEqual(["undo"]);
    expect(moveCardContext(data, { isGM: false, ownsBy: true, names }).buttons).toEqual([]);
  });
});

describe("the move card's template", () => {
  const fall = FALL_CARD;

  it("SEC-13 draws the fall in English with the GM's Apply button carrying its action", () => {
    const html = render(
      "templates/chat/move-card.hbs",
      moveCardContext(fall, { isGM: true, ownsBy: false, names: { ilsa: "Ilsa" } }),
    );
    expect(html).toContain("Ilsa falls down a Height 2 border");
    expect(html).toContain("7 falling damage (1d4 per point of Height: 3, 4)");
    expect(html).toMatch(/data-fray-move-card="apply"[^>]*>Apply</);
    expect(html).not.toMatch(/FRAY\./);
  });

  it(
    "STR-27/STR-28 draws a failed descent with its Statuses; ESC-39 the offer with its Take button " +
      "for the enemy's owner",
    () => {
      const descent = DESCENT_CARD;
      const html = render(
        "templates/chat/move-card.hbs",
        moveCardContext(descent, { isGM: false, ownsBy: false, names: { ilsa: "Mira" } }),
      );
      expect(html).toContain("Mira descends 3 levels: a Reflex roll against the drop");
      expect(html).toContain("+1 Slowed");
      expect(html).toContain("+1 Dazed");
      expect(html).toContain("Move stopped on the landing square, short of where it was dragged.");
      expect(html).not.toContain("<button");
      const offer = FREE_HIT_OFFER;
      const drawn = render(
        "templates/chat/move-card.hbs",
        moveCardContext(offer, { isGM: false, ownsBy: true, names: { ilsa: "Orrin", gob: "Goblin" } }),
      );
      expect(drawn).toContain("Goblin may take a free hit on Orrin, who left their melee zone");
      expect(drawn).toMatch(/data-fray-move-card="take"[^>]*>Take the free hit</);
      expect(drawn).toMatch(/data-fray-move-card="decline"[^>]*>Let it go</);
      expect(drawn).not.toMatch(/FRAY\./);
    },
  );

  it("FAC-23 draws the opportunity attack that stopped the move, and once declined says the mover may go on", () => {
    const names = { ilsa: "Balthasar", thug: "Thug" };
    const html = render(
      "templates/chat/move-card.hbs",
      moveCardContext(OPPORTUNITY_OFFER, { isGM: false, ownsBy: true, names }),
    );
    expect(html).toContain("Thug may make an opportunity attack on Balthasar, who is moving away");
    expect(html).toContain("Move stopped: opportunity attack. Balthasar moves on once it is made or declined.");
    expect(html).toMatch(/data-fray-move-card="take"[^>]*>Make the opportunity attack</);
    const declined = render(
      "templates/chat/move-card.hbs",
      moveCardContext({ ...OPPORTUNITY_OFFER, declined: true }, { isGM: true, ownsBy: false, names }),
    );
    expect(declined).toContain("Thug let the attack go; Balthasar may move on.");
    expect(declined).not.toContain("<button");
  });
});

describe("free hits and opportunity attacks are offered to the enemy's owner", () => {
  function escalation() {
    const s = new FakeScene("s1", new FakeSquareGrid(S), 10, 4);
    s.flags = { fray: { spaceModel: "grid" } };
    const orrin = new FakeActor(
      "orrin",
      "Captain Orrin",
      "escalation-unit",
      { ...sample("escalation-unit"), movement: 6 },
      ["alice"],
      [new FakeItem("sword", "Longsword", "escalation-weapon", sample("escalation-weapon"))],
    );
    const gob = new FakeActor(
      "gob",
      "Goblin",
      "escalation-unit",
      { ...sample("escalation-unit"), movement: 6 },
      ["bob"],
      [new FakeItem("club", "Club", "escalation-weapon", sample("escalation-weapon"))],
    );
    place(s, "t", [1, 1], orrin, ["alice"], 1);
    place(s, "e", [2, 2], gob, ["bob"], -1);
    return { s, orrin, gob, t: table(s, "escalation", { t: orrin, e: gob }) };
  }

  it(
    "ESC-39 leaving the Goblin's melee zone offers it a free hit; its owner's click opens the attack " +
      "card against the mover",
    async () => {
      const { t } = escalation();
      expect(
        await t.walk("alice", "t", [
          [1, 0],
          [0, 0],
        ]),
      ).toMatchObject({ ok: true, events: 1 });
      const offer = t.moveCards()[0]!;
      expect(t.cardData(offer)).toMatchObject({
        effect: { kind: "free-hit", mover: "t", by: "e", why: "left-melee-zone" },
        moverRef: "orrin",
        byRef: "gob",
      });
      const view = moveCardContext(t.cardData(offer), {
        isGM: false,
        ownsBy: true,
        names: { orrin: "Captain Orrin", gob: "Goblin" },
      });
      expect(view.title).toEqual({
        key: "FRAY.MoveCard.FreeHit.left-melee-zone",
        data: { mover: "Captain Orrin", by: "Goblin" },
      });
      expect(view.buttons).toEqual([
        { action: "take", label: "FRAY.MoveCard.TakeFreeHit" },
        { action: "decline", label: "FRAY.MoveCard.Decline" },
      ]);
      expect(moveCardContext(t.cardData(offer), { isGM: false, ownsBy: false, names: {} }).buttons).toEqual([]);

      const answer = await t.press("bob", offer.id, "take");
      expect(answer).toMatchObject({ ok: true });
      const attack = t.messages.find((m) => m.type === "attack")!;
      expect(readAttackCard(attack.system)).toMatchObject({
        ruleset: "escalation",
        attackerId: "gob",
        targetId: "orrin",
        itemId: "club",
      });
      expect(t.cardData(offer).taken).toBe(attack.id);
      expect(await t.press("bob", offer.id, "take")).toMatchObject({ ok: false, key: "FRAY.Refusal.OfferTaken" });
      expect(t.messages.filter((m) => m.type === "attack")).toHaveLength(1);
    },
  );

  it(
    "ESC-39 the offer is the enemy's owner's or the GM's: another player, an observer and a forged " +
      "request are refused",
    async () => {
      const { t } = escalation();
      await t.walk("alice", "t", [
        [1, 0],
        [0, 0],
      ]);
      const offer = t.moveCards()[0]!;
      // The mover's own player, and an observer, do not own the Goblin.
      expect(await t.press("alice", offer.id, "take")).toMatchObject({ ok: false, key: "FRAY.Refusal.NotTheAttacker" });
      expect(await t.press("olive", offer.id, "take")).toMatchObject({ ok: false, key: "FRAY.Refusal.NotTheAttacker" });
      // A forged request naming other actors still attacks as the card says, and a forged sender is not believed.
      expect(
        await t.press("alice", offer.id, "take", { attackerId: "orrin", targetId: "gob", senderId: "bob" }),
      ).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.NotTheAttacker",
      });
      expect(await t.press("mallory", offer.id, "take")).toMatchObject({ ok: false, key: "FRAY.Refusal.UnknownUser" });
      for (const bad of [{ messageId: offer.id, action: "open" }, { messageId: offer.id }, { action: "take" }, null])
        expect(await handleMoveCard(t.cards, bad, "bob")).toMatchObject({ ok: false, key: "FRAY.Refusal.BadRequest" });
      // An offer has nothing to apply, and nobody but the GM may try.
      expect(await t.press("gm", offer.id, "apply")).toMatchObject({ ok: false, key: "FRAY.Refusal.NotOffered" });
      expect(t.messages.filter((m) => m.type === "attack")).toHaveLength(0);
      // The GM may take it for the Goblin.
      expect(await t.press("gm", offer.id, "take")).toMatchObject({ ok: true });
    },
  );

  it(
    "ESC-39 an attacker's audit of the offer's buttons: prototype keys, huge and missing values, others' " +
      "declines, two takes at once",
    async () => {
      const { t } = escalation();
      await t.walk("alice", "t", [
        [1, 0],
        [0, 0],
      ]);
      const offer = t.moveCards()[0]!;
      for (const action of ["__proto__", "constructor", "toString", "x".repeat(100_000)])
        expect(await t.press("bob", offer.id, action)).toMatchObject({ ok: false, key: "FRAY.Refusal.BadRequest" });
      for (const messageId of ["__proto__", "constructor", "x".repeat(100_000)])
        expect(await handleMoveCard(t.cards, { messageId, action: "take" }, "bob")).toMatchObject({
          key: "FRAY.Refusal.UnknownMoveCard",
        });
      expect(await handleMoveCard(t.cards, { messageId: "", action: "take" }, "bob")).toMatchObject({
        key: "FRAY.Refusal.BadRequest",
      });
      // Letting the offer go is the Goblin's owner's too: the mover's player and an observer cannot, whatever they
      // name.
      for (const who of ["alice", "olive"])
        expect(await t.press(who, offer.id, "decline", { byRef: "orrin", senderId: "bob" })).toMatchObject({
          key: "FRAY.Refusal.NotTheAttacker",
        });
      expect(await t.press("bob", offer.id, "reveal")).toMatchObject({ key: "FRAY.Refusal.GmOnly" });
      expect(await t.press("gm", offer.id, "reveal")).toMatchObject({ key: "FRAY.Refusal.NotSealed" });
      expect([t.cardData(offer).taken, t.cardData(offer).declined ?? false]).toEqual([null, false]);
      // The owner and the GM take it at once: one attack opens, the other click finds it taken.
      const both = await Promise.all([t.press("bob", offer.id, "take"), t.press("gm", offer.id, "take")]);
      expect(both.filter((a) => a.ok)).toHaveLength(1);
      expect(both.filter((a) => !a.ok)).toMatchObject([{ key: "FRAY.Refusal.OfferTaken" }]);
      expect(t.messages.filter((m) => m.type === "attack")).toHaveLength(1);
      expect(await t.press("bob", offer.id, "decline")).toMatchObject({ key: "FRAY.Refusal.OfferTaken" });
    },
  );

  it("FAC-23 moving away from a nearby enemy offers it an opportunity attack", async () => {
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
    );
    place(s, "t", [1, 1], bal, ["alice"]);
    place(s, "e", [2, 2], thug, ["bob"], -1);
    const t = table(s, "factions", { t: bal, e: thug });
    // The move is interrupted where it leaves the zone (FAC-23): made only as far as the last square of a.
    expect(await t.walk("alice", "t", [[4, 1]])).toMatchObject({
      ok: true,
      cost: 0,
      events: 1,
      stop: { clause: "FAC-23", waypoints: [{ ...at(2, 1), action: "walk" }] },
    });
    const offer = t.moveCards()[0]!;
    expect(t.cardData(offer)).toMatchObject({
      effect: { kind: "opportunity-attack", clause: "FAC-23", by: "e", stopped: "FAC-23" },
      byRef: "thug",
      moverRef: "bal",
    });
    expect(await t.press("bob", offer.id, "take")).toMatchObject({ ok: true });
    expect(readAttackCard(t.messages.find((m) => m.type === "attack")!.system)).toMatchObject({
      attackerId: "thug",
      targetId: "bal",
    });
  });

  it("a card that cannot be posted does not refuse the move it comes from", async () => {
    const s = sections([0, 2, 0]);
    const ilsa = new FakeActor("ilsa", "Ilsa", "sections-entity", sample("sections-entity"), ["alice"]);
    place(s, "t", [4, 1], ilsa, ["alice"]);
    const ctx = {
      scene: () => s,
      user: (id: string) => (id === "alice" ? { id, name: "Alice", isGM: false } : undefined),
      ruleset: () => "sections" as const,
      spaces: new SpaceCache((x) => compileScene(x, "sections")),
      fight: noFight,
      ...gmMoveHands({ effects: () => Promise.reject(new Error("the chat is down")) }),
    };
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(
      await handleMoveRequest(
        ctx,
        { sceneId: "s1", tokenId: "t", waypoints: [{ ...at(7, 1), action: "walk" }] },
        "alice",
      ),
    ).toMatchObject({
      ok: true,
      events: 1,
    });
    expect(error).toHaveBeenCalledOnce();
    error.mockRestore();
  });

  it("a token without an actor causes no card; a refused move posts nothing", async () => {
    const s = sections([0, 2, 0]);
    s.tokens.contents.push(new FakeToken("t", at(4, 1).x, at(4, 1).y, null, ["alice"]));
    const t = table(s, "sections", {});
    expect(await t.walk("alice", "t", [[7, 1]])).toMatchObject({ ok: true, events: 1 });
    expect(t.messages).toEqual([]);
    const ilsa = new FakeActor("ilsa", "Ilsa", "sections-entity", sample("sections-entity"), ["alice"]);
    s.tokens.contents[0] = new FakeToken("t", at(1, 1).x, at(1, 1).y, ilsa, ["alice"]);
    const u = table(s, "sections", { t: ilsa });
    expect(await u.walk("alice", "t", [[4, 1]])).toMatchObject({ ok: false, key: "FRAY.Refusal.MustClimb" });
    expect(u.messages).toEqual([]);
  });
});

describe("in a started fight, taking an offer spends what the turn order counts", () => {
  function escalationFight(agility: number) {
    const s = new FakeScene("s1", new FakeSquareGrid(S), 10, 4);
    s.flags = { fray: { spaceModel: "grid" } };
    const orrin = new FakeActor(
      "orrin",
      "Captain Orrin",
      "escalation-unit",
      { ...sample("escalation-unit"), movement: 6 },
      ["alice"],
    );
    const gob = new FakeActor(
      "gob",
      "Goblin",
      "escalation-unit",
      { ...sample("escalation-unit"), movement: 6 },
      ["bob"],
      [new FakeItem("club", "Club", "escalation-weapon", sample("escalation-weapon"))],
    );
    place(s, "t", [1, 1], orrin, ["alice"], 1);
    place(s, "e", [2, 2], gob, ["bob"], -1);
    const f = new FightScene(s, "escalation", { t: { side: "pc", agility: 3 }, e: { side: "npc", agility } }, [
      "pc",
      "npc",
    ]);
    return { f, t: table(s, "escalation", { t: orrin, e: gob }, 7, f) };
  }

  it(
    "ESC-39/ESC-42 the free hit spends one of the enemy's Free Hit Slots through the turn order, " +
      "then opens the attack",
    async () => {
      const { f, t } = escalationFight(1);
      await f.until("t");
      expect(
        await t.walk("alice", "t", [
          [1, 0],
          [0, 0],
        ]),
      ).toMatchObject({ ok: true, events: 1 });
      const offer = t.moveCards()[0]!;
      const steps = f.journal.length;
      expect(await t.press("bob", offer.id, "take")).toMatchObject({ ok: true });
      expect(f.journal.length).toBe(steps + 1);
      expect(f.lastStep).toEqual({ type: "freeHit", combatant: "e" });
      expect(t.messages.filter((m) => m.type === "attack")).toHaveLength(1);
    },
  );

  it("ESC-43 a unit that disengaged this round leaves the melee zone without offering a free hit", async () => {
    const { f, t } = escalationFight(1);
    await f.until("t");
    const engine = COMBAT_MODES.ranked!.engine;
    const disengage = engine
      .legal(f.journal.state)
      .find((c) => c.type === "spend" && c.combatant === "t" && c.action === "disengage");
    expect(disengage).toBeDefined();
    expect((await f.step(disengage!)).ok).toBe(true);
    expect(
      await t.walk("alice", "t", [
        [1, 0],
        [0, 0],
      ]),
    ).toMatchObject({ ok: true, events: 0 });
    expect(t.moveCards()).toEqual([]);
  });

  it(
    "ESC-42 a unit with no Free Hit Slot left is refused " + "the offer by the turn order, and no attack opens",
    async () => {
      const { f, t } = escalationFight(-1);
      await f.until("t");
      await t.walk("alice", "t", [
        [1, 0],
        [0, 0],
      ]);
      const offer = t.moveCards()[0]!;
      expect(await t.press("bob", offer.id, "take")).toMatchObject({ ok: false, key: "FRAY.Refusal.NoFreeHitSlots" });
      expect(t.messages.filter((m) => m.type === "attack")).toHaveLength(0);
      expect(t.cardData(offer).taken).toBeNull();
    },
  );

  it(
    "FAC-23 in a factions fight the opportunity attack is recorded as the enemy's reaction, which " +
      "uses its turn (FAC-14)",
    async () => {
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
      );
      place(s, "t", [1, 1], bal, ["alice"]);
      place(s, "e", [2, 2], thug, ["bob"], -1);
      const f = new FightScene(s, "factions", { t: { side: "red", wit: 12 }, e: { side: "blue", wit: 12 } }, [
        "red",
        "blue",
      ]);
      const t = table(s, "factions", { t: bal, e: thug }, 7, f);
      await f.until("t");
      expect(await t.walk("alice", "t", [[4, 1]])).toMatchObject({
        ok: true,
        cost: 0,
        events: 1,
        stop: { clause: "FAC-23" },
      });
      expect(await t.press("bob", t.moveCards()[0]!.id, "take")).toMatchObject({ ok: true });
      expect(f.lastStep).toEqual({ type: "react", combatant: "e", trigger: "opportunity-attack" });
    },
  );

  it(
    "FAC-14/FAC-23 an opportunity attack is the enemy's reaction: the turn order's react; other " +
      "orders keep no count",
    () => {
      const oa = { kind: "opportunity-attack", clause: "FAC-23", mover: "t", by: "e" } as const;
      const hit = { kind: "free-hit", clause: "ESC-39", mover: "t", by: "e", why: "left-melee-zone" } as const;
      expect(reactionCommand("factions", "e", oa)).toEqual({
        type: "react",
        combatant: "e",
        trigger: "opportunity-attack",
      });
      expect(reactionCommand("ranked", "e", hit)).toEqual({ type: "freeHit", combatant: "e" });
      expect(reactionCommand("rolled", "e", hit)).toBeNull();
    },
  );
});
