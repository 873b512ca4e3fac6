import { readFileSync } from "node:fs";
import { relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { tsFiles } from "./source-files.js";

// The classes Foundry is given are named and declared at a module's top, as Crucible's are: a reader finds each by
// its name, and a test stubs Foundry's globals before it imports one (issue 27). A class made inside a function may
// only name data on itself (a type's model naming its metadata); its behaviour lives in a class at the top.

/** The classes made inside a function that have members beyond static properties: `file:line Name`. */
export function builtClasses(file: string, text = readFileSync(file, "utf8")): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const insideFunction = (node: ts.Node): boolean => {
    for (let p = node.parent; p; p = p.parent) if (ts.isFunctionLike(p)) return true;
    return false;
  };
  const dataOnly = (c: ts.ClassLikeDeclaration): boolean =>
    c.members.every(
      (m) => ts.isPropertyDeclaration(m) && (ts.getCombinedModifierFlags(m) & ts.ModifierFlags.Static) !== 0,
    );
  const visit = (node: ts.Node): void => {
    if ((ts.isClassDeclaration(node) || ts.isClassExpression(node)) && insideFunction(node) && !dataOnly(node)) {
      const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
      out.push(`${relative(".", file)}:${line} ${node.name?.text ?? "<anonymous>"}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

describe("the classes of src/foundry", () => {
  it("are declared at a module's top, none built by a function", () => {
    expect(tsFiles(resolve("src/foundry")).flatMap((f) => builtClasses(f))).toEqual([]);
  });
});

describe("the class check can fail", () => {
  it("finds a class a function returns or declares, and lets a top-level class and a data-only subclass be", () => {
    const text = [
      "export class Top extends Base { m() {} }",
      "export function made(meta) { return class Made extends Base { static meta = meta; m() {} }; }",
      "export function inner() { class Inner { x = 1; } return Inner; }",
      "export const typed = (meta) => class extends Top { static override readonly metadata = meta; };",
    ].join("\n");
    expect(builtClasses("probe.ts", text)).toEqual(["probe.ts:2 Made", "probe.ts:3 Inner"]);
  });
});
