import { typesOf } from "../data/models.js";
import { currentRuleset } from "../settings/ruleset.js";
import { reviewFor } from "./review-for.js";
import { reviewChangesInPlace, reviewCreation } from "./review-on-write.js";
import { theGame } from "../game/game-port.js";

type UpdateOperation = Parameters<typeof Item.updateDocuments>[1];

/**
 * Fray's Item: creation offers only the world rule set's item types; every update is reviewed first (see FrayActor).
 */
export class FrayItem extends Item {
  static override createDialog(
    data?: Item.CreateDialogData,
    createOptions?: Item.Database.DialogCreateOptions,
    options?: Item.CreateDialogOptions,
  ): Promise<Item.Stored | null | undefined> {
    const types = typesOf("Item", currentRuleset());
    // fvtt-types 13.345 types `types` as never for documents with subtypes (see FrayActor.createDialog).
    return super.createDialog(data, createOptions, { ...options, types } as unknown as Item.CreateDialogOptions);
  }

  override update(
    data: Item.UpdateData | undefined,
    operation?: Item.Database.UpdateOperation,
  ): Promise<this | undefined> {
    return super.update(reviewFor("Item", this, data), operation);
  }

  /**
   * Bulk and embedded updates (`Item.updateDocuments`, `actor.updateEmbeddedDocuments("Item", ...)`): each change
   * is reviewed against the item it names, found in its parent actor or the world's items.
   */
  static override updateDocuments(
    updates: Item.UpdateData[] | undefined,
    operation?: UpdateOperation,
  ): Promise<Item.Implementation[]> {
    const parent = operation?.parent;
    const find = (id: string) =>
      parent instanceof Actor ? parent.items.get(id) : parent ? undefined : theGame().items.get(id);
    const reviewed = updates?.map((u) =>
      operation?.pack ? u : reviewFor("Item", find(String((u as { _id?: unknown })._id)), u),
    );
    return super.updateDocuments(reviewed, operation);
  }
  /** The review again, where every update path passes (review-on-write.ts). */
  protected override async _preUpdate(...args: Parameters<Item["_preUpdate"]>) {
    reviewChangesInPlace("Item", this, args[0]);
    return super._preUpdate(...args);
  }

  /** A new item's data is reviewed too: created values obey the same bounds as edited ones. */
  protected override async _preCreate(...args: Parameters<Item["_preCreate"]>) {
    const system = reviewCreation("Item", this.type, (args[0] as { system?: unknown }).system);
    if (system) this.updateSource({ system });
    return super._preCreate(...args);
  }
}
