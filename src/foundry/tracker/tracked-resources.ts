import { isRecord } from "../../core/shared/guards.js";
import type { ModelMetadata } from "../data/model-metadata.js";

/** One resource on a tracker row: its label key and its value as the row shows it ("7/12", "2/3", "1"). */
export interface TrackedResource {
  readonly label: string;
  readonly value: string;
}

/**
 * What a combatant's row shows of its actor: the spec's `tracked` fields, a pool as value/max, a load and its
 * tolerance (strain's Fatigue and Stress) as load/tolerance, a count as itself. Pure.
 */
export function trackedResources(meta: ModelMetadata | undefined, system: unknown): TrackedResource[] {
  if (!meta?.tracked || !isRecord(system)) return [];
  const out: TrackedResource[] = [];
  for (const key of meta.tracked) {
    const spec = Object.hasOwn(meta.fields, key) ? meta.fields[key] : undefined;
    const v = system[key];
    if (!spec) continue;
    if (spec.kind === "pool" && isRecord(v)) out.push({ label: spec.label, value: `${num(v.value)}/${num(v.max)}` });
    else if (spec.kind === "group" && isRecord(v) && "load" in v)
      out.push({ label: spec.label, value: `${num(v.load)}/${num(v.tolerance)}` });
    else if (spec.kind === "number") out.push({ label: spec.label, value: String(num(v)) });
  }
  return out;
}

const num = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) ? v : 0);
