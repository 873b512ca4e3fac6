import { readFileSync } from "node:fs";
import { relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { tsFiles } from "./source-files.js";

// One port over Foundry's `game` (issue 27): src/foundry reads the global only in theGame(), and every function asks
// for the part of the port it needs. Quench batches drive a live world from its own window and keep their reads.
const FOUNDRY = resolve("src/foundry");
const ACCESSOR = "src/foundry/game/game-port.ts";
const QUENCH = /^src\/foundry\/quench\/(?!register-quench\.ts$)/;

/** The lines of a file that read the global `game`: the bare name as a value, or `globalThis.game`. */
export function gameReads(file: string, text: string): number[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const lines: number[] = [];
  const line = (n: ts.Node) => sf.getLineAndCharacterOfPosition(n.getStart()).line + 1;
  const visit = (node: ts.Node, shadowed: boolean): void => {
    if (!shadowed && ts.isIdentifier(node) && node.text === "game" && readsGlobal(node)) lines.push(line(node));
    const inner = shadowed || declaresGame(node);
    ts.forEachChild(node, (child) => visit(child, inner));
  };
  visit(sf, false);
  return lines;
}

/** A function with a parameter named `game`, or a block declaring a local `game`: inside, `game` is not the global. */
function declaresGame(node: ts.Node): boolean {
  const named = (n: ts.Node | undefined) => !!n && ts.isIdentifier(n) && n.text === "game";
  if (ts.isFunctionLike(node)) return node.parameters.some((p) => named(p.name));
  if (!ts.isBlock(node) && !ts.isSourceFile(node)) return false;
  return node.statements.some(
    (s) => ts.isVariableStatement(s) && s.declarationList.declarations.some((d) => named(d.name)),
  );
}

function readsGlobal(id: ts.Identifier): boolean {
  const p = id.parent;
  if (ts.isPropertyAccessExpression(p) && p.name === id) return onGlobalThis(p.expression);
  if (ts.isElementAccessExpression(p)) return false;
  const declares =
    (ts.isVariableDeclaration(p) || ts.isParameter(p) || ts.isBindingElement(p) || ts.isFunctionDeclaration(p)) &&
    p.name === id;
  const names =
    (ts.isPropertyAssignment(p) ||
      ts.isPropertySignature(p) ||
      ts.isPropertyDeclaration(p) ||
      ts.isMethodDeclaration(p) ||
      ts.isGetAccessor(p) ||
      ts.isQualifiedName(p)) &&
    (p as { name?: ts.Node }).name === id;
  return !declares && !names && !ts.isShorthandPropertyAssignment(p) && !ts.isImportSpecifier(p);
}

/** `globalThis`, possibly in parentheses or behind `as`. */
function onGlobalThis(e: ts.Expression): boolean {
  let x = e;
  while (ts.isParenthesizedExpression(x) || ts.isAsExpression(x) || ts.isNonNullExpression(x)) x = x.expression;
  return ts.isIdentifier(x) && x.text === "globalThis";
}

describe("the port over game", () => {
  it("is the only place in src/foundry that reads the global game (Quench batches aside)", () => {
    const readers = tsFiles(FOUNDRY)
      .map((f) => relative(".", f))
      .filter((f) => f !== ACCESSOR && !QUENCH.test(f))
      .flatMap((f) => gameReads(f, readFileSync(f, "utf8")).map((l) => `${f}:${l}`));
    expect(readers).toEqual([]);
  });

  it("finds a bare read, a read through globalThis, and leaves names and locals alone", () => {
    const text = [
      "const a = game.user;",
      "const b = (globalThis as { game?: X }).game?.dice3d;",
      "function f(game: G) { return game.users; }",
      "const o = { game: 1 }; o.game;",
    ].join("\n");
    expect(gameReads("x.ts", text)).toEqual([1, 2]);
  });

  it("has each member named in docs/foundry-contract.md", () => {
    const port = ts.createSourceFile(ACCESSOR, readFileSync(ACCESSOR, "utf8"), ts.ScriptTarget.Latest, true);
    const members: string[] = [];
    port.forEachChild((n) => {
      if (ts.isInterfaceDeclaration(n) && n.name.text === "GamePort")
        for (const m of n.members) if (m.name && ts.isIdentifier(m.name)) members.push(m.name.text);
    });
    expect(members.length).toBeGreaterThan(10);
    const doc = readFileSync("docs/foundry-contract.md", "utf8");
    expect(members.filter((m) => !doc.includes(`\`game.${m}\``))).toEqual([]);
  });
});
