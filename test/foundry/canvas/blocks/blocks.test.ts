import { describe, expect, it } from "vitest";
import { planVerdicts } from "../../../../src/foundry/canvas/ruler/ruler-verdicts.js";
import { withRegionNames } from "../../../../src/foundry/canvas/moves/move-client.js";
import { handleTurnRequest } from "../../../../src/foundry/combat/requests/turn-request.js";
import type { TurnCommand } from "../../../../src/foundry/combat/fight/turn-command.js";
import { FakeUser } from "../../../fakes/foundry-combat.js";
import {
  blockLowerings,
  leftLowerings,
  loweringCondition,
} from "../../../../src/foundry/canvas/blocks/block-lowering.js";
import { COMBAT_MODES } from "../../../../src/foundry/rulesets/index.js";
import {
  at,
  cellsRect,
  FakeRegion,
  FakeScene,
  FakeSquareGrid,
  FakeToken,
  section,
} from "../../../fakes/foundry-scene.js";
import { FightScene, USERS } from "../fight-scene.js";
import { noFight } from "../../../../src/foundry/canvas/fight/scene-fight.js";

// An observer: a player who owns nobody in the fight.
USERS.push(new FakeUser("carol", "Carol"));

const through = (cells: [number, number][], action = "walk") =>
  cells.map(([c, r]) => ({ ...at(c, r), action, cost: 0 }));

/** Three 3x3 sections in a row, Hall | Yard | Gate (ids a, b, c); borders a|b and b|c. */
function rooms(): FakeScene {
  const s = new FakeScene("s1", new FakeSquareGrid(100), 9, 3);
  s.flags = { fray: { spaceModel: "sections" } };
  ["a", "b", "c"].forEach((id, k) =>
    s.regions.contents.push(
      new FakeRegion(id, [cellsRect(3 * k, 0, 3, 3)], [section({ height: 0 })], ["Hall", "Yard", "Gate"][k]),
    ),
  );
  return s;
}

const entity = (side: string, conditions: Record<string, boolean> = {}) => ({
  type: "sections-entity",
  system: { side, move: 1, conditions },
});

/** The guard g (Alice's) stands in the Yard with its foe q (Bob's); r (Bob's) waits in the Gate. */
function fight() {
  const s = rooms();
  s.tokens.contents.push(
    new FakeToken("g", at(4, 1).x, at(4, 1).y, entity("pc"), ["alice"], 1),
    new FakeToken("q", at(4, 2).x, at(4, 2).y, entity("adversary"), ["bob"], -1),
    new FakeToken("r", at(7, 1).x, at(7, 1).y, entity("adversary"), ["bob"], -1),
  );
  const f = new FightScene(s, "sections", { g: { side: "pc" }, q: { side: "adversary" }, r: { side: "adversary" } }, [
    "pc",
    "adversary",
  ]);
  return { s, f };
}

const blockOn = (border: string, extra: Record<string, unknown> = {}): TurnCommand => ({
  type: "spend",
  combatant: "g",
  phase: "strategy",
  action: "block",
  border,
  ...extra,
});

/** A turn request as the tracker's control sends it, from `sender`, at the fight's revision unless told. */
const ask = (f: FightScene, sender: string, command: TurnCommand, revision = f.journal.revision) =>
  handleTurnRequest(f.turns, { combatId: f.combat.id, command, revision }, sender);

/** The guard on its turn, card drawn, Strategy Phase to spend. */
async function guardUp() {
  const { s, f } = fight();
  await f.until("g");
  expect((await f.step({ type: "draw", combatant: "g" })).ok).toBe(true);
  return { s, f };
}

/** The guard Blocks the Yard's border to the Gate, ends its turn, and q's turn begins with its card drawn. */
async function blockedFoe() {
  const { s, f } = await guardUp();
  expect((await ask(f, "alice", blockOn("b|c"))).ok).toBe(true);
  expect((await f.step({ type: "endTurn", combatant: "g" })).ok).toBe(true);
  await f.until("q");
  expect((await f.step({ type: "draw", combatant: "q" })).ok).toBe(true);
  return { s, f };
}

