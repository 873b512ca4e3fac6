import { beforeAll, describe, expect, it } from "vitest";
import { commandsOf } from "../../../../src/core/shared/journal.js";
import type { TurnCommand } from "../../../../src/foundry/combat/fight/turn-command.js";
import {
  at,
  cellsRect,
  FakeRegion,
  FakeScene,
  FakeSquareGrid,
  FakeToken,
  section,
} from "../../../fakes/foundry-scene.js";
import type { FakeBehaviour } from "../../../fakes/foundry-token-movement.js";
import { DragTable, installTokenDocument } from "./drag-table.js";
import { FightScene } from "../fight-scene.js";

// v13 cuts a drag at every waypoint the user adds (each is a checkpoint) and runs `_preUpdateMovement` once per
// segment (test/fakes/foundry-token-movement.ts reads it from Foundry's client code). One drag is one move: asked,
// checked and charged once, its later segments passing as parts of it.

beforeAll(async () => {
  await installTokenDocument();
});

const S = 100;

/** An open 10x4 field in a strain fight: Alice's p (Speed 8) acts; Bob's q stands at the far end. */
async function strainFight() {
  const s = new FakeScene("s1", new FakeSquareGrid(S), 10, 4);
  s.flags = { fray: { spaceModel: "grid" } };
  const pc = { type: "strain-character", system: { side: "pc", speed: 8 } };
  const npc = { type: "strain-character", system: { side: "npc", speed: 8 } };
  s.tokens.contents.push(new FakeToken("p", at(0, 1).x, at(0, 1).y, pc, ["alice"], 1));
  s.tokens.contents.push(new FakeToken("q", at(9, 3).x, at(9, 3).y, npc, ["bob"], -1));
  const f = new FightScene(
    s,
    "strain",
    { p: { side: "pc", speed: 8, initiative: 9 }, q: { side: "npc", speed: 8 } },
    [],
  );
  await f.until("p");
  return { s, f, table: new DragTable(s, "strain", f) };
}

/** The move steps the fight has recorded for a combatant. */
const moveSteps = (f: FightScene, id: string) =>
  commandsOf(f.journal).filter(
    (c: TurnCommand) => c.combatant === id && (c.type === "move" || (c.type === "spend" && c.action === "move")),
  );

describe("a drag with waypoints is one move (v13 cuts it at every waypoint)", () => {
  it("STR-19 three waypoints, 6 squares of Speed 8: asked once, charged once, every segment stands", async () => {
    const { s, f, table } = await strainFight();
    expect(await table.doc("alice", "p").drag([at(2, 1), at(4, 1), at(6, 1)])).toBe(true);
    await table.server.idle();
    // Foundry made it in three segments, each continuing the one before.
    const made = table.server.made.filter((m) => m.tokenId === "p").map((m) => m.movement);
    expect(made.map((m) => m.destination)).toEqual([at(2, 1), at(4, 1), at(6, 1)]);
    expect(made.map((m) => m.chain)).toEqual([[], [made[0]!.id], [made[0]!.id, made[1]!.id]]);
    expect(table.requests).toHaveLength(1);
    expect(moveSteps(f, "p")).toMatchObject([{ type: "spend", action: "move", squares: 6 }]);
    expect(table.audits.map((a) => a.kind)).toEqual(["stands", "stands", "stands"]);
    expect(s.tokens.get("p")).toMatchObject(at(6, 1));
    expect(table.doc("bob", "p")).toMatchObject(at(6, 1));
  });

  it(
    "STR-19 the whole drag is checked: 10 squares of Speed 8 through two waypoints is refused " +
      "before the token moves",
    async () => {
      const { s, f, table } = await strainFight();
      expect(await table.doc("alice", "p").drag([at(5, 1), at(5, 3), at(9, 2)])).toBe(false);
      await table.server.idle();
      expect(table.server.made).toEqual([]);
      expect(moveSteps(f, "p")).toEqual([]);
      expect(s.tokens.get("p")).toMatchObject(at(0, 1));
    },
  );

  it("STR-19 after the drag the turn has 2 squares left: the next drag starts from them", async () => {
    const { f, table } = await strainFight();
    await table.doc("alice", "p").drag([at(3, 1), at(3, 2), at(5, 2)]);
    await table.server.idle();
    expect(moveSteps(f, "p")).toMatchObject([{ squares: 6 }]);
    expect(await table.doc("alice", "p").drag([at(9, 2)])).toBe(false);
    expect(await table.doc("alice", "p").drag([at(6, 2), at(7, 2)])).toBe(true);
    await table.server.idle();
    expect(moveSteps(f, "p")).toMatchObject([{ squares: 6 }, { squares: 2 }]);
    expect(table.audits.every((a) => a.kind === "stands")).toBe(true);
  });
});

describe("regions and checkpoints", () => {
  /** Rooms a | b | c with Fray's section behaviour, and a trap region over the middle of b. */
  function rooms(trap: "none" | "listens" | "disabled") {
    const s = new FakeScene("s1", new FakeSquareGrid(S), 9, 3);
    s.flags = { fray: { spaceModel: "sections" } };
    ["a", "b", "c"].forEach((id, k) =>
      s.regions.contents.push(new FakeRegion(id, [cellsRect(3 * k, 0, 3, 3)], [section()])),
    );
    // Foundry's own Execute Script behaviour on "token moves in": v13 cuts every move at its edge.
    if (trap !== "none")
      s.regions.contents.push(
        new FakeRegion(
          "trap",
          [cellsRect(4, 0, 1, 3)],
          [
            {
              type: "executeScript",
              disabled: trap === "disabled",
              system: {},
              events: ["tokenMoveIn"],
            } as FakeBehaviour,
          ],
        ),
      );
    const entity = { type: "sections-entity", system: { side: "pc", move: 2 } };
    s.tokens.contents.push(new FakeToken("t", at(1, 1).x, at(1, 1).y, entity, ["alice"]));
    return { s, table: new DragTable(s, "sections") };
  }

  it("SEC-03 a walk across Fray's sections is one segment: their behaviours listen for no token event", async () => {
    const { s, table } = rooms("none");
    expect(await table.doc("alice", "t").drag([at(7, 1)])).toBe(true);
    await table.server.idle();
    expect(table.server.made).toHaveLength(1);
    expect(s.tokens.get("t")).toMatchObject(at(7, 1));
  });

  it(
    "SEC-03 a region of Foundry's that listens for moves cuts the walk at its edge; the parts pass " +
      "as the one move asked",
    async () => {
      const { s, table } = rooms("listens");
      expect(await table.doc("alice", "t").drag([at(7, 1)])).toBe(true);
      await table.server.idle();
      const made = table.server.made.map((m) => m.movement);
      expect(made).toHaveLength(2);
      expect(made[0]!.destination.x).toBeLessThan(at(7, 1).x);
      expect(made[1]!.chain).toEqual([made[0]!.id]);
      expect(table.requests).toHaveLength(1);
      expect(table.audits.map((a) => a.kind)).toEqual(["stands", "stands"]);
      expect(s.tokens.get("t")).toMatchObject(at(7, 1));
    },
  );

  it("a disabled behaviour cuts nothing", async () => {
    const { table } = rooms("disabled");
    await table.doc("alice", "t").drag([at(7, 1)]);
    await table.server.idle();
    expect(table.server.made).toHaveLength(1);
  });
});
