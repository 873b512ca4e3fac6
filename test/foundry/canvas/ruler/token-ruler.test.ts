// The ruler's pure parts: the verdict at each waypoint of a dragged move, its label, and refused segments.
// The verdicts must be the final check's own answers, so each test asks the GM the same move and compares.
import { describe, expect, it } from "vitest";
import type { RulesetId } from "../../../../src/core/rulesets.js";
import { handleMoveRequest } from "../../../../src/foundry/canvas/moves/move-request.js";
import {
  costLabel,
  plannedChain,
  planVerdicts,
  styleFor,
  type RulerWaypointLike,
  type WaypointVerdict,
} from "../../../../src/foundry/canvas/ruler/ruler-verdicts.js";
import { compileScene } from "../../../../src/foundry/canvas/space/scene-space.js";
import { SpaceCache } from "../../../../src/foundry/canvas/space/space-cache.js";
import { FakeUser } from "../../../fakes/foundry-combat.js";
import {
  at,
  cellsRect,
  FakeRegion,
  FakeScene,
  FakeSquareGrid,
  FakeToken,
  section,
} from "../../../fakes/foundry-scene.js";
import { EN } from "../../../fakes/lang.js";
import { manifestOf } from "../../../../src/foundry/rulesets/index.js";
import { noFight } from "../../../../src/foundry/canvas/fight/scene-fight.js";
import { inTurn } from "../fight/scene-fights.js";
import { gmMoveHands } from "../gm-move-hands.js";

const S = 100;
const alice = new FakeUser("alice", "Alice");
const format = (key: string, data: Record<string, string | number> = {}) =>
  (EN[key] ?? `missing ${key}`).replace(/\{(\w+)\}/g, (_, n: string) => String(data[n]));
const through = (cells: [number, number][], action = "walk") => cells.map(([c, r]) => ({ ...at(c, r), action }));

/** The ruler's verdicts and the GM's answer to the whole move, from the same scene. */
async function previewAndCheck(scene: FakeScene, ruleset: RulesetId, cells: [number, number][]) {
  const spaces = new SpaceCache((x) => compileScene(x, manifestOf(ruleset).space));
  const token = scene.tokens.get("t")!;
  const plan = [{ x: token.x, y: token.y, action: "walk" }, ...through(cells)];
  const verdicts = planVerdicts(
    { space: spaces.get(scene), scene, token, ruleset, fight: noFight(scene.id), provoked: [] },
    plan,
  );
  const gm = await handleMoveRequest(
    { scene: () => scene, user: () => alice, ruleset: () => ruleset, spaces, fight: noFight, ...gmMoveHands() },
    { sceneId: scene.id, tokenId: "t", waypoints: through(cells) },
    "alice",
  );
  return { verdicts, gm };
}

function rooms(): FakeScene {
  const s = new FakeScene("s1", new FakeSquareGrid(S), 9, 3);
  s.flags = { fray: { spaceModel: "sections" } };
  ["a", "b", "c"].forEach((id, k) =>
    s.regions.contents.push(new FakeRegion(id, [cellsRect(3 * k, 0, 3, 3)], [section({})])),
  );
  s.tokens.contents.push(
    new FakeToken("t", at(1, 1).x, at(1, 1).y, { type: "sections-entity", system: { side: "pc", move: 1 } }, ["alice"]),
  );
  return s;
}

function field(speed: number, slowed = 0): FakeScene {
  const s = new FakeScene("s1", new FakeSquareGrid(S), 10, 4);
  s.flags = { fray: { spaceModel: "grid" } };
  s.regions.contents.push(new FakeRegion("cliff", [cellsRect(5, 0, 1, 4)], [section({ height: 3 })]));
  s.tokens.contents.push(
    new FakeToken(
      "t",
      at(0, 1).x,
      at(0, 1).y,
      { type: "strain-character", system: { side: "pc", speed, statuses: { slowed } } },
      ["alice"],
    ),
  );
  return s;
}

describe("the ruler tells the truth", () => {
  it("SEC-03 Move 1: the first border costs 1 with 0 left, the second is refused as the GM refuses it", async () => {
    const { verdicts, gm } = await previewAndCheck(rooms(), "sections", [
      [4, 1],
      [7, 1],
    ]);
    expect(verdicts.slice(0, 2)).toEqual([
      { ok: true, cost: 0, left: 1 },
      { ok: true, cost: 1, left: 0 },
    ]);
    expect(verdicts[2]!.ok).toBe(false);
    expect(gm.ok).toBe(false);
    if (!verdicts[2]!.ok && !gm.ok) expect(verdicts[2]!.refusal.key).toBe(gm.key);
  });

  it(
    "STR-19 Speed 4 on the grid: the label counts down and the step to a fifth square is refused, as the " +
      "GM's check refuses it",
    async () => {
      const { verdicts, gm } = await previewAndCheck(field(4), "strain", [
        [2, 1],
        [4, 1],
        [4, 0],
        [3, 0],
      ]);
      expect(verdicts.map((v) => (v.ok ? v.left : "refused"))).toEqual([4, 2, 0, "refused", "refused"]);
      expect(gm).toMatchObject({ ok: false, key: "FRAY.Refusal.OverSpeed" });
      const last = verdicts[3]!;
      expect(!last.ok && last.refusal.key).toBe("FRAY.Refusal.OverSpeed");
    },
  );

  it(
    "STR-25 the cliff's climb is priced as the check prices it (1 + 2), and a legal plan's end " +
      "matches the GM's cost",
    async () => {
      const { verdicts, gm } = await previewAndCheck(field(7), "strain", [[5, 1]]);
      expect(gm).toEqual({ ok: true, cost: 7, events: 0 });
      expect(verdicts[1]).toEqual({ ok: true, cost: 7, left: 0 });
    },
  );

  it("SEC-03 once a part is refused, every later waypoint is refused with the same reason, unasked", async () => {
    const { verdicts } = await previewAndCheck(rooms(), "sections", [
      [7, 1],
      [4, 1],
      [1, 1],
    ]);
    expect(verdicts[0]!.ok).toBe(true);
    const [, a, b, c] = verdicts;
    expect([a!.ok, b!.ok, c!.ok]).toEqual([false, false, false]);
    if (!a!.ok && !b!.ok && !c!.ok) expect(new Set([a!.refusal, b!.refusal, c!.refusal]).size).toBe(1);
  });

  it("a scene with no space model gives the ruler nothing to say", () => {
    const s = rooms();
    s.flags = { fray: { spaceModel: "none" } };
    const spaces = new SpaceCache((x) => compileScene(x, "sections"));
    const token = s.tokens.get("t")!;
    expect(
      planVerdicts(
        { space: spaces.get(s), scene: s, token, ruleset: "sections", fight: noFight(s.id), provoked: [] },
        through([
          [1, 1],
          [4, 1],
        ]),
      ),
    ).toEqual([]);
  });
});

