import { isRecord } from "../../core/shared/guards.js";
import { field, type FieldSpecs } from "./field-spec.js";
import type { ModelMetadata } from "./model-metadata.js";
import { FORBIDDEN_KEYS, reviewUpdate, type UpdateProblem } from "./review-update.js";

interface ReviewedDocumentUpdate {
  /** The update to send: everything outside `system` as given, `system` reviewed (nested). */
  readonly data: Record<string, unknown>;
  readonly problems: readonly UpdateProblem[];
}

/**
 * Review a whole document update (`actor.update(data)`, a sheet's submit data): gather the `system` changes
 * whether nested (`{ system: { hp: { value } } }`) or flattened (`{ "system.hp.value": 3 }`), review them
 * against the model's spec, and put the reviewed changes back as one nested `system` object. Keys outside
 * `system` (name, img, ownership, ...) pass through untouched: Foundry's own schema checks them. Pure.
 */
export function reviewDocumentUpdate(
  fields: FieldSpecs,
  currentSystem: Readonly<Record<string, unknown>>,
  data: Readonly<Record<string, unknown>>,
): ReviewedDocumentUpdate {
  const rest: Record<string, unknown> = {};
  const system: Record<string, unknown> = {};
  const early: UpdateProblem[] = [];
  let touched = false;
  for (const [key, value] of Object.entries(data)) {
    if (key.split(".").some((p) => FORBIDDEN_KEYS.has(p))) {
      early.push({ path: key, kind: "forbiddenKey", key: "FRAY.Update.ForbiddenKey", value: "" });
      touched = true;
    } else if (key === "system") {
      touched = true;
      // Copied key by key, never with Object.assign: an own "__proto__" key would set the copy's prototype.
      if (isRecord(value)) for (const [k, v] of Object.entries(value)) defineOwn(system, k, v);
      else early.push({ path: "system", kind: "badType", key: "FRAY.Update.BadType", value });
    } else if (key.startsWith("system.")) {
      touched = true;
      defineOwn(system, key.slice("system.".length), value);
    } else {
      rest[key] = value;
    }
  }
  if (!touched) return { data: { ...data }, problems: [] };
  const reviewed = reviewUpdate(fields, currentSystem, system);
  const out = Object.keys(reviewed.changes).length ? { ...rest, system: reviewed.changes } : rest;
  return { data: out, problems: [...early, ...reviewed.problems] };
}

/** The fields an update may touch: the model's own, plus the stored schemaVersion (a migration may write it). */
export function updatableFields(meta: ModelMetadata): FieldSpecs {
  return { ...meta.fields, schemaVersion: field.count("FRAY.Field.SchemaVersion", meta.schemaVersion) };
}

/** Set an own property whatever its name ("__proto__" included), so the review sees it and refuses it. */
function defineOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
