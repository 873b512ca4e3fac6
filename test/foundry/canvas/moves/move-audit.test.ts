import { describe, expect, it } from "vitest";
import {
  APPROVAL_MS,
  auditMove,
  MoveApprovals,
  type MadeMove,
} from "../../../../src/foundry/canvas/moves/move-audit.js";
import { handleMoveRequest } from "../../../../src/foundry/canvas/moves/move-request.js";
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
import { noFight } from "../../../../src/foundry/canvas/fight/scene-fight.js";
import { gmMoveHands } from "../gm-move-hands.js";

/** Rooms a | b | c; the token stood in a and a client moved it, the scene's document already shows the result. */
function made(toCell: [number, number]) {
  const s = new FakeScene("s1", new FakeSquareGrid(100), 9, 3);
  s.flags = { fray: { spaceModel: "sections" } };
  ["a", "b", "c"].forEach((id, k) =>
    s.regions.contents.push(new FakeRegion(id, [cellsRect(3 * k, 0, 3, 3)], [section()])),
  );
  const to = at(...toCell);
  const token = new FakeToken("t", to.x, to.y, { type: "sections-entity", system: { side: "pc", move: 1 } }, ["alice"]);
  s.tokens.contents.push(token);
  const move: MadeMove = {
    id: "m1",
    origin: at(1, 1),
    destination: to,
    waypoints: [{ ...to, action: "walk" }],
    method: "dragging",
  };
  const spaces = new SpaceCache((x) => compileScene(x, "sections"));
  return { s, token, move, spaces };
}

const base = (x: ReturnType<typeof made>, approvals = new MoveApprovals()) => ({
  approvals,
  spaces: x.spaces,
  scene: x.s,
  token: x.token,
  move: x.move,
  byGm: false,
  ruleset: "sections" as const,
  now: 1_000,
  // No combat in this world: the move is made in no fight.
  fight: noFight(x.s.id),
  fightKey: "none",
});

describe("the active GM's audit of moves already made", () => {
  it(
    "SEC-03 a move that never asked and crosses two borders " + "with Move 1 is caught, checked from where it began",
    () => {
      expect(auditMove(base(made([7, 1])))).toMatchObject({ ok: false, key: "FRAY.Refusal.MoveTooShort" });
    },
  );

  it("a move that never asked but is legal stands; so does a GM's move and Foundry's undo", () => {
    expect(auditMove(base(made([4, 1])))).toBeNull();
    const far = made([7, 1]);
    expect(auditMove({ ...base(far), byGm: true })).toBeNull();
    expect(auditMove({ ...base(far), move: { ...far.move, method: "undo" } })).toBeNull();
  });

  it(
    "a move the GM allowed stands once: for that token, from that origin, along that path, in that fight " +
      "revision, within the minute",
    () => {
      const far = made([7, 1]);
      const fresh = (fight = "none") => {
        const approvals = new MoveApprovals();
        approvals.approve("m1", "t", at(1, 1), far.move.waypoints, fight, 1_000);
        return approvals;
      };
      expect(auditMove(base(far, fresh()))).toBeNull();
      // Anything else is checked as a move that never asked, and Move 1 does not cross two borders.
      expect(auditMove({ ...base(far, fresh()), move: { ...far.move, origin: at(0, 1) } })).not.toBeNull();
      expect(auditMove({ ...base(far, fresh()), move: { ...far.move, destination: at(8, 2) } })).not.toBeNull();
      expect(
        auditMove({ ...base(far, fresh()), move: { ...far.move, waypoints: [{ ...at(7, 2), action: "walk" }] } }),
      ).not.toBeNull();
      expect(auditMove({ ...base(far, fresh()), move: { ...far.move, id: "m2" } })).not.toBeNull();
      expect(auditMove({ ...base(far, fresh("fight@3")), fightKey: "fight@4" })).not.toBeNull();
      expect(auditMove({ ...base(far, fresh("fight@3")), fightKey: "fight@3" })).toBeNull();
      expect(auditMove({ ...base(far, fresh()), now: 1_000 + APPROVAL_MS + 1 })).not.toBeNull();
      const once = fresh();
      expect(auditMove(base(far, once))).toBeNull();
      expect(auditMove(base(far, once))).not.toBeNull();
    },
  );

  it("the GM remembers a move it allowed by its movement id, and never one it refused", async () => {
    const x = made([1, 1]);
    const approvals = new MoveApprovals();
    const ctx = {
      scene: () => x.s,
      user: () => new FakeUser("alice", "Alice"),
      ruleset: () => "sections" as const,
      spaces: x.spaces,
      fight: noFight,
      ...gmMoveHands({ approvals, now: () => 5_000 }),
    };
    await handleMoveRequest(
      ctx,
      { sceneId: "s1", tokenId: "t", movementId: "ok1", waypoints: [{ ...at(4, 1), action: "walk" }] },
      "alice",
    );
    await handleMoveRequest(
      ctx,
      { sceneId: "s1", tokenId: "t", movementId: "no1", waypoints: [{ ...at(7, 1), action: "walk" }] },
      "alice",
    );
    expect(approvals.replayed("ok1", 5_000)).toBe(true);
    expect(approvals.replayed("no1", 5_000)).toBe(false);
    const madeOk = {
      id: "ok1",
      origin: at(1, 1),
      destination: at(4, 1),
      waypoints: [{ ...at(4, 1), action: "walk" }],
      method: "dragging",
    };
    expect(approvals.takePart(madeOk, "t", "none", 5_000)).toBe(true);
    expect(
      approvals.takePart(
        { ...madeOk, id: "no1", destination: at(7, 1), waypoints: [{ ...at(7, 1), action: "walk" }] },
        "t",
        "none",
        5_000,
      ),
    ).toBe(false);
  });
});
