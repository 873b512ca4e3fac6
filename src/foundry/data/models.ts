import type { RulesetId } from "../../core/rulesets.js";
import type { ModelMetadata } from "./model-metadata.js";
import * as specs from "./specs/index.js";

/** Every actor and item type Fray registers; system.json's documentTypes must list exactly these. */
export const ACTOR_MODELS = [
  specs.sectionsEntity,
  specs.escalationUnit,
  specs.teamsCharacter,
  specs.strainCharacter,
  specs.factionsCharacter,
] as const satisfies readonly ModelMetadata<"Actor">[];

export const ITEM_MODELS = [
  specs.sectionsWeapon,
  specs.sectionsArmour,
  specs.sectionsCard,
  specs.escalationWeapon,
  specs.escalationArmour,
  specs.escalationSpell,
  specs.escalationFeat,
  specs.teamsWeapon,
  specs.teamsArmour,
  specs.teamsTalent,
  specs.teamsConsumable,
  specs.strainArt,
  specs.strainAbility,
  specs.factionsWeapon,
  specs.factionsArmour,
  specs.factionsConsumable,
] as const satisfies readonly ModelMetadata<"Item">[];

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
