import { beforeAll, describe, expect, it } from "vitest";
import type { MoveClientContext } from "../../../src/foundry/canvas/move-client.js";
import { cutOfOperation, readStop } from "../../../src/foundry/canvas/move-client.js";
import { compileScene } from "../../../src/foundry/canvas/scene-space.js";
import { SpaceCache } from "../../../src/foundry/canvas/space-cache.js";
import { at, cellsRect, FakeRegion, FakeScene, FakeSquareGrid, FakeToken, section } from "../../fakes/foundry-scene.js";
import { EN } from "../../fakes/lang.js";

/**
 * Foundry's TokenDocument as far as Fray's subclass calls it, read from v13's `client/documents/token.mjs`: the base
 * `_preUpdateMovement` and `_onUpdateMovement` are empty (allow everything); `move` is recorded, not done.
 */
class FakeTokenDocumentBase {
  readonly moves: { waypoints: unknown; options: unknown }[] = [];
  async _preUpdateMovement(): Promise<boolean | void> {
    return undefined;
  }
  _onUpdateMovement(): void {}
  /** TokenDocument#move: the calls are recorded (the move itself is Foundry's). */
  async move(waypoints: unknown, options: unknown): Promise<boolean> {
    this.moves.push({ waypoints, options });
    return true;
  }
}

const warnings: string[] = [];
const infos: string[] = [];
type Doc = {
  name?: string;
  moves: { waypoints: unknown; options: unknown }[];
  _preUpdateMovement(movement: unknown, operation: unknown): Promise<boolean | void>;
  _onUpdateMovement(movement: unknown, operation: unknown, user: unknown): void;
};
let make: (ctx: () => MoveClientContext, onMoved?: () => (token: unknown, move: unknown, userId: string) => void) => new () => Doc;
const moved: unknown[] = [];
beforeAll(async () => {
  const g = globalThis as Record<string, unknown>;
  g.TokenDocument = FakeTokenDocumentBase;
  g.ui = { notifications: { warn: (m: string) => warnings.push(m), info: (m: string) => infos.push(m) } };
  g.game = {
    i18n: {
      format: (key: string, data: Record<string, string>) => (EN[key] ?? key).replace(/\{(\w+)\}/g, (_, k: string) => data[k] ?? ""),
    },
  };
  make = (await import("../../../src/foundry/canvas/fray-token-document.js")).frayTokenDocument as unknown as typeof make;
});

function world(answer: (payload: unknown) => unknown = () => ({ ok: true })) {
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
    send: async (_, payload) => (sent.push(payload), answer(payload) as never),
    isGM: false,
  };
  const Doc = make(
    () => ctx,
    () => (token, move, userId) => moved.push({ token: (token as { id: string }).id, move, userId }),
  );
  const doc = Object.assign(new Doc(), token, { parent: s, name: "Ilsa", testUserPermission: token.testUserPermission.bind(token) });
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

describe("a move the GM cuts short is made again as far as the cut", () => {
  it("FAC-23 the whole move is refused, the user told why, and once the update is over the cut move is made, naming the move it replaces", async () => {
    const cut = [{ ...at(2, 1), action: "walk" }];
    const { doc, sent } = world((p) =>
      (p as { cutOf?: string }).cutOf ? { ok: true, cost: 0 } : { ok: true, cost: 0, stop: { clause: "FAC-23", waypoints: cut } },
    );
    infos.length = 0;
    const m = { ...movement([[2, 2]]), id: "m1", autoRotate: true, showRuler: false };
    expect(await doc._preUpdateMovement(m, {})).toBe(false);
    expect(infos).toEqual([EN["FRAY.Movement.Stopped.FAC-23"]!.replace("{token}", "Ilsa")]);
    expect(doc.moves).toEqual([]);
    await new Promise((r) => setTimeout(r, 0));
    expect(doc.moves).toEqual([{ waypoints: cut, options: { method: "api", autoRotate: true, showRuler: false, frayCutOf: "m1" } }]);
    // Foundry then runs the cut move through the same check: it travels to the GM as the cut of m1.
    expect(await doc._preUpdateMovement({ ...movement([[2, 1]]), id: "m2" }, { frayCutOf: "m1" })).toBeUndefined();
    expect(sent[1]).toMatchObject({ cutOf: "m1", movementId: "m2", waypoints: cut });
  });

  it("STR-28 a cut that leaves the token where it stands makes no move; a malformed stop is not read", async () => {
    const { doc } = world(() => ({ ok: true, stop: { clause: "STR-28", waypoints: [] } }));
    expect(await doc._preUpdateMovement({ ...movement([[2, 1]]), id: "m1" }, {})).toBe(false);
    await new Promise((r) => setTimeout(r, 0));
    expect(doc.moves).toEqual([]);
    expect(readStop({ ok: true, stop: { clause: "SEC-99", waypoints: [] } })).toBeNull();
    expect(readStop({ ok: true, stop: { clause: "FAC-23", waypoints: [{ x: "1", y: 2, action: "walk" }] } })).toBeNull();
    expect(cutOfOperation({ frayCutOf: 3 })).toBeNull();
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
