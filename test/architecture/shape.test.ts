import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { importCycles, lineCount, longFunctions, tsFiles } from "./source-files.js";

// Small rooms, one direction: a newcomer finds each piece in a file they can read whole, and no two
// modules need each other (docs/architecture.md).
const SRC = resolve("src");
const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 80;

describe("the shape of src/", () => {
  const files = tsFiles(SRC);

  it("has no import cycle", () => {
    expect(importCycles(files)).toEqual([]);
  }, 60_000); // parsing all of src/ takes seconds on a busy machine

  it(`has no file over ${MAX_FILE_LINES} lines`, () => {
    const big = files.map((f) => ({ f, n: lineCount(f) })).filter(({ n }) => n > MAX_FILE_LINES);
    expect(big.map(({ f, n }) => `${f.slice(SRC.length + 1)}: ${n}`)).toEqual([]);
  }, 60_000);

  it(`has no function over ${MAX_FUNCTION_LINES} lines`, () => {
    const long = files.flatMap((f) => longFunctions(f, MAX_FUNCTION_LINES));
    expect(long.map((l) => `${l.file}:${l.line} ${l.name} (${l.lines} lines)`)).toEqual([]);
  }, 60_000);
});

describe("the shape checks can fail", () => {
  it("finds a two-module circle and a self-import, and no circle in a chain", () => {
    const graph: Record<string, string[]> = { a: ["b"], b: ["a"], c: ["c"], d: ["e"], e: [] };
    const cycles = importCycles(
      Object.keys(graph).map((k) => resolve(k)),
      (f) => (graph[f.slice(-1)] ?? []).map((k) => resolve(k)),
    );
    expect(cycles).toEqual([["a", "b"], ["c"]]);
  });

  it("measures a long function by its lines, arrows included", () => {
    const body = Array.from({ length: 90 }, (_, i) => `  const x${i} = ${i};`).join("\n");
    const text = `export const big = () => {\n${body}\n};\nfunction small() { return 1; }\n`;
    const found = longFunctions("probe.ts", MAX_FUNCTION_LINES, text);
    expect(found.map((l) => [l.name, l.lines])).toEqual([["big", 92]]);
  });
});
