import type { RulesetId } from "../../core/rulesets.js";
import { MANIFESTS } from "../rulesets/index.js";
import type { ModelMetadata } from "./model-metadata.js";

/**
 * Every actor and item type Fray registers, from the manifests (rulesets/); system.json's documentTypes lists them all.
 */
export const ACTOR_MODELS: readonly ModelMetadata<"Actor">[] = MANIFESTS.flatMap((m) => m.actors);

export const ITEM_MODELS: readonly ModelMetadata<"Item">[] = MANIFESTS.flatMap((m) => m.items);

export type FrayDocumentName = "Actor" | "Item";

function modelsOf(documentName: FrayDocumentName): readonly ModelMetadata[] {
  return documentName === "Actor" ? ACTOR_MODELS : ITEM_MODELS;
}

/** The metadata of one registered type, or undefined for a type Fray does not know (e.g. "base"). */
export function modelFor(documentName: FrayDocumentName, type: string): ModelMetadata | undefined {
  return modelsOf(documentName).find((m) => m.type === type);
}

/** The types a rule set offers: the GM creating a document, and an actor accepting a dropped item, see only these. */
export function typesOf(documentName: FrayDocumentName, ruleset: RulesetId): string[] {
  return modelsOf(documentName)
    .filter((m) => m.ruleset === ruleset)
    .map((m) => m.type);
}
