import { existsSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { FieldSpecs } from "../../../../src/foundry/data/field-spec.js";
import { ACTOR_MODELS, ITEM_MODELS } from "../../../../src/foundry/data/models.js";
import {
  ACTOR_TAB_IDS,
  ACTOR_TABS,
  actorParts,
  itemParts,
  SHEET_PARTIALS,
  TAB_GROUP,
} from "../../../../src/foundry/sheets/view/sheet-layout.js";
import { sheetTemplate } from "../../../../src/foundry/sheets/view/template-paths.js";
import {
  renderSampleSheet,
  SAMPLE_ACTORS,
  SAMPLE_ITEMS,
  sampleItemsFor,
  sampleSheet,
  type Sample,
} from "../../../../tools/sample-data.js";
import { compile, createHandlebars as makeHandlebars } from "../../../fakes/handlebars-env.js";
import { EN as LANG } from "../../../fakes/lang.js";
import { partContext } from "../../../../src/foundry/sheets/view/sheet-layout.js";
import { elementAt, rootTags } from "./html-shape.js";

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

function render(sample: Sample, editable = true, tab: "fight" | "items" | "notes" = "fight"): string {
  return renderSampleSheet(hb, sample.type, editable, tab);
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
    for (const m of [...ACTOR_MODELS, ...ITEM_MODELS])
      expect(existsSync(local(sheetTemplate(m.documentName, m.type))), m.type).toBe(true);
    expect(readdirSync("templates/actor").filter((f) => f.endsWith(".hbs")).length).toBe(ACTOR_MODELS.length);
    expect(readdirSync("templates/item").filter((f) => f.endsWith(".hbs")).length).toBe(ITEM_MODELS.length);
    for (const p of SHEET_PARTIALS) expect(existsSync(local(p)), p).toBe(true);
  });

  it("every part's template exists and is loaded with the partials it includes", () => {
    const specs = [...ACTOR_MODELS.map((m) => actorParts(m.type)), ...ITEM_MODELS.map((m) => itemParts(m.type))];
    for (const parts of specs)
      for (const p of Object.values(parts)) {
        expect(existsSync(local(p.template)), p.template).toBe(true);
        // Foundry loads `templates` instead of the entry point when it is given, so it must hold the entry point.
        if (p.templates) expect(p.templates).toContain(p.template);
      }
  });
});

describe.each([...SAMPLE_ACTORS.map((s) => ["Actor", s] as const), ...SAMPLE_ITEMS.map((s) => ["Item", s] as const)])(
  "%s sheet %#",
  (documentName, sample) => {
    const meta = [...ACTOR_MODELS, ...ITEM_MODELS].find((m) => m.type === sample.type);
    const html = render(sample);
    const d = dom(html);

    it(
      `${sample.type}: each part renders one root element, ` + `and the sheet has an input for every field of the spec`,
      () => {
        const { parts, context } = sampleSheet(sample.type);
        for (const p of parts)
          expect(rootTags(compile(hb, p.template)(partContext(p.id, context))), `${sample.type} ${p.id}`).toHaveLength(
            1,
          );
        const expected = [...names(meta?.fields ?? {}), "name"].sort();
        expect([...new Set(d.names)].sort()).toEqual(expected);
      },
    );

    it(`${sample.type}: every input has a real <label for> or sits in its label, and ids are unique`, () => {
      expect(new Set(d.ids).size).toBe(d.ids.length);
      const inputs = [...html.matchAll(/<(input|select|textarea|prose-mirror)(?:\s[^>]*?)?\sid="([^"]+)"/g)].map(
        (m) => m[2] as string,
      );
      for (const id of inputs) expect(d.labelFors, id).toContain(id);
      const unlabelled = [...html.matchAll(/<input (?![^>]*\sid=)[^>]*>/g)].map((m) => m[0]);
      for (const input of unlabelled) expect(html, input).toContain(`<label class="fray-tag">${input}`);
    });

    it(`${sample.type}: shows the sample's values and localised labels`, () => {
      expect(html).toContain(`value="${sample.name}"`);
      expect(html).not.toMatch(/>FRAY\.[A-Za-z.]+</);
      expect(html).toContain(LANG[`TYPES.${documentName}.${sample.type}`] ?? "missing type label");
    });

    if (documentName === "Actor") {
      it(`${sample.type}: the items tab lists its items with their key numbers, edit and delete buttons`, () => {
        const items = sampleItemsFor(sample.type);
        const tab = elementAt(html, /<section [^>]*data-tab="items"/);
        expect(items.length).toBeGreaterThan(0);
        for (const i of items) expect(tab).toContain(i.name);
        expect(tab.match(/data-action="editItem"/g)?.length).toBe(items.length);
        expect(tab.match(/data-action="deleteItem"/g)?.length).toBe(items.length);
        expect(tab).toMatch(/class="fray-item draggable" data-item-id="item0"/);
        expect(tab).toMatch(/<button type="button" class="fray-add-item" data-action="createItem">/);
        expect(tab).toContain('class="fray-key-numbers"');
      });

      it(`${sample.type}: the fight tab lists the attacks, each with its Attack button and no edit or delete`, () => {
        const fight = elementAt(html, /<section [^>]*data-tab="fight"/);
        const attacks = elementAt(fight, /<section class="fray-attacks"/);
        expect(attacks.match(/data-action="attackWith"/g)?.length).toBeGreaterThan(0);
        expect(attacks).not.toMatch(/data-action="(editItem|deleteItem)"/);
      });

      it(`${sample.type}: the fight tab leads with what the tracker shows of the actor every turn`, () => {
        const turn = elementAt(elementAt(html, /<section [^>]*data-tab="fight"/), /<div class="fray-turn">/);
        expect(turn).not.toBe("");
        for (const key of meta?.tracked ?? []) expect(turn, key).toMatch(new RegExp(`name="system\\.${key}[."]`));
      });
    }
  },
);

