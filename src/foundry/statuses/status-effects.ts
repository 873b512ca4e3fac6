import type { RulesetId } from "../../core/rulesets.js";
import { isRecord, valueAt } from "../../core/shared/guards.js";
import type { FieldSpec, FieldSpecs } from "../data/field-spec.js";
import type { StatusSpec } from "../data/model-metadata.js";
import { ACTOR_MODELS, modelFor } from "../data/models.js";
import { manifestOf } from "../rulesets/index.js";

/**
 * Conditions as token status effects. The actor's condition fields are the truth (the cards and the turn orders read
 * them); a status effect on the token only mirrors a field, and toggling it writes the field. Pure: no Foundry here.
 */

/** One entry of CONFIG.statusEffects as Foundry v13 reads it (name is a key Foundry localises). */
export interface StatusEffectEntry {
  readonly id: string;
  readonly name: string;
  readonly img: string;
  readonly hud?: { readonly actorTypes: readonly string[] };
}

/** Foundry's own statuses, kept where no field stands behind them. */
const FOUNDRY_STATUSES: Readonly<Record<string, { readonly name: string; readonly img: string }>> = {
  // Foundry's defeated status (CONFIG.specialStatusEffects.DEFEATED): the tracker's toggle, and the roster leaves it
  // out.
  dead: { name: "FRAY.Status.dead", img: "icons/svg/skull.svg" },
  // Escalation's cards mark a unit beaten to 0 HP unconscious (ESC-33); its sheet keeps no such condition.
  unconscious: { name: "FRAY.Status.unconscious", img: "icons/svg/unconscious.svg" },
};

/** A mirrored status's id: the key of the field it mirrors (`conditions.prone` is "prone"). */
export function statusIdOf(spec: StatusSpec): string {
  return spec.path.slice(spec.path.lastIndexOf(".") + 1);
}

function fieldAt(fields: FieldSpecs, path: string): FieldSpec | undefined {
  const [head = "", ...rest] = path.split(".");
  const f = Object.hasOwn(fields, head) ? fields[head] : undefined;
  if (!rest.length || !f) return f;
  return f.kind === "group" ? fieldAt(f.fields, rest.join(".")) : undefined;
}

/** CONFIG.statusEffects for a world of this rule set: its actors' conditions, then the Foundry statuses it keeps. */
export function statusEffectsFor(ruleset: RulesetId): StatusEffectEntry[] {
  const byId = new Map<string, { id: string; name: string; img: string; types: string[] }>();
  for (const meta of ACTOR_MODELS.filter((m) => m.ruleset === ruleset)) {
    for (const s of meta.statuses ?? []) {
      const id = statusIdOf(s);
      const entry = byId.get(id) ?? { id, name: fieldAt(meta.fields, s.path)?.label ?? id, img: s.img, types: [] };
      entry.types.push(meta.type);
      byId.set(id, entry);
    }
  }
  const own = [...byId.values()].map(({ types, ...e }) => ({ ...e, hud: { actorTypes: types } }));
  const kept = manifestOf(ruleset)
    .keptStatuses.filter((id) => !byId.has(id))
    .map((id) => ({ id, ...(FOUNDRY_STATUSES[id] as { name: string; img: string }) }));
  return [...own, ...kept];
}

/**
 * The field a status mirrors on an actor of `type`: its path and kind; null for Foundry's own statuses and unknown ids.
 */
export function mirroredField(
  type: string,
  statusId: string,
): { readonly path: string; readonly kind: "boolean" | "number" } | null {
  const meta = modelFor("Actor", type);
  const spec = meta?.statuses?.find((s) => statusIdOf(s) === statusId);
  const field = spec && meta ? fieldAt(meta.fields, spec.path) : undefined;
  if (!spec || !field || (field.kind !== "boolean" && field.kind !== "number")) return null;
  return { path: spec.path, kind: field.kind };
}

/** A condition is on when its flag is set, or its count (strain's stacking Statuses) is above 0. */
export function isOn(value: unknown): boolean {
  return value === true || (typeof value === "number" && value > 0);
}

/**
 * What toggling a mirrored status writes, as Foundry reads `active` (undefined: the other way round; null: off): a
 * flag set or cleared, a count raised to 1 (a higher one kept) or cleared. Null for a status with no field.
 */
export function conditionWrite(
  type: string,
  system: unknown,
  statusId: string,
  active: boolean | null | undefined,
): { readonly path: string; readonly value: boolean | number } | null {
  const field = mirroredField(type, statusId);
  if (!field) return null;
  const current = valueAt(system, field.path);
  const want = active === undefined ? !isOn(current) : active === true;
  if (field.kind === "boolean") return { path: field.path, value: want };
  return { path: field.path, value: want ? (isOn(current) ? (current as number) : 1) : 0 };
}

/** The ids of the mirrored statuses this actor's data has on. */
export function conditionsOn(type: string, system: unknown): Set<string> {
  const on = new Set<string>();
  for (const s of modelFor("Actor", type)?.statuses ?? []) if (isOn(valueAt(system, s.path))) on.add(statusIdOf(s));
  return on;
}

/** The icons to add (active) or take away so the token shows exactly the conditions the data holds. */
export function iconChanges(
  type: string,
  system: unknown,
  shown: ReadonlySet<string>,
): { id: string; active: boolean }[] {
  const on = conditionsOn(type, system);
  return (modelFor("Actor", type)?.statuses ?? [])
    .map(statusIdOf)
    .filter((id) => on.has(id) !== shown.has(id))
    .map((id) => ({ id, active: on.has(id) }));
}

/** Whether an update's changes (nested, or Foundry's flattened "system.a.b" keys) touch a mirrored field. */
export function touchesConditions(type: string, changed: unknown): boolean {
  if (!isRecord(changed)) return false;
  return (modelFor("Actor", type)?.statuses ?? []).some(
    (s) =>
      valueAt(changed, `system.${s.path}`) !== undefined ||
      Object.hasOwn(changed, `system.${s.path}`) ||
      flatUnder(changed, s.path),
  );
}

/** A flattened key somewhere between "system" and the field ("system.conditions": {...}). */
function flatUnder(changed: Record<string, unknown>, path: string): boolean {
  const parts = path.split(".");
  for (let i = 1; i < parts.length; i++) {
    const key = `system.${parts.slice(0, i).join(".")}`;
    if (Object.hasOwn(changed, key) && valueAt(changed[key], parts.slice(i).join(".")) !== undefined) return true;
  }
  return false;
}

/** `actor.statuses` (what Foundry and modules test): each mirrored status is on exactly when its field is. */
export function settleStatuses(type: string, system: unknown, statuses: Set<string>): void {
  const on = conditionsOn(type, system);
  for (const s of modelFor("Actor", type)?.statuses ?? []) {
    const id = statusIdOf(s);
    if (on.has(id)) statuses.add(id);
    else statuses.delete(id);
  }
}
