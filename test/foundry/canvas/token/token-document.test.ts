import { beforeAll, describe, expect, it } from "vitest";
import type { MoveClientContext } from "../../../../src/foundry/canvas/moves/move-client.js";
import { cutOfOperation, readStop } from "../../../../src/foundry/canvas/moves/move-client.js";
import { compileScene } from "../../../../src/foundry/canvas/space/scene-space.js";
import { SpaceCache } from "../../../../src/foundry/canvas/space/space-cache.js";
import {
  at,
  cellsRect,
  FakeRegion,
  FakeScene,
  FakeSquareGrid,
  FakeToken,
  section,
} from "../../../fakes/foundry-scene.js";
import { FakeMovementServer, FakeTokenDocument } from "../../../fakes/foundry-token-movement.js";
import { EN } from "../../../fakes/lang.js";
import { installTokenDocument } from "./drag-table.js";
import { noFight } from "../../../../src/foundry/canvas/fight/scene-fight.js";

let warnings: string[] = [];
let infos: string[] = [];
let make: Awaited<ReturnType<typeof installTokenDocument>>["make"];
beforeAll(async () => {
  ({ warnings, infos, make } = await installTokenDocument());
});

/**
 * Rooms Hall | Dais (Height 2) and Alice's token in the Hall. Alice's client answers its moves with `answer` as the GM
 * would (what it sent is kept); the GM's client hears of every made segment (its audit is `moved`). Moves are made
 * through v13's workflow as the fake reads it from Foundry's client code (test/fakes/foundry-token-movement.ts).
 */
function world(answer: (payload: unknown) => unknown = () => ({ ok: true })) {
  const s = new FakeScene("s1", new FakeSquareGrid(100), 6, 3);
  s.flags = { fray: { spaceModel: "sections" } };
  s.regions.contents.push(new FakeRegion("a", [cellsRect(0, 0, 3, 3)], [section()], "Hall"));
  s.regions.contents.push(new FakeRegion("b", [cellsRect(3, 0, 3, 3)], [section({ height: 2 })], "Dais"));
  const token = Object.assign(
    new FakeToken("t", at(1, 1).x, at(1, 1).y, { type: "sections-entity", system: { side: "pc", move: 1 } }, ["alice"]),
    {
      name: "Ilsa",
    },
  );
  s.tokens.contents.push(token);
  const sent: unknown[] = [];
  const moved: { token: string; move: unknown; userId: string }[] = [];
  const ctx: MoveClientContext = {
    spaces: new SpaceCache((x) => compileScene(x, "sections")),
    ruleset: () => "sections",
    send: (_, payload) => Promise.resolve((sent.push(payload), answer(payload) as never)),
    isGM: false,
    fight: noFight,
    rollMode: () => "publicroll",
  };
  const server = new FakeMovementServer(s, (action) => action === "displace");
  const Alice = make(() => ctx);
  const Gm = make(
    () => ({ ...ctx, isGM: true }),
    () => (t, move, userId) => void moved.push({ token: t.id ?? "", move, userId }),
  );
  const doc = new Alice(token, { parent: s, server, userId: "alice" });
  const gmDoc = new Gm(token, { parent: s, server, userId: "gm" });
  server.join({ id: "alice", isGM: false }, [doc]);
  server.join({ id: "gm", isGM: true }, [gmDoc]);
  return { doc, gmDoc, sent, moved, server };
}

describe("Fray's TokenDocument is a named class, as Foundry is given it", () => {
  it("is the exported class FrayTokenDocument, made once on v13's TokenDocument (foundry.documents)", async () => {
    const { FrayTokenDocument } = await import("../../../../src/foundry/canvas/token/fray-token-document.js");
    expect(FrayTokenDocument.name).toBe("FrayTokenDocument");
    expect(Object.getPrototypeOf(FrayTokenDocument)).toBe(FakeTokenDocument);
  });
});

describe("Fray's TokenDocument checks a move before it is made", () => {
  it("SEC-12 a walk up the dais is stopped on the mover's client with the rule's words, and never sent", async () => {
    const { doc, sent, server } = world();
    warnings.length = 0;
    expect(await doc.move({ ...at(4, 1), action: "walk" }, { method: "dragging" })).toBe(false);
    expect(warnings).toEqual([
      "Border Hall | Dais goes up 2: climb, or use a Move with that Height, Phase, Fly or Teleport.",
    ]);
    expect(sent).toEqual([]);
    expect(server.made).toEqual([]);
  });

  it(
    "a drag goes to the GM once, with positions and actions only (not v13's intermediate squares); undoing a " +
      "recorded move is not checked",
    async () => {
      const { doc, sent, server } = world();
      expect(await doc.drag([at(2, 2), at(0, 0)])).toBe(true);
      await server.idle();
      // v13 made it in two segments (the waypoint is a checkpoint); the second is a part of the first, not asked again.
      expect(server.made.map((m) => m.movement.destination)).toEqual([at(2, 2), at(0, 0)]);
      expect(server.made[0]!.movement.pending.waypoints.some((w) => w.intermediate)).toBe(true);
      expect(sent).toEqual([
        {
          sceneId: "s1",
          tokenId: "t",
          movementId: server.made[0]!.movement.id,
          waypoints: [
            { ...at(2, 2), action: "walk" },
            { ...at(0, 0), action: "walk" },
          ],
          // The user's roll mode for the dice the move causes (register-canvas.ts gives currentRollMode).
          rollMode: "publicroll",
        },
      ]);
      expect(await doc.revertRecordedMovement(server.made[1]!.movement.id)).toBe(true);
      expect(sent).toHaveLength(1);
      expect(doc).toMatchObject(at(2, 2));
    },
  );

  it(
    "a later segment whose first the GM never allowed (this client never asked for it) is asked " +
      "as a move of its own",
    async () => {
      const { doc, sent, server } = world();
      const first = {
        sceneId: "s1",
        tokenId: "t",
        waypoints: [{ ...at(2, 1), action: "walk" }],
        rollMode: "publicroll",
      };
      // A continuation named after a movement this client knows nothing of (a chain a macro wrote).
      expect(
        await doc._preUpdateMovement(
          {
            id: "m9",
            chain: ["m0"],
            origin: at(1, 1),
            destination: at(2, 1),
            passed: {
              waypoints: [{ ...at(2, 1), action: "walk", checkpoint: true, explicit: false, intermediate: false }],
            },
            pending: { waypoints: [] },
            method: "api",
            autoRotate: false,
            showRuler: false,
            constrained: false,
          },
          {},
        ),
      ).toBeUndefined();
      expect(sent).toEqual([{ ...first, movementId: "m9" }]);
      expect(server.made).toEqual([]);
    },
  );
});

