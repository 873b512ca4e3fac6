/** Shape checks for untrusted input (stored states, commands, payloads): bad input is refused, never thrown on. */

export function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

/**
 * A list, its items kept as typed. `Array.isArray` narrows a readonly list to `any[]`, which lets unchecked items
 * through; this narrows to `readonly unknown[]` instead, so a typed list keeps its item type.
 */
export function isList(x: unknown): x is readonly unknown[] {
  return Array.isArray(x);
}

export function isWholeNumber(x: unknown): x is number {
  return typeof x === "number" && Number.isInteger(x);
}

export function isNonEmptyString(x: unknown): x is string {
  return typeof x === "string" && x.length > 0;
}

export function isStringArray(x: unknown): x is string[] {
  return Array.isArray(x) && x.every((v) => typeof v === "string");
}

/** Own-property lookup, so ids such as "constructor" or "__proto__" are never read off the prototype. */
export function own<T>(rec: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(rec, key) ? rec[key] : undefined;
}

/** The value at a dotted path of untrusted data ("health.value"), own keys only; undefined where the path breaks. */
export function valueAt(data: unknown, path: string): unknown {
  let node = data;
  for (const key of path.split(".")) node = isRecord(node) && Object.hasOwn(node, key) ? node[key] : undefined;
  return node;
}
