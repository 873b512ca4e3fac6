import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { initialData, type FieldSpec, type FieldSpecs } from "../../../src/foundry/data/field-spec.js";
import { ACTOR_MODELS, ITEM_MODELS } from "../../../src/foundry/data/models.js";
import type { ModelMetadata } from "../../../src/foundry/data/model-metadata.js";
import { reviewFor } from "../../../src/foundry/documents/review-for.js";
import { reviewChangesInPlace, reviewCreation } from "../../../src/foundry/documents/review-on-write.js";
import { FakeGame } from "../../fakes/foundry-game.js";

// At least 100 kinds of bad update, through the sheet's path (reviewFor, as `update` and the form submit call it) and
// the path every API call passes (`_preUpdate`: reviewChangesInPlace), and at creation: nothing invalid is stored,
// no prototype is polluted, and every refusal is a warning with a key in lang/en.json.
const en = JSON.parse(readFileSync("lang/en.json", "utf8")) as Record<string, unknown>;
const hasKey = (key: string) =>
  key
    .split(".")
    .reduce<unknown>((n, p) => (n && typeof n === "object" ? (n as Record<string, unknown>)[p] : undefined), en) !==
  undefined;

const warnings: string[] = [];
const g = globalThis as Record<string, unknown>;
beforeEach(() => {
  warnings.length = 0;
  g.ui = { notifications: { warn: (m: string) => warnings.push(m) } };
  g.game = new FakeGame({ i18n: { format: (key: string) => (hasKey(key) ? key : `MISSING ${key}`) } });
});
afterEach(() => {
  delete g.ui;
  delete g.game;
});

const BAD_NUMBERS: unknown[] = [
  "abc",
  "",
  "  ",
  Number.NaN,
  Number.POSITIVE_INFINITY,
  -1,
  -1e9,
  1e308,
  2 ** 60,
  1.5,
  [],
  {},
  null,
  true,
  "<b>1</b>",
  "1e400",
];
const BAD_POOLS: unknown[] = [
  { value: -3 },
  { value: 1e9 },
  { max: -1 },
  "x",
  [],
  { value: "x" },
  { extra: 1 },
  { value: 1.5 },
  { max: 2 ** 60 },
  null,
];
const BAD_TAGS: unknown[] = ["x", ["nope"], [1], {}, [null], 5];
const BAD_CHOICES: unknown[] = ["nope", 5, {}, ["d6"], null];
const BAD_TEXT: unknown[] = [5, {}, ["x"], null, true];
const BAD_FLAGS: unknown[] = ["yes", 1, {}, null];
const PROTOTYPE_UPDATES: Record<string, unknown>[] = [
  { "system.__proto__.polluted": 1 },
  { system: JSON.parse('{"__proto__": {"polluted": 1}}') as unknown },
  { "system.constructor.prototype.polluted": 1 },
  { "system.prototype.polluted": 1 },
  JSON.parse('{"__proto__": {"polluted": 1}}') as Record<string, unknown>,
  { "system.a.__proto__": { polluted: 1 } },
];

function badValuesFor(spec: FieldSpec): unknown[] {
  switch (spec.kind) {
    case "number":
      return BAD_NUMBERS;
    case "pool":
      return BAD_POOLS;
    case "tags":
      return BAD_TAGS;
    case "die":
      return BAD_CHOICES;
    case "string":
      return spec.choices ? BAD_CHOICES : BAD_TEXT;
    case "html":
      return BAD_TEXT;
    case "boolean":
      return BAD_FLAGS;
    case "group":
      return BAD_TEXT.filter((v) => v !== null);
  }
}

/**
 * Every path to a field with the values to try there that would be invalid if stored as sent (-1 is fine where there is
 * no minimum).
 */
function cases(meta: ModelMetadata): [string, unknown][] {
  const all = (fields: FieldSpecs, prefix: string): [string, unknown][] =>
    Object.entries(fields).flatMap(([key, spec]) => [
      ...badValuesFor(spec).map((v): [string, unknown] => [`${prefix}${key}`, v]),
      ...(spec.kind === "group" ? all(spec.fields, `${prefix}${key}.`) : []),
    ]);
  const base = initialData(meta.fields);
  return all(meta.fields, "system.").filter(([path, v]) => invalid(meta.fields, store(base, { [path]: v })).length > 0);
}

/** Problems with stored data against its spec (what Foundry would store after the update). */
function invalid(fields: FieldSpecs, data: Record<string, unknown>, path = ""): string[] {
  const out: string[] = [];
  for (const key of Object.keys(data))
    if (key !== "schemaVersion" && !Object.hasOwn(fields, key)) out.push(`${path}${key}: unknown`);
  for (const [key, spec] of Object.entries(fields)) {
    const v = data[key];
    const p = `${path}${key}`;
    const whole = (n: unknown, min = -Infinity, max = Infinity) =>
      typeof n === "number" && Number.isSafeInteger(n) && n >= min && n <= max;
    switch (spec.kind) {
      case "number":
        if (!(spec.integer === false ? Number.isFinite(v) : whole(v, spec.min, spec.max)))
          out.push(`${p}: ${String(v)}`);
        break;
      case "pool": {
        const pool = v as { value?: unknown; max?: unknown };
        if (!whole(pool?.max, 0) || !whole(pool?.value, 0, pool.max as number)) out.push(`${p}: ${JSON.stringify(v)}`);
        break;
      }
      case "tags":
        if (!Array.isArray(v) || v.some((t) => !spec.choices.includes(t as string)))
          out.push(`${p}: ${JSON.stringify(v)}`);
        break;
      case "die":
        if (typeof v !== "string") out.push(p);
        break;
      case "string":
        if (typeof v !== "string" || (spec.choices && !spec.choices.includes(v))) out.push(`${p}: ${String(v)}`);
        break;
      case "html":
        if (typeof v !== "string") out.push(p);
        break;
      case "boolean":
        if (typeof v !== "boolean") out.push(p);
        break;
      case "group":
        out.push(...invalid(spec.fields, v as Record<string, unknown>, `${p}.`));
    }
  }
  return out;
}

