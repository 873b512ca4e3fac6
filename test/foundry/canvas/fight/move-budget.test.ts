import { describe, expect, it } from "vitest";
import { budgetOf, originOf } from "../../../../src/foundry/canvas/fight/move-budget.js";
import { askToMove } from "../../../../src/foundry/canvas/moves/move-client.js";
import {
  at,
  cellsRect,
  FakeRegion,
  FakeScene,
  FakeSquareGrid,
  FakeToken,
  section,
  zone,
} from "../../../fakes/foundry-scene.js";
import { EN } from "../../../fakes/lang.js";
import { FightScene } from "../fight-scene.js";
import { noFight } from "../../../../src/foundry/canvas/fight/scene-fight.js";

const S = 100;
/** Waypoints through cells, with one action for all, each claiming the client measured it free. */
const through = (cells: [number, number][], action = "walk") =>
  cells.map(([c, r]) => ({ ...at(c, r), action, cost: 0 }));

/** Three 3x3 rooms in a row, a | b | c. */
function rooms(model: "sections" | "zones"): FakeScene {
  const s = new FakeScene("s1", new FakeSquareGrid(S), 9, 3);
  s.flags = { fray: { spaceModel: model } };
  ["a", "b", "c"].forEach((id, k) =>
    s.regions.contents.push(
      new FakeRegion(id, [cellsRect(3 * k, 0, 3, 3)], [model === "sections" ? section({ height: 0 }) : zone()]),
    ),
  );
  return s;
}

/** An open 10x4 square grid. */
function field(): FakeScene {
  const s = new FakeScene("s1", new FakeSquareGrid(S), 10, 4);
  s.flags = { fray: { spaceModel: "grid" } };
  return s;
}

const token = (
  id: string,
  c: number,
  r: number,
  actor: { type: string; system: Record<string, unknown> },
  owner: string,
) => new FakeToken(id, at(c, r).x, at(c, r).y, actor, [owner], owner === "bob" ? -1 : 1);

describe("a move in a fight spends the turn's budget (sections)", () => {
  function fight() {
    const s = rooms("sections");
    const entity = (side: string) => ({ type: "sections-entity", system: { side, move: 1 } });
    s.tokens.contents.push(token("p", 1, 1, entity("pc"), "alice"), token("q", 1, 2, entity("adversary"), "bob"));
    const f = new FightScene(s, "sections", { p: { side: "pc" }, q: { side: "adversary" } }, ["pc", "adversary"]);
    return { s, f };
  }

  it(
    "SEC-05 the innate Move is recorded as the turn's " + "move; a second one is refused before the token moves",
    async () => {
      const { s, f } = fight();
      await f.until("p");
      expect((await f.step({ type: "draw", combatant: "p" })).ok).toBe(true);
      expect(await f.move("alice", "p", through([[4, 1]]))).toMatchObject({ ok: true, cost: 1 });
      expect(f.lastStep).toMatchObject({ type: "move", combatant: "p", kind: "innate" });
      // Walking about inside the section it reached is no Move (SEC-03): nothing is spent, nothing refused.
      const steps = f.journal.length;
      expect(await f.move("alice", "p", through([[5, 2]]))).toMatchObject({ ok: true, cost: 0 });
      expect(f.journal.length).toBe(steps);
      expect(await f.move("alice", "p", through([[7, 2]]))).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.InnateMoveUsed",
      });
      expect(s.tokens.get("p")).toMatchObject(at(5, 2));
    },
  );

  it("SEC-05 the innate Move comes after the draw: a move before it is refused with the engine's reason", async () => {
    const { f } = fight();
    await f.until("p");
    expect(await f.move("alice", "p", through([[4, 1]]))).toMatchObject({
      ok: false,
      key: "FRAY.Refusal.MoveBeforeDraw",
    });
  });

  it("SEC-04 a combatant whose turn it is not cannot move, even with a cost of 0 claimed", async () => {
    const { f } = fight();
    await f.until("p");
    const answer = await f.move("bob", "q", through([[4, 2]]));
    expect(answer.ok).toBe(false);
    expect(f.journal.length).toBeGreaterThan(0);
    expect(f.lastStep?.type).not.toBe("move");
  });

  it("undoing the move's turn step gives the Move back and names where the token began", async () => {
    const { f } = fight();
    await f.until("p");
    await f.step({ type: "draw", combatant: "p" });
    expect(await f.move("alice", "p", through([[4, 1]]))).toMatchObject({ ok: true, cost: 1 });
    expect((await f.step({ type: "undo" })).ok).toBe(true);
    expect(f.undone).toHaveLength(1);
    expect(originOf(f.undone[0])).toEqual({ sceneId: "s1", tokenId: "p", ...at(1, 1) });
    // The GM's client puts the token back (register-canvas.ts displaces it there); the Move is the turn's again.
    Object.assign(f.scene.tokens.get("p")!, at(1, 1));
    expect(await f.move("alice", "p", through([[4, 1]]))).toMatchObject({ ok: true, cost: 1 });
  });
});

