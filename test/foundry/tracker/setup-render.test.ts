import { describe, expect, it } from "vitest";
import { moveSide, setupContext, toggle, type SetupCombatant } from "../../../src/foundry/tracker/setup-context.js";
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
