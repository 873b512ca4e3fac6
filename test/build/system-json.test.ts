import { existsSync, mkdtempSync, readFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { extractPack } from "@foundryvtt/foundryvtt-cli";
import { describe, expect, it } from "vitest";
import { COMBAT_MODES } from "../../src/foundry/rulesets/index.js";
import { ACTOR_MODELS, ITEM_MODELS } from "../../src/foundry/data/models.js";

// `npm test` builds dist/ first; this checks what a GM would drop into Data/systems/fray/.
const dist = "dist";
const system = JSON.parse(readFileSync(join(dist, "system.json"), "utf8")) as {
  id: string;
  version: string;
  compatibility: { minimum: string; verified: string };
  esmodules: string[];
  styles: string[];
  languages: { lang: string; path: string }[];
  packs: { name: string; path: string; type: string }[];
  documentTypes: Record<string, Record<string, unknown>>;
};
const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { version: string };

describe("dist/system.json", () => {
  it("is the fray system for Foundry v13 at the package version", () => {
    expect(system.id).toBe("fray");
    expect(system.compatibility).toEqual({ minimum: "13", verified: "13" });
    expect(system.version).toBe(pkg.version);
  });

  it("names only files that exist in dist/", () => {
    const named = [...system.esmodules, ...system.styles, ...system.languages.map((l) => l.path)];
    expect(named.length).toBeGreaterThan(2);
    for (const f of named) expect(existsSync(join(dist, f)), f).toBe(true);
    expect(existsSync(join(dist, "fray.mjs.map"))).toBe(true);
    expect(existsSync(join(dist, "templates"))).toBe(true);
  });

  it("every pack is a compiled LevelDB folder that extracts back to its sources", async () => {
    expect(system.packs.length).toBeGreaterThan(0);
    for (const pack of system.packs) {
      expect(existsSync(join(dist, pack.path, "CURRENT")), pack.name).toBe(true);
      const out = mkdtempSync(join(tmpdir(), "fray-pack-"));
      await extractPack(join(dist, pack.path), out);
      const sources = readdirSync(pack.path).filter((f) => /\.(json|ya?ml)$/.test(f));
      expect(readdirSync(out).length, pack.name).toBe(sources.length);
    }
  });

  it("declares exactly the document types Fray registers", () => {
    const declared = (doc: string) => Object.keys(system.documentTypes[doc] ?? {}).sort();
    expect(declared("Combat")).toEqual(Object.keys(COMBAT_MODES).sort());
    expect(declared("Actor")).toEqual(ACTOR_MODELS.map((m) => m.type).sort());
    expect(declared("Item")).toEqual(ITEM_MODELS.map((m: { type: string }) => m.type).sort());
  });

  it("ships the background image of every adventure's scene, in dist/ and in the zip", () => {
    const zip = readFileSync(join(dist, `fray-${pkg.version}.zip`)).toString("latin1");
    const adventures = system.packs.filter((p) => p.type === "Adventure");
    expect(adventures.length).toBeGreaterThan(0);
    const images = readdirSync("assets/scenes").map((f) => `assets/scenes/${f}`);
    expect(images.length).toBeGreaterThan(0);
    for (const f of images) {
      expect(existsSync(join(dist, f)), f).toBe(true);
      expect(zip.includes(f), f).toBe(true);
    }
  });

  it("the distribution zip holds the system, the lazily loaded chunks included", () => {
    const zip = readFileSync(join(dist, `fray-${pkg.version}.zip`)).toString("latin1");
    const chunks = readdirSync(join(dist, "chunks")).map((f) => `chunks/${f}`);
    expect(chunks.length).toBeGreaterThan(0);
    for (const f of ["system.json", "fray.mjs", "lang/en.json", "styles/fray.css", "styles/cards.css", ...chunks])
      expect(zip.includes(f), f).toBe(true);
  });
});