describe("a move in a fight spends the turn's budget (grid rule sets)", () => {
  function strain() {
    const s = field();
    const pc = { type: "strain-character", system: { side: "pc", speed: 4 } };
    const npc = { type: "strain-character", system: { side: "npc", speed: 4 } };
    s.tokens.contents.push(token("p", 0, 1, pc, "alice"), token("q", 0, 3, npc, "bob"));
    return {
      s,
      f: new FightScene(s, "strain", { p: { side: "pc", speed: 4, initiative: 9 }, q: { side: "npc", speed: 4 } }, []),
    };
  }

  it(
    "STR-19 squares spent are the turn's: 3 of Speed 4, then " + "2 more is refused from the 1 left, then 1 is allowed",
    async () => {
      const { f } = strain();
      await f.until("p");
      expect(await f.move("alice", "p", through([[3, 1]]))).toMatchObject({ ok: true, cost: 3 });
      expect(f.lastStep).toMatchObject({ type: "spend", combatant: "p", action: "move", squares: 3 });
      expect(await f.move("alice", "p", through([[5, 1]]))).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.OverSpeed",
        data: { budget: 1 },
      });
      expect(await f.move("alice", "p", through([[4, 1]]))).toMatchObject({ ok: true, cost: 1 });
    },
  );

  it("STR-11 once the Action is taken the character cannot move again: the engine refuses the step", async () => {
    const { f } = strain();
    await f.until("p");
    expect((await f.step({ type: "spend", combatant: "p", action: "action" })).ok).toBe(true);
    expect(await f.move("alice", "p", through([[1, 1]]))).toMatchObject({
      ok: false,
      key: "FRAY.Refusal.MoveAfterAction",
    });
  });

  it("STR-03 a character moves on its own turn only, whatever cost its client claims", async () => {
    const { f, s } = strain();
    await f.until("p");
    expect((await f.move("bob", "q", through([[1, 3]]))).ok).toBe(false);
    expect(s.tokens.get("q")).toMatchObject(at(0, 3));
  });

  it("ESC-07 a move spends the Move Action (6 spaces); a second move has none left (ESC-05)", async () => {
    const s = field();
    const unit = (side: string) => ({ type: "escalation-unit", system: { side, movement: 6 } });
    s.tokens.contents.push(token("p", 0, 0, unit("pc"), "alice"), token("q", 0, 3, unit("npc"), "bob"));
    const f = new FightScene(s, "escalation", { p: { side: "pc", agility: 3 }, q: { side: "npc", agility: 1 } }, []);
    await f.until("p");
    expect(await f.move("alice", "p", through([[7, 0]]))).toMatchObject({ ok: false, key: "FRAY.Refusal.OverSpeed" });
    expect(await f.move("alice", "p", through([[6, 0]]))).toMatchObject({ ok: true, cost: 6 });
    expect(f.lastStep).toMatchObject({ type: "spend", combatant: "p", action: "move", pay: "MA" });
    expect(await f.move("alice", "p", through([[6, 1]]))).toMatchObject({
      ok: false,
      key: "FRAY.Refusal.NoActionsLeft",
    });
    expect((await f.move("bob", "q", through([[1, 3]]))).ok).toBe(false);
  });

  it("TEAM-20 Move is once a turn: the second move is refused by the engine", async () => {
    const s = field();
    const member = (side: string) => ({ type: "teams-character", system: { side } });
    s.tokens.contents.push(token("p", 0, 0, member("a"), "alice"), token("q", 0, 3, member("b"), "bob"));
    const f = new FightScene(s, "teams", { p: { side: "a", stamina: 3 }, q: { side: "b", stamina: 3 } }, ["a", "b"]);
    await f.until("p");
    expect(await f.move("alice", "p", through([[3, 0]]))).toMatchObject({ ok: true, cost: 3 });
    expect(f.lastStep).toMatchObject({ type: "spend", combatant: "p", action: "Move" });
    const second = await f.move("alice", "p", through([[4, 0]]));
    expect(second.ok).toBe(false);
    expect(s.tokens.get("p")).toMatchObject(at(3, 0));
  });
});

