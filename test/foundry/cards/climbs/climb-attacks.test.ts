import { describe, expect, it } from "vitest";
import type { SectionsAttackState } from "../../../../src/core/attack/sections/index.js";
import { compileScene } from "../../../../src/foundry/canvas/space/scene-space.js";
import { SpaceCache } from "../../../../src/foundry/canvas/space/space-cache.js";
import type { TokenLike } from "../../../../src/foundry/canvas/check/mover-data.js";
import { handleTurnRequest } from "../../../../src/foundry/combat/requests/turn-request.js";
import { handleAttackOpen, type OpenCardContext } from "../../../../src/foundry/cards/requests/attack-open.js";
import { readAttackCard, type AttackCardData } from "../../../../src/foundry/cards/data/attack-card-data.js";
import { handleAttackStep } from "../../../../src/foundry/cards/requests/attack-request.js";
import { sectionsAttackCard } from "../../../../src/foundry/cards/sections/index.js";
import { FakeActor, FakeItem, type FakeMessage } from "../../../fakes/foundry-card.js";
import { FightScene } from "../../canvas/fight-scene.js";
import { place, sample, sections, table } from "../../move-cards/move-table.js";
import { NO_MAP } from "../gm-card-hands.js";

/**
 * Ilsa (Alice's, Acrobatics d8, Move 2, Miss die d6) climbs the Height 3 border from a up to b; the Orc (Bob's) stands
 * beside her in a. The GM's dice are scripted, in the order they are drawn: first the climb's checks (Ilsa's d8, the
 * DM's d6), then the card's, then the SEC-20 check and the fall.
 */