describe("a move the GM cuts short is made again as far as the cut", () => {
  it(
    "FAC-23 the whole move is refused, the user told why, and once the update is over the cut move is made, naming " +
      "the move it replaces",
    async () => {
      const cut = [{ ...at(2, 1), action: "walk" }];
      const { doc, sent, server } = world((p) =>
        (p as { cutOf?: string }).cutOf
          ? { ok: true, cost: 0 }
          : { ok: true, cost: 0, stop: { clause: "FAC-23", waypoints: cut } },
      );
      infos.length = 0;
      expect(await doc.move({ ...at(2, 2), action: "walk" }, { method: "dragging", autoRotate: true })).toBe(false);
      expect(infos).toEqual([EN["FRAY.Movement.Stopped.FAC-23"]!.replace("{token}", "Ilsa")]);
      expect(server.made).toEqual([]);
      await new Promise((r) => setTimeout(r, 0));
      await server.idle();
      // Foundry runs the cut move through the same check: it travels to the GM as the cut of the first.
      const asked = (sent[0] as { movementId: string }).movementId;
      expect(server.made.map((m) => [m.movement.destination, m.movement.method, m.movement.autoRotate])).toEqual([
        [at(2, 1), "api", true],
      ]);
      expect(sent[1]).toMatchObject({ cutOf: asked, movementId: server.made[0]!.movement.id, waypoints: cut });
    },
  );

  it("STR-28 a cut that leaves the token where it stands makes no move; a malformed stop is not read", async () => {
    const { doc, server } = world(() => ({ ok: true, stop: { clause: "STR-28", waypoints: [] } }));
    expect(await doc.move({ ...at(2, 1), action: "walk" })).toBe(false);
    await new Promise((r) => setTimeout(r, 0));
    await server.idle();
    expect(server.made).toEqual([]);
    expect(readStop({ ok: true, stop: { clause: "SEC-99", waypoints: [] } })).toBeNull();
    expect(
      readStop({ ok: true, stop: { clause: "FAC-23", waypoints: [{ x: "1", y: 2, action: "walk" }] } }),
    ).toBeNull();
    expect(cutOfOperation({ frayCutOf: 3 })).toBeNull();
  });
});

describe("every client hears of a made move", () => {
  it(
    "passes the segment's id, chain, origin, destination and waypoints (positions and actions " +
      "only) to the GM's audit",
    async () => {
      const { doc, moved, server } = world();
      await doc.drag([at(2, 2), at(0, 0)]);
      await server.idle();
      const [m1, m2] = server.made.map((m) => m.movement);
      const walk = (c: number, r: number) => ({ ...at(c, r), action: "walk" });
      expect(moved).toEqual([
        {
          token: "t",
          userId: "alice",
          move: {
            id: m1!.id,
            chain: [],
            origin: at(1, 1),
            destination: at(2, 2),
            waypoints: [walk(2, 2), walk(0, 0)],
            passed: 1,
            method: "dragging",
          },
        },
        {
          token: "t",
          userId: "alice",
          move: {
            id: m2!.id,
            chain: [m1!.id],
            origin: at(2, 2),
            destination: at(0, 0),
            waypoints: [walk(0, 0)],
            passed: 1,
            method: "dragging",
          },
        },
      ]);
    },
  );

  it("the origin is where the hearing client's own document had the token, never the mover's word for it", () => {
    const { moved, server } = world();
    const forged = {
      id: "f1",
      chain: [],
      origin: at(5, 2),
      destination: at(2, 1),
      passed: { waypoints: [{ ...at(2, 1), action: "walk", checkpoint: true, explicit: false, intermediate: false }] },
      pending: { waypoints: [] },
      method: "dragging",
      autoRotate: false,
      showRuler: false,
      constrained: false,
    };
    server.commit("alice", "t", forged, {});
    expect(moved.map((m) => (m.move as { origin: unknown }).origin)).toEqual([at(1, 1)]);
  });
});
