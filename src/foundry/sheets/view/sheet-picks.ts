import type { ModelMetadata, PickSpec } from "../../data/model-metadata.js";
import type { ItemSource } from "./item-rows.js";

/**
 * The choices of a picked text field (ModelMetadata.picks): strain's Stance from the character's stance
 * abilities, factions' faction from the sides of its current combat. Pure: the sheet class finds the combat.
 */
export interface PickedChoice {
  readonly value: string;
  /** Shown as written (an item's or side's name), or localised when `localize` is set. */
  readonly label: string;
  readonly localize: boolean;
}

/** A side of a combat as the tracker names it: its id (a group id, a faction, a disposition) and its label. */
export interface CombatSide {
  readonly id: string;
  readonly label: string;
}

interface PickSources {
  readonly items?: readonly ItemSource[];
  /** The sides of the actor's current combat; absent or empty when it is in none, and the field stays free text. */
  readonly combatSides?: readonly CombatSide[];
}

/**
 * The select's choices for each picked field, or nothing for a field that stays free text (no combat). The stored
 * value is always among them, so opening the sheet never changes it; an empty choice keeps "none" reachable.
 */
export function pickedChoices(
  meta: Pick<ModelMetadata, "picks">,
  system: Readonly<Record<string, unknown>>,
  sources: PickSources,
): Record<string, PickedChoice[]> {
  const out: Record<string, PickedChoice[]> = {};
  for (const [key, pick] of Object.entries(meta.picks ?? {})) {
    const found = choicesFrom(pick, sources);
    if (!found) continue;
    const current = typeof system[key] === "string" ? system[key] : "";
    const none: PickedChoice = {
      value: "",
      label: pick.from === "combatSides" ? "FRAY.Side.fromToken" : "FRAY.Choice.none",
      localize: true,
    };
    const list = [none, ...found.filter((c) => c.value !== "")];
    if (!list.some((c) => c.value === current)) list.push({ value: current, label: current, localize: false });
    out[key] = list;
  }
  return out;
}

function choicesFrom(pick: PickSpec, sources: PickSources): PickedChoice[] | null {
  if (pick.from === "combatSides") {
    const sides = sources.combatSides ?? [];
    return sides.length ? sides.map((s) => ({ value: s.id, label: s.label, localize: false })) : null;
  }
  const names = (sources.items ?? [])
    .filter((i) => i.type === pick.type && i.system?.[pick.field] === pick.equals)
    .map((i) => i.name)
    .filter((n) => n !== "");
  return [...new Set(names)].map((n) => ({ value: n, label: n, localize: false }));
}
