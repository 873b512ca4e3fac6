import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LIMITATIONS, markdownTexts, packTexts, sentences, type DocText } from "./doc-texts.js";

// Issue 29: what Fray does not do lives in one place, docs/limitations.md. Anywhere else, a sentence that says Fray
// lacks something ("not yet", "is not rolled", "does not spend", "has no ... control") is a limit said twice, or a
// stale one: the journals said for months that falls are not rolled, long after they were.

/** How the journals and docs said that Fray lacked something. One sentence at a time. */
const SAYS_MISSING: readonly { readonly phrase: string; readonly pattern: RegExp }[] = [
  // "not yet", "does not roll the 1d4 yet", "are not linked yet", "have not yet been run"
  { phrase: "not ... yet", pattern: /\bnot\b[^.;:]*\byet\b/i },
  { phrase: "yet to", pattern: /\byet to\b/i },
  { phrase: "untested", pattern: /\buntested\b/i },
  { phrase: "is not rolled", pattern: /\b(?:is|are) not (?:rolled|offered|handed)\b/i },
  { phrase: "does not spend", pattern: /\b(?:does|do) not (?:spend|roll|make the)\b/i },
  { phrase: "has no ... control", pattern: /\bhas no\b[^.;]*\bcontrols?\b|\bno controls? (?:on|for)\b/i },
  { phrase: "by hand", pattern: /\b(?:recorded|counted|spent) (?:there )?by hand\b/i },
  { phrase: "not run in a live world", pattern: /\bnot (?:been )?run in a (?:live|real)\b/i },
];

/**
 * Sentences those words match that say nothing of what Fray lacks, by their own words: a state of play ("who has not
 * acted yet") or a limit that other work is moving, in a file this brief leaves to that work.
 */
const NOT_A_LIMIT: readonly { readonly file: string; readonly words: string; readonly why: string }[] = [
  {
    file: "packs/teams-journal/start-here-teams.yml",
    words: "one member who has not acted yet",
    why: "TEAM-07's rule, not Fray's",
  },
  { file: "docs/rulings.md", words: "if it has not acted yet", why: "the ruling's own condition (ESC-48)" },
  { file: "docs/rulings.md", words: "a card not yet rolled", why: "a card's state (SEC-47)" },
  { file: "docs/cards.md", words: "On a card not yet rolled", why: "a card's state: its circumstances may change" },
  {
    file: "docs/foundry-contract.md",
    words: "Foundry's Remove are not offered",
    why: "Fray's design: the GM's Remove goes through the turn order",
  },
  {
    file: "docs/rulings.md",
    words: "is not offered the Intercept on a card",
    why: "ruling SEC-47: a hidden blocker stays hidden",
  },
  {
    file: "docs/rulings.md",
    words: "a zone picked without a token to aim at is not offered",
    why: "ruling FAC-36, also in docs/limitations.md",
  },
  {
    file: "docs/architecture.md",
    words: "escalation's boosts to movement are not added to a token move",
    why: "in docs/limitations.md; docs/architecture.md is another helper's to rewrite (issue 29's brief)",
  },
  {
    file: "docs/architecture.md",
    words: "a toggle during a fight does not reach the turn order's own state",
    why: "in docs/limitations.md; docs/architecture.md is another helper's to rewrite (issue 29's brief)",
  },
  {
    file: "docs/simulator.md",
    words: "Issue 16's 50,000 is reached in two of the three end runs",
    why: "a benchmark's figure, not a feature; moving to bench/diary.md with the simulator's rewrite (issue 27)",
  },
];

/**
 * What the journals said Fray lacked, which it has now (issue 29 names each): the words that said so, and the test
 * that shows it works. No text says otherwise, docs/limitations.md included.
 */