describe("placing a Block through the turn request path (SEC-42)", () => {
  it(
    "SEC-42 the blocker's owner Blocks a border of its section: the Strategy Phase is spent and the GM " +
      "records the section",
    async () => {
      const { f } = await guardUp();
      expect(await ask(f, "alice", blockOn("b|c"))).toMatchObject({ ok: true });
      expect(f.lastStep).toMatchObject({ type: "spend", phase: "strategy", action: "block", border: "b|c", from: "b" });
      expect(f.view.blocks).toEqual([{ blocker: "g", border: "b|c", from: "b" }]);
      expect(f.moves.fight("s1").blocks).toEqual([{ blocker: "g", border: "b|c", from: "b" }]);
      expect(f.view.budget).toContainEqual({ key: "FRAY.Budget.StrategyPhase", used: true });
    },
  );

  it("SEC-42 the GM may place it too", async () => {
    const { f } = await guardUp();
    expect(await ask(f, "gm", blockOn("a|b"))).toMatchObject({ ok: true });
    expect(f.view.blocks).toEqual([{ blocker: "g", border: "a|b", from: "b" }]);
  });

  it("SEC-42 another player and an observer are refused, and nothing is recorded", async () => {
    const { f } = await guardUp();
    const length = f.journal.length;
    expect(await ask(f, "bob", blockOn("b|c"))).toMatchObject({ ok: false, key: "FRAY.Refusal.NotYourCombatant" });
    expect(await ask(f, "carol", blockOn("b|c"))).toMatchObject({ ok: false, key: "FRAY.Refusal.NotYourCombatant" });
    expect(await ask(f, "nobody", blockOn("b|c"))).toMatchObject({ ok: false, key: "FRAY.Refusal.UnknownUser" });
    expect(f.journal.length).toBe(length);
    expect(f.view.blocks).toEqual([]);
  });

  it(
    "SEC-42 forged fields are refused: a border not on the map, a section the guard is not in, a " +
      "border of another section",
    async () => {
      const { s, f } = await guardUp();
      expect(await ask(f, "alice", blockOn("x|y"))).toMatchObject({ ok: false, key: "FRAY.Refusal.UnknownBorder" });
      expect(await ask(f, "alice", blockOn("a|b", { from: "a" }))).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.BlockNotOnOwnBorder",
      });
      expect(await ask(f, "alice", { ...blockOn("b|c"), border: undefined, from: "b" })).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.UnknownBorder",
      });
      // From the Hall the border b|c is not the guard's.
      Object.assign(s.tokens.get("g")!, at(1, 1));
      const far = await ask(f, "alice", blockOn("b|c"));
      expect(far).toMatchObject({ ok: false, key: "FRAY.Refusal.BlockNotOnOwnBorder", data: { id: "g" } });
      expect(f.view.blocks).toEqual([]);
      expect(f.view.budget).toContainEqual({ key: "FRAY.Budget.StrategyPhase", used: false });
    },
  );

  it("SEC-42 a stale click is refused: a step recorded in between", async () => {
    const { f } = await guardUp();
    const seen = f.journal.revision;
    expect((await f.step({ type: "move", combatant: "g", kind: "innate" })).ok).toBe(true);
    expect(await ask(f, "alice", blockOn("b|c"), seen)).toMatchObject({ ok: false, key: "FRAY.Refusal.StaleRevision" });
    expect(f.view.blocks).toEqual([]);
  });

  it("SEC-44 an Immobilized or Defenseless entity cannot Block", async () => {
    for (const condition of ["immobilized", "defenseless"]) {
      const { s, f } = await guardUp();
      Object.assign(s.tokens.get("g")!.actor!.system, { conditions: { [condition]: true } });
      expect(await ask(f, "alice", blockOn("b|c"))).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.BlockerCannotBlock",
      });
    }
  });

  it("SEC-42 a token off every section has no border to Block", async () => {
    const { s, f } = await guardUp();
    s.regions.contents.splice(1, 1);
    f.moves.spaces.forget(s.id);
    expect(await ask(f, "alice", blockOn("b|c"))).toMatchObject({
      ok: false,
      key: "FRAY.Refusal.BlockOffMap",
      data: { name: "g" },
    });
  });
});

