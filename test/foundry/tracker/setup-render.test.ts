import { describe, expect, it } from "vitest";
import {
  moveSide,
  readSetupDrag,
  setupContext,
  setupDragData,
  toggle,
  type SetupCombatant,
} from "../../../src/foundry/tracker/setup-context.js";
import { render } from "../../fakes/handlebars-env.js";

const combatants: SetupCombatant[] = [
  { id: "r", name: "Roland", img: "r.webp", side: "players", hidden: false },
  { id: "g", name: "Guard", img: "g.webp", side: "guards", hidden: false },
  { id: "x", name: "Hidden Assassin", img: "x.webp", side: "guards", hidden: true },
];
const ctx = (isGM: boolean, start = {}) =>
  setupContext({
    mode: "teams",
    modes: ["ranked", "rolled", "teams", "factions", "sections"],
    grouped: true,
    initiators: false,
    surprise: true,
    combatants,
    sideLabels: { players: "Players", guards: "Guards" },
    start,
    isGM,
  });

describe("the GM's setup before the start", () => {
  it("TEAM-03 sides are listed in the GM's initiative order, which the GM can change", () => {
    expect(ctx(true).sides.map((s) => s.id)).toEqual(["players", "guards"]);
    expect(ctx(true, { sideOrder: ["guards"] }).sides.map((s) => s.id)).toEqual(["guards", "players"]);
    expect(moveSide(["players", "guards"], "guards", -1)).toEqual(["guards", "players"]);
    expect(moveSide(["players", "guards"], "players", -1)).toEqual(["players", "guards"]);
  });

  it("TEAM-14 the GM marks which side has surprise", () => {
    expect(toggle([], "guards")).toEqual(["guards"]);
    expect(toggle(["guards"], "guards")).toEqual([]);
    const html = render("templates/combat/tracker-part.hbs", ctx(true, { surprise: ["guards"] }));
    expect(html).toMatch(/data-fray-setup="surprise" data-side="guards" checked/);
    expect(html).toContain("Teams alternate (teams)");
  });

  it("players see who is in, never a hidden combatant, and no setup controls", () => {
    const html = render("templates/combat/tracker-part.hbs", ctx(false));
    expect(html).toContain("The GM is setting up the fight.");
    expect(html).toContain("Roland");
    expect(html).not.toContain("Hidden Assassin");
    expect(html).not.toContain("data-fray-setup");
  });
});

describe("moving combatants between sides by dragging", () => {
  const withGroups = (isGM: boolean, grouped = true) =>
    setupContext({
      mode: "teams",
      modes: ["teams"],
      grouped,
      initiators: false,
      surprise: true,
      combatants,
      sideLabels: { players: "Players", guards: "Guards", g3: "Side 3" },
      groups: ["players", "g3"],
      start: {},
      isGM,
    });

  it("the GM can drag combatants, and a new side with nobody on it yet is there to drop them on", () => {
    const ctx = withGroups(true);
    expect(ctx.sides.map((s) => [s.id, s.empty])).toEqual([
      ["players", false],
      ["guards", false],
      ["g3", true],
    ]);
    const html = render("templates/combat/tracker-part.hbs", ctx);
    expect(html).toMatch(/<li class="fray-combatant combatant" data-combatant-id="r" draggable="true" data-fray-drag/);
    expect(html).toMatch(/<section class="fray-side empty" data-side="g3" data-fray-drop[ >]/);
    expect(html).toContain("Drag combatants here, or pick this side in their list.");
    // The empty side has no place in the initiative order yet: no up/down or surprise controls for it.
    expect(html).not.toMatch(/data-action="fraySideUp" data-side="g3"/);
    // The list stays, for the keyboard.
    expect(html).toMatch(/<select data-fray-setup="side" data-combatant-id="r">/);
  });

  it("players cannot drag, and do not see empty sides; nor can anyone when sides come from dispositions alone", () => {
    const player = render("templates/combat/tracker-part.hbs", withGroups(false));
    expect(player).not.toContain("data-fray-drag");
    expect(player).not.toContain("data-fray-drop");
    expect(withGroups(false).sides.map((s) => s.id)).toEqual(["players", "guards"]);
    const ungrouped = withGroups(true, false);
    expect(ungrouped.sides.some((s) => s.empty)).toBe(false);
    expect(render("templates/combat/tracker-part.hbs", ungrouped)).not.toContain("data-fray-drag");
  });

  it("a drop carries the dragged combatant's id, and anything else dropped there is ignored", () => {
    expect(readSetupDrag(setupDragData("r"))).toBe("r");
    expect(readSetupDrag(JSON.stringify({ type: "Actor", uuid: "Actor.abc" }))).toBeNull();
    expect(readSetupDrag("plain text")).toBeNull();
    expect(readSetupDrag(JSON.stringify({ type: "FraySetupCombatant", id: 42 }))).toBeNull();
  });
});
