import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { readSectionData, readZoneData, SECTION_BEHAVIOUR, ZONE_BEHAVIOUR } from "../../../src/foundry/canvas/region-data.js";
import { choiceValues, fakeFields, type DataField } from "../../fakes/foundry-fields.js";
import { EN } from "../../fakes/lang.js";

type ModelClass = { defineSchema(): Record<string, DataField> };
const config = { RegionBehavior: { dataModels: {} as Record<string, ModelClass>, typeIcons: {} as Record<string, string> } };

// The models are built at init, when Foundry's field classes and RegionBehaviorType exist: here, the fakes.
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
  };
  g.CONFIG = config;
  const { registerRegionBehaviours } = await import("../../../src/foundry/canvas/region-behaviour-models.js");
  registerRegionBehaviours();
});

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
    const system = JSON.parse(readFileSync("system.json", "utf8")) as { documentTypes: Record<string, Record<string, unknown>> };
    expect(Object.keys(system.documentTypes.RegionBehavior ?? {}).sort()).toEqual([SECTION_BEHAVIOUR, ZONE_BEHAVIOUR]);
    expect(Object.keys(config.RegionBehavior.dataModels).sort()).toEqual([SECTION_BEHAVIOUR, ZONE_BEHAVIOUR]);
    expect(Object.keys(config.RegionBehavior.typeIcons).sort()).toEqual([SECTION_BEHAVIOUR, ZONE_BEHAVIOUR]);
  });

  it("SEC-01 SEC-49 a new section behaviour starts as the reader's defaults: Height 0, lit, dry, plain, no marked borders", () => {
    const schema = config.RegionBehavior.dataModels[SECTION_BEHAVIOUR]!.defineSchema();
    const data = initial(schema);
    expect(readSectionData(data)).toEqual({ height: 0, lighting: "lit", water: false, terrain: "normal", borders: [] });
    expect(Object.entries(schema).every(([k, f]) => f.validate(data[k]) === undefined)).toBe(true);
    expect(choiceValues(schema.lighting!.options.choices)).toEqual(["lit", "shadowy", "dark"]);
  });

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
    const all = [SECTION_BEHAVIOUR, ZONE_BEHAVIOUR].flatMap((t) => keys(config.RegionBehavior.dataModels[t]!.defineSchema()));
    expect(all.length).toBeGreaterThan(15);
    expect(all.filter((k) => !(k in EN))).toEqual([]);
    for (const t of [SECTION_BEHAVIOUR, ZONE_BEHAVIOUR]) expect(`TYPES.RegionBehavior.${t}` in EN, t).toBe(true);
  });

  it("stored data is read without trusting it: junk falls back to the defaults, prototype keys are never read", () => {
    const hostile = JSON.parse(
      '{"height":"9","lighting":"toString","__proto__":{"water":true},"terrain":"lava","borders":[{"neighbour":"","kind":"hard"},{"neighbour":"b","kind":"hard","height":1.5},7]}',
    );
    expect(readSectionData(hostile)).toEqual({
      height: 0,
      lighting: "lit",
      water: false,
      terrain: "normal",
      borders: [{ neighbour: "b", kind: "hard", height: null }],
    });
    expect(readSectionData(null).height).toBe(0);
    expect(readZoneData({ neighbours: new Set(["a", "", 3, "a"]), sight: "toString" })).toEqual({ neighbours: ["a"], sight: "clear" });
  });
});