const DONE: readonly {
  readonly what: string;
  readonly said: RegExp;
  readonly sample: string;
  /** False when the sample says it in none of SAYS_MISSING's phrases ("the card leaves that choice to you"). */
  readonly phrased?: false;
  readonly proof: readonly [string, string];
}[] = [
  {
    what: "falls are rolled (SEC-13)",
    said: /\bfalls?\b[^.]*\b(?:does|do|is|are) not (?:yet )?(?:roll|rolled)\b|\bnot roll the 1d4\b/i,
    sample:
      "From the Chapel, Move down into the Crypt: allowed; the rules say she falls (Height 1), but Fray does " +
      "not roll the 1d4 yet.",
    proof: ["test/foundry/move-cards/move-cards.test.ts", "SEC-13 walking down a Height 2 border posts a fall card"],
  },
  {
    what: "descent rolls are rolled (STR-26)",
    said: /\bdescents?\b[^.]*\b(?:does|do|is|are) not (?:yet )?(?:roll|rolled)\b/i,
    sample:
      "Walk down off the Tower: allowed; a drop of 2 or more levels calls for a descent roll, which " +
      "Fray does not roll yet.",
    proof: ["test/foundry/move-cards/move-cards.test.ts", "STR-26/STR-27 a walk off a cliff posts a descent card"],
  },
  {
    what: "climbs make their Acrobatics checks (SEC-15)",
    said: /\b(?:climb|climbs|climbing|acrobatics)\b[^.]*\b(?:does|do|is|are) not (?:yet )?(?:make|roll|rolled|made)\b/i,
    sample:
      "A climber stays in the lower section until the climb is done, and Fray does not make the Acrobatics checks yet.",
    proof: ["test/foundry/canvas/climbs/climb-cards.test.ts", "SEC-15 a Climb up a Height 2 makes Move 2's checks"],
  },
  {
    what: "free hits are offered (ESC-39)",
    said: /\bfree hits?\b[^.]*\bnot (?:yet )?offered\b|\bnot (?:yet )?offered\b[^.]*\bfree hits?\b/i,
    sample:
      "Leaving an enemy's melee zone is noted by the rules as a free hit, but the free hit is not " +
      "offered as a card yet.",
    proof: [
      "test/foundry/move-cards/move-cards.test.ts",
      "ESC-39 leaving the Goblin's melee zone offers it a free hit",
    ],
  },
  {
    what: "opportunity attacks are offered (FAC-23)",
    said: /\bopportunity attacks?\b[^.]*\bnot (?:yet )?offered\b|\bnot (?:yet )?offered\b[^.]*\bopportunity attacks?\b/i,
    sample: "Opportunity attacks a move provokes are not offered yet.",
    proof: [
      "test/foundry/move-cards/move-cards.test.ts",
      "FAC-23 moving away from a nearby enemy offers it an opportunity attack",
    ],
  },
  {
    what: "a drag spends the turn's Move in a started fight",
    said: /\bdrags?\b[^.]*\b(?:does|do) not spend\b|\bthe two are not linked\b|\brecorded (?:there )?by hand\b|\bnot against what the tracker has left\b/i,
    sample:
      "Fray checks each token's move against the scene's sections and borders, but the tracker records the Moves " +
      "you declare: a drag does not spend them.",
    proof: ["test/foundry/canvas/fight/move-budget.test.ts", "SEC-05 the innate Move is recorded as the turn's move"],
  },
  {
    what: "the card has the GM's circumstances control",
    said: /\bno control on the card\b|\bcard has no\b[^.]*\bcontrol\b|\bcircumstances\b[^.]*\bno control\b/i,
    sample:
      "A player's attack carries no circumstances or boosts: only yours can, and there is no control on the " +
      "card to add them yet.",
    proof: [
      "test/foundry/cards/requests/card-circumstances.test.ts",
      "the control is the GM's and the attacker's owner's, labelled",
    ],
  },
  {
    what: "a Move a card grants reaches the token (SEC-06)",
    said: /\bnot (?:yet )?handed to the token\b|\bPhase, Fly and Teleport are refused\b/i,
    sample: "A Move a card grants is not yet handed to the token, so Phase, Fly and Teleport are refused.",
    proof: [
      "test/foundry/canvas/actions/move-grants.test.ts",
      "SEC-08 play a Fly 2, then a Fly up a Height is allowed",
    ],
  },
  {
    what: "Blocks and the Intercept are on the canvas and the card (SEC-42, SEC-47)",
    said: /\bnot yet:?[^.]*\bBlocks on the canvas\b/i,
    sample: "Not yet: Blocks on the canvas (SEC-42..SEC-48 Intercept and distance Blocks); strain's areas (STR-30).",
    proof: ["test/foundry/canvas/blocks/blocks.test.ts", "SEC-42 the blocker's owner Blocks a border of its section"],
  },
  {
    what: "the Start here journals are in French too (issue 29)",
    said: /\bStart here"? journals\b[^.]*\bEnglish only\b/i,
    sample: 'The "Start here" journals and the adventures\' descriptions are in English only.',
    phrased: false,
    proof: ["test/docs/start-here.test.ts", "has the English entry's pages, in the same order, each in French"],
  },
  {
    what: "the Intercept is offered to the blocker's owner on the card (SEC-47)",
    said: /\bcard leaves that choice to you\b|\bIntercept\b[^.]*\bleft to the GM\b/i,
    sample:
      "An entity Blocking a border that a ranged attack crosses may Intercept; the card leaves that choice to you.",
    phrased: false,
    proof: ["test/foundry/cards/requests/card-intercept.test.ts", "SEC-47 the Gate guard's owner Intercepts"],
  },
];

