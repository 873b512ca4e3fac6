import { existsSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { FieldSpecs } from "../../../src/foundry/data/field-spec.js";
import { ACTOR_MODELS, ITEM_MODELS } from "../../../src/foundry/data/models.js";
import { SHEET_PARTIALS, sheetTemplate } from "../../../src/foundry/sheets/template-paths.js";
import { SAMPLE_ACTORS, SAMPLE_ITEMS, sampleItemsFor, sampleSheet, type Sample } from "../../../tools/sample-data.js";
import { compile, createHandlebars as makeHandlebars } from "../../fakes/handlebars-env.js";
import { EN as LANG } from "../../fakes/lang.js";

const hb = makeHandlebars();
const local = (p: string) => p.replace(/^systems\/fray\//, "");

/** Every leaf input name a spec implies: `system.a`, `system.pool.value`, `system.pool.max`, `system.group.b`. */
function names(fields: FieldSpecs, prefix = "system"): string[] {
  return Object.entries(fields).flatMap(([k, f]) =>
    f.kind === "group"
      ? names(f.fields, `${prefix}.${k}`)
      : f.kind === "pool"
        ? [`${prefix}.${k}.value`, `${prefix}.${k}.max`]
        : [`${prefix}.${k}`],
  );
}

function render(_documentName: "Actor" | "Item", sample: Sample, editable = true): string {
  const { template, context } = sampleSheet(sample.type, editable);
  return compile(hb, template)(context);
}

function dom(html: string): { ids: string[]; labelFors: string[]; names: string[] } {
  return {
    ids: [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1] as string),
    labelFors: [...html.matchAll(/<label for="([^"]+)"/g)].map((m) => m[1] as string),
    names: [...html.matchAll(/\sname="([^"]+)"/g)].map((m) => m[1] as string),
  };
}

describe("every type has a template and its partials exist", () => {
  it("one template per registered type, and no stray ones", () => {
    for (const m of [...ACTOR_MODELS, ...ITEM_MODELS]) expect(existsSync(local(sheetTemplate(m.documentName, m.type))), m.type).toBe(true);
    expect(readdirSync("templates/actor").filter((f) => f.endsWith(".hbs")).length).toBe(ACTOR_MODELS.length);
    expect(readdirSync("templates/item").filter((f) => f.endsWith(".hbs")).length).toBe(ITEM_MODELS.length);
    for (const p of SHEET_PARTIALS) expect(existsSync(local(p)), p).toBe(true);
  });
});

describe.each([...SAMPLE_ACTORS.map((s) => ["Actor", s] as const), ...SAMPLE_ITEMS.map((s) => ["Item", s] as const)])(
  "%s sheet %#",
  (documentName, sample) => {
    const meta = [...ACTOR_MODELS, ...ITEM_MODELS].find((m) => m.type === sample.type);
    const html = render(documentName, sample);
    const d = dom(html);

    it(`${sample.type}: renders one root element with an input for every field of the spec`, () => {
      expect(html.trim().startsWith("{{")).toBe(false);
      expect(html.trim()).toMatch(/^<div class="fray-sheet-body fray-[a-z-]+">[\s\S]*<\/div>$/);
      const expected = [...names(meta?.fields ?? {}), "name"].sort();
      expect([...d.names].sort()).toEqual(expected);
    });

    it(`${sample.type}: every input has a real <label for> and ids are unique`, () => {
      expect(new Set(d.ids).size).toBe(d.ids.length);
      const inputs = [...html.matchAll(/<(input|select|textarea)\s[^>]*id="([^"]+)"/g)].map((m) => m[2] as string);
      for (const id of inputs) expect(d.labelFors, id).toContain(id);
    });

    it(`${sample.type}: shows the sample's values and localised labels`, () => {
      expect(html).toContain(`value="${sample.name}"`);
      expect(html).not.toMatch(/>FRAY\.[A-Za-z.]+</);
      expect(html).toContain(LANG[`TYPES.${documentName}.${sample.type}`] ?? "missing type label");
    });

    if (documentName === "Actor") {
      it(`${sample.type}: lists its items with edit and delete buttons`, () => {
        const items = sampleItemsFor(sample.type);
        expect(items.length).toBeGreaterThan(0);
        for (const i of items) expect(html).toContain(i.name);
        expect(html.match(/data-action="editItem"/g)?.length).toBe(items.length);
        expect(html.match(/data-action="deleteItem"/g)?.length).toBe(items.length);
        expect(html.match(/<button type="button" data-action="(edit|delete)Item"/g)?.length).toBe(2 * items.length);
        expect(html).toMatch(/class="fray-item draggable" data-item-id="item0"/);
        expect(html).toMatch(/<button type="button" class="fray-add-item" data-action="createItem">/);
      });
    }
  },
);

describe("specific values reach the page", () => {
  it("TEAM-66 Boudica's sheet shows her endurance, harmed, and her dice selected", () => {
    const s = SAMPLE_ACTORS.find((a) => a.type === "teams-character");
    if (!s) throw new Error("no sample");
    const html = render("Actor", s);
    expect(html).toMatch(/name="system\.endurance\.value" value="5" min="0" max="12"/);
    expect(html).toMatch(/<dt>Harmed<\/dt><dd>Yes<\/dd>/);
    expect(html).toMatch(/name="system\.skills\.combat"[^>]*>[\s\S]*?<option value="d6" selected>d6<\/option>/);
  });

  it("a read-only sheet disables its inputs and offers no delete button", () => {
    const s = SAMPLE_ACTORS.find((a) => a.type === "strain-character");
    if (!s) throw new Error("no sample");
    const html = render("Actor", s, false);
    const controls = [...html.matchAll(/<(input|select|textarea)\s[^>]*>/g)].map((m) => m[0]);
    expect(controls.length).toBeGreaterThan(5);
    for (const c of controls) expect(c, c).toMatch(/ disabled/);
    expect(html).not.toContain('data-action="deleteItem"');
    expect(html).not.toContain('data-action="createItem"');
  });

  it("tags render as a multiple select with the chosen tags selected", () => {
    const s = SAMPLE_ITEMS.find((i) => i.type === "strain-ability");
    if (!s) throw new Error("no sample");
    const html = render("Item", s);
    expect(html).toMatch(/<select id="[^"]+" name="system\.tags" multiple/);
    expect(html).toContain('<option value="ranged" selected>Ranged</option>');
    expect(html).toContain('<option value="buff">Buff</option>');
  });
});
