import type { ModelMetadata } from "../../data/model-metadata.js";
import { choiceLabel, derivedLabel } from "./sheet-labels.js";

/**
 * The derived values of a sheet, split the way a player reads them: yes/no states become badges (Bloodied,
 * Must fortify, Frayed, ...) shown only while they hold, everything else a labelled number or word. Pure.
 */
export interface BadgeView {
  readonly key: string;
  readonly label: string;
  readonly tone: "danger" | "warning" | "info";
}

export interface DerivedView {
  readonly key: string;
  readonly label: string;
  /** Shown as is (numbers). */
  readonly value?: string;
  /** Shown localised (lighting, damage kind). */
  readonly valueLabel?: string;
}

interface StatesView {
  /** The states that hold now, in the spec's order. */
  readonly badges: readonly BadgeView[];
  /** The derived values that are not yes/no. */
  readonly derived: readonly DerivedView[];
  /** The type has yes/no states at all, so "no states" says something (a sections entity has none). */
  readonly hasStates: boolean;
}

export function statesOf(meta: Pick<ModelMetadata, "badges">, derived: Readonly<Record<string, unknown>>): StatesView {
  const badges: BadgeView[] = [];
  const rest: DerivedView[] = [];
  let hasStates = false;
  for (const [key, v] of Object.entries(derived)) {
    if (typeof v === "boolean") {
      hasStates = true;
      const spec = meta.badges?.[key] ?? {};
      if (v === (spec.when ?? true))
        badges.push({ key, label: spec.label ?? derivedLabel(key), tone: spec.tone ?? "warning" });
    } else if (typeof v === "string") rest.push({ key, label: derivedLabel(key), valueLabel: choiceLabel(v) });
    else rest.push({ key, label: derivedLabel(key), value: String(v) });
  }
  return { badges, derived: rest, hasStates };
}
