import { describe, expect, it } from "vitest";
import { auditedVerdict } from "../../../../src/foundry/canvas/moves/move-audit.js";
import { handleLetGoRequest } from "../../../../src/foundry/canvas/climbs/let-go-request.js";
import { leftClimbEndings } from "../../../../src/foundry/canvas/blocks/block-lowering.js";
import { COMBAT_MODES } from "../../../../src/foundry/rulesets/index.js";
import { handleTurnRequest } from "../../../../src/foundry/combat/requests/turn-request.js";
import { MoveApprovals } from "../../../../src/foundry/canvas/moves/move-audit.js";
import { compileScene } from "../../../../src/foundry/canvas/space/scene-space.js";
import { SpaceCache } from "../../../../src/foundry/canvas/space/space-cache.js";
import { moveCardContext } from "../../../../src/foundry/move-cards/move-card-context.js";
import { FakeActor } from "../../../fakes/foundry-card.js";
import { at } from "../../../fakes/foundry-scene.js";
import { FightScene } from "../fight-scene.js";
import { place, sample, sections, table } from "../../move-cards/move-table.js";
import { fightKeyOf } from "../../../../src/foundry/canvas/fight/scene-fight.js";

/**
 * Ilsa (Alice's, Acrobatics d8, Move 2) stands in a, at the foot of the Height 2 border up to b; an enemy (Bob's)
 * waits in c. The GM's dice are scripted: Ilsa's d8, then the DM's d6, check after check.
 */
function climbFight(faces: number[], system: Record<string, unknown> = {}) {
  const s = sections([0, 2, 0]);
  const ilsa = new FakeActor(
    "ilsa",
    "Ilsa",
    "sections-entity",
    { ...sample("sections-entity"), side: "pc", move: 2, acrobatics: "d8", ...system },
    ["alice"],
  );
  const orc = new FakeActor("orc", "Orc", "sections-entity", { ...sample("sections-entity"), side: "adversary" }, [
    "bob",
  ]);
  place(s, "t", [1, 1], ilsa, ["alice"], 1);
  place(s, "e", [7, 1], orc, ["bob"], -1);
  const f = new FightScene(s, "sections", { t: { side: "pc" }, e: { side: "adversary" } }, ["pc", "adversary"]);
  return { s, f, ilsa, t: table(s, "sections", { t: ilsa, e: orc }, faces, f) };
}

/** Ilsa's turn, card drawn: her Moves may be made. */
async function ilsaUp(f: FightScene) {
  await f.until("t");
  expect((await f.step({ type: "draw", combatant: "t" })).ok).toBe(true);
}

const names = { ilsa: "Ilsa", orc: "Orc" };
const viewer = { isGM: false, ownsBy: false, names };

