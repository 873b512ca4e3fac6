import { actorModel, itemModel } from "./fray-model.js";
import { ACTOR_MODELS, ITEM_MODELS } from "./models.js";
import { trackableAttributes } from "./token-attributes.js";

/** Register a TypeDataModel for every actor and item type, and what a token may show of each actor, from the metadata. */
export function registerDataModels(): void {
  for (const meta of ACTOR_MODELS) {
    CONFIG.Actor.dataModels[meta.type] = actorModel(meta);
    CONFIG.Actor.trackableAttributes[meta.type] = trackableAttributes(meta);
  }
  for (const meta of ITEM_MODELS) CONFIG.Item.dataModels[meta.type] = itemModel(meta);
}
