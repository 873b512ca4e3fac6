import { describe, expect, it } from "vitest";
import { blockLowerings, leftLowerings } from "../../../../src/foundry/canvas/blocks/block-lowering.js";
import { compileScene } from "../../../../src/foundry/canvas/space/scene-space.js";
import { mapFacts } from "../../../../src/foundry/cards/map/map-facts.js";
import { COMBAT_MODES } from "../../../../src/foundry/rulesets/index.js";
import type { TurnCommand } from "../../../../src/foundry/combat/fight/turn-command.js";
import { handleTurnRequest } from "../../../../src/foundry/combat/requests/turn-request.js";
import { withDistanceBlocks } from "../../../../src/foundry/tracker/block-controls.js";
import { commandLabel } from "../../../../src/foundry/tracker/command-label.js";
import { FakeItem } from "../../../fakes/foundry-card.js";
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
import { FightScene, USERS } from "../fight-scene.js";
import { fightWith } from "../fight/scene-fights.js";

if (!USERS.some((u) => u.id === "carol")) USERS.push(new FakeUser("carol", "Carol"));

const through = (cells: [number, number][]) => cells.map(([c, r]) => ({ ...at(c, r), action: "walk", cost: 0 }));

/** Hall | Yard | Gate (a, b, c). The warden g (Alice's) stands in the Hall; its foe q (Bob's) in the Yard. */
function fight() {
  const s = new FakeScene("s1", new FakeSquareGrid(100), 9, 3);
  s.flags = { fray: { spaceModel: "sections" } };
  ["a", "b", "c"].forEach((id, k) =>
    s.regions.contents.push(
      new FakeRegion(id, [cellsRect(3 * k, 0, 3, 3)], [section({ height: 0 })], ["Hall", "Yard", "Gate"][k]),
    ),
  );
  const entity = (side: string) => ({ type: "sections-entity", system: { side, move: 1, conditions: {} } });
  s.tokens.contents.push(
    new FakeToken("g", at(1, 1).x, at(1, 1).y, entity("pc"), ["alice"], 1),
    new FakeToken("q", at(4, 1).x, at(4, 1).y, entity("adversary"), ["bob"], -1),
  );
  const f = new FightScene(s, "sections", { g: { side: "pc" }, q: { side: "adversary" } }, ["pc", "adversary"]);
  f.abilities.g = [
    { id: "ward", type: "sections-card", system: { blockAtDistance: true } },
    { id: "spear", type: "sections-card", system: { blockAtDistance: false } },
  ];
  f.abilities.q = [{ id: "hex", type: "sections-card", system: { blockAtDistance: true } }];
  return { s, f };
}

const far = (border: string, source = "ward", combatant = "g"): TurnCommand => ({
  type: "blockAtDistance",
  combatant,
  border,
  source,
});
const ask = (f: FightScene, sender: string, command: TurnCommand, revision = f.journal.revision) =>
  handleTurnRequest(f.turns, { combatId: f.combat.id, command, revision }, sender);

