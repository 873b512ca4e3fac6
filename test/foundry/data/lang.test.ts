import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { EN } from "../../fakes/lang.js";
import type { FieldSpecs } from "../../../src/foundry/data/field-spec.js";
import { ACTOR_MODELS, ITEM_MODELS } from "../../../src/foundry/data/models.js";
import { choiceLabel, derivedLabel } from "../../../src/foundry/sheets/view/sheet-context.js";
import { ACTOR_TABS, TAB_GROUP } from "../../../src/foundry/sheets/view/sheet-layout.js";
import { SAMPLE_ACTORS, SAMPLE_ITEMS } from "../../../tools/sample-data.js";

const lang = EN;

function labels(fields: FieldSpecs): string[] {
  return Object.values(fields).flatMap((f) => [
    f.label,
    ...(f.kind === "group" ? labels(f.fields) : []),
    ...((f.kind === "string" || f.kind === "tags") && f.choices ? f.choices.map(choiceLabel) : []),
    ...(f.kind === "string" && f.blankLabel ? [f.blankLabel] : []),
    ...(f.kind === "die" && f.allowNone ? [choiceLabel("")] : []),
  ]);
}

describe("lang/en.json for the data models and sheets", () => {
  it("has every label, choice and type name the models use", () => {
    const missing = new Set<string>();
    for (const m of [...ACTOR_MODELS, ...ITEM_MODELS]) {
      for (const k of [...labels(m.fields), `TYPES.${m.documentName}.${m.type}`]) if (!(k in lang)) missing.add(k);
    }
    expect([...missing]).toEqual([]);
  });

  it("has every derived value's label and value", () => {
    const missing = new Set<string>();
    for (const s of [...SAMPLE_ACTORS, ...SAMPLE_ITEMS]) {
      const m = [...ACTOR_MODELS, ...ITEM_MODELS].find((x) => x.type === s.type);
      for (const [k, v] of Object.entries(m?.derive?.(s.system) ?? {})) {
        if (!(derivedLabel(k) in lang)) missing.add(derivedLabel(k));
        if (typeof v === "string" && !(choiceLabel(v) in lang)) missing.add(choiceLabel(v));
      }
    }
    expect([...missing]).toEqual([]);
  });

  it("has every FRAY key written in this layer's code and templates", () => {
    const files = [
      "src/foundry/data/review-update.ts",
      "src/foundry/data/review-document-update.ts",
      "src/foundry/sheets/fray-actor-sheet.ts",
      "src/foundry/sheets/view/sheet-context.ts",
      "src/foundry/sheets/view/sheet-picks.ts",
      "src/foundry/sheets/view/sheet-layout.ts",
      "src/foundry/sheets/register-sheets.ts",
      ...readdirSync("templates/actor/parts").map((f) => `templates/actor/parts/${f}`),
      ...readdirSync("templates/actor").flatMap((f) => (f.endsWith(".hbs") ? [`templates/actor/${f}`] : [])),
    ];
    const missing = files
      .flatMap((f) =>
        [...readFileSync(f, "utf8").matchAll(/["'](FRAY\.[A-Za-z0-9_.]+[A-Za-z0-9_])["']/g)].map((m) => m[1] as string),
      )
      .filter((k) => !(k in lang));
    expect(missing).toEqual([]);
  });

  it("has every badge label a spec names and every tab's label", () => {
    const badges = [...ACTOR_MODELS, ...ITEM_MODELS].flatMap((m) =>
      Object.values(m.badges ?? {}).flatMap((b) => (b.label ? [b.label] : [])),
    );
    expect(badges.length).toBeGreaterThan(0);
    const tabs = ACTOR_TABS[TAB_GROUP].tabs.map((t) => t.label);
    expect([...badges, ...tabs].filter((k) => !(k in lang))).toEqual([]);
  });

  it("every update message names the path and value it is about", () => {
    for (const k of ["NotANumber", "NotWhole", "BelowMin", "AboveMax", "UnknownKey", "BadChoice", "BadType"]) {
      expect(lang[`FRAY.Update.${k}`], k).toMatch(/\{path\}/);
    }
    expect(lang["FRAY.Update.BelowMin"]).toMatch(/\{fixedTo\}/);
    expect(lang["FRAY.Update.AboveMax"]).toMatch(/\{fixedTo\}/);
  });
});