describe("sections climbing on the canvas (SEC-15, SEC-16)", () => {
  it(
    "SEC-15 a Climb up a Height 2 makes Move 2's checks with the GM's dice; short of the top the " +
      "token holds at the foot",
    async () => {
      // 6 against 2: up one; 3 against 5: no progress.
      const { f, t } = climbFight([6, 2, 3, 5]);
      await ilsaUp(f);
      const answer = await t.walk("alice", "t", [[4, 1]], "climb");
      expect(answer).toMatchObject({ ok: true, cost: 1, stop: { clause: "SEC-16" } });
      // The token does not cross: the cut move ends in a, the lower section.
      const stop = (answer as unknown as { stop: { waypoints: { x: number }[] } }).stop;
      expect(stop.waypoints.every((w) => w.x < at(3, 0).x)).toBe(true);
      // The turn order keeps the climb and the Move is spent.
      expect(f.view.climbs).toEqual([{ climber: "t", border: "a|b", from: "a", to: "b", height: 2, climbed: 1 }]);
      expect(f.view.innateMoveUsed).toBe(true);
      expect(f.lastStep).toMatchObject({ type: "move", kind: "innate", climb: { border: "a|b", climbed: 1 } });
      // One card names the checks; its dice are the check's, named as what they were rolled for.
      const [card] = t.moveCards();
      const data = t.cardData(card!);
      expect(data.effect).toMatchObject({ kind: "climb", clause: "SEC-15", height: 2, climbed: 1 });
      const ctx = moveCardContext(data, viewer);
      expect(ctx.title).toEqual({ key: "FRAY.MoveCard.Climb", data: { mover: "Ilsa", height: 2 } });
      expect(ctx.lines.map((l) => l.key)).toEqual([
        "FRAY.MoveCard.ClimbCheck.success",
        "FRAY.MoveCard.ClimbCheck.failure",
        "FRAY.MoveCard.ClimbHolds",
        "FRAY.Rule.Cite",
      ]);
      expect(ctx.buttons).toEqual([]);
      expect(t.tray.shown[0]!.rolls.map((r) => [r.purpose, r.formula, r.total])).toEqual([
        ["Acrobatics", "1d8", 6],
        ["DmAcrobatics", "1d6", 2],
        ["Acrobatics", "1d8", 3],
        ["DmAcrobatics", "1d6", 5],
      ]);
    },
  );

  it(
    "SEC-15 ruling: progress is kept; next turn a Move goes on from the foot and reaches the top, " +
      "where it was dragged",
    async () => {
      const { f, t } = climbFight([6, 2, 3, 5, 4, 4]);
      await ilsaUp(f);
      await t.walk("alice", "t", [[4, 1]], "climb");
      // Bob's enemy takes its turn; Ilsa's next one, the climber drags on up (a walk will do: she is climbing).
      await f.until("e");
      await f.until("t");
      expect((await f.step({ type: "draw", combatant: "t" })).ok).toBe(true);
      const answer = await t.walk("alice", "t", [[4, 1]]);
      expect(answer).toMatchObject({ ok: true, cost: 1 });
      expect(answer).not.toHaveProperty("stop");
      expect(f.view.climbs).toEqual([]);
      expect(f.lastStep).toMatchObject({ type: "move", kind: "innate", climb: null });
      const top = t.cardData(t.moveCards()[1]!);
      expect(top.effect).toMatchObject({ kind: "climb", climbed: 2, checks: [{ result: 4, dm: 4, success: true }] });
      expect(moveCardContext(top, viewer).lines.map((l) => l.key)).toContain("FRAY.MoveCard.ClimbTop");
    },
  );

  it(
    "SEC-16 a climber cannot walk off elsewhere; the GM's " + "undo of the climbing Move takes its progress back",
    async () => {
      const { f, t } = climbFight([6, 2, 3, 5]);
      await ilsaUp(f);
      await t.walk("alice", "t", [[4, 1]], "climb");
      expect(f.view.climbs).toHaveLength(1);
      // Moving about inside her own section is no Move; the second Move is refused (the innate one is spent).
      expect(await t.walk("alice", "t", [[4, 1]])).toMatchObject({ ok: false, key: "FRAY.Refusal.InnateMoveUsed" });
      expect((await f.step({ type: "undo" })).ok).toBe(true);
      expect(f.view.climbs).toEqual([]);
      expect(f.view.innateMoveUsed).toBe(false);
    },
  );

  it("SEC-15 an entity whose sheet gives no Acrobatics die cannot climb (the refusal names its token)", async () => {
    const { f, t, s } = climbFight([], { acrobatics: "" });
    Object.assign(s.tokens.get("t")!, { name: "Ilsa" });
    await ilsaUp(f);
    expect(await t.walk("alice", "t", [[4, 1]], "climb")).toMatchObject({
      ok: false,
      key: "FRAY.Refusal.NoAcrobaticsDie",
      data: { name: "Ilsa" },
    });
    expect(t.moveCards()).toHaveLength(0);
  });

  it("SEC-15 outside a fight a climb is rolled the same way; nothing is kept when it falls short", async () => {
    const s = sections([0, 2, 0]);
    const ilsa = new FakeActor(
      "ilsa",
      "Ilsa",
      "sections-entity",
      { ...sample("sections-entity"), side: "pc", move: 2, acrobatics: "d8" },
      ["alice"],
    );
    place(s, "t", [1, 1], ilsa, ["alice"], 1);
    const t = table(s, "sections", { t: ilsa }, [8, 1, 8, 1]);
    expect(await t.walk("alice", "t", [[4, 1]], "climb")).toMatchObject({ ok: true, cost: 1 });
    expect(t.cardData(t.moveCards()[0]!).effect).toMatchObject({ kind: "climb", climbed: 2 });
    const short = table(s, "sections", { t: ilsa }, [1, 6]);
    expect(await short.walk("alice", "t", [[4, 1]], "climb")).toMatchObject({ ok: true, stop: { clause: "SEC-16" } });
  });

  it(
    "SEC-15 a private climb's card shows no check in the message every client receives; the " +
      "roller's client has them",
    async () => {
      const { f, t } = climbFight([6, 2, 3, 5]);
      await ilsaUp(f);
      expect(await t.walk("alice", "t", [[4, 1]], "climb", "gmroll")).toMatchObject({ ok: true });
      const [card] = t.moveCards();
      expect(JSON.stringify(card!.system)).not.toContain('"result"');
      expect((card!.system as { effect: { checks: unknown[] } }).effect.checks).toEqual([]);
      expect(t.tray.shown).toEqual([]);
      expect(t.stores.alice!.get(card!.id)?.effect).toMatchObject({
        checks: [
          { result: 6, dm: 2 },
          { result: 3, dm: 5 },
        ],
      });
      expect(t.stores.bob!.get(card!.id)).toBeUndefined();
    },
  );

  it(
    "SEC-15 an attacker: another player's or an observer's drag of the climber is refused; a move that " +
      "never asked cannot climb",
    async () => {
      const { f, t, s } = climbFight([6, 2, 3, 5]);
      await ilsaUp(f);
      expect(await t.walk("bob", "t", [[4, 1]], "climb")).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.NotYourToken",
      });
      expect(await t.walk("olive", "t", [[4, 1]], "climb")).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.NotYourToken",
      });
      expect(f.view.climbs).toEqual([]);
      // A move made without asking (a client that skipped the check) straight up the Height: the GM's audit refuses it.
      const token = s.tokens.get("t")!;
      const verdict = auditedVerdict({
        approvals: new MoveApprovals(),
        spaces: new SpaceCache((x) => compileScene(x, "sections")),
        scene: s,
        token,
        move: {
          id: "m1",
          origin: at(1, 1),
          destination: at(4, 1),
          waypoints: [{ ...at(4, 1), action: "climb" }],
          method: "dragging",
        },
        byGm: false,
        ruleset: "sections",
        now: 0,
        // As the GM's settling of an unasked move gives it (move-settle.ts).
        fight: f.moves.fight(s.id),
        fightKey: fightKeyOf(f.moves.fight(s.id), "t"),
      });
      expect(verdict).toMatchObject({ ok: false, key: "FRAY.Refusal.ClimbNotAsked" });
    },
  );
});

