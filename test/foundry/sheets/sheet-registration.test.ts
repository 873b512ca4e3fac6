import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ACTOR_MODELS, ITEM_MODELS } from "../../../src/foundry/data/models.js";
import { actorParts, itemParts, partTemplates, SHEET_PARTIALS } from "../../../src/foundry/sheets/view/sheet-layout.js";
import { sheetTemplate } from "../../../src/foundry/sheets/view/template-paths.js";
import { elementId, FakeSheetConfig, type SheetSetting } from "../../fakes/foundry-sheet-config.js";

/** A world document as the repair reads it: its id, its own sheet choice, its embedded items. */
interface Doc {
  readonly id: string;
  readonly flags: { core?: { sheetClass?: string } };
  readonly items?: { readonly contents: Doc[] };
}

let setting: SheetSetting;
let config: FakeSheetConfig;
let ready: (() => unknown)[];
let written: { key: string; value: unknown }[];
let updates: { what: string; changes: unknown }[];
let actors: Doc[];
let items: Doc[];
let activeGm: boolean;

/** A world document; `sheet` is the sheet its user picked for it (flags.core.sheetClass). */
const doc = (id: string, sheet?: string, embedded: Doc[] = []): Doc => ({
  id,
  flags: sheet === undefined ? {} : { core: { sheetClass: sheet } },
  items: { contents: embedded },
});