describe("the waypoint label and the refused style", () => {
  const reason = () => "Move 1 cannot cross 2 borders.";

  it("STR-19 a label shows the cost in squares, the segment's own cost and the Speed left", () => {
    const prev: WaypointVerdict = { ok: true, cost: 2, left: 4 };
    expect(costLabel({ ok: true, cost: 3, left: 3 }, prev, "grid", format, reason)).toEqual({
      total: "3",
      units: "squares, 3 left",
      delta: "+1",
    });
    // a mover without a Speed (teams) has no budget to show
    expect(costLabel({ ok: true, cost: 3, left: null }, null, "grid", format, reason)).toEqual({
      total: "3",
      units: "squares",
    });
  });

  it("SEC-03 a refused waypoint is labelled refused with the core's reason; sections count borders", () => {
    const refused: WaypointVerdict = {
      ok: false,
      refusal: { ok: false, key: "FRAY.Refusal.MoveTooShort", reason: "x" },
    };
    expect(costLabel(refused, null, "sections", format, reason)).toEqual({
      total: "refused",
      units: "Move 1 cannot cross 2 borders.",
    });
    expect(
      costLabel({ ok: true, cost: 1, left: 0 }, { ok: true, cost: 0, left: 1 }, "sections", format, reason).units,
    ).toBe("borders, 0 left");
  });

  it("a refused segment is drawn in the refused colour, a legal one as Foundry drew it", () => {
    const refused: WaypointVerdict = { ok: false, refusal: { ok: false, key: "k", reason: "r" } };
    expect(styleFor({ width: 4, color: 0x00ff00, alpha: 1 }, refused, 0xd0342c)).toEqual({
      width: 4,
      color: 0xd0342c,
      alpha: 1,
    });
    const legal = { width: 4, color: 0x00ff00 };
    expect(styleFor(legal, { ok: true, cost: 1, left: 2 }, 0xd0342c)).toBe(legal);
    expect(styleFor(legal, null, 0xd0342c)).toBe(legal);
  });

  it("the plan runs from the start of the planned stage (or the end of a move under way) to the waypoint", () => {
    const w = (x: number, stage: string, previous: RulerWaypointLike | null): RulerWaypointLike => ({
      x,
      y: 0,
      action: "walk",
      stage,
      previous,
    });
    const p0 = w(0, "planned", null);
    const p1 = w(1, "planned", p0);
    const p2 = w(2, "planned", p1);
    expect(plannedChain(p2).map((x) => x.x)).toEqual([0, 1, 2]);
    const q0 = w(0, "passed", null);
    const q1 = w(1, "pending", q0);
    const q2 = w(2, "planned", q1);
    const q3 = w(3, "planned", q2);
    expect(plannedChain(q3).map((x) => x.x)).toEqual([1, 2, 3]);
  });

  it("STR-19 in a fight the ruler starts from the squares the turn has spent, as the GM's check does", () => {
    const scene = field(4);
    const spaces = new SpaceCache((x) => compileScene(x, "grid"));
    const token = scene.tokens.get("t")!;
    const plan = [{ x: token.x, y: token.y, action: "walk" }, ...through([[2, 1]])];
    const input = {
      space: spaces.get(scene),
      scene,
      token,
      ruleset: "strain" as const,
      fight: noFight(scene.id),
      provoked: [],
    };
    const fresh = planVerdicts(input, plan);
    expect(fresh[1]).toEqual({ ok: true, cost: 2, left: 2 });
    const spent = planVerdicts({ ...input, fight: inTurn(input.fight, "t", { squaresMoved: 1 }, "rolled") }, plan);
    expect(spent[1]).toEqual({ ok: true, cost: 2, left: 1 });
    const over = planVerdicts({ ...input, fight: inTurn(input.fight, "t", { squaresMoved: 3 }, "rolled") }, plan);
    expect(over[1]?.ok).toBe(false);
  });

  it("STR-28 what is left is the core's movement allowance: a Slowed stack takes a square off the Speed", async () => {
    const { verdicts, gm } = await previewAndCheck(field(4, 1), "strain", [[2, 1]]);
    expect(verdicts[1]).toEqual({ ok: true, cost: 2, left: 1 });
    expect(gm).toMatchObject({ ok: true });
    const over = await previewAndCheck(field(4, 1), "strain", [[4, 1]]);
    expect(over.verdicts[1]?.ok).toBe(false);
    expect(over.gm).toMatchObject({ ok: false });
  });
});