describe("a climber lets go (SEC-21)", () => {
  /** Ilsa climbed 1 of 2 last turn and is up again, card drawn, her innate Move to spend. */
  async function holding(faces: number[]) {
    const made = climbFight([6, 2, 3, 5, ...faces]);
    await ilsaUp(made.f);
    await made.t.walk("alice", "t", [[4, 1]], "climb");
    await made.f.until("e");
    await ilsaUp(made.f);
    return made;
  }
  const letGo = (t: ReturnType<typeof table>, sender: string, payload: unknown = { sceneId: "s1", tokenId: "t" }) =>
    handleLetGoRequest(t.move, payload, sender);

  it(
    "SEC-21 letting go is a Move: the climb ends and the " + "fall from the Height climbed is a card rolled with 1d4",
    async () => {
      const { f, t } = await holding([3]);
      expect(await letGo(t, "alice")).toEqual({ ok: true });
      expect(f.view.climbs).toEqual([]);
      expect(f.view.innateMoveUsed).toBe(true);
      expect(f.lastStep).toMatchObject({ type: "move", kind: "innate", climb: null });
      const fall = t.cardData(t.moveCards().at(-1)!);
      expect(fall).toMatchObject({
        effect: { kind: "fall", clause: "SEC-21", height: 1 },
        outcome: { damage: 3, dice: [3] },
      });
      // The GM's undo of the Move puts the climb back.
      expect((await f.step({ type: "undo" })).ok).toBe(true);
      expect(f.view.climbs).toEqual([{ climber: "t", border: "a|b", from: "a", to: "b", height: 2, climbed: 1 }]);
    },
  );

  it("SEC-21 an attacker: another player, an observer, forged payloads, one not climbing, a second Move", async () => {
    const { f, t } = await holding([3]);
    expect(await letGo(t, "bob")).toMatchObject({ ok: false, key: "FRAY.Refusal.NotYourToken" });
    expect(await letGo(t, "olive")).toMatchObject({ ok: false, key: "FRAY.Refusal.NotYourToken" });
    for (const bad of [
      null,
      "t",
      { sceneId: "s1" },
      { sceneId: "s1", tokenId: 7 },
      { sceneId: "s1", tokenId: "x".repeat(65) },
      JSON.parse('{"__proto__": {"sceneId": "s1", "tokenId": "t"}}'),
    ])
      expect(await letGo(t, "alice", bad)).toMatchObject({ ok: false, key: "FRAY.Refusal.BadRequest" });
    expect(await letGo(t, "alice", { sceneId: "s1", tokenId: "e" })).toMatchObject({
      ok: false,
      key: "FRAY.Refusal.NotYourToken",
    });
    expect(await letGo(t, "gm", { sceneId: "s1", tokenId: "e" })).toMatchObject({
      ok: false,
      key: "FRAY.Refusal.NotClimbing",
    });
    expect(f.view.climbs).toHaveLength(1);
    expect(await letGo(t, "alice")).toEqual({ ok: true });
    expect(await letGo(t, "alice")).toMatchObject({ ok: false, key: "FRAY.Refusal.NotClimbing" });
  });
});

