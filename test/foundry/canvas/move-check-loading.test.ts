// Before the move check has loaded (it is a chunk of its own, preloaded at init), nothing moves unchecked: the ruler
// shows no verdict yet, a move's own check waits for it, and the GM's audit of a move that never asked refuses it.
import { describe, expect, it } from "vitest";
import { auditMove, MoveApprovals, type MadeMove } from "../../../src/foundry/canvas/move-audit.js";
import { loadMoveCheck, moveCheckLoaded } from "../../../src/foundry/canvas/move-check-registry.js";
import { askToMove } from "../../../src/foundry/canvas/move-client.js";
import { planVerdicts } from "../../../src/foundry/canvas/ruler-verdicts.js";
import { compileScene } from "../../../src/foundry/canvas/scene-space.js";
import { SpaceCache } from "../../../src/foundry/canvas/space-cache.js";
import { at, cellsRect, FakeRegion, FakeScene, FakeSquareGrid, FakeToken, section } from "../../fakes/foundry-scene.js";

/** Rooms a | b | c of sections; a token with Move 1 stands in a. */
function rooms() {
  const scene = new FakeScene("s1", new FakeSquareGrid(100), 9, 3);
  scene.flags = { fray: { spaceModel: "sections" } };
  ["a", "b", "c"].forEach((id, k) => scene.regions.contents.push(new FakeRegion(id, [cellsRect(3 * k, 0, 3, 3)], [section()])));
  const start = at(1, 1);
  const token = new FakeToken("t", start.x, start.y, { type: "sections-entity", system: { side: "pc", move: 1 } }, ["alice"]);
  scene.tokens.contents.push(token);
  return { scene, token, spaces: new SpaceCache((x) => compileScene(x, "sections")) };
}

describe("token moves while the move check is loading", () => {
  it("the ruler shows no verdict yet, and the GM's audit refuses a move that never asked, even a legal one", () => {
    const { scene, token, spaces } = rooms();
    expect(moveCheckLoaded()).toBe(false);
    const plan = [
      { x: token.x, y: token.y, action: "walk" },
      { ...at(4, 1), action: "walk" },
    ];
    expect(planVerdicts({ space: spaces.get(scene), scene, token, ruleset: "sections" }, plan)).toEqual([]);
    const legal: MadeMove = {
      id: "m1",
      origin: at(1, 1),
      destination: at(4, 1),
      waypoints: [{ ...at(4, 1), action: "walk" }],
      method: "dragging",
    };
    const audit = { approvals: new MoveApprovals(), spaces, scene, token, move: legal, byGm: false, ruleset: "sections" as const, now: 1 };
    expect(auditMove(audit)).toMatchObject({ ok: false, key: "FRAY.Refusal.RulesLoading" });
  });

  it("SEC-03 a move's own check waits for the rules, then refuses two borders with Move 1 as the core does", async () => {
    const { scene, token, spaces } = rooms();
    const sent: unknown[] = [];
    const client = {
      spaces,
      ruleset: () => "sections" as const,
      send: async (name: string, payload: unknown) => (sent.push(payload), { ok: true as const }),
      isGM: false,
      inFight: () => false,
    };
    const far = await askToMove(client, scene, token, [{ ...at(7, 1), action: "walk" }], "dragging");
    expect(far).toMatchObject({ ok: false, key: "FRAY.Refusal.MoveTooShort" });
    expect(sent).toEqual([]);
    expect(moveCheckLoaded()).toBe(true);
    expect(await askToMove(client, scene, token, [{ ...at(4, 1), action: "walk" }], "dragging")).toEqual({ ok: true });
    expect(sent).toHaveLength(1);
  });

  it("once loaded, the ruler's verdicts are there", async () => {
    await loadMoveCheck();
    const { scene, token, spaces } = rooms();
    const plan = [
      { x: token.x, y: token.y, action: "walk" },
      { ...at(4, 1), action: "walk" },
    ];
    // One verdict per waypoint: where the token stands, then one border crossed with Move 1 (SEC-03): 1 spent, 0 left.
    expect(planVerdicts({ space: spaces.get(scene), scene, token, ruleset: "sections" }, plan)).toEqual([
      { ok: true, cost: 0, left: 1 },
      { ok: true, cost: 1, left: 0 },
    ]);
  });
});