const hits = (texts: readonly DocText[], pattern: RegExp) =>
  texts.flatMap(({ file, text }) => sentences(text).flatMap((s) => (pattern.test(s) ? [`${file}: ${s}`] : [])));

const everyText = () => [...markdownTexts(), ...packTexts()];
const startHere = () => packTexts().filter((t) => /packs\/[a-z]+-journal\//.test(t.file));

describe("docs/limitations.md holds what Fray does not do", () => {
  it("exists, with the limits grouped by feature under headings, each a list", () => {
    expect(existsSync(LIMITATIONS)).toBe(true);
    const text = readFileSync(LIMITATIONS, "utf8");
    const groups = text.split(/^## /m).slice(1);
    expect(groups.length).toBeGreaterThanOrEqual(4);
    for (const g of groups) expect(g.match(/^- /gm)?.length ?? 0, g.split("\n")[0]).toBeGreaterThan(0);
  });

  it("no journal, adventure, summary or doc outside it says Fray lacks something", () => {
    const outside = everyText().filter((t) => t.file !== LIMITATIONS);
    expect(outside.length).toBeGreaterThan(15);
    const found = outside.flatMap(({ file, text }) =>
      sentences(text).flatMap((s) => {
        if (NOT_A_LIMIT.some((n) => n.file === file && s.includes(n.words))) return [];
        return SAYS_MISSING.filter((m) => m.pattern.test(s)).map((m) => `${file} (${m.phrase}): ${s}`);
      }),
    );
    expect(found).toEqual([]);
  });

  it("the phrases catch what the journals said of the features issue 29 names", () => {
    const said = DONE.filter((d) => d.phrased !== false).map((d) => d.sample);
    expect(said.length).toBeGreaterThanOrEqual(9);
    for (const s of said)
      expect(
        SAYS_MISSING.some((m) => m.pattern.test(s)),
        s,
      ).toBe(true);
  });

  it("the README and every Start here journal point to it", () => {
    expect(readFileSync("README.md", "utf8")).toContain("](docs/limitations.md)");
    const journals = startHere();
    // Five in English, five in French beside them (docs/translating.md).
    expect(journals.length).toBe(10);
    for (const j of journals) expect(j.text, j.file).toContain("docs/limitations.md");
  });
});

describe.each(DONE.map((d) => [d.what, d] as const))("no text says Fray lacks it: %s", (_, done) => {
  it("the words that said so are caught", () => {
    expect(done.said.test(done.sample)).toBe(true);
  });

  it("a test shows it works", () => {
    const [file, name] = done.proof;
    // A long title is split over lines as "a " + "b": read it joined.
    const text = readFileSync(file, "utf8")
      .replace(/(["'`])\s*\+\s*\1/g, "")
      .replace(/\bit\(\s*/g, "it(");
    expect(text).toContain(`it("${name}`);
  });

  it("no journal, adventure, summary or doc says otherwise, docs/limitations.md included", () => {
    expect(hits(everyText(), done.said)).toEqual([]);
  });
});
