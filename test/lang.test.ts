import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { RULESETS } from "../src/core/rulesets.js";
import { EN, LANGUAGES, emptyOrNotText, keyDifferences, readLanguage } from "./fakes/lang.js";

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
  const short = [...text.matchAll(/\b(?:refuse|deny)\(\s*["']([A-Za-z][A-Za-z0-9]*)["']/g)].map(
    (m) => `FRAY.Refusal.${m[1]}`,
  );
  return [...full, ...short];
}

describe("localisation", () => {
  it("the key scanner finds full keys and short refusal names", () => {
    expect(keysIn('x("FRAY.A.B"); refuse("NotYourTurn", "r"); `FRAY.C.${id}.Name`')).toEqual([
      "FRAY.A.B",
      "FRAY.Refusal.NotYourTurn",
    ]);
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

// Every language system.json lists must have what English has, or Foundry shows raw keys ("FRAY.Refusal.…")
// to players of that language: English is the reference, the others follow its key tree.
const documentTypes = (
  JSON.parse(readFileSync("system.json", "utf8")) as { documentTypes: Record<string, Record<string, unknown>> }
).documentTypes;

/** The `TYPES.<Document>.<type>` labels Foundry looks up for every declared type, missing or empty in `strings`. */
export function missingTypeLabels(
  types: Readonly<Record<string, Readonly<Record<string, unknown>>>>,
  strings: Readonly<Record<string, unknown>>,
): string[] {
  return Object.entries(types).flatMap(([doc, byType]) =>
    Object.keys(byType)
      .map((t) => `TYPES.${doc}.${t}`)
      .filter((k) => typeof strings[k] !== "string" || strings[k].trim() === ""),
  );
}

/** `TYPES.*` labels for a document or type system.json does not declare (left over from a renamed type). */
export function strayTypeLabels(
  types: Readonly<Record<string, Readonly<Record<string, unknown>>>>,
  strings: Readonly<Record<string, unknown>>,
): string[] {
  return Object.keys(strings).filter((k) => {
    // A system's own type ids may hold dots (RegionBehavior "fray.section"): everything after the document is the type.
    const [head, doc, ...rest] = k.split(".");
    const type = rest.join(".");
    return head === "TYPES" && (!doc || !type || !(type in (types[doc] ?? {})));
  });
}

describe("every language system.json lists", () => {
  it("lists English and at least one more language, each with a code, a name and a file under lang/", () => {
    expect(LANGUAGES.map((l) => l.lang)).toContain("en");
    expect(LANGUAGES.length).toBeGreaterThanOrEqual(2);
    for (const l of LANGUAGES)
      expect(
        [l.lang, l.name, l.path].every((v) => typeof v === "string" && v !== "") && l.path.startsWith("lang/"),
        l.lang,
      ).toBe(true);
    expect(new Set(LANGUAGES.map((l) => l.lang)).size).toBe(LANGUAGES.length);
  });

  it("declares the Actor, Item, Combat and ChatMessage types the labels are checked against", () => {
    for (const doc of ["Actor", "Item", "Combat", "ChatMessage"])
      expect(Object.keys(documentTypes[doc] ?? {}).length, doc).toBeGreaterThan(0);
  });

  for (const l of LANGUAGES) {
    describe(`${l.name} (${l.lang}, ${l.path})`, () => {
      const strings = readLanguage(l.path);

      it("exists and reads as a JSON object", () => {
        expect(existsSync(l.path), l.path).toBe(true);
        expect(strings, l.path).not.toBeNull();
      });

      it("has exactly English's keys: none missing, none extra", () => {
        expect(keyDifferences(EN, strings ?? {})).toEqual({ missing: [], extra: [] });
      });

      it("has no empty string and no value that is not a string", () => {
        expect(emptyOrNotText(strings ?? {})).toEqual([]);
      });

      it("labels every document type system.json declares, and no other", () => {
        expect(missingTypeLabels(documentTypes, strings ?? {})).toEqual([]);
        expect(strayTypeLabels(documentTypes, strings ?? {})).toEqual([]);
      });
    });
  }

  it(
    "the checks name a missing key, an extra key, an empty string and a missing type label (so the " +
      "tests above can fail)",
    () => {
      const broken: Record<string, unknown> = {
        ...EN,
        "FRAY.Probe.Extra": "x",
        "FRAY.Tracker.Act": " ",
        "FRAY.Tracker.Pass": 3,
      };
      delete broken["FRAY.Refusal.NotYourTurn"];
      delete broken["TYPES.Combat.teams"];
      expect(keyDifferences(EN, broken)).toEqual({
        missing: ["FRAY.Refusal.NotYourTurn", "TYPES.Combat.teams"],
        extra: ["FRAY.Probe.Extra"],
      });
      expect(emptyOrNotText(broken)).toEqual(["FRAY.Tracker.Act", "FRAY.Tracker.Pass"]);
      expect(missingTypeLabels(documentTypes, broken)).toEqual(["TYPES.Combat.teams"]);
      expect(strayTypeLabels(documentTypes, { ...broken, "TYPES.Actor.gone": "x", "TYPES.Scene.x": "y" })).toEqual([
        "TYPES.Actor.gone",
        "TYPES.Scene.x",
      ]);
      expect(readLanguage("lang/no-such-language.json")).toBeNull();
    },
  );
});
