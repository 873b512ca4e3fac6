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
    expect(() => readPackSources(dir, "Item")).toThrow(
      /spear\.json: "Spear" has _key undefined; expected "!items!abcdefghijklmnop"/,
    );
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

  it(
    "checks a scene's regions, their behaviours (two levels " + "down) and its walls, as the official CLI keys them",
    () => {
      const behaviour = (key: string) => ({
        _id: "behaviourbehavio",
        _key: key,
        name: "Hall",
        type: "fray.section",
        system: {},
      });
      const scene = (behaviourKey: string) => ({
        _id: "scenescenescene1",
        _key: "!scenes!scenescenescene1",
        name: "Keep",
        regions: [
          {
            _id: "regionregionregi",
            _key: "!scenes.regions!scenescenescene1.regionregionregi",
            name: "Hall",
            behaviors: [behaviour(behaviourKey)],
          },
        ],
        walls: [
          { _id: "wallwallwallwall", _key: "!scenes.walls!scenescenescene1.wallwallwallwall", c: [0, 0, 100, 0] },
        ],
      });
      const good = "!scenes.regions.behaviors!scenescenescene1.regionregionregi.behaviourbehavio";
      expect(readPackSources(pack({ "keep.json": JSON.stringify(scene(good)) }), "Scene").docs).toHaveLength(1);
      expect(() =>
        readPackSources(
          pack({ "keep.json": JSON.stringify(scene("!scenes.behaviors!scenescenescene1.behaviourbehavio")) }),
          "Scene",
        ),
      ).toThrow(new RegExp(`expected "${good.replace(/[.!]/g, "\\$&")}"`));
      const wall = {
        ...scene(good),
        walls: [{ _id: "wallwallwallwall", _key: "!walls!wallwallwallwall", c: [0, 0, 100, 0] }],
      };
      expect(() => readPackSources(pack({ "keep.json": JSON.stringify(wall) }), "Scene")).toThrow(
        /expected "!scenes\.walls!scenescenescene1\.wallwallwallwall"/,
      );
    },
  );

  it("refuses duplicate keys and mixed formats", () => {
    expect(() =>
      readPackSources(pack({ "a.json": JSON.stringify(good), "b.json": JSON.stringify(good) }), "Item"),
    ).toThrow(/duplicate _key/);
    expect(() => readPackSources(pack({ "a.json": JSON.stringify(good), "b.yml": "x: 1" }), "Item")).toThrow(
      /mixes JSON and YAML/,
    );
  });

  it("accepts folders of the pack's own type and documents filed in them", () => {
    const folder = {
      _id: "folderfolderfold",
      _key: "!folders!folderfolderfold",
      name: "Arms",
      type: "Item",
      folder: null,
    };
    const dir = pack({
      "arms.json": JSON.stringify(folder),
      "spear.json": JSON.stringify({ ...good, folder: folder._id }),
    });
    expect(readPackSources(dir, "Item").docs).toHaveLength(2);
  });

  it("refuses a folder of another type, and a document filed in a folder the pack does not hold", () => {
    const folder = {
      _id: "folderfolderfold",
      _key: "!folders!folderfolderfold",
      name: "Arms",
      type: "Actor",
      folder: null,
    };
    expect(() => readPackSources(pack({ "arms.json": JSON.stringify(folder) }), "Item")).toThrow(
      /arms\.json: folder "Arms" must have type "Item"/,
    );
    expect(() =>
      readPackSources(pack({ "spear.json": JSON.stringify({ ...good, folder: "nowherenowhere00" }) }), "Item"),
    ).toThrow(/spear\.json: "Spear" is in folder "nowherenowhere00", which this pack does not hold/);
  });
});
