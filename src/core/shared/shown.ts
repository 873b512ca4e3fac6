/**
 * A value as a refusal's message may show it. `String()` throws on an object without a prototype
 * (and a template literal on a symbol), so junk from a card or a macro is described by its kind instead.
 */
export function shown(value: unknown): string {
  if (value === null) return "null";
  switch (typeof value) {
    case "string":
      return value;
    case "number":
    case "boolean":
    case "undefined":
    case "bigint":
      return String(value);
    case "symbol":
      return value.toString();
    case "function":
      return "a function";
    default:
      return Array.isArray(value) ? "a list" : "an object";
  }
}