describe("a Block on the canvas: the GM's move check (SEC-42, SEC-43)", () => {
  it(
    "SEC-42 an enemy leaving the Blocked section across that border is refused on the GM's side, with " +
      "a cost of 0 claimed",
    async () => {
      const { s, f } = await blockedFoe();
      const answer = await f.move("bob", "q", through([[7, 2]]));
      expect(answer).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.MoveBlocked",
        data: { border: "b|c", blocker: "g" },
      });
      expect(withRegionNames(answer, s)).toMatchObject({ data: { border: "Yard | Gate" } });
      expect(s.tokens.get("q")).toMatchObject(at(4, 2));
      expect(f.lastStep).toMatchObject({ type: "draw", combatant: "q" });
    },
  );

  it("SEC-42 a hidden blocker still stops the move, but the refusal names neither it nor its token", async () => {
    const { s, f } = await blockedFoe();
    s.tokens.get("g")!.hidden = true;
    const answer = await f.move("bob", "q", through([[7, 2]]));
    expect(answer).toMatchObject({ ok: false, key: "FRAY.Refusal.MoveBlockedUnseen", data: { border: "b|c" } });
    expect(JSON.stringify(answer)).not.toContain('"g"');
    expect(s.tokens.get("q")).toMatchObject(at(4, 2));
  });

  it("SEC-42 the same enemy may leave across the other border", async () => {
    const { s, f } = await blockedFoe();
    expect(await f.move("bob", "q", through([[1, 2]]))).toMatchObject({ ok: true, cost: 1 });
    expect(s.tokens.get("q")).toMatchObject(at(1, 2));
  });

  it("SEC-42 entering the Blocked section across the border is allowed", async () => {
    const { f } = await blockedFoe();
    expect((await f.step({ type: "endTurn", combatant: "q" })).ok).toBe(true);
    await f.until("r");
    await f.step({ type: "draw", combatant: "r" });
    expect(await f.move("bob", "r", through([[4, 0]]))).toMatchObject({ ok: true, cost: 1 });
  });

  it("SEC-45 the Block does not stop an enemy the blocker cannot see (a dark Yard)", async () => {
    const { s, f } = await blockedFoe();
    s.regions.contents[1] = new FakeRegion(
      "b",
      [cellsRect(3, 0, 3, 3)],
      [section({ height: 0, lighting: "dark" })],
      "Yard",
    );
    f.moves.spaces.forget(s.id);
    expect(await f.move("bob", "q", through([[7, 2]]))).toMatchObject({ ok: true });
  });

  it("SEC-44 an Immobilized or Defenseless blocker stops nobody", async () => {
    for (const condition of ["immobilized", "defenseless"]) {
      const { s, f } = await blockedFoe();
      Object.assign(s.tokens.get("g")!.actor!.system, { conditions: { [condition]: true } });
      expect(await f.move("bob", "q", through([[7, 2]]))).toMatchObject({ ok: true });
    }
  });

  it("SEC-42 the ruler shows the move refused, with the same reason", async () => {
    const { s, f } = await blockedFoe();
    const token = s.tokens.get("q")!;
    const plan = [{ ...at(4, 2), action: "walk" }, ...through([[7, 2]])];
    const input = { space: f.moves.spaces.get(s), scene: s, token, ruleset: "sections" as const, provoked: [] };
    const verdicts = planVerdicts({ ...input, fight: f.moves.fight("s1") }, plan);
    expect(verdicts[1]).toMatchObject({ ok: false, refusal: { key: "FRAY.Refusal.MoveBlocked" } });
    expect(planVerdicts({ ...input, fight: noFight("s1") }, plan)[1]).toMatchObject({ ok: true });
  });
});

describe("lowering a Block (SEC-43, SEC-44) and undoing it", () => {
  it("SEC-43 the blocker's owner announces it lowered: no Phase spent; another player cannot", async () => {
    const { f } = await blockedFoe();
    expect(await ask(f, "bob", { type: "lowerBlock", combatant: "g" })).toMatchObject({
      ok: false,
      key: "FRAY.Refusal.NotYourCombatant",
    });
    expect(await ask(f, "alice", { type: "lowerBlock", combatant: "g" })).toMatchObject({ ok: true });
    expect(f.view.blocks).toEqual([]);
    expect(await f.move("bob", "q", through([[7, 2]]))).toMatchObject({ ok: true });
  });

  it("SEC-43 the blocker's move out of its section lowers it; the GM's undo of that move puts it back", async () => {
    const { s, f } = await guardUp();
    expect((await ask(f, "alice", blockOn("b|c"))).ok).toBe(true);
    expect(await f.move("alice", "g", through([[1, 1]]))).toMatchObject({ ok: true, cost: 1 });
    expect(f.view.blocks).toEqual([]);
    expect((await f.step({ type: "undo" })).ok).toBe(true);
    Object.assign(s.tokens.get("g")!, at(4, 1));
    expect(f.view.blocks).toEqual([{ blocker: "g", border: "b|c", from: "b" }]);
    // Undo of the spend itself takes the Block down and gives the Strategy Phase back.
    expect((await f.step({ type: "undo" })).ok).toBe(true);
    expect(f.view.blocks).toEqual([]);
    expect(f.view.budget).toContainEqual({ key: "FRAY.Budget.StrategyPhase", used: false });
  });
});

