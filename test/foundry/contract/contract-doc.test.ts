import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * docs/foundry-contract.md names the test that holds each row. A row is only as good as that test: every test file it
 * names exists, and every test name it quotes (`file › name`) is a test of that file.
 */
const DOC = readFileSync("docs/foundry-contract.md", "utf8");
const files = [...DOC.matchAll(/`(test\/[\w./-]+\.ts)`/g)].map((m) => m[1] as string);
const named = [...DOC.matchAll(/`(test\/[\w./-]+\.ts)` › ([^|]+?)\s*\|/g)].map((m) => ({
  file: m[1] as string,
  name: m[2] as string,
}));

describe("docs/foundry-contract.md", () => {
  it("names tests", () => {
    expect(files.length).toBeGreaterThan(50);
    expect(named.length).toBeGreaterThan(40);
  });

  it("names only test files that exist", () => {
    expect(files.filter((f) => !existsSync(f))).toEqual([]);
  });

  it("quotes only test names its files hold", () => {
    // A title split over lines ("a " +\n "b", as the lint wraps it) is read whole.
    const joined = (file: string) => readFileSync(file, "utf8").replace(/(["'`])\s*\+\s*\1/g, "");
    const missing = named.filter((c) => existsSync(c.file) && !joined(c.file).includes(c.name));
    expect(missing.map((c) => `${c.file} › ${c.name}`)).toEqual([]);
  });
});