/** Apply reviewed changes the way Foundry merges an update into stored data (flattened keys expanded). */
function store(system: Record<string, unknown>, changes: Record<string, unknown>): Record<string, unknown> {
  const next = structuredClone(system);
  const merge = (into: Record<string, unknown>, from: Record<string, unknown>) => {
    for (const [k, v] of Object.entries(from)) {
      if (v && typeof v === "object" && !Array.isArray(v) && into[k] && typeof into[k] === "object")
        merge(into[k] as Record<string, unknown>, v as Record<string, unknown>);
      else Object.defineProperty(into, k, { value: v, enumerable: true, writable: true, configurable: true });
    }
  };
  for (const [k, v] of Object.entries(changes)) {
    if (k === "system") merge(next, v as Record<string, unknown>);
    else if (k.startsWith("system."))
      merge(
        next,
        k
          .slice(7)
          .split(".")
          .reduceRight<Record<string, unknown>>((acc, part) => ({ [part]: acc }), v as never),
      );
  }
  return next;
}

const MODELS: ["Actor" | "Item", ModelMetadata][] = [
  ...ACTOR_MODELS.map((m): ["Actor", ModelMetadata] => ["Actor", m]),
  ...ITEM_MODELS.map((m): ["Item", ModelMetadata] => ["Item", m]),
];

describe("bad updates through every path: nothing invalid stored, nothing polluted, every refusal localised", () => {
  it("tries at least 100 kinds of bad update over the models", () => {
    const kinds = new Set(
      MODELS.flatMap(([, m]) => cases(m).map(([path, v]) => `${m.type}:${path}:${JSON.stringify(v) ?? String(v)}`)),
    );
    expect(kinds.size).toBeGreaterThan(100);
  });

  for (const [documentName, meta] of MODELS) {
    it(`${meta.type}: the sheet path and the _preUpdate path store only valid values`, () => {
      const doc = {
        type: meta.type,
        _source: { system: { ...initialData(meta.fields), schemaVersion: meta.schemaVersion } },
      };
      for (const [path, value] of cases(meta)) {
        for (const surface of ["sheet", "api"] as const) {
          warnings.length = 0;
          const update: Record<string, unknown> = { [path]: value };
          const changes =
            surface === "sheet"
              ? reviewFor<Record<string, unknown>>(documentName, doc, update)
              : (reviewChangesInPlace(documentName, doc, update), update);
          const stored = store(doc._source.system, changes);
          expect(invalid(meta.fields, stored), `${surface} ${path} = ${String(JSON.stringify(value))}`).toEqual([]);
          expect(
            warnings.length,
            `${surface} ${path} = ${String(JSON.stringify(value))} warned nothing`,
          ).toBeGreaterThan(0);
          expect(warnings.filter((w) => w.startsWith("MISSING"))).toEqual([]);
        }
      }
    });
  }

  it("prototype keys are refused on both paths and pollute nothing", () => {
    const [documentName, meta] = MODELS[0]!;
    const doc = { type: meta.type, _source: { system: initialData(meta.fields) } };
    for (const bad of PROTOTYPE_UPDATES) {
      warnings.length = 0;
      const viaSheet = reviewFor<Record<string, unknown>>(documentName, doc, bad);
      const api = { ...bad };
      reviewChangesInPlace(documentName, doc, api);
      for (const changes of [viaSheet, api]) {
        expect(invalid(meta.fields, store(doc._source.system, changes))).toEqual([]);
        expect(Object.keys(changes).some((k) => k.includes("__proto__") || k.includes("constructor"))).toBe(false);
      }
      expect(warnings).toContain("FRAY.Update.ForbiddenKey");
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("a document created with bad values is created with valid ones (a pool above its max comes down to it)", () => {
    for (const [documentName, meta] of MODELS) {
      const pools = Object.entries(meta.fields).filter(([, s]) => s.kind === "pool");
      const bad = Object.fromEntries(pools.map(([k]) => [k, { value: 50, max: 10 }]));
      const reviewed = reviewCreation(documentName, meta.type, { ...bad, unknownField: 3 }) ?? {};
      const stored = store({ ...initialData(meta.fields) }, { system: reviewed });
      expect(invalid(meta.fields, stored), meta.type).toEqual([]);
      for (const [k] of pools) expect(stored[k], `${meta.type}.${k}`).toEqual({ value: 10, max: 10 });
    }
  });
});
