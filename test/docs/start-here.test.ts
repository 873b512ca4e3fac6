import { describe, expect, it } from "vitest";
import { LIMITATIONS, markdownTexts, packTexts, sentences, type DocText } from "./doc-texts.js";

// Issue 29: the "Start here" journals walk the first fight as Fray plays it. Issue 28 made the attack card a step of
// the fight, so no text tells the GM to record an attack in the tracker. A first fight's length is its encounter,
// not a promise in minutes: the journals said "about ten minutes" of fights that took 21 rounds.

const journals = () => packTexts().filter((t) => /packs\/[a-z]+-journal\//.test(t.file));
/** Every text a GM reads but the list of limits, which says what Fray does not do in its own words. */
const forGms = () => [...markdownTexts(), ...packTexts()].filter((t) => t.file !== LIMITATIONS);

const hits = (texts: readonly DocText[], pattern: RegExp) =>
  texts.flatMap(({ file, text }) => sentences(text).flatMap((s) => (pattern.test(s) ? [`${file}: ${s}`] : [])));

/** The GM's chores the card took over, in the words the journals used for them. */
const TRACKER_CHORE = /\b(?:spend|record)\b[^.]*\bin the tracker\b|\b(?:spend|record)\b[^.]*\b(?:Action Phase|attack)\b[^.]*\bby hand\b/i;
const MINUTES = /\b(?:\d+|a few|ten|five|fifteen|twenty|thirty)[ -]minutes?\b/i;

const words = (s: string) => s.split(/\s+/).filter((w) => /\w/.test(w)).length;
const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

describe("the Start here journals", () => {
  it("are five, one per rule set", () => {
    expect(journals().map((j) => j.file)).toHaveLength(5);
  });

  it("the phrases catch what the journals said", () => {
    expect(TRACKER_CHORE.test("Spend the attack in the tracker (⋯ → Spend: Attack), so the multiple attack penalty stays right.")).toBe(
      true,
    );
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

  it("speak in short sentences: a median of at most 25 words", () => {
    for (const { file, text } of journals()) {
      const counts = sentences(text).map(words);
      expect(counts.length, file).toBeGreaterThan(50);
      expect(median(counts), file).toBeLessThanOrEqual(25);
    }
  });
});
