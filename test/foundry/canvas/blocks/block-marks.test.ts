import { describe, expect, it } from "vitest";
import { hudBlockControls } from "../../../../src/foundry/canvas/blocks/block-hud-commands.js";
import { blockMarks, dispositionKey } from "../../../../src/foundry/canvas/blocks/block-marks.js";
import { blockChoices, acrossName } from "../../../../src/foundry/canvas/blocks/block-choices.js";
import { compileScene } from "../../../../src/foundry/canvas/space/scene-space.js";
import { authorise } from "../../../../src/foundry/combat/requests/authority.js";
import { sidesOf } from "../../../../src/foundry/combat/fight/journal.js";
import { COMBAT_MODES } from "../../../../src/foundry/rulesets/index.js";
import type { TurnCommand } from "../../../../src/foundry/combat/fight/turn-command.js";
import { withBlockChoices } from "../../../../src/foundry/tracker/block-controls.js";
import {
  at,
  cellsRect,
  FakeGridlessGrid,
  FakeRegion,
  FakeScene,
  FakeSquareGrid,
  FakeToken,
  section,
} from "../../../fakes/foundry-scene.js";
import { FightScene, USERS } from "../fight-scene.js";

/** Hall | Yard | Gate (a, b, c), 3x3 cells of 100 px each. */
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

describe("SEC-42 a Block's mark on the canvas", () => {
  it(
    "SEC-42 is drawn on the border between the two sections, across its middle edge, pointing " +
      "into the held section",
    () => {
      const s = rooms();
      const space = compileScene(s, "sections");
      // The cells are offset by the scene's padding: at(c, r) is cell (c, r)'s top-left corner.
      const x = at(6, 0).x;
      const [mark] = blockMarks(s, space, [{ blocker: "g", border: "b|c", from: "b" }]);
      expect(mark).toBeDefined();
      expect(mark!.blocker).toBe("g");
      expect(mark!.edges).toHaveLength(3);
      for (const e of mark!.edges) expect([e.a.x, e.b.x]).toEqual([x, x]);
      expect(mark!.centre).toEqual({ x, y: at(0, 1).y + 50 });
      expect(Math.abs(mark!.along.y)).toBe(1);
      // Held from the Yard, west of the border: the notch points west.
      expect(mark!.into).toEqual({ x: -1, y: 0 });
      expect(mark!.length).toBe(100);
      // Held from the Gate: the same border, pointing east.
      expect(blockMarks(s, space, [{ blocker: "g", border: "b|c", from: "c" }])[0]!.into).toEqual({ x: 1, y: 0 });
    },
  );

  it(
    "SEC-42 a Block on a border not of its section, or no longer on the map, is not drawn; nor on a " +
      "map of another kind",
    () => {
      const s = rooms();
      const space = compileScene(s, "sections");
      expect(blockMarks(s, space, [{ blocker: "g", border: "b|c", from: "a" }])).toEqual([]);
      expect(blockMarks(s, space, [{ blocker: "g", border: "a|c", from: "a" }])).toEqual([]);
      s.flags = { fray: { spaceModel: "grid" } };
      expect(blockMarks(s, compileScene(s, "sections"), [{ blocker: "g", border: "b|c", from: "b" }])).toEqual([]);
    },
  );

  it("SEC-42 on a gridless scene the mark sits half-way between the two regions, pointing into the held one", () => {
    const s = new FakeScene("gl", new FakeGridlessGrid(100), 10, 10);
    s.flags = { fray: { spaceModel: "sections" } };
    const border = { neighbour: "b", kind: "soft", height: null };
    s.regions.contents.push(new FakeRegion("a", [cellsRect(0, 0, 2, 2)], [section({ height: 0, borders: [border] })]));
    s.regions.contents.push(new FakeRegion("b", [cellsRect(4, 0, 2, 2)], [section({ height: 0 })]));
    const space = compileScene(s, "sections");
    const [mark] = blockMarks(s, space, [{ blocker: "g", border: "a|b", from: "a" }]);
    const ca = { x: s.regions.contents[0]!.bounds.x + 100, y: s.regions.contents[0]!.bounds.y + 100 };
    const cb = { x: s.regions.contents[1]!.bounds.x + 100, y: s.regions.contents[1]!.bounds.y + 100 };
    expect(mark!.centre).toEqual({ x: (ca.x + cb.x) / 2, y: (ca.y + cb.y) / 2 });
    expect(mark!.into).toEqual({ x: -1, y: 0 });
    expect(mark!.edges).toHaveLength(1);
  });

  it("SEC-46 a Block at a distance is drawn on any border of the map, with no held side", () => {
    const s = rooms();
    const space = compileScene(s, "sections");
    const [mark] = blockMarks(s, space, [{ blocker: "w", border: "a|b", from: "", atDistance: true }]);
    expect(mark).toMatchObject({
      blocker: "w",
      border: "a|b",
      atDistance: true,
      centre: { x: at(3, 0).x, y: at(0, 1).y + 50 },
    });
    expect(blockMarks(s, space, [{ blocker: "w", border: "a|c", from: "", atDistance: true }])).toEqual([]);
  });

  it("SEC-42 the mark takes the blocker's disposition colour", () => {
    expect([1, 0, -1, -2].map(dispositionKey)).toEqual(["FRIENDLY", "NEUTRAL", "HOSTILE", "SECRET"]);
  });
});

