// `node tools/lint-fix.mjs`: every mechanical lint fix, in order. Run it again after a merge; then `npm run lint`
// lists what is left to fix by hand.
// 1. prettier writes the code at 120 characters a line.
// 2. Comments and string literals still past 120 are wrapped: a comment at a word, a string split into "a " + "b".
//    Prettier cannot do either. Each split string is the same value at run time.
// 3. eslint --fix (type imports, needless type assertions), then prettier again, until nothing changes.
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";

const WIDTH = 120;
const FOLDERS = ["src", "test", "tools", "bench"];

/** The TypeScript and JavaScript sources eslint reads (declaration files aside). */
function sources(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.(ts|mjs)$/.test(p) && !/\.d\.m?ts$/.test(p) ? [p] : [];
  });
}

function run(cmd, args) {
  const r = spawnSync(cmd, args, { stdio: "inherit" });
  return r.status ?? 1;
}

/** The starts of a line's text: [start offset of each line]. */
function lineStarts(text) {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === "\n") starts.push(i + 1);
  return starts;
}

/** Every comment of a file, found from its tokens (so a "//" inside a string is not taken for one). */
function comments(sf) {
  const text = sf.text;
  const found = new Map();
  const add = (ranges) => ranges?.forEach((r) => found.set(r.pos, r));
  const visit = (node) => {
    if (node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode) return;
    add(ts.getLeadingCommentRanges(text, node.pos));
    add(ts.getTrailingCommentRanges(text, node.end));
    for (const child of node.getChildren(sf)) visit(child);
  };
  visit(sf);
  return [...found.values()];
}

/** Words laid into lines of at most `room` characters (a word longer than that stands alone). */
function fill(words, room) {
  const lines = [];
  let line = "";
  for (const w of words) {
    if (line && line.length + 1 + w.length > room) {
      lines.push(line);
      line = w;
    } else line = line ? `${line} ${w}` : w;
  }
  if (line) lines.push(line);
  return lines;
}

