import { isRecord } from "./guards.js";

/**
 * A stored value's shape as plain data, from which its check is derived (`problemIn`). Stored data may have been
 * edited or damaged: a value is checked once where it is read, and the code that reads it then trusts its type.
 * - A leaf names a kind: `text` is a non-empty string, `count` a whole number of 0 or more, `amount` a finite number
 *   of 0 or more, `any` anything at all.
 * - `literal`, `oneOf` and `atLeast` (a whole number) narrow a leaf; `nullable` and `optional` widen a schema.
 * - `fields` is an object: each named field has its schema, and other fields are let be (an older or newer Fray may
 *   add some). `list` is an array, `record` an object keyed by id (own keys only: "__proto__" is just a key).
 * - `unique` asks a list for distinct values, or distinct values of one field; `keyed` asks each value of a record
 *   for the field that repeats its key.
 * - A function is a check another module owns (a turn budget, a Starting Area): it answers whether the value fits.
 */
export type Schema =
  | "any"
  | "string"
  | "text"
  | "boolean"
  | "number"
  | "integer"
  | "count"
  | "amount"
  | { readonly literal: string | number | boolean }
  | { readonly oneOf: readonly (string | number | boolean)[] }
  | { readonly atLeast: number }
  | { readonly nullable: Schema }
  | { readonly optional: Schema }
  | { readonly list: Schema; readonly unique?: true | string }
  | { readonly record: Schema; readonly keyed?: string }
  | { readonly fields: Readonly<Record<string, Schema>> }
  | ((value: unknown) => boolean);

/** The schema of every field of `T`: a field left out, or one `T` does not have, does not type-check. */
export type Fields<T> = { readonly [K in keyof T]-?: Schema };

/** A relation between fields the schema cannot say by itself (an id another field names), checked once the fields are. */
export interface Rule<T> {
  /** What must hold, in words: the problem named when it does not. */
  readonly why: string;
  readonly holds: (value: T) => boolean;
}

/** A stored state's whole description: its fields as data, then the rules that relate them. */
export interface StateSchema<T> {
  readonly fields: Fields<T>;
  readonly rules: readonly Rule<T>[];
}

/** The first place where `value` breaks `schema` ("combatants.2.able"), or "" for the value itself; null when it fits. */
export function problemIn(schema: Schema, value: unknown): string | null {
  if (typeof schema === "function") return schema(value) ? null : "";
  if (typeof schema === "string") return leafFits(schema, value) ? null : "";
  if ("fields" in schema) return fieldsProblem(schema.fields, value);
  if ("list" in schema) return listProblem(schema.list, schema.unique, value);
  if ("record" in schema) return recordProblem(schema.record, schema.keyed, value);
  if ("nullable" in schema) return value === null ? null : problemIn(schema.nullable, value);
  if ("optional" in schema) return value === undefined ? null : problemIn(schema.optional, value);
  if ("literal" in schema) return value === schema.literal ? null : "";
  if ("oneOf" in schema) return schema.oneOf.includes(value as string) ? null : "";
  return Number.isInteger(value) && (value as number) >= schema.atLeast ? null : "";
}

/** The problem with a stored state: a field's place, or the rule it breaks; null when it is sound. */
export function stateProblem<T>(schema: StateSchema<T>, value: unknown): string | null {
  const field = fieldsProblem(schema.fields, value);
  if (field !== null) return field === "" ? "not an object" : field;
  for (const rule of schema.rules) if (!rule.holds(value as T)) return rule.why;
  return null;
}

/** The type guard a state schema gives: the one check of a stored state. */
export function stateCheck<T>(schema: StateSchema<T>): (value: unknown) => value is T {
  return (value): value is T => stateProblem(schema, value) === null;
}

function leafFits(kind: Exclude<Schema, object | ((value: unknown) => boolean)>, v: unknown): boolean {
  switch (kind) {
    case "any":
      return true;
    case "string":
      return typeof v === "string";
    case "text":
      return typeof v === "string" && v !== "";
    case "boolean":
      return typeof v === "boolean";
    case "number":
      return typeof v === "number";
    case "integer":
      return Number.isInteger(v);
    case "count":
      return Number.isInteger(v) && (v as number) >= 0;
    case "amount":
      return typeof v === "number" && Number.isFinite(v) && v >= 0;
  }
}

const at = (key: string | number, inner: string): string => (inner === "" ? String(key) : `${key}.${inner}`);

function fieldsProblem(fields: Readonly<Record<string, Schema>>, value: unknown): string | null {
  if (!isRecord(value)) return "";
  for (const key in fields) {
    const inner = problemIn(fields[key] as Schema, Object.hasOwn(value, key) ? value[key] : undefined);
    if (inner !== null) return at(key, inner);
  }
  return null;
}

function listProblem(each: Schema, unique: true | string | undefined, value: unknown): string | null {
  if (!Array.isArray(value)) return "";
  for (let i = 0; i < value.length; i++) {
    const inner = problemIn(each, value[i]);
    if (inner !== null) return at(i, inner);
  }
  if (unique === undefined) return null;
  const seen = new Set<unknown>();
  for (let i = 0; i < value.length; i++) {
    const item: unknown = value[i];
    const v = unique === true ? item : isRecord(item) ? item[unique] : undefined;
    if (seen.has(v)) return at(i, unique === true ? "" : unique);
    seen.add(v);
  }
  return null;
}

function recordProblem(each: Schema, keyed: string | undefined, value: unknown): string | null {
  if (!isRecord(value)) return "";
  for (const key of Object.keys(value)) {
    const v = value[key];
    const inner = problemIn(each, v);
    if (inner !== null) return at(key, inner);
    if (keyed !== undefined && !(isRecord(v) && v[keyed] === key)) return at(key, keyed);
  }
  return null;
}