describe("a climber put elsewhere (SEC-16)", () => {
  it(
    "SEC-16 the GM's displace out of the lower section ends the climb through the turn order; " +
      "staying there does not",
    async () => {
      const { f, t } = climbFight([6, 2, 3, 5]);
      await ilsaUp(f);
      await t.walk("alice", "t", [[4, 1]], "climb");
      const modes = (id: string) => COMBAT_MODES[id];
      const at = { sceneId: "s1", tokenId: "t" };
      expect(leftClimbEndings([f.combat], modes, at, "a")).toEqual([]);
      const requests = leftClimbEndings([f.combat], modes, at, "c");
      expect(requests).toEqual([
        { combatId: f.combat.id, command: { type: "endClimb", combatant: "t" }, revision: f.journal.revision },
      ]);
      // Only a GM may send it (authority: a command missing from the table is the GM's).
      expect(await handleTurnRequest(f.turns, requests[0]!, "alice")).toMatchObject({ ok: false });
      expect(await handleTurnRequest(f.turns, requests[0]!, "gm")).toMatchObject({ ok: true });
      expect(f.view.climbs).toEqual([]);
      expect((await f.step({ type: "undo" })).ok).toBe(true);
      expect(f.view.climbs).toHaveLength(1);
    },
  );
});

describe("a player's forged move step (SEC-16, and every move's undo)", () => {
  it(
    "SEC-16 a player's turn request cannot name a climb nor where a move began: only the GM's " +
      "move check records them",
    async () => {
      const { f } = climbFight([]);
      await ilsaUp(f);
      const send = (sender: string, command: Record<string, unknown>) =>
        handleTurnRequest(f.turns, { combatId: f.combat.id, command, revision: f.journal.revision }, sender);
      const climb = { border: "a|b", from: "a", to: "b", height: 2, climbed: 1 };
      // Alice's macro claims a climb half done, then an escape from it without the fall, then another token's origin.
      for (const extra of [{ climb }, { climb: null }, { move: { sceneId: "s1", tokenId: "e", x: 0, y: 0 } }])
        expect(await send("alice", { type: "move", combatant: "t", kind: "innate", ...extra })).toMatchObject({
          ok: false,
          key: "FRAY.Refusal.MadeByMoveCheck",
        });
      expect(f.view.climbs).toEqual([]);
      expect(f.view.innateMoveUsed).toBe(false);
      // The tracker's own Move control (no such field) is hers to click; the GM may record anything.
      expect(await send("alice", { type: "move", combatant: "t", kind: "innate" })).toMatchObject({ ok: true });
      expect(await send("gm", { type: "endTurn", combatant: "t" })).toMatchObject({ ok: true });
    },
  );
});

describe("a token the GM hides climbs (SEC-15)", () => {
  it(
    "SEC-15 its climb card goes to the GMs alone and " + "its dice are blind: no player's client is told of it",
    async () => {
      const { f, t, s } = climbFight([6, 2, 3, 5]);
      s.tokens.get("t")!.hidden = true;
      await ilsaUp(f);
      expect(await t.walk("gm", "t", [[4, 1]], "climb")).toMatchObject({ ok: true, stop: { clause: "SEC-16" } });
      const [card] = t.moveCards();
      expect(t.gmOnly.has(card!.id)).toBe(true);
      // Its message, which every client gets, names nobody; the climb and its checks are on the GM's client alone.
      expect(card!.system).toMatchObject({
        effect: null,
        moverRef: "",
        sceneId: "",
        rollMode: "blindroll",
        hidden: true,
      });
      expect(JSON.stringify([card!.system, t.speakers.get(card!.id)])).not.toMatch(/ilsa|Ilsa|"t"|checks/);
      expect(t.gmMoves.get(card!.id)).toMatchObject({
        effect: { kind: "climb" },
        moverRef: "ilsa",
        rollMode: "blindroll",
      });
      // No dice message went to chat; the 3D dice rolled on the GM's client alone.
      expect(t.tray.shown).toEqual([]);
      expect(t.tray.here.map((h) => h.userId)).toEqual(["gm"]);
    },
  );
});