describe("tabs", () => {
  const sample = SAMPLE_ACTORS.find((a) => a.type === "teams-character");
  if (!sample) throw new Error("no sample");

  it("an actor sheet has a tab button and a tab part per configured tab, the fight tab active first", () => {
    expect(ACTOR_TABS[TAB_GROUP].tabs.map((t) => t.id)).toEqual([...ACTOR_TAB_IDS]);
    expect(Object.keys(actorParts(sample.type))).toEqual(["header", "tabs", ...ACTOR_TAB_IDS]);
    const html = render(sample);
    for (const id of ACTOR_TAB_IDS) {
      const button = html.match(
        new RegExp(
          `<button type="button" class="[^"]*" data-action="tab" data-group="${TAB_GROUP}" data-tab="${id}"[^>]*>`,
        ),
      )?.[0];
      expect(button, id).toBeDefined();
      expect(button).toContain(`aria-pressed="${id === "fight"}"`);
      expect(button).toContain(`aria-controls="fray-sheet-teams-character-tab-${id}"`);
      const part = html.match(
        new RegExp(
          `<section id="fray-sheet-teams-character-tab-${id}" class="tab [^"]*" ` +
            `data-group="${TAB_GROUP}" data-tab="${id}"`,
        ),
      )?.[0];
      expect(part, id).toBeDefined();
      expect(part?.includes(" active")).toBe(id === "fight");
    }
    expect(html).toMatch(/<nav class="tabs fray-tabs"/);
    expect(html).toContain(">Fight</button>");
  });

  it("rendered with another tab active, that tab's part and button are the active ones", () => {
    const html = render(sample, true, "notes");
    expect(html).toMatch(/<section id="[^"]+-tab-notes" class="tab fray-tab fray-notes active"/);
    expect(html).toMatch(/<section id="[^"]+-tab-fight" class="tab fray-tab fray-fight fray-teams-character " /);
    expect(html).toMatch(/data-tab="notes" aria-controls="[^"]+" aria-pressed="true"/);
  });

  it("item sheets have one part and no tabs", () => {
    const item = SAMPLE_ITEMS.find((i) => i.type === "teams-weapon");
    if (!item) throw new Error("no sample");
    expect(Object.keys(itemParts(item.type))).toEqual(["sheet"]);
    expect(render(item)).not.toContain('data-action="tab"');
  });
});

