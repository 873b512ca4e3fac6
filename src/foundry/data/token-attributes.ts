import { isRecord, valueAt } from "../../core/shared/guards.js";
import type { FieldSpecs } from "./field-spec.js";
import type { ModelMetadata } from "./model-metadata.js";

/**
 * What a token may show of an actor (CONFIG.Actor.trackableAttributes, v13): bars read `{ value, max }`, values a
 * number.
 */
interface TrackableAttributes {
  bar: string[];
  value: string[];
}

function numbersAndPools(fields: FieldSpecs, prefix: string, out: TrackableAttributes): void {
  for (const [key, f] of Object.entries(fields)) {
    const path = `${prefix}${key}`;
    if (f.kind === "pool") out.bar.push(path);
    else if (f.kind === "number") out.value.push(path);
    else if (f.kind === "group") numbersAndPools(f.fields, `${path}.`, out);
  }
}

/** A type's trackable attributes: its pools and bar-shaped groups as bars, every other number as a value. Pure. */
export function trackableAttributes(meta: ModelMetadata): TrackableAttributes {
  const out: TrackableAttributes = { bar: [], value: [] };
  numbersAndPools(meta.fields, "", out);
  out.bar.push(...Object.keys(meta.barShapes ?? {}));
  return out;
}

/**
 * The `{ value, max }` each bar-shaped group shows (Fatigue: its Load of its Tolerance), read from the data. Derived,
 * never stored: the stored group keeps the rule text's names, so nothing stored changes shape.
 */
export function barValues(meta: ModelMetadata, system: unknown): Record<string, { value: number; max: number }> {
  const out: Record<string, { value: number; max: number }> = {};
  for (const [key, shape] of Object.entries(meta.barShapes ?? {})) {
    const value = valueAt(system, `${key}.${shape.value}`);
    const max = valueAt(system, `${key}.${shape.max}`);
    if (typeof value === "number" && typeof max === "number") out[key] = { value, max };
  }
  return out;
}

/**
 * The bars a new actor's prototype token starts with (bar1, bar2: the type's `bars`), each only where the creation
 * data chose none (a copied or imported actor keeps its own). Null when there is nothing to set. Pure.
 */
export function defaultBars(
  meta: ModelMetadata,
  prototypeToken: unknown,
): Record<string, { attribute: string }> | null {
  const out: Record<string, { attribute: string }> = {};
  for (const [i, attribute] of (meta.bars ?? []).slice(0, 2).entries()) {
    const bar = `bar${i + 1}`;
    const chosen = isRecord(prototypeToken) ? valueAt(prototypeToken, `${bar}.attribute`) : undefined;
    if (typeof chosen !== "string" || chosen === "") out[bar] = { attribute };
  }
  return Object.keys(out).length ? out : null;
}
