import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { RULESETS, type RulesetId } from "../../src/core/rulesets.js";
import { readPackSources } from "../../tools/pack-sources.mjs";
import { LIMITATIONS, markdownTexts, packTexts, plain, sentences, type DocText } from "./doc-texts.js";

// Issue 29: the "Start here" journals walk the first fight as Fray plays it. Issue 28 made the attack card a step of
// the fight, so no text tells the GM to record an attack in the tracker. A first fight's length is its encounter,
// not a promise in minutes: the journals said "about ten minutes" of fights that took 21 rounds.

const allJournals = () => packTexts().filter((t) => /packs\/[a-z]+-journal\//.test(t.file));
/** The English entries; their French twins (`-fr.yml`) are checked against them below. */
const journals = () => allJournals().filter((t) => !t.file.endsWith("-fr.yml"));
/** Every text a GM reads but the list of limits, which says what Fray does not do in its own words. */
const forGms = () => [...markdownTexts(), ...packTexts()].filter((t) => t.file !== LIMITATIONS);

const hits = (texts: readonly DocText[], pattern: RegExp) =>
  texts.flatMap(({ file, text }) => sentences(text).flatMap((s) => (pattern.test(s) ? [`${file}: ${s}`] : [])));

/** The GM's chores the card took over, in the words the journals used for them. */
const TRACKER_CHORE =
  /\b(?:spend|record)\b[^.]*\bin the tracker\b|\b(?:spend|record)\b[^.]*\b(?:Action Phase|attack)\b[^.]*\bby hand\b/i;
const MINUTES = /\b(?:\d+|a few|ten|five|fifteen|twenty|thirty)[ -]minutes?\b/i;

const words = (s: string) => s.split(/\s+/).filter((w) => /\w/.test(w)).length;
const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

describe("the Start here journals", () => {
  it("are five, one per rule set", () => {
    expect(journals().map((j) => j.file)).toHaveLength(5);
  });

  it("the phrases catch what the journals said", () => {
    expect(
      TRACKER_CHORE.test(
        "Spend the attack in the tracker (⋯ → Spend: Attack), so the multiple attack penalty stays right.",
      ),
    ).toBe(true);
    expect(TRACKER_CHORE.test("Record the Action Phase in the tracker (⋯ → Spend: action · action).")).toBe(true);
    expect(TRACKER_CHORE.test("Spend the turn's Action in the tracker (⋯ on the acting row).")).toBe(true);
    expect(MINUTES.test("It takes about ten minutes.")).toBe(true);
    expect(MINUTES.test("a 10-minute fight")).toBe(true);
    expect(MINUTES.test("Walk ten squares, then wait a round.")).toBe(false);
  });

  it("no text tells the GM to record an attack in the tracker: the card spends it", () => {
    expect(hits(forGms(), TRACKER_CHORE)).toEqual([]);
  });

  it("no text promises a fight in minutes: the first fight is its encounter", () => {
    expect(hits(forGms(), MINUTES)).toEqual([]);
  });

  it("each names the first fight, the one-click adventure, the players' ownership and Begin", () => {
    for (const { file, text } of journals()) {
      expect(text, file).toMatch(/The first fight is the demo encounter: /);
      expect(text, file).toContain("Adventure (one click)");
      expect(text, file).toContain("Configure Ownership");
      expect(text, file).toContain("Begin combat");
      expect(text, file).toContain("Trust players' circumstances");
    }
  });

  it("each links to Fray's limitations page by its name in the repository, in the README's URL form", () => {
    for (const { file, text } of journals()) {
      expect(text, file).toContain("Fray's limitations page");
      expect(text, file).toContain("docs/limitations.md");
      expect(text, file).toContain("https://github.com/<owner>/<repository>/");
    }
  });

  it("speak in short sentences, in English and in French: a median of at most 25 words", () => {
    for (const { file, text } of allJournals()) {
      const counts = sentences(text).map(words);
      expect(counts.length, file).toBeGreaterThan(50);
      expect(median(counts), file).toBeLessThanOrEqual(25);
    }
  });
});

// docs/translating.md: each Start here journal has a French entry beside it, in its pack's folder Français, with the
// English entry's pages in the same order and links to the same documents.
interface Entry {
  _id: string;
  _key: string;
  name: string;
  folder: string | null;
  pages?: { name: string; sort: number; text: { content: string } }[];
}
const entries = (ruleset: RulesetId) =>
  readPackSources(`packs/${ruleset}-journal`, "JournalEntry").docs.map((d: { doc: unknown }) => d.doc as Entry);
const frLabel = (ruleset: RulesetId) =>
  (JSON.parse(readFileSync("lang/fr.json", "utf8")) as { FRAY: { Ruleset: Record<string, { Name: string }> } }).FRAY
    .Ruleset[ruleset]!.Name;
const links = (e: Entry) =>
  (e.pages ?? []).flatMap((p) => [...p.text.content.matchAll(/@UUID\[([^\]]+)\]/g)].map((m) => m[1]!)).sort();

describe.each(RULESETS.map((r) => [r] as [RulesetId]))("the %s Start here journal in French", (ruleset) => {
  const en = () => entries(ruleset).find((e) => !e._key.startsWith("!folders!") && e.folder === null)!;
  const fr = () => entries(ruleset).find((e) => !e._key.startsWith("!folders!") && e.folder !== null);

  it("sits in the pack's only folder, Français, named after the rule set's French name", () => {
    const folders = entries(ruleset).filter((e) => e._key.startsWith("!folders!"));
    expect(folders.map((f) => f.name)).toEqual(["Français"]);
    expect(fr(), "French entry").toBeDefined();
    expect(fr()!.folder).toBe(folders[0]!._id);
    expect(fr()!.name).toBe(`Pour commencer : ${frLabel(ruleset)} (français)`);
  });

  it("has the English entry's pages, in the same order, each in French", () => {
    const [e, f] = [en().pages!, fr()!.pages!];
    expect(f.map((p) => p.sort)).toEqual(e.map((p) => p.sort));
    const number = (name: string) => /^\d+\./.exec(name)?.[0] ?? "";
    expect(f.map((p) => number(p.name))).toEqual(e.map((p) => number(p.name)));
    for (const [i, page] of f.entries()) {
      expect(page.text.content.length, page.name).toBeGreaterThan(200);
      expect(page.name).not.toBe(e[i]!.name);
      expect(plain(page.text.content), page.name).toMatch(/\b(?:le|la|les|un|une|des|du)\b/i);
    }
  });

  it("links to the same documents as the English entry", () => {
    expect(links(fr()!)).toEqual(links(en()));
  });

  it("speaks the rule set's French words and French typography", () => {
    // A link's label is its document's name, which stays as the pack has it.
    const text = (fr()!.pages ?? [])
      .map((p) => plain(p.text.content.replace(/@UUID\[[^\]]*\]\{[^}]*\}/g, "")))
      .join("\n");
    expect(text).toContain(frLabel(ruleset));
    expect(text).toContain("Commencer le combat");
    expect(text).toContain("docs/limitations.md");
    // A space before a colon, as French sets it; "https:" and the clock are no prose.
    expect(text.replace(/https:/g, "").match(/\S:(?!\d)/g) ?? []).toEqual([]);
  });
});