describe("specific values reach the page", () => {
  it("TEAM-68 Boudica's sheet shows her endurance, her states as badges, and her dice selected", () => {
    const s = SAMPLE_ACTORS.find((a) => a.type === "teams-character");
    if (!s) throw new Error("no sample");
    const html = render(s);
    expect(html).toMatch(/name="system\.endurance\.value" value="5" min="0" max="12"/);
    const header = elementAt(html, /<header class="fray-header">/);
    expect(header).toContain('<li class="fray-badge fray-badge-warning fray-badge-harmed">Harmed</li>');
    expect(header).toContain('<li class="fray-badge fray-badge-danger fray-badge-bloodied">Bloodied</li>');
    expect(html).not.toMatch(/>(Yes|No)</);
    expect(html).toMatch(/name="system\.skills\.combat"[^>]*>[\s\S]*?<option value="d6" selected>d6<\/option>/);
  });

  it(
    "ESC-46 a unit that can dodge has no state that holds, and its sheet says so; a type with no " +
      "states says nothing",
    () => {
      const unit = SAMPLE_ACTORS.find((a) => a.type === "escalation-unit");
      const entity = SAMPLE_ACTORS.find((a) => a.type === "sections-entity");
      if (!unit || !entity) throw new Error("no sample");
      const header = elementAt(render(unit), /<header class="fray-header">/);
      expect(header).not.toContain("fray-badge ");
      expect(header).toContain('<p class="fray-badges fray-badges-none">No states</p>');
      expect(elementAt(render(entity), /<header class="fray-header">/)).not.toMatch(/fray-badges/);
    },
  );

  it("a read-only sheet disables its inputs, offers no delete button and shows its notes without an editor", () => {
    const s = SAMPLE_ACTORS.find((a) => a.type === "strain-character");
    if (!s) throw new Error("no sample");
    const html = render(s, false);
    const controls = [...html.matchAll(/<(input|select|textarea)\s[^>]*>/g)].map((m) => m[0]);
    expect(controls.length).toBeGreaterThan(5);
    for (const c of controls) expect(c, c).toMatch(/ disabled/);
    expect(html).not.toContain('data-action="deleteItem"');
    expect(html).not.toContain('data-action="createItem"');
    expect(html).not.toContain("<prose-mirror");
    expect(html).toContain("Fights from the reeds");
  });

  it("tags render as a group of checkboxes, the chosen ones checked, and never as a multiple select", () => {
    const s = SAMPLE_ITEMS.find((i) => i.type === "strain-ability");
    if (!s) throw new Error("no sample");
    const html = render(s);
    expect(html).not.toContain("<select multiple");
    expect(html).not.toMatch(/<select[^>]* multiple/);
    const group = elementAt(html, /<fieldset class="fray-field fray-tags fray-field-tags">/);
    expect(group).toContain("<legend>Tags</legend>");
    expect(group).toContain(
      '<label class="fray-tag"><input type="checkbox" name="system.tags" value="ranged" checked> Ranged</label>',
    );
    expect(group).toContain(
      '<label class="fray-tag"><input type="checkbox" name="system.tags" value="buff"> Buff</label>',
    );
    expect(group.match(/type="checkbox"/g)).toHaveLength(7);
  });

  it(
    "notes and descriptions are Foundry's rich-text editor, " + "holding the stored HTML and showing the enriched text",
    () => {
      const s = SAMPLE_ACTORS.find((a) => a.type === "sections-entity");
      if (!s) throw new Error("no sample");
      const notes = elementAt(render(s, true, "notes"), /<section [^>]*data-tab="notes"/);
      const editor = notes.match(/<prose-mirror [^>]*>/)?.[0] ?? "";
      expect(editor).toContain('name="system.notes"');
      expect(editor).toContain(" toggled");
      expect(editor).toContain('value="&lt;p&gt;Keeper of the lantern road.');
      expect(notes).toContain(
        'toggled data-document-uuid="Actor.fray-sheet-sections-entity"><p>Keeper of the lantern road.',
      );
      expect(notes).not.toContain("<textarea");
      const item = SAMPLE_ITEMS.find((i) => i.type === "teams-weapon");
      if (!item) throw new Error("no sample");
      expect(render(item)).toMatch(/<prose-mirror id="[^"]+" name="system\.description" value="Two metres of ash/);
    },
  );

  it("STR-13 the Stance is a select of the character's stance abilities, its Stance selected", () => {
    const s = SAMPLE_ACTORS.find((a) => a.type === "strain-character");
    if (!s) throw new Error("no sample");
    const select = elementAt(render(s), /<select id="[^"]+" name="system\.stance"/);
    expect(select).toContain('<option value="Guarded" selected>Guarded</option>');
    expect(select).toContain('<option value="">None</option>');
    // An action ability is not a Stance.
    expect(select).not.toContain("Pinning shot");
  });

  it("FAC-01 in a combat, the faction is a select of the combat's sides", () => {
    const s = SAMPLE_ACTORS.find((a) => a.type === "factions-character");
    if (!s) throw new Error("no sample");
    const select = elementAt(render(s), /<select id="[^"]+" name="system\.faction"/);
    expect(select).toContain('<option value="Players" selected>Players</option>');
    expect(select).toContain('<option value="hostile">Hostile</option>');
    expect(select).toContain('<option value="">From its token</option>');
  });
});
