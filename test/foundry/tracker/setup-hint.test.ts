import { describe, expect, it } from "vitest";
import { COMBAT_MODES } from "../../../src/foundry/rulesets/index.js";
import { setupContext, setupOptionsFor } from "../../../src/foundry/tracker/setup-context.js";
import { lookup, render } from "../../fakes/handlebars-env.js";

// The GM's setup panel of each mode, as the tracker builds it (fray-combat-tracker.ts: setupOptionsFor the mode).
function setupHtml(modeId: string): { html: string; hint: string } {
  const mode = COMBAT_MODES[modeId]!;
  const ctx = setupContext({
    mode: modeId,
    modes: Object.keys(COMBAT_MODES),
    ...setupOptionsFor(mode),
    combatants: [
      { id: "r", name: "Roland", img: "r.webp", side: "pc", hidden: false },
      { id: "g", name: "Guard", img: "g.webp", side: "npc", hidden: false },
    ],
    sideLabels: { pc: "Player characters", npc: "Non-player characters" },
    groups: [],
    start: {},
    isGM: true,
  });
  const html = render("templates/combat/tracker-part.hbs", ctx);
  const hint = /<p class="hint">([^<]*)<\/p>/.exec(html)?.[1] ?? "";
  return { html, hint };
}

describe("the setup hint says what the mode's own setup screen has", () => {
  it("ESC-01 ESC-02 ranked: units act by Agility, and the GM ticks who started the fight by attacking", () => {
    const { html, hint } = setupHtml("ranked");
    expect(hint).toContain("Agility");
    expect(hint).toContain(lookup("FRAY.Setup.Initiator"));
    expect(html).toContain('data-fray-setup="initiator"');
  });

  it("STR-02 rolled: everyone rolls 2d6 + Initiative when the combat begins", () => {
    expect(setupHtml("rolled").hint).toContain("2d6 + Initiative");
  });

  it(
    "TEAM-03 TEAM-14 FAC-05 FAC-51 teams and factions: the side that started the fight goes " +
      "first; surprise is ticked",
    () => {
      for (const id of ["teams", "factions"]) {
        const { html, hint } = setupHtml(id);
        expect(hint, id).toMatch(/started the fight/);
        expect(html, id).toContain('data-fray-setup="surprise"');
      }
    },
  );

  it("no hint names a control its screen lacks: arrows, a side list, dragging, surprise, initiators", () => {
    const controls: [RegExp, string][] = [
      [/arrow|▲|▼/i, 'data-action="fraySideUp"'],
      [/\blist\b/i, 'data-fray-setup="side"'],
      [/\bdrag/i, "data-fray-drag"],
      [/surprise|ambush/i, 'data-fray-setup="surprise"'],
      [/started the fight/i, 'data-fray-setup="initiator"|data-action="fraySideUp"'],
    ];
    const hints = new Set<string>();
    for (const id of Object.keys(COMBAT_MODES)) {
      const { html, hint } = setupHtml(id);
      expect(hint, id).not.toBe("");
      hints.add(hint);
      for (const [words, control] of controls)
        if (words.test(hint))
          expect(new RegExp(control).test(html), `${id}: the hint names ${words} but has no ${control}`).toBe(true);
    }
    expect(hints.size).toBe(Object.keys(COMBAT_MODES).length);
  });

  it("sections reads no surprise from the setup, so its screen offers none", () => {
    expect(setupHtml("sections").html).not.toContain('data-fray-setup="surprise"');
  });
});

describe("the setup shows the number the order will rank by", () => {
  const withStats = (modeId: string, isGM: boolean) =>
    setupContext({
      mode: modeId,
      modes: Object.keys(COMBAT_MODES),
      ...setupOptionsFor(COMBAT_MODES[modeId]!),
      combatants: [
        { id: "r", name: "Roland", img: "r.webp", side: "pc", hidden: false, stats: { agility: 3, initiative: 2 } },
        { id: "g", name: "Guard", img: "g.webp", side: "npc", hidden: false, stats: { agility: -1, initiative: 0 } },
      ],
      sideLabels: { pc: "Player characters", npc: "Non-player characters" },
      start: {},
      isGM,
    });
  const text = (html: string): string => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

  it("ESC-01 ranked: the GM sees each unit's Agility while ticking who started the fight", () => {
    const html = text(render("templates/combat/tracker-part.hbs", withStats("ranked", true)));
    expect(html).toContain("Roland Agility 3");
    expect(html).toContain("Guard Agility -1");
  });

  it("STR-02 rolled: the GM sees each character's Initiative modifier, added to 2d6 when the combat begins", () => {
    const html = text(render("templates/combat/tracker-part.hbs", withStats("rolled", true)));
    expect(html).toContain("Roland Initiative +2");
    expect(html).toContain("Guard Initiative +0");
  });

  it("players see names only; orders that rank nobody show no number", () => {
    expect(render("templates/combat/tracker-part.hbs", withStats("ranked", false))).not.toContain("fray-rank");
    for (const id of ["teams", "factions", "sections"])
      expect(render("templates/combat/tracker-part.hbs", withStats(id, true)), id).not.toContain("fray-rank");
  });
});
