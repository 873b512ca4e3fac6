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

/**
 * A relation between fields the schema cannot say by itself (an id another field names), checked once the fields are.
 */
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

/** A check derived from a schema: null when the value fits, else the place it breaks ("" for the value itself). */
type Check = (value: unknown) => string | null;

/**
 * The first place where `value` breaks `schema` ("combatants.2.able"), or "" for the value itself; null when it fits.
 */
export function problemIn(schema: Schema, value: unknown): string | null {
  return checkOf(schema)(value);
}

/** The problem with a stored state: a field's place, or the rule it breaks; null when it is sound. */
export function stateProblem<T>(schema: StateSchema<T>, value: unknown): string | null {
  const field = checkOf({ fields: schema.fields })(value);
  if (field !== null) return field === "" ? "not an object" : field;
  for (const rule of schema.rules) if (!rule.holds(value as T)) return rule.why;
  return null;
}

/** The type guard a state schema gives: the one check of a stored state. */
export function stateCheck<T>(schema: StateSchema<T>): (value: unknown) => value is T {
  const fields = checkOf({ fields: schema.fields });
  const rules = schema.rules;
  return (value): value is T => fields(value) === null && rules.every((rule) => rule.holds(value as T));
}

// The checks are derived once per schema object and kept: a state is checked on every read of a stored fight.
const derived = new WeakMap<object, Check>();

function checkOf(schema: Schema): Check {
  if (typeof schema === "string") return LEAVES[schema];
  const known = derived.get(schema);
  if (known !== undefined) return known;
  const check = derive(schema);
  derived.set(schema, check);
  return check;
}

const LEAVES: Readonly<Record<Exclude<Schema, object | ((value: unknown) => boolean)>, Check>> = {
  any: () => null,
  string: (v) => (typeof v === "string" ? null : ""),
  text: (v) => (typeof v === "string" && v !== "" ? null : ""),
  boolean: (v) => (typeof v === "boolean" ? null : ""),
  number: (v) => (typeof v === "number" ? null : ""),
  integer: (v) => (Number.isInteger(v) ? null : ""),
  count: (v) => (Number.isInteger(v) && (v as number) >= 0 ? null : ""),
  amount: (v) => (typeof v === "number" && Number.isFinite(v) && v >= 0 ? null : ""),
};

function derive(schema: Exclude<Schema, string>): Check {
  if (typeof schema === "function") return (v) => (schema(v) ? null : "");
  if ("fields" in schema) return fieldsCheck(schema.fields);
  if ("list" in schema) return listCheck(checkOf(schema.list), schema.unique);
  if ("record" in schema) return recordCheck(checkOf(schema.record), schema.keyed);
  if ("nullable" in schema) {
    const inner = checkOf(schema.nullable);
    return (v) => (v === null ? null : inner(v));
  }
  if ("optional" in schema) {
    const inner = checkOf(schema.optional);
    return (v) => (v === undefined ? null : inner(v));
  }
  if ("literal" in schema) {
    const literal = schema.literal;
    return (v) => (v === literal ? null : "");
  }
  if ("oneOf" in schema) {
    const choices: readonly unknown[] = schema.oneOf;
    return (v) => (choices.includes(v) ? null : "");
  }
  const least = schema.atLeast;
  return (v) => (Number.isInteger(v) && (v as number) >= least ? null : "");
}

const at = (key: string | number, inner: string): string => (inner === "" ? String(key) : `${key}.${inner}`);

function fieldsCheck(fields: Readonly<Record<string, Schema>>): Check {
  const keys = Object.keys(fields);
  const checks = keys.map((k) => checkOf(fields[k] as Schema));
  // Own fields only: a field left out must not be found on the prototype. Only names the prototype has
  // ("constructor", "toString", "__proto__") need the own-key test; any other is simply absent.
  const inherited = keys.map((k) => k in Object.prototype);
  return (value) => {
    if (!isRecord(value)) return "";
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i] as string;
      const v = inherited[i] && !Object.hasOwn(value, key) ? undefined : value[key];
      const inner = (checks[i] as Check)(v);
      if (inner !== null) return at(key, inner);
    }
    return null;
  };
}

function listCheck(each: Check, unique: true | string | undefined): Check {
  return (value) => {
    if (!Array.isArray(value)) return "";
    for (let i = 0; i < value.length; i++) {
      const inner = each(value[i]);
      if (inner !== null) return at(i, inner);
    }
    return unique === undefined ? null : repeated(value, unique);
  };
}

/** The place of the first item that repeats an earlier one (or its field `unique`), or null. */
function repeated(list: readonly unknown[], unique: true | string): string | null {
  const seen = new Set<unknown>();
  for (let i = 0; i < list.length; i++) {
    const item: unknown = list[i];
    const v = unique === true ? item : isRecord(item) ? item[unique] : undefined;
    if (seen.has(v)) return at(i, unique === true ? "" : unique);
    seen.add(v);
  }
  return null;
}

function recordCheck(each: Check, keyed: string | undefined): Check {
  return (value) => {
    if (!isRecord(value)) return "";
    for (const key of Object.keys(value)) {
      const v = value[key];
      const inner = each(v);
      if (inner !== null) return at(key, inner);
      if (keyed !== undefined && !(isRecord(v) && v[keyed] === key)) return at(key, keyed);
    }
    return null;
  };
}
