import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  FOUNDRY_STAND_IN_CSS,
  pageHtml,
  placeholderImage,
  sheetShots,
  systemCss,
  trackerShots,
} from "../../tools/screenshot-page.js";
import { MODE_IDS } from "../../tools/tracker-mode-shots.js";
import { COMBAT_MODES } from "../../src/foundry/rulesets/index.js";
import { RULESETS } from "../../src/core/rulesets.js";
import { CARD_SCRIPTS, cardShots } from "../../tools/card-shots.js";
import { oddsShots } from "../../tools/odds-shots.js";

describe("screenshot pages", () => {
  it("load every stylesheet in styles/ after the marked stand-in for Foundry's base styles", () => {
    const styles = systemCss();
    expect(styles.map((s) => s.file).sort()).toEqual(
      readdirSync("styles")
        .filter((f) => f.endsWith(".css"))
        .map((f) => `styles/${f}`)
        .sort(),
    );
    const html = pageHtml(
      { file: "x", title: "T <b>", html: "<p>body</p>", frame: "window", theme: "light", width: 400 },
      styles,
    );
    expect(FOUNDRY_STAND_IN_CSS).toContain("STAND-IN");
    expect(html.indexOf('data-file="stand-in"')).toBeLessThan(html.indexOf('data-file="styles/'));
    expect(html).toContain("T &lt;b&gt;");
    expect(html).toContain("<p>body</p>");
  });

  it("the player's tracker shots never carry the hidden combatant; the GM's do", () => {
    const shots = trackerShots();
    const player = shots.filter((s) => s.file.startsWith("tracker-player"));
    const gm = shots.filter((s) => s.file.startsWith("tracker-gm-hidden"));
    expect(player.length).toBeGreaterThan(0);
    for (const s of player) expect(s.html).not.toContain("Lurking Assassin");
    expect(gm[0]?.html).toContain("Lurking Assassin");
  });

  it("a placeholder portrait shows the image's initials", () => {
    expect(placeholderImage("/icons/g1-portrait.webp")).toContain(">G1</text>");
  });

  it("every Actor and Item type in system.json has a light and a dark sheet shot", () => {
    const manifest = JSON.parse(readFileSync("system.json", "utf8")) as {
      documentTypes: Record<string, Record<string, unknown>>;
    };
    const types = ["Actor", "Item"].flatMap((d) => Object.keys(manifest.documentTypes[d] ?? {}));
    expect(types.length).toBe(21);
    const shots = new Map(sheetShots().map((s) => [s.file, s]));
    for (const type of types)
      for (const theme of ["light", "dark"] as const) {
        const shot = shots.get(`sheet-${type}-${theme}`);
        expect(shot, `sheet-${type}-${theme}`).toBeDefined();
        expect(shot?.theme).toBe(theme);
        expect(shot?.html).toContain(`fray-${type}`);
      }
  });

  it("every combat mode has setup and ended tracker shots, light and dark, each showing what it says", () => {
    expect([...MODE_IDS].sort()).toEqual(Object.keys(COMBAT_MODES).sort());
    const shots = new Map(trackerShots().map((s) => [s.file, s]));
    for (const mode of Object.keys(COMBAT_MODES))
      for (const theme of ["light", "dark"] as const) {
        const setup = shots.get(`tracker-${mode}-setup-${theme}`);
        const ended = shots.get(`tracker-${mode}-ended-${theme}`);
        expect(setup, `tracker-${mode}-setup-${theme}`).toBeDefined();
        expect(ended, `tracker-${mode}-ended-${theme}`).toBeDefined();
        expect(setup?.theme).toBe(theme);
        expect(setup?.html).toContain("fray-setup");
        expect(setup?.html).toContain(`value="${mode}" selected`);
        expect(ended?.html).toMatch(/is over/);
        expect(ended?.html).not.toMatch(/data-action="fray(Act|EndTurn|Pass)"/);
      }
  });

  it(
    "every rule set has an odds panel shot with a played result, light and dark, all in words",
    { timeout: 120_000 },
    () => {
      const shots = new Map(oddsShots().map((s) => [s.file, s]));
      for (const ruleset of RULESETS)
        for (const theme of ["light", "dark"] as const) {
          const shot = shots.get(`odds-${ruleset}-${theme}`);
          expect(shot, `odds-${ruleset}-${theme}`).toBeDefined();
          expect(shot?.theme).toBe(theme);
          expect(shot?.html).toContain("2000 fights from the start");
          expect(shot?.html).toMatch(/Heroes win<\/dt>\s*<dd><strong>\d+%<\/strong>/);
          expect(shot?.html).toContain("<rect ");
          expect(shot?.html.match(/>[^<]*FRAY\.[^<]*</g) ?? []).toEqual([]);
        }
      expect(shots.get("odds-teams-midfight-dark")?.html).toContain("2000 fights from round 2 as it stands");
      expect(shots.get("odds-teams-running-dark")?.html).toContain("1240 of 2000 fights");
    },
  );

  it("each mode's opening, phases, a delay and morale are shot", () => {
    const files = new Set(trackerShots().map((s) => s.file));
    const states = [
      "ranked-main",
      "rolled-roundzero",
      "rolled-main",
      "rolled-delay",
      "teams-surprise",
      "teams-main",
      "factions-ambush",
      "factions-main",
      "factions-fast",
      "factions-slow",
      "factions-morale",
      "sections-draw",
      "sections-strategy",
      "sections-action",
      "sections-discard",
    ];
    for (const state of states)
      for (const theme of ["light", "dark"])
        expect(files, `tracker-${state}-${theme}`).toContain(`tracker-${state}-${theme}`);
  });

  describe("attack card shots", async () => {
    const shots = new Map((await cardShots()).map((s) => [s.file, s]));
    const of = (ruleset: string, theme: string) =>
      [...shots.values()].filter((s) => s.file.startsWith(`card-${ruleset}-`) && s.theme === theme);

    it("every rule set's attack is played through the real adapter to its end", () => {
      expect(CARD_SCRIPTS.map((s) => s.ruleset).sort()).toEqual([...RULESETS].sort());
    });

    it.each([...RULESETS])(
      "%s: every step as the GM and as the target's owner, light and dark, in the chat log",
      (ruleset) => {
        for (const theme of ["light", "dark"] as const) {
          const files = of(ruleset, theme).map((s) => s.file);
          for (const viewer of ["gm", "target"]) {
            const steps = files.filter((f) => f.endsWith(`-${viewer}-${theme}`) && /^card-\w+-\d-/.test(f));
            expect(steps.length, `card-${ruleset}-*-${viewer}-${theme}`).toBeGreaterThanOrEqual(4);
            expect(
              steps.some((f) => f.includes("-1-opened-")),
              `${ruleset} opened`,
            ).toBe(true);
            expect(
              steps.some((f) => /-\d-roll-/.test(f)),
              `${ruleset} rolled`,
            ).toBe(true);
            expect(
              steps.some((f) => /-\d-apply-/.test(f)),
              `${ruleset} applied`,
            ).toBe(true);
          }
          for (const s of of(ruleset, theme)) {
            expect(s.tab).toBe("chat");
            expect(s.html).toContain("fray-attack-card");
            expect(s.html, s.file).not.toMatch(/>[^<]*FRAY\./);
          }
        }
      },
    );

    it("the GM's card after the roll shows the dice; the blind roll's attacker sees them hidden", () => {
      expect(shots.get("card-teams-2-roll-gm-dark")?.html).toContain("is-dice");
      for (const theme of ["light", "dark"]) {
        const blind = shots.get(`card-teams-blind-attacker-${theme}`);
        expect(blind?.message?.blind).toBe(true);
        expect(blind?.html).toContain("fray-card-hidden");
        expect(blind?.html).not.toContain("is-dice");
      }
    });

    it("the chat frame shows the card as one message's content", () => {
      const shot = shots.get("card-factions-1-opened-gm-light");
      if (!shot) throw new Error("no shot");
      const html = pageHtml(shot, []);
      expect(html).toMatch(/<li class="chat-message[^"]*">[\s\S]*<div class="message-content">[\s\S]*fray-attack-card/);
      expect(html).toContain("Balthasar");
    });
  });
});
