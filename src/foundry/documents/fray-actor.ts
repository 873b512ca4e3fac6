import { modelFor, typesOf } from "../data/models.js";
import { reviewDocumentUpdate, updatableFields } from "../data/review-document-update.js";
import { currentRuleset } from "../settings/ruleset.js";
import { warnProblems } from "./warn-problems.js";

/**
 * Fray's Actor: creation offers only the world rule set's actor types, and every update is reviewed
 * against the type's spec first (bad values refused or clamped, one warning each) so Foundry never
 * sees, and never throws on, a bad value.
 */
export class FrayActor extends Actor {
  static override createDialog(
    data?: Actor.CreateDialogData,
    createOptions?: Actor.Database.DialogCreateOptions,
    options?: Actor.CreateDialogOptions,
  ): Promise<Actor.Stored | null | undefined> {
    const types = typesOf("Actor", currentRuleset());
    // fvtt-types 13.345 inverts its hasTypeData test and types `types` as never for documents with subtypes;
    // Foundry v13 reads `options.types` as the whitelist of offered subtypes.
    return super.createDialog(data, createOptions, { ...options, types } as unknown as Actor.CreateDialogOptions);
  }

  override update(data: Actor.UpdateData | undefined, operation?: Actor.Database.UpdateOperation): Promise<this | undefined> {
    const meta = modelFor("Actor", this.type);
    if (!meta || !data) return super.update(data, operation);
    const current = this._source.system as unknown as Record<string, unknown>;
    const reviewed = reviewDocumentUpdate(updatableFields(meta), current, data as Record<string, unknown>);
    warnProblems(reviewed.problems);
    return super.update(reviewed.data as Actor.UpdateData, operation);
  }
}