/** A comment line the overflow may run into: same marker and indent, prose, not a list item or a tag. */
function continues(line, prefix) {
  if (!line.startsWith(prefix)) return false;
  const rest = line.slice(prefix.length);
  return rest.length > 0 && !/^\s|^[-*@|#>`]|^\d+[.)]\s|^eslint|^prettier/.test(rest) && !rest.startsWith("/");
}

/** Rewraps the comment lines longer than WIDTH; returns the new text, or the same text when nothing was long. */
function wrapComments(file, text) {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const lines = text.split("\n");
  const starts = lineStarts(text);
  const lineOf = (pos) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= pos) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  // line index -> how to wrap it
  const plan = new Map();
  for (const c of comments(sf)) {
    const first = lineOf(c.pos);
    const last = lineOf(c.end - 1);
    const body = text.slice(c.pos, c.end);
    if (c.kind === ts.SyntaxKind.SingleLineCommentTrivia) {
      if (lines[first].length <= WIDTH || /^\/\/\/|^\/\/\s*(eslint|prettier|@ts-|#)/.test(body)) continue;
      const before = lines[first].slice(0, c.pos - starts[first]);
      plan.set(first, { kind: "line", before, body });
    } else {
      for (let i = first; i <= last; i++) {
        if (lines[i].length <= WIDTH) continue;
        const before = lines[first].slice(0, c.pos - starts[first]);
        if (first === last) {
          if (before.trim() === "" && lines[i].trimEnd().endsWith("*/")) plan.set(i, { kind: "block", before, body });
        } else plan.set(i, { kind: "inner", indent: before.match(/^\s*/)[0] });
      }
    }
  }
  if (plan.size === 0) return text;
  const out = [];
  let carry = null; // { prefix, words } overflow waiting for the next line
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i];
    if (carry) {
      if (continues(line, carry.prefix)) {
        line = `${carry.prefix}${carry.words.join(" ")} ${line.slice(carry.prefix.length)}`;
        carry = null;
        if (line.length > WIDTH) {
          const p = plan.get(i) ?? { kind: "again" };
          plan.set(i, p);
        }
      } else {
        out.push(...fill(carry.words, WIDTH - carry.prefix.length).map((l) => carry.prefix + l));
        carry = null;
      }
    }
    const p = plan.get(i);
    if (!p || line.length <= WIDTH) {
      out.push(line);
      continue;
    }
    if (p.kind === "block") {
      const indent = p.before;
      const inner = p.body.replace(/^\/\*\*?\s*/, "").replace(/\s*\*\/$/, "");
      const open = p.body.startsWith("/**") ? "/**" : "/*";
      out.push(indent + open, ...fill(inner.split(/\s+/), WIDTH - indent.length - 3).map((l) => `${indent} * ${l}`));
      out.push(`${indent} */`);
      continue;
    }
    // A prefix, then the words: "  // words", "   * words", or code then a trailing comment.
    let prefix;
    let words;
    let head = null;
    const m = line.match(/^(\s*)(\/\/+ ?|\* ?|\/\*\*? ?)(.*)$/);
    if (m && !(p.kind === "line" && p.before.trim() !== "")) {
      const marker = m[2].startsWith("/*") ? "* " : m[2].startsWith("*") ? "* " : "// ";
      const lead = m[2].startsWith("/*") ? `${m[1]} ` : m[1];
      if (m[2].startsWith("/*")) head = `${m[1]}${m[2].trimEnd()}`;
      prefix = lead + marker;
      words = m[3].split(" ");
    } else if (p.kind === "line") {
      // A trailing comment goes above its code line, at the code's indent.
      const indent = p.before.match(/^\s*/)[0];
      prefix = `${indent}// `;
      words = p.body.replace(/^\/\/\s?/, "").split(" ");
      const laid = fill(words, WIDTH - prefix.length).map((l) => prefix + l);
      out.push(...laid, p.before.trimEnd());
      continue;
    } else {
      out.push(line);
      continue;
    }
    if (head) out.push(head);
    const laid = fill(words, WIDTH - prefix.length);
    if (laid.length <= 1) {
      out.push(line);
      continue;
    }
    out.push(prefix + laid[0]);
    carry = { prefix, words: laid.slice(1).join(" ").split(" ") };
  }
  if (carry) out.push(...fill(carry.words, WIDTH - carry.prefix.length).map((l) => carry.prefix + l));
  return out.join("\n");
}

/** Where a literal may become a concatenation of the same value without changing a type or a key. */
function splittable(node) {
  const parent = node.parent;
  // Inside another template literal prettier leaves the code as it is: a cut there only adds pieces.
  for (let up = parent; up; up = up.parent) if (ts.isTemplateSpan(up)) return false;
  if (ts.isTaggedTemplateExpression(parent)) return false;
  if (ts.isCallExpression(parent) || ts.isNewExpression(parent)) return parent.arguments?.includes(node) ?? false;
  if (ts.isBinaryExpression(parent)) return parent.operatorToken.kind === ts.SyntaxKind.PlusToken;
  if (ts.isPropertyAssignment(parent)) return parent.initializer === node;
  // A template with substitutions is a string whatever it holds; a plain literal in a const may be a literal type.
  if (ts.isVariableDeclaration(parent))
    return parent.initializer === node && (!!parent.type || ts.isTemplateExpression(node));
  return (
    ts.isArrayLiteralExpression(parent) ||
    ts.isReturnStatement(parent) ||
    ts.isParenthesizedExpression(parent) ||
    (ts.isConditionalExpression(parent) && parent.condition !== node)
  );
}

