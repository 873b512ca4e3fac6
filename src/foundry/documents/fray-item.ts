import { modelFor, typesOf } from "../data/models.js";
import { reviewDocumentUpdate, updatableFields } from "../data/review-document-update.js";
import { currentRuleset } from "../settings/ruleset.js";
import { warnProblems } from "./warn-problems.js";

/** Fray's Item: creation offers only the world rule set's item types; every update is reviewed first (see FrayActor). */
export class FrayItem extends Item {
  static override createDialog(
    data?: Item.CreateDialogData,
    createOptions?: Item.Database.DialogCreateOptions,
    options?: Item.CreateDialogOptions,
  ): Promise<Item.Stored | null | undefined> {
    const types = typesOf("Item", currentRuleset());
    // fvtt-types 13.345 inverts its hasTypeData test and types `types` as never for documents with subtypes;
    // Foundry v13 reads `options.types` as the whitelist of offered subtypes.
    return super.createDialog(data, createOptions, { ...options, types } as unknown as Item.CreateDialogOptions);
  }

  override update(data: Item.UpdateData | undefined, operation?: Item.Database.UpdateOperation): Promise<this | undefined> {
    const meta = modelFor("Item", this.type);
    if (!meta || !data) return super.update(data, operation);
    const current = this._source.system as unknown as Record<string, unknown>;
    const reviewed = reviewDocumentUpdate(updatableFields(meta), current, data as Record<string, unknown>);
    warnProblems(reviewed.problems);
    return super.update(reviewed.data as Item.UpdateData, operation);
  }
}
