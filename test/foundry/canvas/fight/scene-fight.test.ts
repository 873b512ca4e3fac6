import { describe, expect, it } from "vitest";
import { noFight, sceneFight } from "../../../../src/foundry/canvas/fight/scene-fight.js";
import { COMBAT_MODES } from "../../../../src/foundry/rulesets/index.js";
import { FakeCombat, FakeCombatant, FakeHooks } from "../../../fakes/foundry-combat.js";
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

const modeOf = (id: string) => COMBAT_MODES[id];

/** Hall | Yard (a, b); the guard g (Alice's) and its foe q (Bob's) in the Hall, in a started sections fight. */
function hall() {
  const s = new FakeScene("s1", new FakeSquareGrid(100), 6, 3);
  s.flags = { fray: { spaceModel: "sections" } };
  ["a", "b"].forEach((id, k) =>
    s.regions.contents.push(new FakeRegion(id, [cellsRect(3 * k, 0, 3, 3)], [section({ height: 0 })])),
  );
  const entity = (side: string) => ({ type: "sections-entity", system: { side, move: 1 } });
  s.tokens.contents.push(
    new FakeToken("g", at(1, 1).x, at(1, 1).y, entity("pc"), ["alice"], 1),
    new FakeToken("q", at(1, 2).x, at(1, 2).y, entity("adversary"), ["bob"], -1),
  );
  return new FightScene(s, "sections", { g: { side: "pc" }, q: { side: "adversary" } }, ["pc", "adversary"]);
}

describe("the fight on a scene: one value, built by one function", () => {
  it("outside a fight it is a value too: nobody in it, no Block, no climb", () => {
    expect(sceneFight([], modeOf, "s1")).toEqual(noFight("s1"));
    expect(noFight("s1")).toEqual({ sceneId: "s1", fighters: new Map(), blocks: [], climbs: [] });
  });

  it(
    "SEC-05 each token in the started fight has its combatant " + "and its turn: whose turn, the budget, the revision",
    async () => {
      const f = hall();
      await f.until("g");
      const fight = sceneFight([f.combat], modeOf, "s1");
      expect([...fight.fighters.keys()].sort()).toEqual(["g", "q"]);
      const g = fight.fighters.get("g")!;
      expect(g.fight).toEqual({ combat: f.combat, combatant: "g" });
      expect(g.turn).toMatchObject({ mode: "sections", revision: f.journal.revision, acting: true, budget: {} });
      expect(fight.fighters.get("q")!.turn).toMatchObject({ acting: false });
    },
  );

  it("SEC-42 the Blocks and climbs come with it, each named by token; another scene's fight adds nothing", async () => {
    const f = hall();
    await f.until("g");
    expect((await f.step({ type: "draw", combatant: "g" })).ok).toBe(true);
    expect(
      (await f.step({ type: "spend", combatant: "g", phase: "strategy", action: "block", border: "a|b", from: "a" }))
        .ok,
    ).toBe(true);
    expect(sceneFight([f.combat], modeOf, "s1").blocks).toEqual([{ blocker: "g", border: "a|b", from: "a" }]);
    expect(sceneFight([f.combat], modeOf, "s2")).toEqual(noFight("s2"));
  });

  it("a combat not begun seats nobody; a fight not stored yet seats its tokens with no turn", () => {
    const f = hall();
    f.combat.round = 0;
    expect(sceneFight([f.combat], modeOf, "s1")).toEqual(noFight("s1"));
    const fresh = new FakeCombat(
      "c2",
      "sections",
      [Object.assign(new FakeCombatant("x", "x", "pc"), { sceneId: "s1", tokenId: "t" })],
      new FakeHooks(),
    );
    fresh.round = 1;
    expect(sceneFight([fresh], modeOf, "s1").fighters.get("t")).toEqual({
      fight: { combat: fresh, combatant: "x" },
      turn: null,
    });
  });

  it("a damaged journal is the fight's refusal for each of its tokens, never a budget", () => {
    const f = hall();
    f.combat.system = { journal: { engine: "sections", state: "junk" }, events: [], revision: 3 };
    const turn = sceneFight([f.combat], modeOf, "s1").fighters.get("g")!.turn;
    expect(turn).toMatchObject({ ok: false, key: "FRAY.Refusal.FightDamaged" });
  });

  it("a token in two started fights is read in the first", () => {
    const f = hall();
    const other = new FakeCombat(
      "c2",
      "sections",
      [Object.assign(new FakeCombatant("g2", "g", "pc"), { sceneId: "s1", tokenId: "g" })],
      new FakeHooks(),
    );
    other.round = 1;
    expect(sceneFight([f.combat, other], modeOf, "s1").fighters.get("g")!.fight.combatant).toBe("g");
    expect(sceneFight([other, f.combat], modeOf, "s1").fighters.get("g")!.fight.combatant).toBe("g2");
  });
});