describe("a move in a fight spends the turn's budget (factions' zones)", () => {
  function fight() {
    const s = rooms("zones");
    const c = (faction: string) => ({ type: "factions-character", system: { faction } });
    // q stands in c, not nearby p: these moves provoke no opportunity attack (FAC-23 has tests of its own).
    s.tokens.contents.push(token("p", 1, 1, c("red"), "alice"), token("q", 7, 2, c("blue"), "bob"));
    const stats = (side: string) => ({ side, wit: 10, health: 10, healthMax: 10 });
    return { s, f: new FightScene(s, "factions", { p: stats("red"), q: stats("blue") }, ["red", "blue"]) };
  }

  it("FAC-06 one zone a turn: the next zone is spent, the one beyond is refused from the budget left", async () => {
    const { f } = fight();
    await f.until("p");
    expect(await f.move("alice", "p", through([[4, 1]]))).toMatchObject({ ok: true, cost: 1 });
    expect(f.lastStep).toMatchObject({ type: "spend", combatant: "p", action: "Move", zones: 1 });
    expect(await f.move("alice", "p", through([[7, 1]]))).toMatchObject({
      ok: false,
      key: "FRAY.Refusal.ZoneMovementUsed",
      data: { budget: 0 },
    });
  });

  it("FAC-07 movement splits around actions: an action between does not give the zone back", async () => {
    const { f } = fight();
    await f.until("p");
    expect((await f.step({ type: "spend", combatant: "p", action: "Attack" })).ok).toBe(true);
    expect(await f.move("alice", "p", through([[4, 1]]))).toMatchObject({ ok: true, cost: 1 });
    expect(await f.move("alice", "p", through([[1, 1]]))).toMatchObject({
      ok: false,
      key: "FRAY.Refusal.ZoneMovementUsed",
    });
  });

  it("FAC-02 a faction not on its turn cannot move its characters", async () => {
    const { f, s } = fight();
    await f.until("p");
    expect((await f.move("bob", "q", through([[4, 2]]))).ok).toBe(false);
    expect(s.tokens.get("q")).toMatchObject(at(7, 2));
  });
});

describe("outside a fight, and Foundry's own undo", () => {
  it("a fight not yet begun checks the map only: the budget is fresh and nothing is recorded", async () => {
    const s = rooms("zones");
    s.tokens.contents.push(token("p", 1, 1, { type: "factions-character", system: { faction: "red" } }, "alice"));
    s.tokens.contents.push(token("q", 7, 2, { type: "factions-character", system: { faction: "blue" } }, "bob"));
    const stats = (side: string) => ({ side, wit: 10, health: 10, healthMax: 10 });
    const f = new FightScene(s, "factions", { p: stats("red"), q: stats("blue") }, ["red", "blue"]);
    f.combat.system = { journal: null, events: [], revision: 0 };
    expect(await f.move("alice", "p", through([[4, 1]]))).toMatchObject({ ok: true, cost: 1 });
    expect(await f.move("alice", "p", through([[7, 1]]))).toMatchObject({ ok: true, cost: 1 });
  });

  it(
    "Foundry's own undo of a move is refused for a token in a fight (the tracker's undo puts it " +
      "back), allowed outside",
    async () => {
      const s = rooms("sections");
      const entity = (side: string) => ({ type: "sections-entity", system: { side, move: 1 } });
      s.tokens.contents.push(token("p", 1, 1, entity("pc"), "alice"), token("q", 1, 2, entity("adversary"), "bob"));
      const f = new FightScene(s, "sections", { p: { side: "pc" }, q: { side: "adversary" } }, ["pc", "adversary"]);
      const client = (inFight: boolean) => ({
        spaces: f.moves.spaces,
        ruleset: () => "sections" as const,
        send: () => Promise.resolve({ ok: true as const }),
        isGM: false,
        // The fight as register-canvas.ts reads it, or a world with no fight.
        fight: (id: string) => (inFight ? f.moves.fight(id) : noFight(id)),
        rollMode: () => "publicroll" as const,
      });
      const back = through([[1, 1]]);
      expect(await askToMove(client(true), s, s.tokens.get("p")!, back, "undo")).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.UndoMoveInFight",
      });
      expect(await askToMove(client(false), s, s.tokens.get("p")!, back, "undo")).toEqual({ ok: true });
      expect("FRAY.Refusal.UndoMoveInFight" in EN).toBe(true);
    },
  );
});

describe("the budget a move is checked from: grants (SEC-06)", () => {
  const rally = { source: "rally", kind: "move" as const, n: 2, height: 0, to: "bo" };
  const wings = { source: "wings", kind: "fly" as const, n: 2, height: 0 };
  const view = { acting: "ann", innateMoveUsed: false, grants: [rally, wings] };

  it("SEC-06 a Move a card grants another entity is that entity's budget, not the player's", () => {
    expect(budgetOf(view, "bo")).toEqual({ grants: [rally] });
    expect(budgetOf(view, "ann")).toEqual({ grants: [wings] });
    expect(budgetOf(view, "orc")).toEqual({});
  });
});
