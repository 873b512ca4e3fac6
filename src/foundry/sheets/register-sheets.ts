import { ACTOR_MODELS, ITEM_MODELS } from "../data/models.js";
import { SYSTEM_ID } from "../settings/ruleset.js";
import { FrayActorSheet } from "./fray-actor-sheet.js";
import { FrayItemSheet } from "./fray-item-sheet.js";
import { renamedDefaults, renamedFlags, type FlaggedDoc, type SheetIds } from "./legacy-sheet-ids.js";

/** Each sheet's id, as Foundry builds it from the scope and the class name. */
const SHEET_IDS: SheetIds = { Actor: `${SYSTEM_ID}.${FrayActorSheet.name}`, Item: `${SYSTEM_ID}.${FrayItemSheet.name}` };

/** One sheet per document, the default of every type Fray defines; call once in the init hook. */
export function registerSheets(): void {
  const { DocumentSheetConfig } = foundry.applications.apps;
  DocumentSheetConfig.registerSheet(Actor, SYSTEM_ID, FrayActorSheet, {
    types: ACTOR_MODELS.map((m) => m.type),
    makeDefault: true,
    label: "FRAY.Sheet.Label",
  });
  DocumentSheetConfig.registerSheet(Item, SYSTEM_ID, FrayItemSheet, {
    types: ITEM_MODELS.map((m) => m.type),
    makeDefault: true,
    label: "FRAY.Sheet.Label",
  });
  // Sheets are set up after `setup`; the old ids are mended once they are (legacy-sheet-ids.ts).
  Hooks.once("ready", () => renameLegacySheetIds().catch((e: unknown) => console.error("Fray | the old sheet ids were not renamed", e)));
}

/**
 * A world that chose Fray's earlier, anonymous sheets ("fray.") keeps Fray's sheets: every client makes them the
 * default again at once, and the active GM rewrites the stored choices so the next load needs nothing.
 */
async function renameLegacySheetIds(): Promise<void> {
  const setting = renamedDefaults(game.settings.get("core", "sheetClasses"), SHEET_IDS);
  // v13 has DocumentSheetConfig.updateDefaultSheets; fvtt-types 13.345 does not declare it.
  const config = foundry.applications.apps.DocumentSheetConfig as unknown as { updateDefaultSheets(setting: object): void };
  if (setting) config.updateDefaultSheets(setting);
  if (!game.user.isActiveGM) return;
  if (setting) await game.settings.set("core", "sheetClasses", setting as never);
  const actors = game.actors.contents;
  const worldActors = renamedFlags(actors as readonly FlaggedDoc[], SHEET_IDS.Actor!);
  if (worldActors.length > 0) await Actor.updateDocuments(worldActors);
  const worldItems = renamedFlags(game.items.contents as readonly FlaggedDoc[], SHEET_IDS.Item!);
  if (worldItems.length > 0) await Item.updateDocuments(worldItems);
  for (const actor of actors) {
    const owned = renamedFlags(actor.items.contents as readonly FlaggedDoc[], SHEET_IDS.Item!);
    if (owned.length > 0) await actor.updateEmbeddedDocuments("Item", owned);
  }
}