describe("a Block at a distance through the turn request path (SEC-46)", () => {
  it(
    "SEC-46 the blocker's owner Blocks a border far from its section with its ability: kept by the turn " +
      "order, no Phase spent",
    async () => {
      const { f } = fight();
      expect(await ask(f, "alice", far("b|c"))).toMatchObject({ ok: true });
      expect(f.view.distanceBlocks).toEqual([{ blocker: "g", border: "b|c", source: "ward" }]);
      expect(f.moves.fight("s1").blocks).toEqual([{ blocker: "g", border: "b|c", from: "", atDistance: true }]);
      expect(f.view.blocks).toEqual([]);
      // The GM may raise one too.
      expect(await ask(f, "gm", far("a|b"))).toMatchObject({ ok: true });
      expect(f.view.distanceBlocks).toHaveLength(2);
    },
  );

  it("SEC-46 another player, an observer and an unknown user are refused; nothing is recorded", async () => {
    const { f } = fight();
    const length = f.journal.length;
    expect(await ask(f, "bob", far("b|c"))).toMatchObject({ ok: false, key: "FRAY.Refusal.NotYourCombatant" });
    expect(await ask(f, "carol", far("b|c"))).toMatchObject({ ok: false, key: "FRAY.Refusal.NotYourCombatant" });
    expect(await ask(f, "nobody", far("b|c"))).toMatchObject({ ok: false, key: "FRAY.Refusal.UnknownUser" });
    expect(f.journal.length).toBe(length);
  });

  it(
    "SEC-46 forged fields are refused: a border not on the map, an item without the ability, " +
      "another's ability, none",
    async () => {
      const { f } = fight();
      expect(await ask(f, "alice", far("a|c"))).toMatchObject({ ok: false, key: "FRAY.Refusal.UnknownBorder" });
      expect(await ask(f, "alice", far("x|y"))).toMatchObject({ ok: false, key: "FRAY.Refusal.UnknownBorder" });
      expect(await ask(f, "alice", far("b|c", "spear"))).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.NoDistanceBlock",
      });
      expect(await ask(f, "alice", far("b|c", "hex"))).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.NoDistanceBlock",
      });
      expect(await ask(f, "alice", { type: "blockAtDistance", combatant: "g", border: "b|c" })).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.NoDistanceBlock",
      });
      // Bob's own ability cannot Block in the warden's name, nor the warden's in Bob's foe's.
      expect(await ask(f, "bob", far("b|c", "ward", "q"))).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.NoDistanceBlock",
      });
      const proto = JSON.parse(
        '{"type":"blockAtDistance","combatant":"g","border":"b|c","source":"ward","__proto__":{"isGM":true}}',
      ) as TurnCommand;
      expect(await ask(f, "bob", proto)).toMatchObject({ ok: false, key: "FRAY.Refusal.NotYourCombatant" });
      expect(({} as Record<string, unknown>).isGM).toBeUndefined();
      expect(f.view.distanceBlocks).toEqual([]);
    },
  );

  it("SEC-46 a stale click is refused", async () => {
    const { f } = fight();
    const seen = f.journal.revision;
    expect(await ask(f, "alice", far("a|b"))).toMatchObject({ ok: true });
    expect(await ask(f, "alice", far("b|c"), seen)).toMatchObject({ ok: false, key: "FRAY.Refusal.StaleRevision" });
    expect(f.view.distanceBlocks).toHaveLength(1);
  });

  it("SEC-46 it ends when its owner or the GM says so, not another player; undo puts it back", async () => {
    const { f } = fight();
    await ask(f, "alice", far("b|c"));
    const end: TurnCommand = { type: "endDistanceBlock", combatant: "g", border: "b|c" };
    expect(await ask(f, "bob", end)).toMatchObject({ ok: false, key: "FRAY.Refusal.NotYourCombatant" });
    expect(await ask(f, "alice", end)).toMatchObject({ ok: true });
    expect(f.view.distanceBlocks).toEqual([]);
    expect((await f.step({ type: "undo" })).ok).toBe(true);
    expect(f.view.distanceBlocks).toHaveLength(1);
    expect(await ask(f, "gm", end)).toMatchObject({ ok: true });
  });

  it("SEC-46 it is not lowered when its blocker is Immobilized, Defenseless or put elsewhere", async () => {
    const { f } = fight();
    await ask(f, "alice", far("b|c"));
    const modes = (id: string) => COMBAT_MODES[id];
    expect(blockLowerings([f.combat], modes, (c) => c.id === "g", "immobilized")).toEqual([]);
    expect(leftLowerings([f.combat], modes, { sceneId: "s1", tokenId: "g" }, "c")).toEqual([]);
  });
});

