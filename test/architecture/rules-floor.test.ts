import { readFileSync } from "node:fs";
import { basename, join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { tsFiles } from "./source-files.js";

// The rules folders read as rules (issue 27): the simulator's fast paths live in src/core/fast, under one name,
// and import the rules they need. No quick twin of a rule, no in-place mode, no second form of a rule that fills a
// record, and no note about the JavaScript engine's speed tricks in the rules core.
const CORE = resolve("src/core");
/** Every rules folder, and each folder under it. */
const RULES_FOLDERS = ["attack", "economy", "turn-order", "space"].map((f) => join(CORE, f));
const FAST = join(CORE, "fast");

/**
 * A name a fast path's twin of a rule goes by: a quick run or a quick form of a rule (quickX, QuickX), an in-place
 * form, a rule filling a record (…Into).
 */
const TWIN_NAME = /^[Qq]uick[A-Z]|InPlace|inPlace|^[a-z]\w*Into$/;
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

/** The names of the functions a file declares (function declarations, and consts holding a function). */
export function functionsIn(file: string, text: string): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionDeclaration(node) && node.name) out.push(node.name.text);
    const init = ts.isVariableDeclaration(node) ? node.initializer : undefined;
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      init &&
      (ts.isArrowFunction(init) || ts.isFunctionExpression(init))
    )
      out.push(node.name.text);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/**
 * What in `text` names a fast path's twin, as "file: name". `rules` are the functions the rules folders declare: a
 * name `xIn` beside a rule `x` is x's in-place twin (a rule that only ends in "In", such as markedIn, is not).
 */
export function twinsIn(file: string, text: string, rules: ReadonlySet<string> = new Set()): string[] {
  const named = TWIN_FILE.test(basename(file)) ? [`${file}: (file name)`] : [];
  const twin = (id: string): boolean => TWIN_NAME.test(id) || (/^[a-z]\w*In$/.test(id) && rules.has(id.slice(0, -2)));
  const ids = [...new Set(identifiers(file, text).filter(twin))];
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
  it("no rules folder (attack, economy, turn-order, space) holds a fast-path twin of a rule", () => {
    const files = RULES_FOLDERS.flatMap((dir) => tsFiles(dir)).map((f) => ({
      file: relative(CORE, f),
      text: readFileSync(f, "utf8"),
    }));
    const rules = new Set(files.flatMap((f) => functionsIn(f.file, f.text)));
    const found = files.flatMap((f) => twinsIn(f.file, f.text, rules));
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
  it("find a quick run or form, an in-place form, a rule filling a record, and a twin's file name", () => {
    const text = [
      "export class QuickRun {}",
      "let inPlace = null;",
      "export function rollToHitInto() {}",
      "takeHitInPlace();",
      "export const quickAttack = () => 0;",
      "let r: QuickTeamsResult;",
    ].join("\n");
    expect(twinsIn("quick-run.ts", text)).toEqual([
      "quick-run.ts: (file name)",
      "quick-run.ts: QuickRun",
      "quick-run.ts: inPlace",
      "quick-run.ts: rollToHitInto",
      "quick-run.ts: takeHitInPlace",
      "quick-run.ts: quickAttack",
      "quick-run.ts: QuickTeamsResult",
    ]);
    // Words in comments and strings, and names that only end in "In" or "quick", are not twins.
    expect(
      twinsIn("order.ts", '// an in-place QuickRun\nconst s = "Into";\nfunction markedIn() {}\nlet quickly = 1;'),
    ).toEqual([]);
  });

  it("find a rule's in-place twin xIn beside the rule x, declared in any rules file", () => {
    const rules = new Set([
      ...functionsIn("economy.ts", "export function draw() {}\nexport const spend = (t: number) => t;\nconst n = 1;"),
      ...functionsIn("health.ts", "function suffer() { return sufferIn(); }"),
    ]);
    expect([...rules]).toEqual(["draw", "spend", "suffer"]);
    expect(twinsIn("turns.ts", "drawIn(t); spendIn(t); sufferIn(c); nIn(1); markedIn(l);", rules)).toEqual([
      "turns.ts: drawIn",
      "turns.ts: spendIn",
      "turns.ts: sufferIn",
    ]);
  });

  it("find a V8 note in a line or block comment, and not in code or in a word", () => {
    const text = 'const a = "V8";\n// V8 inlines this\n/**\n * kept for V8\n */\nconst UV8 = 1;';
    expect(engineNotesIn("x.ts", text)).toEqual(["x.ts:2", "x.ts:3"]);
  });
});
