/**
 * A document update as v13 applies it and reports it, for the combat fakes. Read from Foundry's own code:
 * - client/data/client-backend.mjs `#preUpdateDocumentArray`: the change is expanded (`expandObject`), applied with
 *   `updateSource` as a dry run, and with `diff` (the default) only the difference is sent; an empty difference sends
 *   nothing, so no client runs `_onUpdate` or the update hooks.
 * - common/data/fields.mjs `_updateDiff`: a value equal to the stored one is no change (DataField `===`; an array
 *   compared element by element, ArrayField `equals`); an object merges into the stored one and reports only what
 *   changed (SchemaField, ObjectField with `diffObject`); `-=key` deletes a key that exists and reports it as
 *   `-=key`; `==key` replaces the value whole and is always reported, as `==key`.
 * The returned difference is what every client's `_onUpdate(changed)` gets. Values are copies (the update went
 * through the server as JSON).
 */
export function updateSource(
  source: Record<string, unknown>,
  update: Record<string, unknown>,
): Record<string, unknown> {
  return diffInto(source, expand(JSON.parse(JSON.stringify(update)) as Record<string, unknown>));
}

/**
 * foundry.utils.expandObject: dotted keys become nested objects (`"system.==journal"` -> `{system: {"==journal"}}`).
 */
function expand(update: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(update)) {
    const parts = key.split(".");
    let node = out;
    for (const p of parts.slice(0, -1)) {
      if (!isPlainObject(node[p])) node[p] = {};
      node = node[p] as Record<string, unknown>;
    }
    const last = parts[parts.length - 1]!;
    node[last] =
      isPlainObject(value) && isPlainObject(node[last]) ? { ...(node[last] as object), ...expand(value) } : value;
  }
  return out;
}

function diffInto(source: Record<string, unknown>, changes: Record<string, unknown>): Record<string, unknown> {
  const diff: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(changes)) {
    if (key.startsWith("-=")) {
      const name = key.slice(2);
      if (Object.hasOwn(source, name)) {
        diff[key] = null;
        delete source[name];
      }
    } else if (key.startsWith("==")) {
      source[key.slice(2)] = value;
      diff[key] = JSON.parse(JSON.stringify(value)) as unknown;
    } else if (isPlainObject(value)) {
      if (!isPlainObject(source[key])) source[key] = {};
      const inner = diffInto(source[key] as Record<string, unknown>, value);
      if (Object.keys(inner).length > 0) diff[key] = inner;
    } else if (!equal(source[key], value)) {
      source[key] = value;
      diff[key] = JSON.parse(JSON.stringify(value ?? null)) as unknown;
    }
  }
  return diff;
}

/** `===`, or for arrays Array#equals (common/utils/primitives.mjs): the same length and each element equal, deeply. */
function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => equal(v, b[i]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => equal(a[k], b[k]));
  }
  return false;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
