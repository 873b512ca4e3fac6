import { isRecord } from "../../../core/shared/guards.js";

/** Whether two commands are the same data: same own keys, same values, at every depth (arrays in order). */
export function sameCommand(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => sameCommand(v, b[i]));
  }
  if (!isRecord(a) || !isRecord(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => Object.hasOwn(b, k) && sameCommand(a[k], b[k]));
}