function climbAttack(faces: number[], opts: { climbs?: boolean; height?: number } = {}) {
  const s = sections([0, opts.height ?? 3, 0]);
  const ilsa = new FakeActor(
    "ilsa",
    "Ilsa",
    "sections-entity",
    { ...sample("sections-entity"), side: "pc", move: 2, acrobatics: "d8", incanting: false, incantationCharges: 0 },
    ["alice"],
    [
      new FakeItem("ispear", "Spear", "sections-weapon", { weaponType: "spear", hitDie: "d8", damageDie: "d8" }),
      // An Incantation that reaches the own section (SEC-60): no Range Action, so SEC-31 says nothing of the Orc.
      new FakeItem("hymn", "Hymn of sparks", "sections-card", {
        reachKind: "reach",
        range: 1,
        incantation: 1,
        hitDie: "d6",
        damageDie: "d6",
      }),
    ],
  );
  const orc = new FakeActor(
    "orc",
    "Orc",
    "sections-entity",
    { ...sample("sections-entity"), side: "adversary", incanting: false, incantationCharges: 0 },
    ["bob"],
    [
      new FakeItem("spear", "Spear", "sections-weapon", { weaponType: "spear", hitDie: "d8", damageDie: "d8" }),
      // SEC-40 Area Attacks on the own section, reaching Height 1 and Height 2.
      new FakeItem("sweep", "Low sweep", "sections-card", {
        reachKind: "reach",
        range: 1,
        areaAttack: true,
        hitDie: "d6",
        damageDie: "d6",
      }),
      new FakeItem("burst", "Burst", "sections-card", {
        reachKind: "reach",
        range: 2,
        areaAttack: true,
        hitDie: "d6",
        damageDie: "d6",
      }),
    ],
  );
  place(s, "t", [1, 1], ilsa, ["alice"], 1);
  place(s, "e", [2, 1], orc, ["bob"], -1);
  const f = new FightScene(s, "sections", { t: { side: "pc" }, e: { side: "adversary" } }, ["pc", "adversary"]);
  const t = table(s, "sections", { t: ilsa, e: orc }, faces, f);
  const spaces = new SpaceCache((x) => compileScene(x, "sections"));
  const refOf = (token: TokenLike) => (token.actor as unknown as FakeActor | null)?.id ?? null;
  // The active GM's card context with the scene's map and its climbs, wired as gm-card-context/register-move-cards.
  const ctx: OpenCardContext = {
    ...t.attackCtx,
    map: {
      preferred: () => [],
      scenes: () => [s],
      space: (x) => spaces.get(x),
      actorRef: refOf,
      fight: (sceneId) => f.moves.fight(sceneId),
    },
    climbs: {
      scene: (id) => (id === s.id ? s : undefined),
      actorRef: refOf,
      fight: (sceneId) => f.moves.fight(sceneId),
      turns: f.turns,
      effects: (sceneId, effects, userId, rollMode) => t.move.effects(sceneId, effects, userId, rollMode),
    },
  };
  const climb = async () => {
    await f.until("t");
    expect((await f.step({ type: "draw", combatant: "t" })).ok).toBe(true);
    if (opts.climbs === false) return;
    expect(await t.walk("alice", "t", [[4, 1]], "climb")).toMatchObject({ ok: true, stop: { clause: "SEC-16" } });
  };
  const open = (
    sender: string,
    attacker: string,
    target: string,
    itemId: string,
    options: Record<string, unknown> = {},
  ) =>
    handleAttackOpen(
      ctx,
      { attackerId: attacker, targetId: target, itemId, options, rollMode: "publicroll", map: { sceneId: "s1" } },
      sender,
    );
  const card = (id: string): AttackCardData => readAttackCard(t.messages.find((m) => m.id === id)!.system)!;
  const click = (sender: string, id: string, command: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    handleAttackStep(ctx, { messageId: id, command, revision: card(id).journal.revision, ...extra }, sender);
  const lines = (id: string) =>
    sectionsAttackCard.view(card(id).journal.state as SectionsAttackState, card(id).events).lines;
  return { s, f, t, ctx, ilsa, orc, climb, open, card, click, lines };
}

const idOf = (answer: unknown) => (answer as { messageId: string }).messageId;
const stateOf = (data: AttackCardData) => data.journal.state as SectionsAttackState;
const moveCards = (messages: readonly FakeMessage[]) => messages.filter((m) => m.type === "moveEffect");

describe("sections attack cards read the climbs (SEC-17..SEC-20)", () => {
  it(
    "SEC-18 a climbing target is Vulnerable and a climbing attacker Debilitated: the dice the core " +
      "lowers, the card says why",
    async () => {
      // Two successes: Ilsa has climbed 2 of 3. The Orc's Hit d8 shows 3 against her Miss d4 (d6 lowered): a hit.
      const c = climbAttack([6, 2, 6, 2, 3, 3]);
      await c.climb();
      expect(c.f.view.climbs).toEqual([{ climber: "t", border: "a|b", from: "a", to: "b", height: 3, climbed: 2 }]);
      const opened = await c.open("bob", "orc", "ilsa", "spear");
      expect(opened).toMatchObject({ ok: true });
      const id = idOf(opened);
      const declared = c.card(id).events.find((e) => e.type === "attackDeclared") as {
        detail: Record<string, unknown>;
      };
      expect(declared.detail).toMatchObject({ hitDie: 8, hitReasons: [], missDie: 4, missReasons: ["vulnerable"] });
      expect(stateOf(c.card(id)).targetData.conditions).toContain("climbing");
      expect(c.lines(id).find((l) => l.key === "FRAY.Card.Sections.Climbing")).toEqual({
        key: "FRAY.Card.Sections.Climbing",
        data: { name: "Ilsa" },
      });
      expect(await c.click("bob", id, { type: "roll" })).toMatchObject({ ok: true });
      expect(stateOf(c.card(id))).toMatchObject({ result: "hit", hitTotal: 3 });
      // Ilsa, still climbing, strikes back: her Hit die is lowered (Debilitated), the Orc's Miss die is not.
      const back = await c.open("alice", "ilsa", "orc", "ispear");
      const detail = (
        c.card(idOf(back)).events.find((e) => e.type === "attackDeclared") as { detail: Record<string, unknown> }
      ).detail;
      expect(detail).toMatchObject({ hitDie: 6, hitReasons: ["debilitated"], missDie: 6, missReasons: [] });
    },
  );

  it(
    "SEC-18 a target not climbing (the climb not begun) " + "keeps its dice; the card says nothing of climbing",
    async () => {
      const c = climbAttack([], { climbs: false });
      await c.climb();
      const id = idOf(await c.open("bob", "orc", "ilsa", "spear"));
      const declared = c.card(id).events.find((e) => e.type === "attackDeclared") as {
        detail: Record<string, unknown>;
      };
      expect(declared.detail).toMatchObject({ missDie: 6, missReasons: [] });
      expect(c.lines(id).map((l) => l.key)).not.toContain("FRAY.Card.Sections.Climbing");
    },
  );

  it(
    "SEC-19 an Incantation is refused to a climber, on the map and on the card alike; once down " +
      "it may be performed",
    async () => {
      const c = climbAttack([6, 2, 6, 2]);
      await c.climb();
      expect(await c.open("alice", "ilsa", "orc", "hymn")).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.ClimbingCannotIncant",
      });
      expect(c.t.messages.filter((m) => m.type === "attack")).toHaveLength(0);
      // Without the map, a GM who says Ilsa climbs meets the card's own refusal.
      const offMap = { ...c.ctx, map: NO_MAP };
      const gmSays = await handleAttackOpen(
        offMap,
        {
          attackerId: "ilsa",
          targetId: "orc",
          itemId: "hymn",
          options: { conditions: { ilsa: ["climbing"] } },
          rollMode: "publicroll",
        },
        "gm",
      );
      expect(gmSays).toMatchObject({ ok: false, key: "FRAY.Refusal.ClimbingCannotIncant" });
      // The GM takes her off the climb (SEC-24): the Incantation opens.
      expect((await c.f.step({ type: "endClimb", combatant: "t" })).ok).toBe(true);
      expect(await c.open("alice", "ilsa", "orc", "hymn")).toMatchObject({ ok: true });
    },
  );

  it(
    "SEC-17 an Area Attack reaches a climber only as high as its range: Reach 1 misses Height " +
      "2, Reach 2 reaches it",
    async () => {
      const c = climbAttack([6, 2, 6, 2]);
      await c.climb();
      expect(await c.open("bob", "orc", "ilsa", "sweep")).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.AreaBelowClimber",
        data: { range: 1, height: 2 },
      });
      expect(c.t.messages.filter((m) => m.type === "attack")).toHaveLength(0);
      expect(await c.open("bob", "orc", "ilsa", "burst")).toMatchObject({ ok: true });
    },
  );

  it("SEC-17 a climber at Height 1 is within a Reach 1 Area Attack", async () => {
    // One success, one failure: climbed 1 of 3.
    const c = climbAttack([6, 2, 1, 6]);
    await c.climb();
    expect(c.f.view.climbs).toMatchObject([{ climbed: 1 }]);
    expect(await c.open("bob", "orc", "ilsa", "sweep")).toMatchObject({ ok: true });
  });

  it(
    "SEC-20 damage to a climber: the GM's dice make its Acrobatics check at once; a success " +
      "holds on, the climb kept",
    async () => {
      // Climb 2 of 3; Hit 3 against Miss 3, Damage 4; Ilsa's Acrobatics 5 against the DM's 3.
      const c = climbAttack([6, 2, 6, 2, 3, 3, 4, 5, 3]);
      await c.climb();
      const id = idOf(await c.open("bob", "orc", "ilsa", "spear"));
      await c.click("bob", id, { type: "roll" });
      await c.click("bob", id, { type: "rollDamage" });
      expect(c.lines(id).map((l) => l.key)).toContain("FRAY.Card.Sections.Will.Acrobatics");
      const shownBefore = c.t.tray.shown.length;
      expect(await c.click("gm", id, { type: "apply" })).toMatchObject({ ok: true });
      expect(c.ilsa.system.health).toMatchObject({ value: 10 });
      const check = c.card(id).events.find((e) => e.type === "climbCheckRolled");
      expect(check).toMatchObject({ combatant: "ilsa", clause: "SEC-20", result: 5, dm: 3, success: true, height: 0 });
      const keys = c.lines(id).map((l) => l.key);
      expect(keys).toContain("FRAY.Card.Sections.ClimbCheck");
      expect(keys).toContain("FRAY.Card.Sections.ClimbHeld");
      expect(keys).not.toContain("FRAY.Card.Sections.ClimbFell");
      // Its dice in chat, named for what they were rolled for.
      expect(
        c.t.tray.shown.slice(shownBefore).flatMap((m) => m.rolls.map((r) => [r.purpose, r.formula, r.total])),
      ).toEqual([
        ["Acrobatics", "1d8", 5],
        ["DmAcrobatics", "1d6", 3],
      ]);
      // No progress, no fall: the fight keeps the climb as it was, and no fall card.
      expect(c.f.view.climbs).toMatchObject([{ climber: "t", climbed: 2 }]);
      expect(moveCards(c.t.messages).map((m) => c.t.cardData(m).effect.kind)).toEqual(["climb"]);
    },
  );

  it(
    "SEC-20 a failed check falls from the Height climbed: the fight's endClimb, a fall card; the tracker's undo " +
      "puts the climb back",
    async () => {
      // Climb 2 of 3; Hit 3 against Miss 3, Damage 4; Acrobatics 1 against 6: she falls; the fall's 2d4 show 3 and 2.
      const c = climbAttack([6, 2, 6, 2, 3, 3, 4, 1, 6, 3, 2]);
      await c.climb();
      const id = idOf(await c.open("bob", "orc", "ilsa", "spear"));
      await c.click("bob", id, { type: "roll" });
      await c.click("bob", id, { type: "rollDamage" });
      expect(await c.click("gm", id, { type: "apply" })).toMatchObject({ ok: true });
      expect(c.card(id).events.find((e) => e.type === "climbCheckRolled")).toMatchObject({
        result: 1,
        dm: 6,
        success: false,
        height: 2,
      });
      expect(c.lines(id)).toContainEqual({ key: "FRAY.Card.Sections.ClimbFell", data: { name: "Ilsa", height: 2 } });
      // The fight: the climb ended by the GM's step, recorded through the turn request path.
      expect(c.f.view.climbs).toEqual([]);
      expect(c.f.lastStep).toEqual({ type: "endClimb", combatant: "t" });
      // The fall's card: SEC-20 from Height 2, its damage rolled at once (2d4: 3 + 2), applied by the GM from the card.
      const fall = moveCards(c.t.messages).at(-1)!;
      expect(c.t.cardData(fall)).toMatchObject({
        effect: { kind: "fall", clause: "SEC-20", mover: "t", height: 2 },
        outcome: { damage: 5 },
      });
      expect(c.t.tray.shown.at(-1)!.rolls.map((r) => [r.purpose, r.formula, r.total])).toEqual([["Fall", "2d4", 5]]);
      // The card's undo takes back the damage and its record of the check, not the fall nor the fight's step.
      expect(await c.click("gm", id, { type: "undo" })).toMatchObject({ ok: true });
      expect(c.ilsa.system.health).toMatchObject({ value: 14 });
      expect(c.card(id).events.some((e) => e.type === "climbCheckRolled")).toBe(false);
      expect(c.f.view.climbs).toEqual([]);
      // The GM's undo of the endClimb step on the tracker puts the climb back as it was.
      expect((await c.f.step({ type: "undo" })).ok).toBe(true);
      expect(c.f.view.climbs).toEqual([{ climber: "t", border: "a|b", from: "a", to: "b", height: 3, climbed: 2 }]);
    },
  );

  it("SEC-20 a climber that no longer climbs when the damage lands is not checked; the card says so", async () => {
    const c = climbAttack([6, 2, 6, 2, 3, 3, 4]);
    await c.climb();
    const id = idOf(await c.open("bob", "orc", "ilsa", "spear"));
    await c.click("bob", id, { type: "roll" });
    await c.click("bob", id, { type: "rollDamage" });
    expect((await c.f.step({ type: "endClimb", combatant: "t" })).ok).toBe(true);
    expect(await c.click("gm", id, { type: "apply" })).toMatchObject({ ok: true });
    expect(c.lines(id)).toContainEqual({ key: "FRAY.Card.Sections.ClimbNoCheck.notClimbing", data: { name: "Ilsa" } });
    expect(c.card(id).events.some((e) => e.type === "climbCheckRolled")).toBe(false);
  });
});

