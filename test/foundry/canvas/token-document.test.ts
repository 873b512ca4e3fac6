import { beforeAll, describe, expect, it } from "vitest";
import type { MoveClientContext } from "../../../src/foundry/canvas/move-client.js";
import { compileScene } from "../../../src/foundry/canvas/scene-space.js";
import { SpaceCache } from "../../../src/foundry/canvas/space-cache.js";
import { at, cellsRect, FakeRegion, FakeScene, FakeSquareGrid, FakeToken, section } from "../../fakes/foundry-scene.js";
import { EN } from "../../fakes/lang.js";

/** Foundry's TokenDocument as far as Fray's subclass calls it: the base `_preUpdateMovement` allows everything. */
class FakeTokenDocumentBase {
  async _preUpdateMovement(): Promise<boolean | void> {
    return undefined;
  }
  _onUpdateMovement(): void {}
}

const warnings: string[] = [];
type Doc = {
  _preUpdateMovement(movement: unknown, operation: unknown): Promise<boolean | void>;
  _onUpdateMovement(movement: unknown, operation: unknown, user: unknown): void;
};
let make: (ctx: () => MoveClientContext, onMoved?: () => (token: unknown, move: unknown, userId: string) => void) => new () => Doc;
const moved: unknown[] = [];
beforeAll(async () => {
  const g = globalThis as Record<string, unknown>;
  g.TokenDocument = FakeTokenDocumentBase;
  g.ui = { notifications: { warn: (m: string) => warnings.push(m) } };
  g.game = {
    i18n: {
      format: (key: string, data: Record<string, string>) => (EN[key] ?? key).replace(/\{(\w+)\}/g, (_, k: string) => data[k] ?? ""),
    },
  };
  make = (await import("../../../src/foundry/canvas/fray-token-document.js")).frayTokenDocument as unknown as typeof make;
});

function world() {
  const s = new FakeScene("s1", new FakeSquareGrid(100), 6, 3);
  s.flags = { fray: { spaceModel: "sections" } };
  s.regions.contents.push(new FakeRegion("a", [cellsRect(0, 0, 3, 3)], [section()], "Hall"));
  s.regions.contents.push(new FakeRegion("b", [cellsRect(3, 0, 3, 3)], [section({ height: 2 })], "Dais"));
  const token = new FakeToken("t", at(1, 1).x, at(1, 1).y, { type: "sections-entity", system: { side: "pc", move: 1 } }, ["alice"]);
  s.tokens.contents.push(token);
  const sent: unknown[] = [];
  const ctx: MoveClientContext = {
    spaces: new SpaceCache((x) => compileScene(x, "sections")),
    ruleset: () => "sections",
    send: async (_, payload) => (sent.push(payload), { ok: true }),
    isGM: false,
  };
  const Doc = make(
    () => ctx,
    () => (token, move, userId) => moved.push({ token: (token as { id: string }).id, move, userId }),
  );
  const doc = Object.assign(new Doc(), token, { parent: s, testUserPermission: token.testUserPermission.bind(token) });
  return { doc, sent };
}

/** The movement Foundry hands `_preUpdateMovement`, with the measured fields a client fills in (and could forge). */
const movement = (cells: [number, number][], action = "walk", method = "dragging") => ({
  method,
  passed: { waypoints: cells.map(([c, r]) => ({ ...at(c, r), elevation: 0, action, cost: 0, checkpoint: false })) },
  pending: { waypoints: [] },
});

describe("Fray's TokenDocument checks a move before it is made", () => {
  it("SEC-12 a walk up the dais is stopped on the mover's client with the rule's words, and never sent", async () => {
    const { doc, sent } = world();
    warnings.length = 0;
    expect(await doc._preUpdateMovement(movement([[4, 1]]), {})).toBe(false);
    expect(warnings).toEqual(["Border Hall | Dais goes up 2: climb, or use a Move with that Height, Phase, Fly or Teleport."]);
    expect(sent).toEqual([]);
  });

  it("a move the mover's map allows goes to the GM with positions and actions only; undoing a recorded move is not checked", async () => {
    const { doc, sent } = world();
    expect(
      await doc._preUpdateMovement(
        movement([
          [2, 2],
          [0, 0],
        ]),
        {},
      ),
    ).toBeUndefined();
    expect(sent).toEqual([
      {
        sceneId: "s1",
        tokenId: "t",
        waypoints: [
          { ...at(2, 2), action: "walk" },
          { ...at(0, 0), action: "walk" },
        ],
      },
    ]);
    expect(await doc._preUpdateMovement(movement([[4, 1]], "walk", "undo"), {})).toBeUndefined();
  });
});

describe("every client hears of a made move", () => {
  it("passes the move's id, origin, destination and waypoints (positions and actions only) to the GM's audit", () => {
    const { doc } = world();
    moved.length = 0;
    const m = { ...movement([[4, 1]]), id: "m9", origin: { ...at(1, 1), elevation: 0 }, destination: { ...at(4, 1), elevation: 0 } };
    doc._onUpdateMovement(m, {}, { id: "alice" });
    expect(moved).toEqual([
      {
        token: "t",
        userId: "alice",
        move: { id: "m9", origin: at(1, 1), destination: at(4, 1), waypoints: [{ ...at(4, 1), action: "walk" }], method: "dragging" },
      },
    ]);
  });
});
