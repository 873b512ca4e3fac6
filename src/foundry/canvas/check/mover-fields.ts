import { RULESETS, type RulesetId } from "../../../core/rulesets.js";
import type { ModelMetadata } from "../../data/model-metadata.js";
import type { MoverFields, MoverSpec } from "../../data/mover-spec.js";
import * as specs from "../../data/specs/index.js";

/** A spec's export that is an actor type declaring how it moves; the index also exports helpers (artModifiers). */
function isMoverSpec(value: unknown): value is ModelMetadata<"Actor"> & { readonly mover: MoverSpec } {
  const meta = value as Partial<ModelMetadata> | null;
  return typeof meta === "object" && meta?.documentName === "Actor" && meta.mover !== undefined;
}

// The specs, not the manifests: the manifests reach the canvas through the cards, and a circle would follow.
const DECLARED: readonly (ModelMetadata<"Actor"> & { readonly mover: MoverSpec })[] =
  Object.values(specs).filter(isMoverSpec);

/** A rule set whose actor type declares nothing moves only, as far as the map lets; a test refuses it (data/specs/). */
const ONLY_WALKS: MoverSpec = { actions: ["walk"], fields: {} };

/** How each rule set's characters move, as its actor type declares it (data/specs/<id>/). */
export const MOVERS: Readonly<Record<RulesetId, MoverSpec>> = Object.fromEntries(
  RULESETS.map((r) => [r, DECLARED.find((m) => m.ruleset === r)?.mover ?? ONLY_WALKS]),
) as Record<RulesetId, MoverSpec>;

/** The fields of each rule set's actor type that movement reads, by rule set. */
export const MOVER_FIELDS: Readonly<Record<RulesetId, MoverFields>> = Object.fromEntries(
  RULESETS.map((r) => [r, MOVERS[r].fields]),
) as Record<RulesetId, MoverFields>;