/** The offsets inside a literal's source where it may be cut: after a space, outside `${}`, not in an escape. */
function cutPoints(sf, node) {
  const text = sf.text;
  const segments = [];
  if (ts.isTemplateExpression(node)) {
    segments.push([node.head.getStart(sf) + 1, node.head.end - 2]);
    for (const span of node.templateSpans) {
      const lit = span.literal;
      const tail = lit.kind === ts.SyntaxKind.TemplateTail;
      segments.push([lit.getStart(sf) + 1, lit.end - (tail ? 1 : 2)]);
    }
  } else segments.push([node.getStart(sf) + 1, node.end - 1]);
  const spaces = [];
  const any = [];
  for (const [from, to] of segments) {
    for (let i = from + 1; i < to; i++) {
      let slashes = 0;
      for (let j = i - 1; j >= from && text[j] === "\\"; j--) slashes++;
      if (slashes % 2 === 1) continue; // inside an escape
      if (text[i - 1] === " " && text[i] !== " ") spaces.push(i);
      if (",;>".includes(text[i - 1])) any.push(i);
    }
  }
  return spaces.length > 0 ? spaces : any;
}

/** Splits the string literals that run past WIDTH; returns the new text. */
function splitStrings(file, text) {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const lines = text.split("\n");
  const edits = [];
  const visit = (node) => {
    const literal =
      ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node);
    if (literal) {
      const start = node.getStart(sf);
      const { line, character } = sf.getLineAndCharacterOfPosition(start);
      const endLine = sf.getLineAndCharacterOfPosition(node.end).line;
      if (endLine === line && node.end - start >= 40 && lines[line].length > WIDTH && splittable(node)) {
        const indent = lines[line].match(/^\s*/)[0].length;
        const room = WIDTH - indent - 8;
        const firstRoom = Math.max(WIDTH - character - 4, 20);
        // Cut where the piece so far would outgrow its room; a literal that fits, on a line that does not, is cut in
        // two near its middle (prettier then gives the call's arguments a line each).
        const all = cutPoints(sf, node).filter((at) => at - start >= 20 && node.end - at >= 20);
        const picked = [];
        let last = start;
        let roomNow = firstRoom;
        for (let k = 0; k < all.length; k++) {
          const next = all[k + 1] ?? node.end;
          if (next - last <= roomNow) continue;
          picked.push(all[k]);
          last = all[k];
          roomNow = room;
        }
        const middle = (start + node.end) / 2;
        const nearest = all.reduce((best, at) => (Math.abs(at - middle) < Math.abs(best - middle) ? at : best), all[0]);
        if (picked.length === 0 && nearest !== undefined) picked.push(nearest);
        if (picked.length > 0) {
          const q = text[start];
          edits.push(...picked.map((at) => ({ at, insert: `${q} + ${q}` })));
        }
      }
      if (ts.isTemplateExpression(node)) {
        for (const span of node.templateSpans) visit(span.expression);
      }
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  if (edits.length === 0) return text;
  let out = text;
  for (const e of edits.sort((a, b) => b.at - a.at)) out = out.slice(0, e.at) + e.insert + out.slice(e.at);
  return out;
}

/** One pass of the wrapping over every source; true when a file changed. */
function wrapAll() {
  let changed = false;
  for (const file of FOLDERS.flatMap(sources)) {
    const before = readFileSync(file, "utf8");
    const after = splitStrings(file, wrapComments(file, before));
    if (after !== before) {
      writeFileSync(file, after);
      changed = true;
    }
  }
  return changed;
}

const prettier = ["prettier", "--write", "--log-level", "warn", "."];
run("npx", prettier);
for (let pass = 0; pass < 4 && wrapAll(); pass++) run("npx", prettier);
// eslint exits 1 while hand fixes remain; that is expected here.
if (!process.argv.includes("--no-eslint")) {
  run("npx", ["eslint", "--fix", ...FOLDERS, "eslint.config.js"]);
  run("npx", prettier);
}
for (let pass = 0; pass < 4 && wrapAll(); pass++) run("npx", prettier);
