import { describe, expect, it } from "vitest";
import type { MoveGrant } from "../../../../src/core/economy/sections.js";
import { budgetOf } from "../../../../src/foundry/canvas/fight/move-budget.js";
import { askToMove } from "../../../../src/foundry/canvas/moves/move-client.js";
import { handleMoveRequest, type MoveRequest } from "../../../../src/foundry/canvas/moves/move-request.js";
import { planVerdicts } from "../../../../src/foundry/canvas/ruler/ruler-verdicts.js";
import { compileScene } from "../../../../src/foundry/canvas/space/scene-space.js";
import {
  at,
  cellsRect,
  FakeRegion,
  FakeScene,
  FakeSquareGrid,
  FakeToken,
  section,
} from "../../../fakes/foundry-scene.js";
import { FightScene } from "../fight-scene.js";
import { noFight } from "../../../../src/foundry/canvas/fight/scene-fight.js";
import { inTurn } from "../fight/scene-fights.js";

const S = 100;
const through = (cells: [number, number][], action = "walk") =>
  cells.map(([c, r]) => ({ ...at(c, r), action, cost: 0 }));

/** Three 3x3 sections in a row: a (Height 0) | b (Height 2) | c (Height 0); p stands in a, q in c. */
function fight() {
  const s = new FakeScene("s1", new FakeSquareGrid(S), 9, 3);
  s.flags = { fray: { spaceModel: "sections" } };
  [0, 2, 0].forEach((height, k) =>
    s.regions.contents.push(new FakeRegion("abc"[k]!, [cellsRect(3 * k, 0, 3, 3)], [section({ height })])),
  );
  const entity = (side: string) => ({ type: "sections-entity", system: { side, move: 1 } });
  s.tokens.contents.push(
    new FakeToken("p", at(1, 1).x, at(1, 1).y, entity("pc"), ["alice"], 1),
    new FakeToken("q", at(7, 2).x, at(7, 2).y, entity("adversary"), ["bob"], -1),
  );
  const f = new FightScene(s, "sections", { p: { side: "pc" }, q: { side: "adversary" } }, ["pc", "adversary"]);
  return { s, f };
}

const wings: MoveGrant = { source: "wings", kind: "fly", n: 2, height: 0 };
const sprint: MoveGrant = { source: "sprint", kind: "move", n: 1, height: 2 };
const blink: MoveGrant = { source: "blink", kind: "teleport", n: 2, height: 0 };

/** p's turn, its card drawn, and `grant` played with its Action Phase (as the sheet's Play sends it). */
async function played(grant: MoveGrant | null) {
  const { s, f } = fight();
  await f.until("p");
  expect((await f.step({ type: "draw", combatant: "p" })).ok).toBe(true);
  if (grant)
    expect((await f.step({ type: "spend", combatant: "p", phase: "action", action: "action", grant })).ok).toBe(true);
  return { s, f };
}

