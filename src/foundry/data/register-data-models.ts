import { actorModel, itemModel } from "./fray-model.js";
import { ACTOR_MODELS, ITEM_MODELS } from "./models.js";

/** Register a TypeDataModel for every actor and item type, driven by each model's metadata. */
export function registerDataModels(): void {
  for (const meta of ACTOR_MODELS) CONFIG.Actor.dataModels[meta.type] = actorModel(meta);
  for (const meta of ITEM_MODELS) CONFIG.Item.dataModels[meta.type] = itemModel(meta);
}
