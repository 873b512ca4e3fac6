import type { FieldSpecs } from "../../data/field-spec.js";
import type { ModelMetadata } from "../../data/model-metadata.js";
import { SYSTEM_PATH, sheetTemplate } from "./template-paths.js";

/**
 * How a Fray sheet is laid out in ApplicationV2 terms, as plain data the sheet classes, the screenshots and the
 * tests all read: the actor sheet's tab group (fight, items, notes), its parts in order, and each window's
 * default size. Pure: no Foundry here.
 */
export const TAB_GROUP = "primary";

export const ACTOR_TAB_IDS = ["fight", "items", "notes"] as const;
export type ActorTabId = (typeof ACTOR_TAB_IDS)[number];

/** ApplicationV2.TABS of the actor sheet: one group, the fight tab first, each labelled FRAY.Sheet.Tab.<id>. */
export const ACTOR_TABS = {
  [TAB_GROUP]: {
    tabs: ACTOR_TAB_IDS.map((id) => ({ id, cssClass: "", label: `FRAY.Sheet.Tab.${id}` })),
    initial: "fight" as ActorTabId,
  },
};

interface PartSpec {
  readonly template: string;
  readonly templates?: string[];
  readonly scrollable?: string[];
}

const part = (name: string) => `${SYSTEM_PATH}/templates/actor/parts/${name}.hbs`;

/** Every partial a sheet template may include; loaded with each part so Foundry has them before the render. */
export const SHEET_PARTIALS = [
  part("header"),
  part("badges"),
  part("field"),
  part("derived"),
  part("conditions"),
  part("item-row"),
  part("attacks"),
  part("editor"),
] as const;

/**
 * The actor sheet's parts, in the order Foundry renders them into the window: the header (picture, name, states)
 * and the tab buttons stay on top; then one part per tab. The fight tab is the type's own template.
 */
export function actorParts(type: string): Record<string, PartSpec> {
  return {
    header: withPartials(part("header")),
    tabs: { template: part("tabs") },
    fight: withPartials(sheetTemplate("Actor", type), true),
    items: withPartials(part("items"), true),
    notes: withPartials(part("notes"), true),
  };
}

/** An item sheet is one part: its type's template, short enough to need no tabs. */
export function itemParts(type: string): Record<string, PartSpec> {
  return { sheet: withPartials(sheetTemplate("Item", type), true) };
}

/** Every template a set of parts renders or includes, once: what a sheet loads before it renders them. */
export function partTemplates(parts: Readonly<Record<string, PartSpec>>): string[] {
  return [...new Set(Object.values(parts).flatMap((p) => p.templates ?? [p.template]))];
}

/** A part whose template includes the shared partials; Foundry loads `templates` (entry point included) first. */
function withPartials(template: string, scrolls = false): PartSpec {
  return { template, templates: [...new Set([template, ...SHEET_PARTIALS])], ...(scrolls ? { scrollable: [""] } : {}) };
}

/**
 * What one part renders with: the shared context plus, for a tab's part, its tab (id, group, active, cssClass)
 * from the context's `tabs`, as Foundry's own tabbed sheets do.
 */
export function partContext<C extends { tabs?: Readonly<Record<string, unknown>> }>(
  partId: string,
  context: C,
): C & { tab?: unknown } {
  const tab = context.tabs && Object.hasOwn(context.tabs, partId) ? context.tabs[partId] : undefined;
  return tab === undefined ? context : { ...context, tab };
}

interface SheetSize {
  readonly width: number;
  readonly height: number;
}

/**
 * Default window sizes, chosen so the fight tab (or an item sheet) shows whole without scrolling in a 1080p
 * browser window (about 950 px of page under the browser's own bars); the screenshots check this.
 */
export const ACTOR_SHEET_SIZE: SheetSize = { width: 760, height: 860 };
export const ITEM_SHEET_SIZE: SheetSize = { width: 560, height: 640 };
/** An item with a handful of statistics (a consumable's uses, an armour's reduction) opens shorter. */
export const SMALL_ITEM_SHEET_SIZE: SheetSize = { width: 560, height: 460 };
const SMALL_ITEM_INPUTS = 4;

/**
 * The default window of a type's sheet: actors one size, items by how many inputs their spec has beside the
 * description.
 */
export function sheetSize(meta: Pick<ModelMetadata, "documentName" | "fields">): SheetSize {
  if (meta.documentName === "Actor") return ACTOR_SHEET_SIZE;
  return inputCount(meta.fields) <= SMALL_ITEM_INPUTS ? SMALL_ITEM_SHEET_SIZE : ITEM_SHEET_SIZE;
}

function inputCount(fields: FieldSpecs): number {
  let n = 0;
  for (const f of Object.values(fields)) n += f.kind === "group" ? inputCount(f.fields) : f.kind === "html" ? 0 : 1;
  return n;
}