describe("a token's special movement takes a card's pending grant (SEC-06..SEC-10)", () => {
  it(
    "SEC-08 play a Fly 2, then a Fly up a Height is " + "allowed and takes the grant; a second Fly is refused",
    async () => {
      const { s, f } = await played(wings);
      expect(budgetOf(f.view, "p")).toEqual({ grants: [wings] });
      expect(await f.move("alice", "p", through([[4, 1]], "fly"))).toMatchObject({ ok: true, cost: 1 });
      expect(f.lastStep).toMatchObject({
        type: "move",
        combatant: "p",
        kind: "granted",
        source: "wings",
        movement: "fly",
      });
      expect(f.view.grants).toEqual([]);
      // SEC-05: the innate Move is still there; SEC-06: the Fly is spent.
      expect(f.view.innateMoveUsed).toBe(false);
      expect(await f.move("alice", "p", through([[7, 1]], "fly"))).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.NoPendingGrant",
      });
      expect(s.tokens.get("p")).toMatchObject(at(4, 1));
    },
  );

  it(
    "SEC-06 without a card played, a Fly in a fight is refused for want of the grant, even with " +
      "a cost of 0 claimed",
    async () => {
      const { s, f } = await played(null);
      const steps = f.journal.length;
      expect(await f.move("alice", "p", through([[4, 1]], "fly"))).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.NoPendingGrant",
      });
      expect(f.journal.length).toBe(steps);
      expect(s.tokens.get("p")).toMatchObject(at(1, 1));
    },
  );

  it("SEC-07 a grant is taken only as its kind: a Fly card does not let the token Phase or Teleport", async () => {
    const { f } = await played(wings);
    expect(await f.move("alice", "p", through([[4, 1]], "phase"))).toMatchObject({
      ok: false,
      key: "FRAY.Refusal.NoPendingGrant",
    });
    expect(await f.move("alice", "p", [{ ...at(4, 1), action: "teleport" }])).toMatchObject({
      ok: false,
      key: "FRAY.Refusal.NoPendingGrant",
    });
  });

  it(
    "SEC-12 a walk up a Height the innate Move cannot make takes the card's Move with its Height; " +
      "the innate Move stays",
    async () => {
      const { f } = await played(sprint);
      expect(await f.move("alice", "p", through([[4, 1]]))).toMatchObject({ ok: true, cost: 1 });
      expect(f.lastStep).toMatchObject({ kind: "granted", source: "sprint", movement: "move" });
      expect(f.view.innateMoveUsed).toBe(false);
    },
  );

  it("SEC-09 SEC-10 a Teleport 2 reaches two borders away across the Heights, and takes its grant", async () => {
    const { s, f } = await played(blink);
    expect(await f.move("alice", "p", [{ ...at(7, 0), action: "teleport" }])).toMatchObject({ ok: true, cost: 2 });
    expect(f.lastStep).toMatchObject({ kind: "granted", source: "blink", movement: "teleport" });
    expect(s.tokens.get("p")).toMatchObject(at(7, 0));
  });

  it("undo of the Fly's turn step gives the grant back: the same Fly is allowed again", async () => {
    const { f } = await played(wings);
    expect(await f.move("alice", "p", through([[4, 1]], "fly"))).toMatchObject({ ok: true });
    expect((await f.step({ type: "undo" })).ok).toBe(true);
    expect(f.view.grants).toEqual([wings]);
    Object.assign(f.scene.tokens.get("p")!, at(1, 1));
    expect(await f.move("alice", "p", through([[4, 1]], "fly"))).toMatchObject({ ok: true });
  });

  it("SEC-06 one move takes one Move: a walk then a Fly in one drag is refused, each alone is allowed", async () => {
    const { f } = await played(wings);
    const both = [...through([[4, 1]], "fly"), ...through([[7, 1]], "walk")];
    expect(await f.move("alice", "p", both)).toMatchObject({ ok: false, key: "FRAY.Refusal.OneMoveAtATime" });
  });

  it("a player cannot spend another's grant: bob's token has no grant and it is not its turn", async () => {
    const { f } = await played(wings);
    expect((await f.move("bob", "q", through([[4, 2]], "fly"))).ok).toBe(false);
    expect(f.view.grants).toEqual([wings]);
  });
});

describe("the ruler shows the grant's budget", () => {
  it(
    "SEC-06 a Fly 2 planned one border on says 1 left of " + "the card's 2; without the card it is drawn refused",
    async () => {
      const { s, f } = await played(wings);
      const input = {
        space: compileScene(s, "sections"),
        scene: s,
        token: s.tokens.get("p")!,
        ruleset: "sections" as const,
        provoked: [],
      };
      const plan = [{ ...at(1, 1), action: "fly" }, ...through([[4, 1]], "fly")];
      const verdicts = planVerdicts({ ...input, fight: f.moves.fight(s.id) }, plan);
      expect(verdicts[1]).toEqual({ ok: true, cost: 1, left: 1 });
      const none = planVerdicts({ ...input, fight: inTurn(noFight(s.id), "p", {}) }, plan);
      expect(none[1]).toMatchObject({ ok: false, refusal: { key: "FRAY.Refusal.NoPendingGrant" } });
    },
  );
});

describe("the mover's own check reads the fight's grants too", () => {
  it(
    "SEC-06 the mover's client lets a granted Fly travel to the GM; without the fight's budget its " +
      "own check refuses it",
    async () => {
      const { s, f } = await played(wings);
      const sent: unknown[] = [];
      const client = (withBudget: boolean) => ({
        spaces: f.moves.spaces,
        ruleset: () => "sections" as const,
        isGM: false,
        send: async (_name: string, payload: MoveRequest) => {
          sent.push(payload);
          return handleMoveRequest(f.moves, payload, "alice");
        },
        // Without the fight's budget: a client that reads no fight on the scene.
        fight: (id: string) => (withBudget ? f.moves.fight(id) : noFight(id)),
        rollMode: () => "publicroll" as const,
      });
      const fly = through([[4, 1]], "fly");
      expect(await askToMove(client(false), s, s.tokens.get("p")!, fly, "dragging")).toMatchObject({ ok: false });
      expect(sent).toHaveLength(0);
      expect(await askToMove(client(true), s, s.tokens.get("p")!, fly, "dragging")).toMatchObject({
        ok: true,
        cost: 1,
      });
      expect(sent).toHaveLength(1);
      expect(f.view.grants).toEqual([]);
    },
  );
});
