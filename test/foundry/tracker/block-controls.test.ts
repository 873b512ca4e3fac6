import { describe, expect, it } from "vitest";
import { openJournal, record, type Journal } from "../../../src/core/shared/journal.js";
import { acrossName, blockChoices } from "../../../src/foundry/canvas/blocks/block-choices.js";
import { compileScene } from "../../../src/foundry/canvas/space/scene-space.js";
import { authorise } from "../../../src/foundry/combat/requests/authority.js";
import { COMBAT_MODES } from "../../../src/foundry/rulesets/index.js";
import type { TurnCommand } from "../../../src/foundry/combat/fight/turn-command.js";
import { withBlockChoices } from "../../../src/foundry/tracker/block-controls.js";
import { trackerContext } from "../../../src/foundry/tracker/tracker-context.js";
import { at, cellsRect, FakeRegion, FakeScene, FakeSquareGrid, FakeToken, section } from "../../fakes/foundry-scene.js";
import { render } from "../../fakes/handlebars-env.js";

/**
 * Hall | Yard | Gate (a, b, c); the guard g (Alice's) in the Yard, the orc o (the GM's) in the Gate, the imp i off the
 * map.
 */
function scene() {
  const s = new FakeScene("s1", new FakeSquareGrid(100), 12, 3);
  s.flags = { fray: { spaceModel: "sections" } };
  ["a", "b", "c"].forEach((id, k) =>
    s.regions.contents.push(
      new FakeRegion(id, [cellsRect(3 * k, 0, 3, 3)], [section({ height: 0 })], ["Hall", "Yard", "Gate"][k]),
    ),
  );
  s.tokens.contents.push(
    new FakeToken("g", at(4, 1).x, at(4, 1).y, { type: "sections-entity", system: {} }, ["alice"]),
    new FakeToken("o", at(7, 1).x, at(7, 1).y, { type: "sections-entity", system: {} }, [], -1),
    new FakeToken("i", at(10, 1).x, at(10, 1).y, { type: "sections-entity", system: {} }, [], -1),
  );
  return { s, space: compileScene(s, "sections") };
}

const NAMES: Record<string, string> = { g: "Guard", o: "Orc", i: "Imp" };
const OWNERS: Record<string, string[]> = { g: ["alice"], o: [], i: [] };

function fight(commands: TurnCommand[]): Journal<unknown, unknown, TurnCommand> {
  const mode = COMBAT_MODES.sections!;
  const roster = ["g", "o", "i"].map((id) => ({
    id,
    name: NAMES[id]!,
    side: id === "g" ? "pc" : "adversary",
    hidden: false,
    stats: {},
  }));
  let j = openJournal(mode.engine, mode.buildSetup(roster, { sideOrder: ["pc", "adversary"] }), 3);
  for (const c of commands) j = j.ok ? record(mode.engine, j.state, c) : j;
  if (!j.ok) throw new Error(j.reason);
  return j.state;
}

function contextFor(viewer: "alice" | "bob" | "gm", commands: TurnCommand[]) {
  const { s, space } = scene();
  const mode = COMBAT_MODES.sections!;
  const j = fight(commands);
  const user = { id: viewer, name: viewer, isGM: viewer === "gm" };
  const list = ["g", "o", "i"].map((id) => ({
    id,
    name: NAMES[id]!,
    hidden: false,
    testUserPermission: (u: { id: string | null; isGM: boolean }) => u.isGM || OWNERS[id]!.includes(u.id ?? ""),
  }));
  const combat = { combatants: { get: (id: string) => list.find((c) => c.id === id), contents: list } };
  const view = mode.engine.view(j.state);
  const choices = (id: string) => blockChoices(s, space, s.tokens.get(id)!);
  return trackerContext({
    view,
    legal: withBlockChoices(mode.engine.legal(j.state), choices),
    across: (border, from) => acrossName(s, space, border, from) ?? border,
    combatants: list.map((c) => ({
      id: c.id,
      name: c.name,
      img: "",
      side: c.id === "g" ? "pc" : "adversary",
      hidden: false,
      owned: true,
      defeated: false,
    })),
    sideLabels: { pc: "Players", adversary: "Adversaries" },
    isGM: viewer === "gm",
    grouped: true,
    revision: j.revision,
    canUndo: true,
    mayIssue: (command) =>
      authorise({
        combat,
        user,
        command,
        sides: new Map(list.map((c) => [c.id, c.id === "g" ? "pc" : "adversary"])),
        view: () => view,
        held: (id) => mode.engine.held(j.state, id),
      }) === null,
  });
}

