import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { RULESETS } from "../src/core/rulesets.js";

// Every user-facing string lives in lang/en.json: every key the code or a template names must be there.
const en = JSON.parse(readFileSync("lang/en.json", "utf8")) as Record<string, unknown>;

function has(key: string): boolean {
  let node: unknown = en;
  for (const part of key.split(".")) {
    if (!node || typeof node !== "object" || !(part in node)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string";
}

function files(dir: string, ext: RegExp): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p, ext) : ext.test(n) ? [p] : [];
  });
}

/** Keys written out in full ("FRAY.Refusal.NotYourTurn") and short refusal names (refuse("NotYourTurn", ...)). */
export function keysIn(text: string): string[] {
  const full = [...text.matchAll(/["'`](FRAY\.[A-Za-z0-9_.]+[A-Za-z0-9_])["'`]/g)].map((m) => m[1] as string);
  const short = [...text.matchAll(/\b(?:refuse|deny)\(\s*["']([A-Za-z][A-Za-z0-9]*)["']/g)].map((m) => `FRAY.Refusal.${m[1]}`);
  return [...full, ...short];
}

describe("localisation", () => {
  it("the key scanner finds full keys and short refusal names", () => {
    expect(keysIn('x("FRAY.A.B"); refuse("NotYourTurn", "r"); `FRAY.C.${id}.Name`')).toEqual(["FRAY.A.B", "FRAY.Refusal.NotYourTurn"]);
  });

  it("every FRAY key named in src/ and templates/ is in lang/en.json", () => {
    const sources = [...files("src", /\.ts$/), ...files("templates", /\.hbs$/)];
    const missing = new Set<string>();
    for (const f of sources) for (const k of keysIn(readFileSync(f, "utf8"))) if (!has(k)) missing.add(`${k} (${f})`);
    expect([...missing]).toEqual([]);
  });

  it("every rule set has a localised name and hint", () => {
    for (const id of RULESETS) {
      expect(has(`FRAY.Ruleset.${id}.Name`), id).toBe(true);
      expect(has(`FRAY.Ruleset.${id}.Hint`), id).toBe(true);
    }
    expect(has("FRAY.Setting.Ruleset.Name") && has("FRAY.Setting.Ruleset.Hint")).toBe(true);
  });
});
