// The table "Who may send what" in docs/architecture.md names every command the authority table knows, so a new
// command a player may send is never left out of the doc that says who may send it.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { AUTHORITY } from "../../src/foundry/combat/requests/authority.js";

const doc = readFileSync("docs/architecture.md", "utf8");
const section = doc.slice(doc.indexOf("### Who may send what"));
const table = section.slice(0, section.search(/\n#{2,3} /u) === -1 ? undefined : section.search(/\n#{2,3} /u));
const named = new Set(
  table
    .split("\n")
    .filter((l) => l.startsWith("|"))
    .flatMap((l) => l.match(/[A-Za-z]+/gu) ?? []),
);

describe("the doc's table of who may send what", () => {
  it("names every command of the authority table", () => {
    expect(Object.keys(AUTHORITY).filter((type) => !named.has(type))).toEqual([]);
  });
});
