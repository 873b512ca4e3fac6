import { FrayActor } from "./fray-actor.js";
import { FrayItem } from "./fray-item.js";

/** Fray's Actor and Item document classes; call once in the init hook (their data models: rulesets/). */
export function registerDocuments(): void {
  CONFIG.Actor.documentClass = FrayActor;
  CONFIG.Item.documentClass = FrayItem;
}