describe("a blind card's SEC-20 check (SEC-20, SEC-22)", () => {
  it(
    "SEC-20 a blind card's check stays on the GM's client: not in the message, its dice rolled here only; its " +
      "fall card is sealed too",
    async () => {
      const c = climbAttack([6, 2, 6, 2, 3, 3, 4, 1, 6, 3, 2]);
      await c.climb();
      const opened = await handleAttackOpen(
        c.ctx,
        {
          attackerId: "orc",
          targetId: "ilsa",
          itemId: "spear",
          options: {},
          rollMode: "blindroll",
          map: { sceneId: "s1" },
        },
        "bob",
      );
      const id = idOf(opened);
      // The GM's client's sealed attack cards, as the table wires them (move-table.ts).
      const held = () => c.ctx.sealed.get(id)!;
      const step = (command: Record<string, unknown>) =>
        handleAttackStep(c.ctx, { messageId: id, command, revision: held().journal.revision }, "gm");
      for (const type of ["roll", "rollDamage", "apply"]) expect(await step({ type })).toMatchObject({ ok: true });
      expect(held().events.find((e) => e.type === "climbCheckRolled")).toMatchObject({
        result: 1,
        dm: 6,
        success: false,
      });
      const message = c.t.messages.find((m) => m.id === id)!;
      expect(JSON.stringify(message.system)).not.toContain("climbCheck");
      // No dice message; the check's dice were rolled on the GM's client, named.
      expect(c.t.tray.shown.filter((m) => m.rolls.some((r) => r.purpose === "Acrobatics"))).toHaveLength(1);
      expect(c.t.tray.here.flatMap((h) => h.rolls.map((r) => r.purpose))).toEqual(
        expect.arrayContaining(["Acrobatics", "DmAcrobatics"]),
      );
      const fall = moveCards(c.t.messages).at(-1)!;
      expect(fall.system).toMatchObject({
        effect: { kind: "fall", clause: "SEC-20" },
        outcome: null,
        rollMode: "blindroll",
      });
      expect(c.f.view.climbs).toEqual([]);
    },
  );
});

