import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// The rules core knows nothing of Foundry or the browser: it imports only from itself (and the pure
// packages listed here) and never names a Foundry or browser global.
const CORE = resolve("src/core");
const ALLOWED_PACKAGES = ["pure-rand"];
const FORBIDDEN_GLOBALS = new Set(["game", "CONFIG", "foundry", "Hooks", "ui", "canvas", "document", "window"]);

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? tsFiles(p) : p.endsWith(".ts") ? [p] : [];
  });
}

/** Every import specifier and every identifier used as a value or type reference (not a property name). */
export function scan(file: string, text: string): { imports: string[]; globals: { name: string; line: number }[] } {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const imports: string[] = [];
  const globals: { name: string; line: number }[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      imports.push(node.moduleSpecifier.text);
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const arg = node.arguments[0];
      imports.push(arg && ts.isStringLiteral(arg) ? arg.text : "<dynamic import>");
    }
    if (ts.isIdentifier(node) && FORBIDDEN_GLOBALS.has(node.text) && !isPropertyName(node)) {
      globals.push({ name: node.text, line: sf.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return { imports, globals };
}

function isPropertyName(id: ts.Identifier): boolean {
  const p = id.parent;
  return (
    (ts.isPropertyAccessExpression(p) && p.name === id) ||
    (ts.isQualifiedName(p) && p.right === id) ||
    ((ts.isPropertyAssignment(p) ||
      ts.isPropertySignature(p) ||
      ts.isPropertyDeclaration(p) ||
      ts.isMethodDeclaration(p) ||
      ts.isMethodSignature(p) ||
      ts.isGetAccessor(p) ||
      ts.isSetAccessor(p) ||
      ts.isEnumMember(p)) &&
      p.name === id) ||
    (ts.isBindingElement(p) && p.propertyName === id)
  );
}

describe("the rules core boundary", () => {
  const files = tsFiles(CORE);
  // Parsing the core takes seconds on a busy machine: once, shared by both checks, with room beyond the default
  // timeout.
  let scans: [string, ReturnType<typeof scan>][] | undefined;
  const scanned = () => (scans ??= files.map((f) => [f, scan(f, readFileSync(f, "utf8"))]));

  it("finds the core's files", () => {
    expect(files.length).toBeGreaterThan(3);
  });

  it("no file under src/core imports from outside src/core", () => {
    const bad: string[] = [];
    for (const [f, { imports }] of scanned()) {
      for (const spec of imports) {
        if (spec.startsWith(".")) {
          const target = resolve(dirname(f), spec);
          if (relative(CORE, target).startsWith("..")) bad.push(`${relative(".", f)} imports ${spec}`);
        } else if (!ALLOWED_PACKAGES.some((p) => spec === p || spec.startsWith(`${p}/`))) {
          bad.push(`${relative(".", f)} imports package ${spec}`);
        }
      }
    }
    expect(bad).toEqual([]);
  }, 60_000);

  it("no file under src/core names a Foundry or browser global", () => {
    const bad = scanned().flatMap(([f, { globals }]) => globals.map((g) => `${relative(".", f)}:${g.line} ${g.name}`));
    expect(bad).toEqual([]);
  }, 60_000);

  it("the scanner catches a global and an escaping import (so the two tests above can fail)", () => {
    const probe = scan(
      "probe.ts",
      'import x from "../../foundry/thing.js";\nconst a = game.settings;\nwindow.alert(1);\nconst o = { ui: 1 }; o.ui;',
    );
    expect(probe.imports).toEqual(["../../foundry/thing.js"]);
    expect(probe.globals.map((g) => g.name)).toEqual(["game", "window"]);
  });
});
