import type { FieldSpecs } from "../data/field-spec.js";
import { isGroup } from "../data/review-update.js";

/**
 * A sheet shows a tags field as a group of checkboxes sharing one name, each with its tag as value. Foundry's
 * FormDataExtended reads such a group as a list with each checked box's value and null for each unchecked one
 * (a group of one box: its value or null). This turns that back into the list of chosen tags the field stores,
 * before the review sees it. Pure; anything else in the submitted data is left as it is.
 */
export function tagsFromForm(fields: FieldSpecs, submitted: object): object {
  if (!isGroup(submitted) || !isGroup(submitted.system)) return submitted;
  return { ...submitted, system: inGroup(fields, submitted.system) };
}

function inGroup(fields: FieldSpecs, data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...data };
  for (const [key, spec] of Object.entries(fields)) {
    if (!Object.hasOwn(data, key)) continue;
    const v = data[key];
    if (spec.kind === "tags") out[key] = chosen(v);
    else if (spec.kind === "group" && isGroup(v)) out[key] = inGroup(spec.fields, v);
  }
  return out;
}

/** The checked values: nulls (unchecked boxes) dropped; a lone box's value becomes a list of one. */
function chosen(v: unknown): unknown {
  if (v === null) return [];
  if (typeof v === "string") return [v];
  if (Array.isArray(v)) return v.filter((t) => t !== null);
  return v;
}
