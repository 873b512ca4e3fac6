import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import {
  readSectionData,
  readZoneData,
  SECTION_BEHAVIOUR,
  ZONE_BEHAVIOUR,
} from "../../../../src/foundry/canvas/regions/region-data.js";
import type { RegionChoice } from "../../../../src/foundry/canvas/regions/region-inputs.js";
import {
  behaviourForm,
  choiceValues,
  fakeFields,
  type DataField,
  type FakeInput,
} from "../../../fakes/foundry-fields.js";
import { EN } from "../../../fakes/lang.js";
import { FakeGame } from "../../../fakes/foundry-game.js";

type ModelClass = { defineSchema(): Record<string, DataField> };
const config = {
  RegionBehavior: { dataModels: {} as Record<string, ModelClass>, typeIcons: {} as Record<string, string> },
};
/** The regions of the scene the GM is editing. */
let regionsHere: RegionChoice[] = [];

// The models are built at init, when Foundry's field classes and RegionBehaviorType exist: here, the fakes. The
// borders table is HTML that Foundry parses (foundry.utils.parseHTML): here it stays a string.
beforeAll(async () => {
  const g = globalThis as Record<string, unknown>;
  // v13's RegionBehaviorType registers no event handlers of its own (`static events = {}`).
  g.foundry = {
    data: {
      fields: fakeFields,
      regionBehaviors: {
        RegionBehaviorType: class {
          static events = {};
        },
      },
    },
    utils: { parseHTML: (html: string) => ({ outerHTML: html }) },
  };
  g.CONFIG = config;
  g.game = new FakeGame({ i18n: { localize: (k: string) => (EN as Record<string, string>)[k] ?? k } });
  const { registerRegionBehaviours } =
    await import("../../../../src/foundry/canvas/regions/region-behaviour-models.js");
  registerRegionBehaviours(() => regionsHere);
});

const schemaOf = (type: string) => config.RegionBehavior.dataModels[type]!.defineSchema();

/** What Foundry's behaviour form draws for a field of a type, as `formGroup` asks it: `toInput({value})`. */
function drawn(type: string, name: string, source: Record<string, unknown>): unknown {
  const entry = behaviourForm(schemaOf(type), source).find((d) => d.field.name === name);
  if (!entry) throw new Error(`the form draws no ${name}`);
  return entry.field.toInput({ value: entry.value });
}

/**
 * What a form posts, as FormDataExtended reads it from the HTML the field drew: each named input's value, a select's
 * selected option, a number input's empty value as null; then expanded by its dotted names, as the sheet submits it.
 */
function posted(html: string): Record<string, unknown> {
  const flat: Record<string, unknown> = {};
  for (const m of html.matchAll(/<input type="(hidden|number)" name="([^"]+)"[^>]*?value="([^"]*)"/g))
    flat[m[2]!] = m[1] === "number" ? (m[3] === "" ? null : Number(m[3])) : m[3];
  for (const m of html.matchAll(/<select name="([^"]+)"[^>]*>(.*?)<\/select>/g))
    flat[m[1]!] =
      /<option value="([^"]*)" selected>/.exec(m[2]!)?.[1] ?? /<option value="([^"]*)"/.exec(m[2]!)?.[1] ?? "";
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(flat)) {
    const path = key.split(".");
    let at = out;
    for (const p of path.slice(0, -1)) at = (at[p] ??= {}) as Record<string, unknown>;
    at[path.at(-1)!] = value;
  }
  return out;
}

/** The same HTML with one row's border set, as a GM picks it in the select. */
const pick = (html: string, row: number, kind: string) =>
  html.replace(
    new RegExp(`(<select name="system\\.borders\\.${row}\\.kind"[^>]*>)(.*?)(</select>)`),
    (_all, open: string, body: string, close: string) =>
      open +
      body.replace(/ selected/g, "").replace(`<option value="${kind}">`, `<option value="${kind}" selected>`) +
      close,
  );

function initial(schema: Record<string, DataField>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(schema).map(([k, f]) => [k, f.getInitialValue()]));
}

/** Every label, hint and choice label a schema names, nested fields included. */
function keys(schema: Record<string, DataField>): string[] {
  return Object.values(schema).flatMap((f) => {
    const o = f.options;
    const own = [o.label, o.hint, ...(o.choices && !Array.isArray(o.choices) ? Object.values(o.choices) : [])];
    const inner = f as DataField & { element?: DataField; fields?: Record<string, DataField> };
    const nested = inner.element ? keys({ element: inner.element }) : inner.fields ? keys(inner.fields) : [];
    return [...own.filter((k): k is string => typeof k === "string"), ...nested];
  });
}

