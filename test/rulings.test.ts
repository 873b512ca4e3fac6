import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// Every clause the catalogue marks silent has a ruling in docs/rulings.md under its id.
// The catalogue lives beside the checkout (../shared); without it there is nothing to check against.
const CATALOGUE = "../shared/rules/CLAUSES.md";
const catalogue = existsSync(CATALOGUE) ? readFileSync(CATALOGUE, "utf8") : "";
const rulings = readFileSync("docs/rulings.md", "utf8");

describe.skipIf(!catalogue)("docs/rulings.md", () => {
  const silent = [...catalogue.matchAll(/^- \*\*([A-Z]+-\d+)\*\*.*\(silent/gm)].map((m) => m[1] as string);
  const ruled = new Set([...rulings.matchAll(/^### ([A-Z]+-\d+)/gm)].map((m) => m[1] as string));

  it("finds the silent clauses of the catalogue", () => {
    expect(silent.length).toBeGreaterThan(50);
  });

  it("records a ruling under the id of every silent clause", () => {
    expect(silent.filter((id) => !ruled.has(id))).toEqual([]);
  });
});