describe("SEC-42/SEC-43 the token HUD's Block controls are the tracker row's", () => {
  function fight() {
    const s = rooms();
    const entity = (side: string) => ({ type: "sections-entity", system: { side, move: 1 } });
    s.tokens.contents.push(
      new FakeToken("g", at(4, 1).x, at(4, 1).y, entity("pc"), ["alice"], 1),
      new FakeToken("q", at(7, 1).x, at(7, 1).y, entity("adversary"), ["bob"], -1),
    );
    return {
      s,
      f: new FightScene(s, "sections", { g: { side: "pc" }, q: { side: "adversary" } }, ["pc", "adversary"]),
    };
  }

  /** What the HUD of `tokenId` offers `user`, built as block-hud.ts builds it from the fight. */
  function controls(f: FightScene, s: FakeScene, user: (typeof USERS)[number], tokenId: string) {
    const space = compileScene(s, "sections");
    const engine = COMBAT_MODES.sections!.engine;
    const legal = withBlockChoices(engine.legal(f.journal.state), (id) => blockChoices(s, space, s.tokens.get(id)!));
    const view = f.view;
    const sides = sidesOf(f.journal);
    const mayIssue = (command: TurnCommand) =>
      authorise({
        combat: f.combat,
        user,
        command,
        sides,
        view: () => view,
        held: (id) => engine.held(f.journal.state, id),
      }) === null;
    const names = {
      combatant: (id: string) => id,
      side: (id: string) => id,
      across: (b: string, from: string) => acrossName(s, space, b, from) ?? b,
    };
    return hudBlockControls(legal, tokenId, mayIssue, names);
  }

  it(
    "SEC-42 the blocker's owner is offered a Block per border of its section, named by the section beyond; " +
      "lowering once it Blocks",
    async () => {
      const { s, f } = fight();
      await f.until("g");
      expect((await f.step({ type: "draw", combatant: "g" })).ok).toBe(true);
      const mine = controls(f, s, USERS[1]!, "g");
      expect(mine.blocks.map((c) => [c.command.border, c.label, c.data.section])).toEqual([
        ["b|c", "FRAY.Tracker.Command.block", "Gate"],
        ["a|b", "FRAY.Tracker.Command.block", "Hall"],
      ]);
      expect(mine.lower).toBeNull();
      // The same command the tracker's menu sends goes through the same request: the GM records it.
      expect((await f.step(mine.blocks[0]!.command)).ok).toBe(true);
      const after = controls(f, s, USERS[1]!, "g");
      expect(after.blocks).toEqual([]);
      expect(after.lower).toMatchObject({
        command: { type: "lowerBlock", combatant: "g" },
        label: "FRAY.Tracker.Command.lowerBlock",
      });
    },
  );

  it(
    "SEC-42 another player sees no control on the blocker's HUD; the GM sees them; a foe's HUD offers its owner " +
      "nothing off its turn",
    async () => {
      const { s, f } = fight();
      await f.until("g");
      expect((await f.step({ type: "draw", combatant: "g" })).ok).toBe(true);
      expect(controls(f, s, USERS[2]!, "g")).toEqual({ blocks: [], lower: null });
      expect(controls(f, s, USERS[0]!, "g").blocks).toHaveLength(2);
      expect(controls(f, s, USERS[2]!, "q")).toEqual({ blocks: [], lower: null });
    },
  );
});
