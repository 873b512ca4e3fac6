import type { ModelMetadata } from "./model-metadata.js";
import { teamsCharacter } from "./specs/teams-character.js";

/** Every actor and item type Fray registers; system.json's documentTypes must list exactly these. */
export const ACTOR_MODELS = [teamsCharacter] as const satisfies readonly ModelMetadata<"Actor">[];
export const ITEM_MODELS = [] as const satisfies readonly ModelMetadata<"Item">[];

export type FrayActorType = (typeof ACTOR_MODELS)[number]["type"];