describe("the attacker's view: climbing is the fight's word, the SEC-20 roll the GM's", () => {
  it("SEC-18 a player's options cannot make a climber not climbing, nor a grounded entity climbing", async () => {
    const up = climbAttack([6, 2, 6, 2]);
    await up.climb();
    const forged = await up.open("bob", "orc", "ilsa", "spear", {
      conditions: { ilsa: [] },
      sight: { targetSeesAttacker: true },
    });
    expect(stateOf(up.card(idOf(forged))).targetData.conditions).toContain("climbing");
    const down = climbAttack([], { climbs: false });
    await down.climb();
    const made = await down.open("alice", "ilsa", "orc", "ispear", { conditions: { orc: ["climbing"], ilsa: [] } });
    expect(stateOf(down.card(idOf(made))).targetData.conditions).not.toContain("climbing");
    // Nor can she open an Incantation by saying she is not climbing, nor dodge an Area by saying so.
    expect(await up.open("alice", "ilsa", "orc", "hymn", { conditions: { ilsa: [] } })).toMatchObject({
      ok: false,
      key: "FRAY.Refusal.ClimbingCannotIncant",
    });
  });

  it(
    "SEC-20 the check is rolled only on the GM's apply: a player's apply, a forged step or a player's " +
      "endClimb rolls nothing",
    async () => {
      const c = climbAttack([6, 2, 6, 2, 3, 3, 4]);
      await c.climb();
      const id = idOf(await c.open("bob", "orc", "ilsa", "spear"));
      await c.click("bob", id, { type: "roll" });
      await c.click("bob", id, { type: "rollDamage" });
      const shown = c.t.tray.shown.length;
      for (const sender of ["alice", "bob", "olive"]) {
        expect(await c.click(sender, id, { type: "apply" })).toMatchObject({ ok: false });
        // A step naming its own climb, place or events is no command the card offers.
        expect(
          await c.click(sender, id, { type: "apply", check: { entity: 8, dm: 1 } }, { place: { sceneId: "s1" } }),
        ).toMatchObject({
          ok: false,
        });
      }
      expect(await c.click("gm", id, { type: "apply", check: { entity: 8, dm: 1 } })).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.NotOffered",
      });
      expect(c.t.tray.shown).toHaveLength(shown);
      expect(c.card(id).events.some((e) => e.type === "climbCheckRolled")).toBe(false);
      // Ending the climb is the GM's step: neither the climber's owner nor the enemy's may send it.
      for (const sender of ["alice", "bob"]) {
        const answer = await handleTurnRequest(
          c.f.turns,
          { combatId: c.f.combat.id, command: { type: "endClimb", combatant: "t" }, revision: c.f.journal.revision },
          sender,
        );
        expect(answer).toMatchObject({ ok: false, key: "FRAY.Refusal.GmOnly" });
      }
      expect(c.f.view.climbs).toHaveLength(1);
    },
  );
});