beforeEach(() => {
  setting = {};
  ready = [];
  written = [];
  updates = [];
  actors = [];
  items = [];
  activeGm = true;
  config = new FakeSheetConfig(() => setting);
  // ApplicationV2 and the mixin stand in only as classes to extend: no sheet is rendered here.
  class Application {}
  vi.stubGlobal("foundry", {
    applications: {
      api: {
        // eslint-disable-next-line @typescript-eslint/naming-convention -- Foundry's own name for its mixin
        HandlebarsApplicationMixin: (base: typeof Application) => class HandlebarsApplication extends base {},
        DocumentSheetV2: Application,
      },
      sheets: { ActorSheetV2: Application, ItemSheetV2: Application },
      apps: { DocumentSheetConfig: config },
      ux: { FormDataExtended: class {} },
    },
  });
  const documentClass = (documentName: string) => ({
    documentName,
    updateDocuments: (changes: unknown) => Promise.resolve(void updates.push({ what: documentName, changes })),
  });
  vi.stubGlobal("Actor", documentClass("Actor"));
  vi.stubGlobal("Item", documentClass("Item"));
  vi.stubGlobal("Hooks", { once: (hook: string, fn: () => unknown) => void (hook === "ready" && ready.push(fn)) });
  vi.stubGlobal("game", {
    settings: {
      get: (scope: string, key: string) =>
        scope === "core" && key === "sheetClasses" ? structuredClone(setting) : undefined,
      set: (scope: string, key: string, value: SheetSetting) => {
        written.push({ key: `${scope}.${key}`, value });
        setting = value;
        return Promise.resolve();
      },
    },
    user: {
      get isActiveGM() {
        return activeGm;
      },
    },
    actors: {
      get contents() {
        return actors.map((a) => ({
          ...a,
          updateEmbeddedDocuments: (name: string, changes: unknown) =>
            Promise.resolve(void updates.push({ what: `${a.id}.${name}`, changes })),
        }));
      },
    },
    items: {
      get contents() {
        return items;
      },
    },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Fray's init registers its sheets; Foundry then initialises them (before ready) and fires ready. */
async function load(): Promise<void> {
  const { registerSheets } = await import("../../../src/foundry/sheets/register-sheets.js");
  registerSheets();
  config.initializeSheets();
  config.ready = true;
  for (const fn of ready) await fn();
}

const defaultOf = (documentName: string, type: string) =>
  config.getSheetClassesForSubType(documentName, type).defaultClass;

describe("Fray's sheets as v13 registers them (ids from class names)", () => {
  it(
    "every actor type's sheet is fray.FrayActorSheet and every item type's fray.FrayItemSheet, " +
      "each the type's default",
    async () => {
      await load();
      for (const meta of ACTOR_MODELS)
        expect(Object.keys(config.sheetClasses.Actor?.[meta.type] ?? {}), meta.type).toEqual(["fray.FrayActorSheet"]);
      for (const meta of ITEM_MODELS)
        expect(Object.keys(config.sheetClasses.Item?.[meta.type] ?? {}), meta.type).toEqual(["fray.FrayItemSheet"]);
      expect(ACTOR_MODELS.every((m) => defaultOf("Actor", m.type) === "fray.FrayActorSheet")).toBe(true);
      expect(ITEM_MODELS.every((m) => defaultOf("Item", m.type) === "fray.FrayItemSheet")).toBe(true);
    },
  );

  it(
    "a sheet loads its type's template and every shared partial before a render: no static PARTS " +
      "for Foundry to preload",
    () => {
      for (const meta of ACTOR_MODELS)
        expect(partTemplates(actorParts(meta.type))).toEqual(
          expect.arrayContaining([sheetTemplate("Actor", meta.type), ...SHEET_PARTIALS]),
        );
      for (const meta of ITEM_MODELS)
        expect(partTemplates(itemParts(meta.type))).toEqual(
          expect.arrayContaining([sheetTemplate("Item", meta.type), ...SHEET_PARTIALS]),
        );
    },
  );

  it("a sheet's window gets an element id that starts with its class name", async () => {
    await load();
    const meta = ACTOR_MODELS[0]!;
    const cls = config.sheetClasses.Actor?.[meta.type]?.["fray.FrayActorSheet"]?.cls;
    expect(cls && elementId(cls, "Actor.abc")).toBe("FrayActorSheet-Actor-abc");
  });

  it(
    "a world that made the old anonymous sheet (fray.) a type's default gets Fray's sheet as default, and " +
      "the setting rewritten",
    async () => {
      const [actorType, otherType] = ACTOR_MODELS.map((m) => m.type);
      const itemType = ITEM_MODELS[0]!.type;
      setting = { Actor: { [actorType!]: "fray.", [otherType!]: "core.ActorSheet" }, Item: { [itemType]: "fray." } };
      await load();
      expect(defaultOf("Actor", actorType!)).toBe("fray.FrayActorSheet");
      expect(defaultOf("Item", itemType)).toBe("fray.FrayItemSheet");
      // Another sheet the GM chose is left as it was.
      expect(written).toEqual([
        {
          key: "core.sheetClasses",
          value: {
            Actor: { [actorType!]: "fray.FrayActorSheet", [otherType!]: "core.ActorSheet" },
            Item: { [itemType]: "fray.FrayItemSheet" },
          },
        },
      ]);
    },
  );

  it("documents whose own sheet choice is fray. now name the new sheet; other choices are left alone", async () => {
    actors = [doc("a1", "fray.", [doc("i1", "fray."), doc("i2")]), doc("a2", "core.ActorSheet"), doc("a3")];
    items = [doc("w1", "fray."), doc("w2", "fray.FrayItemSheet")];
    await load();
    expect(updates).toEqual([
      { what: "Actor", changes: [{ _id: "a1", "flags.core.sheetClass": "fray.FrayActorSheet" }] },
      { what: "Item", changes: [{ _id: "w1", "flags.core.sheetClass": "fray.FrayItemSheet" }] },
      { what: "a1.Item", changes: [{ _id: "i1", "flags.core.sheetClass": "fray.FrayItemSheet" }] },
    ]);
  });

  it("only the active GM writes; every client still shows Fray's sheet as the default at once", async () => {
    activeGm = false;
    const actorType = ACTOR_MODELS[0]!.type;
    setting = { Actor: { [actorType]: "fray." } };
    actors = [doc("a1", "fray.")];
    await load();
    expect(defaultOf("Actor", actorType)).toBe("fray.FrayActorSheet");
    expect(written).toEqual([]);
    expect(updates).toEqual([]);
  });

  it("a world that never picked the old sheet is not written to", async () => {
    actors = [doc("a1")];
    await load();
    expect(written).toEqual([]);
    expect(updates).toEqual([]);
  });
});
