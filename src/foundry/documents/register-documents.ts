import { registerDataModels } from "../data/register-data-models.js";
import { FrayActor } from "./fray-actor.js";
import { FrayItem } from "./fray-item.js";

/** Fray's document classes and every type's data model; call once in the init hook. */
export function registerDocuments(): void {
  CONFIG.Actor.documentClass = FrayActor;
  CONFIG.Item.documentClass = FrayItem;
  registerDataModels();
}
