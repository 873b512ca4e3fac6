import { readFileSync } from "node:fs";
import { basename, join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { tsFiles } from "./source-files.js";

// The rules folders read as rules (issue 27): the simulator's fast paths live in src/core/fast, under one name,
// and import the rules they need. No quick-run twin, no in-place mode, no second form of a rule that fills a
// record, and no note about the JavaScript engine's speed tricks in the rules core.
const CORE = resolve("src/core");
const RULES_FOLDERS = [
  "turn-order/sections",
  "turn-order/ranked",
  "turn-order/rolled",
  "turn-order/teams",
  "turn-order/factions",
  "turn-order/shared",
  "attack/escalation",
].map((f) => join(CORE, f));
const FAST = join(CORE, "fast");

/** A name a fast path's twin of a rule goes by: a quick run, an in-place form, a rule filling a record (…Into). */
const TWIN_NAME = /QuickRun|InPlace|inPlace|^[a-z]\w*Into$/;
const TWIN_FILE = /^quick-/;

/** The identifiers a file declares or uses (comments and strings left out). */
function identifiers(file: string, text: string): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node)) out.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** What in `text` names a fast path's twin, as "file: name". */
export function twinsIn(file: string, text: string): string[] {
  const named = TWIN_FILE.test(basename(file)) ? [`${file}: (file name)`] : [];
  const ids = [...new Set(identifiers(file, text).filter((id) => TWIN_NAME.test(id)))];
  return [...named, ...ids.map((id) => `${file}: ${id}`)];
}

/** The lines of `text` whose comments speak of V8 (every comment the syntax tree has around its nodes). */
export function engineNotesIn(file: string, text: string): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const seen = new Set<number>();
  const out: string[] = [];
  const note = (ranges: ts.CommentRange[] | undefined): void => {
    for (const r of ranges ?? []) {
      if (seen.has(r.pos)) continue;
      seen.add(r.pos);
      if (/\bV8\b/.test(text.slice(r.pos, r.end)))
        out.push(`${file}:${sf.getLineAndCharacterOfPosition(r.pos).line + 1}`);
    }
  };
  const visit = (node: ts.Node): void => {
    note(ts.getLeadingCommentRanges(text, node.getFullStart()));
    note(ts.getTrailingCommentRanges(text, node.getEnd()));
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out.sort((a, b) => Number(a.split(":")[1]) - Number(b.split(":")[1]));
}

describe("the rules floor", () => {
  it("the turn orders' and the escalation attack's folders hold no fast-path twin of a rule", () => {
    const found = RULES_FOLDERS.flatMap((dir) =>
      tsFiles(dir).flatMap((f) => twinsIn(relative(CORE, f), readFileSync(f, "utf8"))),
    );
    expect(found).toEqual([]);
  });

  it("no comment in src/core outside the fast paths speaks of V8", () => {
    const found = tsFiles(CORE)
      .filter((f) => !f.startsWith(`${FAST}/`))
      .flatMap((f) => engineNotesIn(relative(CORE, f), readFileSync(f, "utf8")));
    expect(found).toEqual([]);
  });
});

describe("the rules-floor checks can fail", () => {
  it("find a quick run, an in-place form, a rule filling a record, and a twin's file name", () => {
    const text =
      "export class RankedQuickRun {}\nlet inPlace = null;\nexport function rollToHitInto() {}\ntakeHitInPlace();";
    expect(twinsIn("quick-run.ts", text)).toEqual([
      "quick-run.ts: (file name)",
      "quick-run.ts: RankedQuickRun",
      "quick-run.ts: inPlace",
      "quick-run.ts: rollToHitInto",
      "quick-run.ts: takeHitInPlace",
    ]);
    // Words in comments and strings, and names that only end in "In", are not twins.
    expect(twinsIn("order.ts", '// an in-place QuickRun\nconst s = "Into";\nfunction markedIn() {}')).toEqual([]);
  });

  it("find a V8 note in a line or block comment, and not in code or in a word", () => {
    const text = 'const a = "V8";\n// V8 inlines this\n/**\n * kept for V8\n */\nconst UV8 = 1;';
    expect(engineNotesIn("x.ts", text)).toEqual(["x.ts:2", "x.ts:3"]);
  });
});
