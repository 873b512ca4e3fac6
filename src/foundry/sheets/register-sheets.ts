import { ACTOR_MODELS, ITEM_MODELS } from "../data/models.js";
import { SYSTEM_ID } from "../settings/ruleset.js";
import { FrayActorSheet } from "./fray-actor-sheet.js";
import { FrayItemSheet } from "./fray-item-sheet.js";
import { renameLegacySheetIds, type SheetIds } from "./legacy-sheet-ids.js";
import { theGame } from "../game/game-port.js";

/** Each sheet's id, as Foundry builds it from the scope and the class name. */
const SHEET_IDS: SheetIds = {
  Actor: `${SYSTEM_ID}.${FrayActorSheet.name}`,
  Item: `${SYSTEM_ID}.${FrayItemSheet.name}`,
};

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
  // Sheets are set up after `setup`; the old ids are mended once they are (legacy-sheet-ids.ts), by the active GM (who
  // rewrites the stored choices) and by a client whose world's default sheets name the old id.
  Hooks.once("ready", () => {
    const game = theGame();
    if (!game.user.isActiveGM && !JSON.stringify(game.settings.get("core", "sheetClasses")).includes('"fray."')) return;
    void renameLegacySheetIds(SHEET_IDS, game).catch((e: unknown) =>
      console.error("Fray | the old sheet ids were not renamed", e),
    );
  });
}