describe("SEC-44: an actor made Immobilized or Defenseless lowers its Block on the GM's side", () => {
  it("SEC-44 reads which condition an actor update sets", () => {
    expect(loweringCondition({ system: { conditions: { immobilized: true } } })).toBe("immobilized");
    expect(loweringCondition({ system: { conditions: { defenseless: true } } })).toBe("defenseless");
    expect(loweringCondition({ system: { conditions: { immobilized: false } } })).toBeNull();
    expect(loweringCondition({ system: { health: { value: 3 } } })).toBeNull();
    expect(loweringCondition(null)).toBeNull();
  });

  it("SEC-44 the GM lowers the Block of the actor's combatant, says why, and the GM's undo puts it back", async () => {
    const { f } = await blockedFoe();
    const modes = (id: string) => COMBAT_MODES[id];
    // Only a combatant that holds a Block is lowered; one that holds none asks nothing.
    expect(blockLowerings([f.combat], modes, (c) => c.id === "q", "immobilized")).toEqual([]);
    const requests = blockLowerings([f.combat], modes, (c) => c.id === "g", "immobilized");
    expect(requests).toEqual([
      {
        combatId: f.combat.id,
        command: { type: "lowerBlock", combatant: "g", reason: "immobilized" },
        revision: f.journal.revision,
      },
    ]);
    expect(await handleTurnRequest(f.turns, requests[0]!, "gm")).toMatchObject({ ok: true });
    expect(f.view.blocks).toEqual([]);
    expect(f.combat.system).toMatchObject({
      events: [{ type: "blockLowered", combatant: "g", reason: "immobilized" }],
    });
    expect((await f.step({ type: "undo" })).ok).toBe(true);
    expect(f.view.blocks).toEqual([{ blocker: "g", border: "b|c", from: "b" }]);
  });
});

describe("SEC-43: a blocker displaced out of its section by the GM lowers its Block", () => {
  const modes = (id: string) => COMBAT_MODES[id];
  const g = { sceneId: "s1", tokenId: "g" };

  it(
    "SEC-43 the GM's displace to another section lowers it (reason left), through the turn " +
      "order: undo puts it back",
    async () => {
      const { f } = await blockedFoe();
      // Where the token stands now, as the GM's map says: the Hall (a), not the Yard (b) the Block is held from.
      const requests = leftLowerings([f.combat], modes, g, "a");
      expect(requests).toEqual([
        {
          combatId: f.combat.id,
          command: { type: "lowerBlock", combatant: "g", reason: "left" },
          revision: f.journal.revision,
        },
      ]);
      expect(await handleTurnRequest(f.turns, requests[0]!, "gm")).toMatchObject({ ok: true });
      expect(f.view.blocks).toEqual([]);
      expect(f.combat.system).toMatchObject({ events: [{ type: "blockLowered", combatant: "g", reason: "left" }] });
      // Done: nothing more to lower.
      expect(leftLowerings([f.combat], modes, g, "a")).toEqual([]);
      expect((await f.step({ type: "undo" })).ok).toBe(true);
      expect(f.view.blocks).toEqual([{ blocker: "g", border: "b|c", from: "b" }]);
    },
  );

  it("SEC-43 a token put off every section lowers it too", async () => {
    const { f } = await blockedFoe();
    expect(leftLowerings([f.combat], modes, g, null).map((r) => r.command)).toEqual([
      { type: "lowerBlock", combatant: "g", reason: "left" },
    ]);
  });

  it(
    "SEC-43 a displace within the blocker's section, another " + "token's, or a token on another scene lowers nothing",
    async () => {
      const { f } = await blockedFoe();
      expect(leftLowerings([f.combat], modes, g, "b")).toEqual([]);
      expect(leftLowerings([f.combat], modes, { sceneId: "s1", tokenId: "q" }, "a")).toEqual([]);
      expect(leftLowerings([f.combat], modes, { sceneId: "s2", tokenId: "g" }, "a")).toEqual([]);
    },
  );

  it("SEC-43 a fight not started, or a combatant holding no Block, asks nothing", async () => {
    const { f } = await guardUp();
    expect(leftLowerings([f.combat], modes, g, "a")).toEqual([]);
    const { f: blocked } = await blockedFoe();
    const unstarted = {
      ...blocked.combat,
      id: blocked.combat.id,
      started: false,
      system: blocked.combat.system,
      combatants: blocked.combat.combatants,
    };
    expect(leftLowerings([unstarted], modes, g, "a")).toEqual([]);
  });

  it(
    "SEC-43 a recorded Move out of the section has lowered " + "it already: the displace that follows asks nothing",
    async () => {
      const { f } = await guardUp();
      expect((await ask(f, "alice", blockOn("b|c"))).ok).toBe(true);
      expect(await f.move("alice", "g", through([[1, 1]]))).toMatchObject({ ok: true });
      expect(leftLowerings([f.combat], modes, g, "a")).toEqual([]);
    },
  );

  it("SEC-43 the turn order takes the reason left, and no other unknown one", async () => {
    const { f } = await blockedFoe();
    expect(await ask(f, "gm", { type: "lowerBlock", combatant: "g", reason: "teleported" })).toMatchObject({
      ok: false,
      key: "FRAY.Refusal.MalformedCommand",
    });
    expect(await ask(f, "gm", { type: "lowerBlock", combatant: "g", reason: "left" })).toMatchObject({ ok: true });
  });
});
