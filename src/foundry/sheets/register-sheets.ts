import { ACTOR_MODELS, ITEM_MODELS } from "../data/models.js";
import { SYSTEM_ID } from "../settings/ruleset.js";
import { actorSheetFor } from "./fray-actor-sheet.js";
import { itemSheetFor } from "./fray-item-sheet.js";

/** One sheet per actor and item type, each the default for its type; call once in the init hook. */
export function registerSheets(): void {
  const { DocumentSheetConfig } = foundry.applications.apps;
  for (const meta of ACTOR_MODELS) {
    DocumentSheetConfig.registerSheet(Actor, SYSTEM_ID, actorSheetFor(meta), {
      types: [meta.type],
      makeDefault: true,
      label: "FRAY.Sheet.Label",
    });
  }
  for (const meta of ITEM_MODELS) {
    DocumentSheetConfig.registerSheet(Item, SYSTEM_ID, itemSheetFor(meta), {
      types: [meta.type],
      makeDefault: true,
      label: "FRAY.Sheet.Label",
    });
  }
}
