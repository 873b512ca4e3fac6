import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { RULESETS, type RulesetId } from "../../src/core/rulesets.js";
import { readPackSources } from "../../tools/pack-sources.mjs";
import { plain } from "./doc-texts.js";

// Issue 29: the rule-set summaries are also in French. docs/translating.md records how: a French journal entry beside
// each English one, in the pack's folder "Français", its name ending "(français)", so Fray needs no module for it.

interface Entry {
  _id: string;
  name: string;
  folder: string | null;
  type?: string;
  _key: string;
  pages?: { name: string; text: { content: string } }[];
}

const docs = () => readPackSources("packs/rule-sets", "JournalEntry").docs.map((d: { doc: unknown }) => d.doc as Entry);
const lang = (code: string) =>
  JSON.parse(readFileSync(`lang/${code}.json`, "utf8")) as { FRAY: Record<string, Record<string, unknown>> };
const label = (code: string, path: string[]) =>
  path.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], lang(code).FRAY) as string;
const text = (e: Entry) => (e.pages ?? []).map((p) => plain(p.text.content)).join(" ");

/**
 * The game each rule set plays, where its text names one; the others are named by their chapter, quoted as each
 * language quotes.
 */
const GAME: Readonly<Record<RulesetId, (code: "en" | "fr") => string>> = {
  sections: () => "Triptycho",
  escalation: (code) => (code === "en" ? "“Combat rules”" : "« Combat rules »"),
  teams: (code) => (code === "en" ? "“Combat”" : "« Combat »"),
  strain: () => "Thrum",
  factions: (code) => (code === "en" ? "“Combat”" : "« Combat »"),
};

describe("the rule-set summaries", () => {
  it("hold one folder, Français, holding the French entries", () => {
    const folders = docs().filter((d) => d._key.startsWith("!folders!"));
    expect(folders.map((f) => f.name)).toEqual(["Français"]);
  });

  describe.each(RULESETS.map((r) => [r] as [RulesetId]))("%s", (ruleset) => {
    const en = () => docs().find((d) => d.name === label("en", ["Ruleset", ruleset, "Name"]))!;
    const fr = () => docs().find((d) => d.name === `${label("fr", ["Ruleset", ruleset, "Name"])} (français)`)!;

    it("has an English entry at the top of the pack and a French one, labelled, in the folder Français", () => {
      expect(en(), "English entry").toBeDefined();
      expect(fr(), "French entry").toBeDefined();
      expect(en().folder).toBeNull();
      const folder = docs().find((d) => d.name === "Français")!;
      expect(fr().folder).toBe(folder._id);
    });

    it("the French entry has the English one's pages, each in French", () => {
      expect(fr().pages?.length).toBe(en().pages?.length);
      for (const [i, page] of (fr().pages ?? []).entries()) {
        expect(page.text.content.length, page.name).toBeGreaterThan(200);
        expect(page.text.content).not.toBe(en().pages![i]!.text.content);
      }
      expect(text(fr())).toMatch(/\b(?:Le|La|Les|Un|Une) /);
    });

    it("each names the game it plays, the rule set's id and the one-click adventure under its label", () => {
      for (const [code, entry] of [
        ["en", en()],
        ["fr", fr()],
      ] as const) {
        expect(text(entry), code).toContain(GAME[ruleset](code));
        expect(text(entry), code).toContain(ruleset);
        expect(text(entry), code).toContain(label(code, ["Pack", ruleset, "Adventure"]));
      }
    });

    it("points at nothing the zip does not ship (no file of the repository, no catalogue id)", () => {
      for (const entry of [en(), fr()]) expect(text(entry)).not.toMatch(/docs\/|\.md\b|\b[A-Z]{3,4}-\d+\b/);
    });
  });
});
