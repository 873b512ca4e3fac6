import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { tsFiles } from "./source-files.js";

// Rooms, not prefixes: a folder of the Foundry layer holds few enough files to take in at a glance, and
// docs/architecture.md draws every room, naming only files that exist (issue 27).
const FOUNDRY = resolve("src/foundry");
const MAX_ROOM_FILES = 15;

/** Every folder under `dir`, itself included, with the files it holds directly. */
function rooms(dir: string): { dir: string; files: string[] }[] {
  const entries = readdirSync(dir, { withFileTypes: true });
  const files = entries.filter((e) => e.isFile()).map((e) => e.name);
  const below = entries.filter((e) => e.isDirectory()).flatMap((e) => rooms(join(dir, e.name)));
  return [{ dir, files }, ...below];
}

/** The code block of the architecture's "Where things live": the map of the house. */
function houseMap(): string {
  const doc = readFileSync("docs/architecture.md", "utf8");
  const section = doc.split("\n## Where things live\n")[1]?.split("\n## ")[0] ?? "";
  return /```\n([\s\S]*?)```/.exec(section)?.[1] ?? "";
}

describe("the rooms of src/foundry", () => {
  it(`hold at most ${MAX_ROOM_FILES} files each`, () => {
    const crowded = rooms(FOUNDRY).filter((r) => r.files.length > MAX_ROOM_FILES);
    expect(crowded.map((r) => `${relative(".", r.dir)}: ${r.files.length}`)).toEqual([]);
  });

  it("are each drawn on docs/architecture.md's map", () => {
    const map = houseMap();
    const names = rooms(FOUNDRY)
      .slice(1)
      .map((r) => relative(FOUNDRY, r.dir).split("/").at(-1)!);
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((n) => !new RegExp(`(^|[\\s(/])${n}/`, "m").test(map))).toEqual([]);
  });

  it("the map names only files that exist", () => {
    const map = houseMap();
    const present = new Set(tsFiles(resolve("src")).map((f) => f.split("/").at(-1)!));
    const named = [...map.matchAll(/(?<![\w<>.-])([a-z][\w-]*\.ts)\b/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(0);
    expect([...new Set(named.filter((n) => !present.has(n)))]).toEqual([]);
  });
});
