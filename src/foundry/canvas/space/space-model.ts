/**
 * How a scene's space is read for movement: the sections rule set's sections and borders, the factions rule set's
 * zones, the square grid with elevation (strain, escalation, teams), or not at all (tokens move freely).
 */
export const SPACE_MODELS = ["sections", "zones", "grid", "none"] as const;
export type SpaceModel = (typeof SPACE_MODELS)[number];

/** The scene flag that holds a scene's space model: `flags.fray.spaceModel`. */
export const SPACE_MODEL_FLAG = "spaceModel";

export function isSpaceModel(value: unknown): value is SpaceModel {
  return typeof value === "string" && (SPACE_MODELS as readonly string[]).includes(value);
}

/**
 * A scene's model: its flag when it holds a model, else the world's (its rule set's manifest: rulesets/). A hand-edited
 * flag falls back too.
 */
export function spaceModelOf(flag: unknown, worldModel: SpaceModel): SpaceModel {
  return isSpaceModel(flag) ? flag : worldModel;
}
