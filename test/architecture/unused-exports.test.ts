import { readFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { tsFiles } from "./source-files.js";

// Issue 27, unused code: every name a file of src/ exports is imported somewhere (src, tests, tools or benchmarks),
// statically or by a dynamic import(). A name nobody imports is either dead or only the file's own: then it is not
// exported. Files re-exported whole (`export * from`) or imported as a namespace count as wholly used.

const FOLDERS = ["src", "test", "tools", "bench"];
const files = FOLDERS.flatMap((folder) => tsFiles(resolve(folder)));

/** The file a relative specifier leads to, as the sources name them (".js" for ".ts"). */
const target = (from: string, spec: string) => resolve(dirname(from), spec).replace(/\.m?js$/, ".ts");

/** The names each file exports, and what the others take from each: a name, or "*" for all. */
function survey(): { exported: Map<string, string[]>; taken: Map<string, Set<string>> } {
  const exported = new Map<string, string[]>();
  const taken = new Map<string, Set<string>>();
  const take = (file: string, name: string) => {
    const set = taken.get(file) ?? new Set<string>();
    set.add(name);
    taken.set(file, set);
  };
  for (const file of files) {
    const sf = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    const names: string[] = [];
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const [spec] = node.arguments;
        if (spec && ts.isStringLiteral(spec) && spec.text.startsWith(".")) take(target(file, spec.text), "*");
      }
      ts.forEachChild(node, visit);
    };
    for (const node of sf.statements) {
      const modifiers = ts.canHaveModifiers(node) ? (ts.getModifiers(node) ?? []) : [];
      if (modifiers.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) {
        if (ts.isVariableStatement(node))
          for (const d of node.declarationList.declarations) if (ts.isIdentifier(d.name)) names.push(d.name.text);
        const named = node as ts.Node & { name?: ts.Node };
        if (named.name && ts.isIdentifier(named.name)) names.push(named.name.text);
      }
      if (
        (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
        node.moduleSpecifier &&
        ts.isStringLiteral(node.moduleSpecifier) &&
        node.moduleSpecifier.text.startsWith(".")
      ) {
        const to = target(file, node.moduleSpecifier.text);
        const clause = ts.isImportDeclaration(node) ? node.importClause?.namedBindings : node.exportClause;
        if (!clause || ts.isNamespaceImport(clause) || ts.isNamespaceExport(clause)) take(to, "*");
        else for (const e of clause.elements) take(to, (e.propertyName ?? e.name).text);
      }
      visit(node);
    }
    exported.set(file, names);
  }
  return { exported, taken };
}

describe("the exports of src/", () => {
  it("are each imported somewhere: a name only its own file uses is not exported", () => {
    const { exported, taken } = survey();
    const unused = [...exported]
      .filter(([file]) => file.includes(`${resolve("src")}/`) && !taken.get(file)?.has("*"))
      .flatMap(([file, names]) =>
        names.filter((n) => !taken.get(file)?.has(n)).map((n) => `${relative(".", file)} ${n}`),
      );
    expect(unused).toEqual([]);
  });
});