describe("a Block at a distance on the map (SEC-46, SEC-48)", () => {
  it(
    "SEC-46 the GM's move check stops an enemy crossing the " +
      "border, with a cost of 0 claimed; ended, the move goes",
    async () => {
      const { s, f } = fight();
      await f.until("g");
      expect((await f.step({ type: "draw", combatant: "g" })).ok).toBe(true);
      expect(await ask(f, "alice", far("b|c"))).toMatchObject({ ok: true });
      expect((await f.step({ type: "endTurn", combatant: "g" })).ok).toBe(true);
      await f.until("q");
      expect((await f.step({ type: "draw", combatant: "q" })).ok).toBe(true);
      const answer = await f.move("bob", "q", through([[7, 1]]));
      expect(answer).toMatchObject({ ok: false, key: "FRAY.Refusal.MoveBlocked", data: { border: "b|c" } });
      expect(s.tokens.get("q")).toMatchObject(at(4, 1));
      expect(await ask(f, "gm", { type: "endDistanceBlock", combatant: "g", border: "b|c" })).toMatchObject({
        ok: true,
      });
      expect(await f.move("bob", "q", through([[7, 1]]))).toMatchObject({ ok: true });
    },
  );

  it(
    "SEC-46 the Block holds wherever its blocker stands: a blocker whose token is in no section " +
      "still stops the enemy",
    async () => {
      const { s, f } = fight();
      await f.until("g");
      expect((await f.step({ type: "draw", combatant: "g" })).ok).toBe(true);
      expect(await ask(f, "alice", far("b|c"))).toMatchObject({ ok: true });
      expect((await f.step({ type: "endTurn", combatant: "g" })).ok).toBe(true);
      // The GM puts the warden's token off every section of the scene; its Block at a distance stays up (SEC-46).
      Object.assign(s.tokens.get("g")!, at(12, 1));
      await f.until("q");
      expect((await f.step({ type: "draw", combatant: "q" })).ok).toBe(true);
      expect(await f.move("bob", "q", through([[7, 1]]))).toMatchObject({ ok: false, key: "FRAY.Refusal.MoveBlocked" });
    },
  );

  it("SEC-48 a ranged attack across the border misses automatically: the attack map says so", () => {
    const { s } = fight();
    s.tokens.contents.push(
      new FakeToken(
        "r",
        at(7, 1).x,
        at(7, 1).y,
        { type: "sections-entity", system: { side: "adversary" } },
        ["bob"],
        -1,
      ),
    );
    const bolt = new FakeItem("bolt", "Bolt", "sections-card", { reachKind: "range", range: 3 });
    const facts = (blocks: { blocker: string; border: string; from: string; atDistance?: boolean }[]) =>
      mapFacts({
        refs: { attacker: "q", target: "g" },
        ruleset: "sections",
        space: compileScene(s, "sections"),
        scene: s,
        attacker: s.tokens.get("r")!,
        target: s.tokens.get("g")!,
        item: bolt,
        fight: fightWith(s.id, { blocks }),
      });
    expect(facts([{ blocker: "g", border: "b|c", from: "", atDistance: true }])).toMatchObject({
      checked: true,
      options: { crossesDistanceBlock: true },
    });
    expect(facts([])).toMatchObject({ checked: true, options: { crossesDistanceBlock: false } });
  });
});

describe("the tracker offers a Block at a distance (SEC-46)", () => {
  it(
    "SEC-46 one per border of the map to a combatant with the ability, leaving out those it already " +
      "holds, named by sections",
    () => {
      const legal: TurnCommand[] = [{ type: "endDistanceBlock", combatant: "g", border: "a|b" }];
      const choices = (id: string) => (id === "g" ? { source: "ward", borders: ["a|b", "b|c"] } : null);
      expect(withDistanceBlocks(legal, ["g", "q"], choices)).toEqual([...legal, far("b|c")]);
      const names = {
        combatant: (id: string) => id,
        side: (id: string) => id,
        between: (b: string) => (b === "b|c" ? "Gate – Yard" : b),
      };
      expect(commandLabel(far("b|c"), names)).toEqual({
        label: "FRAY.Tracker.Command.blockAtDistance",
        data: { between: "Gate – Yard" },
      });
    },
  );
});