describe("Fray's Region behaviour types", () => {
  it("are registered under the keys system.json declares, with an icon each", () => {
    const system = JSON.parse(readFileSync("system.json", "utf8")) as {
      documentTypes: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(system.documentTypes.RegionBehavior ?? {}).sort()).toEqual([SECTION_BEHAVIOUR, ZONE_BEHAVIOUR]);
    expect(Object.keys(config.RegionBehavior.dataModels).sort()).toEqual([SECTION_BEHAVIOUR, ZONE_BEHAVIOUR]);
    expect(Object.keys(config.RegionBehavior.typeIcons).sort()).toEqual([SECTION_BEHAVIOUR, ZONE_BEHAVIOUR]);
  });

  it(
    "SEC-01 SEC-49 a new section behaviour starts as the reader's defaults: Height 0, lit, dry, " +
      "plain, no marked borders",
    () => {
      const schema = config.RegionBehavior.dataModels[SECTION_BEHAVIOUR]!.defineSchema();
      const data = initial(schema);
      expect(readSectionData(data)).toEqual({
        height: 0,
        lighting: "lit",
        water: false,
        terrain: "normal",
        borders: [],
      });
      expect(Object.entries(schema).every(([k, f]) => f.validate(data[k]) === undefined)).toBe(true);
      expect(choiceValues(schema.lighting!.options.choices)).toEqual(["lit", "shadowy", "dark"]);
    },
  );

  it("SEC-01 the schema accepts a marked border and refuses a border of no kind", () => {
    const borders = config.RegionBehavior.dataModels[SECTION_BEHAVIOUR]!.defineSchema().borders!;
    expect(borders.validate([{ neighbour: "abc", kind: "hard", height: -2 }])).toBeUndefined();
    expect(borders.validate([{ neighbour: "abc", kind: "hard", height: null }])).toBeUndefined();
    expect(borders.validate([{ neighbour: "abc", kind: "wall", height: null }])).toBeDefined();
  });

  it("FAC-06 FAC-29 a new zone behaviour lists no neighbours and is clear; the sight is one of three", () => {
    const schema = config.RegionBehavior.dataModels[ZONE_BEHAVIOUR]!.defineSchema();
    const data = initial(schema);
    expect(readZoneData(data)).toEqual({ neighbours: [], sight: "clear" });
    expect(Object.entries(schema).every(([k, f]) => f.validate(data[k]) === undefined)).toBe(true);
    expect(choiceValues(schema.sight!.options.choices)).toEqual(["clear", "obscured", "hidden"]);
    expect(schema.sight!.validate("foggy")).toBeDefined();
    expect(readZoneData({ neighbours: [], sight: "hidden" }).sight).toBe("hidden");
  });

  it("SEC-03 FAC-06 they handle no token event, so v13 cuts no move at their edges (RegionBehavior#hasEvent)", () => {
    // v13 cuts a move where it enters or leaves a region whose behaviour handles a token move, enter or exit event:
    // one its type registers statically (`events`) or its schema's `events` field holds. Fray's types do neither.
    for (const t of [SECTION_BEHAVIOUR, ZONE_BEHAVIOUR]) {
      const model = config.RegionBehavior.dataModels[t] as ModelClass & { events: Record<string, unknown> };
      expect(Object.keys(model.events)).toEqual([]);
      expect(Object.keys(model.defineSchema())).not.toContain("events");
    }
  });

  it("every label, hint and choice is in lang/en.json, and so are the type names", () => {
    const all = [SECTION_BEHAVIOUR, ZONE_BEHAVIOUR].flatMap((t) =>
      keys(config.RegionBehavior.dataModels[t]!.defineSchema()),
    );
    expect(all.length).toBeGreaterThan(15);
    expect(all.filter((k) => !(k in EN))).toEqual([]);
    for (const t of [SECTION_BEHAVIOUR, ZONE_BEHAVIOUR]) expect(`TYPES.RegionBehavior.${t}` in EN, t).toBe(true);
    // The borders table's own words.
    for (const k of ["Kind.none", "Section.BorderHeight.Placeholder", "Section.Borders.NoRegions"])
      expect(`FRAY.Region.${k}` in EN, k).toBe(true);
  });

  it("SEC-01 FAC-06 Foundry's behaviour form draws every field of both types: none is left without an input", () => {
    const names = (type: string) =>
      behaviourForm(schemaOf(type), initial(schemaOf(type))).map((d) => d.field.fieldPath);
    expect(names(SECTION_BEHAVIOUR)).toEqual([
      "system.height",
      "system.lighting",
      "system.water",
      "system.terrain",
      "system.borders",
    ]);
    expect(names(ZONE_BEHAVIOUR)).toEqual(["system.neighbours", "system.sight"]);
  });

  it(
    "FAC-06 a zone's neighbours are picked by region name " +
      "in Foundry's multi-select; an id the scene lacks is kept",
    () => {
      regionsHere = [
        { id: "r1", name: "Hall" },
        { id: "r2", name: "Cellar" },
        { id: "r3", name: "Hall" },
      ];
      const input = drawn(ZONE_BEHAVIOUR, "neighbours", { neighbours: ["r2", "gone"], sight: "clear" }) as FakeInput;
      expect(input).toEqual({
        element: "multi-select",
        name: "system.neighbours",
        value: ["r2", "gone"],
        options: [
          { value: "r2", label: "Cellar" },
          { value: "r1", label: "Hall (r1)" },
          { value: "r3", label: "Hall (r3)" },
          { value: "gone", label: "gone" },
        ],
      });
    },
  );

  it("SEC-01 a GM marks borders by region name: each region of the scene has none, soft or hard and a Height", () => {
    regionsHere = [
      { id: "r1", name: "Hall" },
      { id: "r2", name: "Cellar" },
    ];
    const stored = [{ neighbour: "r2", kind: "hard", height: -2 }];
    const html = (
      drawn(SECTION_BEHAVIOUR, "borders", { ...initial(schemaOf(SECTION_BEHAVIOUR)), borders: stored }) as {
        outerHTML: string;
      }
    ).outerHTML;
    expect(html).toContain("<td>Cellar<input");
    expect(html).toContain("<td>Hall<input");
    expect(html).toContain('<option value="hard" selected>Hard</option>');
    expect(html).toContain('<option value="">No border</option>');
    // The form posts every row; Foundry's clean keeps the rows with a border, as marks.
    const borders = schemaOf(SECTION_BEHAVIOUR).borders!;
    const submit = (h: string) => borders.clean((posted(h).system as Record<string, unknown>).borders);
    expect(submit(html)).toEqual(stored);
    const both = submit(pick(html, 1, "soft"));
    expect(both).toEqual([...stored, { neighbour: "r1", kind: "soft", height: null }]);
    expect(borders.validate(both)).toBeUndefined();
    expect(readSectionData({ borders: both }).borders).toEqual(both);
    expect(submit(pick(html, 0, ""))).toEqual([]);
  });

  it(
    "SEC-01 a scene with no other region says so; a border " + "stored to a region the scene lacks stays, under its id",
    () => {
      regionsHere = [];
      const empty = drawn(SECTION_BEHAVIOUR, "borders", { borders: [] }) as { outerHTML: string };
      expect(empty.outerHTML).toContain(EN["FRAY.Region.Section.Borders.NoRegions"]);
      const kept = drawn(SECTION_BEHAVIOUR, "borders", {
        borders: [{ neighbour: "old", kind: "soft", height: null }],
      }) as {
        outerHTML: string;
      };
      expect(
        schemaOf(SECTION_BEHAVIOUR).borders!.clean((posted(kept.outerHTML).system as Record<string, unknown>).borders),
      ).toEqual([{ neighbour: "old", kind: "soft", height: null }]);
    },
  );

  it(
    "a region's name is text in the borders table, and a forged post (junk rows, a prototype key, an unknown " +
      "kind) stores nothing bad",
    () => {
      regionsHere = [{ id: 'x"><b', name: "<img src=x onerror=alert(1)>" }];
      const html = (drawn(SECTION_BEHAVIOUR, "borders", { borders: [] }) as { outerHTML: string }).outerHTML;
      expect(html).not.toContain("<img");
      expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
      expect(html).toContain('value="x&quot;&gt;&lt;b"');
      const borders = schemaOf(SECTION_BEHAVIOUR).borders!;
      const forged = JSON.parse(
        '{"0":{"neighbour":"a","kind":"hard","height":null,"extra":1},"1":7,"2":{"neighbour":"","kind":"hard"},' +
          '"__proto__":{"neighbour":"p","kind":"hard"},"3":{"neighbour":"b","kind":""}}',
      ) as unknown;
      expect(borders.clean(forged)).toEqual([{ neighbour: "a", kind: "hard", height: null }]);
      expect(borders.validate(borders.clean({ 0: { neighbour: "a", kind: "wall", height: null } }))).toBeDefined();
      expect(({} as Record<string, unknown>).neighbour).toBeUndefined();
    },
  );

  it("stored data is read without trusting it: junk falls back to the defaults, prototype keys are never read", () => {
    const hostile = JSON.parse(
      '{"height":"9","lighting":"toString","__proto__":{"water":true},"terrain":"lava","borders":[{"neighbour":"",' +
        '"kind":"hard"},{"neighbour":"b","kind":"hard","height":1.5},7]}',
    ) as unknown;
    expect(readSectionData(hostile)).toEqual({
      height: 0,
      lighting: "lit",
      water: false,
      terrain: "normal",
      borders: [{ neighbour: "b", kind: "hard", height: null }],
    });
    expect(readSectionData(null).height).toBe(0);
    expect(readZoneData({ neighbours: new Set(["a", "", 3, "a"]), sight: "toString" })).toEqual({
      neighbours: ["a"],
      sight: "clear",
    });
  });
});
