import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readPackSources } from "../../tools/pack-sources.mjs";

function pack(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "fray-src-"));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}
const good = { _id: "abcdefghijklmnop", _key: "!items!abcdefghijklmnop", name: "Spear", effects: [] };

describe("pack sources", () => {
  it("accepts documents whose _key matches their collection and _id", () => {
    const dir = pack({ "spear.json": JSON.stringify(good) });
    expect(readPackSources(dir, "Item").docs).toHaveLength(1);
  });

  it("refuses a document without _key, naming the file", () => {
    const dir = pack({ "spear.json": JSON.stringify({ ...good, _key: undefined }) });
    expect(() => readPackSources(dir, "Item")).toThrow(/spear\.json: "Spear" has _key undefined; expected "!items!abcdefghijklmnop"/);
  });

  it("refuses a _key of the wrong collection", () => {
    const dir = pack({ "spear.json": JSON.stringify(good) });
    expect(() => readPackSources(dir, "Actor")).toThrow(/spear\.json.*expected "!actors!abcdefghijklmnop"/);
  });

  it("refuses invalid JSON and invalid YAML, naming the file", () => {
    expect(() => readPackSources(pack({ "broken.json": "{ nope" }), "Item")).toThrow(/broken\.json: invalid JSON/);
    expect(() => readPackSources(pack({ "broken.yml": "a: [1, 2" }), "Item")).toThrow(/broken\.yml: invalid YAML/);
  });

  it("checks embedded documents' keys too", () => {
    const actor = {
      _id: "actoractoractor1",
      _key: "!actors!actoractoractor1",
      name: "Guard",
      items: [{ _id: "itemitemitemitem", _key: "!items!itemitemitemitem", name: "Spear", effects: [] }],
    };
    expect(() => readPackSources(pack({ "guard.json": JSON.stringify(actor) }), "Actor")).toThrow(
      /expected "!actors.items!actoractoractor1.itemitemitemitem"/,
    );
  });

  it("refuses duplicate keys and mixed formats", () => {
    expect(() => readPackSources(pack({ "a.json": JSON.stringify(good), "b.json": JSON.stringify(good) }), "Item")).toThrow(
      /duplicate _key/,
    );
    expect(() => readPackSources(pack({ "a.json": JSON.stringify(good), "b.yml": "x: 1" }), "Item")).toThrow(/mixes JSON and YAML/);
  });
});
