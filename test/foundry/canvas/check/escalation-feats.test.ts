import { describe, expect, it } from "vitest";
import { handleMoveRequest, type MoveRequestContext } from "../../../../src/foundry/canvas/moves/move-request.js";
import { compileScene } from "../../../../src/foundry/canvas/space/scene-space.js";
import { SpaceCache } from "../../../../src/foundry/canvas/space/space-cache.js";
import { FakeUser } from "../../../fakes/foundry-combat.js";
import { at, FakeScene, FakeSquareGrid, FakeToken } from "../../../fakes/foundry-scene.js";
import { noFight } from "../../../../src/foundry/canvas/fight/scene-fight.js";
import { gmMoveHands } from "../gm-move-hands.js";

// The escalation feats that change a unit's movement are items on its actor (ESC-59, ESC-62): the GM's move check
// reads them as it reads the Reach feat.

const USERS = { gm: new FakeUser("gm", "GM", true), alice: new FakeUser("alice", "Alice") };

function field(system: Record<string, unknown>, feats: string[]): MoveRequestContext {
  const s = new FakeScene("s1", new FakeSquareGrid(100), 14, 3);
  s.flags = { fray: { spaceModel: "grid" } };
  const items = { contents: feats.map((feat) => ({ type: "escalation-feat", system: { feat } })) };
  s.tokens.contents.push(
    new FakeToken("t", at(0, 1).x, at(0, 1).y, { type: "escalation-unit", system, items }, ["alice"]),
  );
  return {
    scene: (id) => (id === s.id ? s : undefined),
    user: (id) => (Object.hasOwn(USERS, id) ? USERS[id as keyof typeof USERS] : undefined),
    ruleset: () => "escalation",
    spaces: new SpaceCache((x) => compileScene(x, "grid")),
    // No combat in this world.
    fight: noFight,
    ...gmMoveHands(),
  };
}

const to = (column: number, action = "walk") => [{ ...at(column, 1), action }];

describe("escalation feats on the canvas", () => {
  it("ESC-62 an Athlete with movement 6 walks 8 spaces, not 9; without the feat, 6", async () => {
    const athlete = field({ movement: 6 }, ["athlete"]);
    expect(await handleMoveRequest(athlete, { sceneId: "s1", tokenId: "t", waypoints: to(8) }, "alice")).toMatchObject({
      ok: true,
      cost: 8,
    });
    expect(await handleMoveRequest(athlete, { sceneId: "s1", tokenId: "t", waypoints: to(9) }, "alice")).toMatchObject({
      ok: false,
      key: "FRAY.Refusal.OverSpeed",
      data: { budget: 8 },
    });
    const plain = field({ movement: 6 }, []);
    expect(await handleMoveRequest(plain, { sceneId: "s1", tokenId: "t", waypoints: to(7) }, "alice")).toMatchObject({
      ok: false,
      data: { budget: 6 },
    });
  });

  it("ESC-59 a Maneuverer sneaks its whole movement; without the feat, sneaking halves it", async () => {
    const sneaky = field({ movement: 6 }, ["maneuverer"]);
    expect(
      await handleMoveRequest(sneaky, { sceneId: "s1", tokenId: "t", waypoints: to(6, "sneak") }, "alice"),
    ).toMatchObject({
      ok: true,
      cost: 6,
    });
    const plain = field({ movement: 6 }, []);
    expect(
      await handleMoveRequest(plain, { sceneId: "s1", tokenId: "t", waypoints: to(6, "sneak") }, "alice"),
    ).toMatchObject({
      ok: false,
      data: { budget: 3 },
    });
  });
});
