/**
 * An untrusted value in a refusal's reason. String() throws on an object with no prototype (Object.create(null))
 * and a template literal on a Symbol: a refusal must never throw, so objects are named by kind, not converted.
 */
export function describe(x: unknown): string {
  if (typeof x === "object" && x !== null) return Array.isArray(x) ? "a list" : "an object";
  return String(x);
}
