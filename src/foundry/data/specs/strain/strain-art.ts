import { field } from "../../field-spec.js";
import type { ModelMetadata } from "../../model-metadata.js";

/** A Combat Art the character has, with its modifier (STR-36); the item's name is the Art's name. */
export const strainArt: ModelMetadata<"Item"> = {
  documentName: "Item",
  type: "strain-art",
  ruleset: "strain",
  schemaVersion: 1,
  fields: {
    modifier: field.modifier("FRAY.Strain.ArtModifier"),
    description: field.html("FRAY.Field.Description"),
  },
  migrations: [],
  summary: ["modifier"],
};

/**
 * The character's Art modifiers by Art name, read from its strain-art items: the shape the core's
 * StrainCharacter.arts takes (STR-36). When two items name the same Art, the higher modifier counts.
 */
export function artModifiers(
  items: Iterable<{ readonly type: string; readonly name: string | null; readonly system: unknown }>,
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const item of items) {
    if (item.type !== strainArt.type || !item.name) continue;
    const modifier = (item.system as { modifier?: unknown }).modifier;
    if (typeof modifier !== "number") continue;
    out[item.name] = Math.max(out[item.name] ?? Number.NEGATIVE_INFINITY, modifier);
  }
  return out;
}