const drawn: TurnCommand[] = [
  { type: "act", combatant: "g" },
  { type: "draw", combatant: "g" },
];
const row = (ctx: ReturnType<typeof contextFor>, id: string) =>
  ctx.groups.flatMap((g) => g.rows).find((r) => r.id === id)!;

describe("the tracker's Block control (SEC-42)", () => {
  it("SEC-42 the blocker's owner is offered one Block per border of its section, named by the section beyond", () => {
    const guard = row(contextFor("alice", drawn), "g");
    const blocks = guard.more.filter((b) => b.label === "FRAY.Tracker.Command.block");
    expect(blocks.map((b) => [b.data.section, JSON.parse(b.command) as TurnCommand])).toEqual([
      ["Gate", { type: "spend", combatant: "g", phase: "strategy", action: "block", border: "b|c", from: "b" }],
      ["Hall", { type: "spend", combatant: "g", phase: "strategy", action: "block", border: "a|b", from: "b" }],
    ]);
    // The plain spend without a border is not offered beside them.
    expect(guard.more.some((b) => b.command.includes('"action":"block"') && !b.command.includes("border"))).toBe(false);
    const html = render("templates/combat/tracker.hbs", contextFor("alice", drawn));
    expect(html).toContain("Block the border to Gate");
    // A button in the row's menu, named for screen readers with its combatant.
    expect(html).toMatch(
      /<button type="button" class="fray-button" data-action="frayCommand" data-command="[^"]*b\|c[^"]*" aria-label="[^"]*Block the border to Gate[^"]*Guard[^"]*">Block the border to Gate<\/button>/,
    );
  });

  it("SEC-42 another player is offered no Block for the guard", () => {
    const html = render("templates/combat/tracker.hbs", contextFor("bob", drawn));
    expect(html).not.toContain("Block the border to");
  });

  it("SEC-42 a combatant standing on no section keeps the plain Strategy Phase spend", () => {
    const legal = withBlockChoices([{ type: "spend", combatant: "i", phase: "strategy", action: "block" }], () => null);
    expect(legal).toEqual([{ type: "spend", combatant: "i", phase: "strategy", action: "block" }]);
    const { s, space } = scene();
    expect(blockChoices(s, space, s.tokens.get("i")!)).toBeNull();
  });

  it("SEC-42 SEC-43 the row says which border its combatant Blocks, to everyone, and its owner may lower it", () => {
    const blocked = [
      ...drawn,
      { type: "spend", combatant: "g", phase: "strategy", action: "block", border: "b|c", from: "b" },
    ];
    for (const viewer of ["alice", "bob", "gm"] as const) {
      const ctx = contextFor(viewer, blocked);
      expect(row(ctx, "g").blocking).toBe("Gate");
      expect(render("templates/combat/tracker.hbs", ctx)).toContain("Blocks the border to Gate");
      const lower = row(ctx, "g").more.find((b) => b.label === "FRAY.Tracker.Command.lowerBlock");
      expect(lower !== undefined).toBe(viewer !== "bob");
    }
    expect(row(contextFor("alice", blocked), "o").blocking).toBeNull();
    expect(render("templates/combat/tracker.hbs", contextFor("alice", blocked))).toContain("Lower the Block");
  });

  it(
    "SEC-16 the row says which climb its combatant holds on " +
      "to and how far up, to everyone; only the GM may end it",
    () => {
      const climb = { border: "b|c", from: "b", to: "c", height: 2, climbed: 1 };
      const climbing = [...drawn, { type: "move", combatant: "g", kind: "innate", climb }];
      for (const viewer of ["alice", "bob", "gm"] as const) {
        const ctx = contextFor(viewer, climbing);
        expect(row(ctx, "g").climbing).toEqual({ section: "Gate", climbed: 1, height: 2 });
        expect(render("templates/combat/tracker.hbs", ctx)).toContain("Climbing to Gate: 1 of 2");
        const end = row(ctx, "g").more.find((b) => b.label === "FRAY.Tracker.Command.endClimb");
        expect(end !== undefined).toBe(viewer === "gm");
      }
      expect(row(contextFor("gm", drawn), "g").climbing).toBeNull();
    },
  );
});
