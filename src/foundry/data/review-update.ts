import { isRecord } from "../../core/shared/guards.js";
import { DIE_SIZES, type FieldSpec, type FieldSpecs } from "./field-spec.js";

/** One thing wrong with a proposed update, and what was done about it. */
export interface UpdateProblem {
  readonly path: string;
  readonly kind:
    "notANumber" | "notWhole" | "belowMin" | "aboveMax" | "unknownKey" | "badChoice" | "badType" | "forbiddenKey";
  /** The localisation key of the notification, under FRAY.Update. */
  readonly key: string;
  readonly value: unknown;
  /** What the value was clamped to, or undefined when the change was dropped. */
  readonly fixedTo?: number;
}

interface ReviewedUpdate {
  /** The system changes to apply: clamped where a bound was crossed, without the rejected keys. */
  readonly changes: Record<string, unknown>;
  readonly problems: readonly UpdateProblem[];
}

/**
 * Review proposed `system` changes against a model's spec and its current data.
 * Non-numbers, wrong types, unknown keys and bad choices are rejected (dropped); numbers outside
 * their bounds, including a pool value above its max, are clamped. Accepts nested objects and
 * Foundry's flattened "a.b" keys. Pure.
 */
export function reviewUpdate(
  fields: FieldSpecs,
  current: Readonly<Record<string, unknown>>,
  changes: Readonly<Record<string, unknown>>,
): ReviewedUpdate {
  const problems: UpdateProblem[] = [];
  const expanded = expand(changes, "", problems);
  const out = reviewGroup(fields, current, expanded, "", problems);
  return { changes: out, problems };
}

function reviewGroup(
  fields: FieldSpecs,
  current: Readonly<Record<string, unknown>> | undefined,
  changes: Record<string, unknown>,
  prefix: string,
  problems: UpdateProblem[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(changes)) {
    const path = `${prefix}${key}`;
    // Own keys only: "constructor" or "toString" must not find Object's members in the spec.
    const spec = Object.hasOwn(fields, key) ? fields[key] : undefined;
    if (!spec) {
      problems.push({ path, kind: "unknownKey", key: "FRAY.Update.UnknownKey", value });
      continue;
    }
    const reviewed = reviewField(spec, asRecord(current?.[key]), value, path, problems);
    if (reviewed !== DROP) out[key] = reviewed;
  }
  return out;
}

const DROP = Symbol("drop");

function reviewField(
  spec: FieldSpec,
  current: Record<string, unknown> | undefined,
  value: unknown,
  path: string,
  problems: UpdateProblem[],
): unknown {
  switch (spec.kind) {
    case "number":
      return reviewNumber(value, path, problems, spec.min, spec.max, spec.integer ?? true);
    case "pool":
      return reviewPool(current, value, path, problems);
    case "die":
      if (
        typeof value === "string" &&
        ((DIE_SIZES as readonly string[]).includes(value) || (spec.allowNone && value === ""))
      )
        return value;
      problems.push({ path, kind: "badChoice", key: "FRAY.Update.BadChoice", value });
      return DROP;
    case "string":
      if (typeof value !== "string") {
        problems.push({ path, kind: "badType", key: "FRAY.Update.BadType", value });
        return DROP;
      }
      if (spec.choices && !spec.choices.includes(value)) {
        problems.push({ path, kind: "badChoice", key: "FRAY.Update.BadChoice", value });
        return DROP;
      }
      return value;
    case "html":
      if (typeof value === "string") return value;
      problems.push({ path, kind: "badType", key: "FRAY.Update.BadType", value });
      return DROP;
    case "boolean":
      if (typeof value === "boolean") return value;
      if (value === "true" || value === "false") return value === "true";
      problems.push({ path, kind: "badType", key: "FRAY.Update.BadType", value });
      return DROP;
    case "tags":
      return reviewTags(spec.choices, value, path, problems);
    case "group": {
      if (!isGroup(value)) {
        problems.push({ path, kind: "badType", key: "FRAY.Update.BadType", value });
        return DROP;
      }
      const out = reviewGroup(spec.fields, current, value, `${path}.`, problems);
      return Object.keys(out).length ? out : DROP;
    }
  }
}

/**
 * A pool `{ value, max }`: its value never above its max, whichever of the two changes (ruling: docs/architecture.md).
 */
function reviewPool(
  current: Record<string, unknown> | undefined,
  value: unknown,
  path: string,
  problems: UpdateProblem[],
): unknown {
  if (!isGroup(value)) {
    problems.push({ path, kind: "badType", key: "FRAY.Update.BadType", value });
    return DROP;
  }
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(value)) {
    if (k !== "value" && k !== "max")
      problems.push({ path: `${path}.${k}`, kind: "unknownKey", key: "FRAY.Update.UnknownKey", value: value[k] });
  }
  let max = typeof current?.max === "number" ? current.max : Number.POSITIVE_INFINITY;
  if (Object.hasOwn(value, "max")) {
    const m = reviewNumber(value.max, `${path}.max`, problems, 0, undefined, true);
    if (m !== DROP) {
      out.max = m;
      max = m;
    }
  }
  if (Object.hasOwn(value, "value")) {
    const v = reviewNumber(value.value, `${path}.value`, problems, 0, max, true);
    if (v !== DROP) out.value = v;
  } else if (typeof current?.value === "number" && current.value > max) {
    // Lowering a max below the current value pulls the value down with it, so the pool stays valid.
    out.value = max;
    problems.push({
      path: `${path}.value`,
      kind: "aboveMax",
      key: "FRAY.Update.AboveMax",
      value: current.value,
      fixedTo: max,
    });
  }
  return Object.keys(out).length ? out : DROP;
}

function reviewTags(choices: readonly string[], value: unknown, path: string, problems: UpdateProblem[]): unknown {
  const list = Array.isArray(value) ? value : value instanceof Set ? [...value] : null;
  if (!list) {
    problems.push({ path, kind: "badType", key: "FRAY.Update.BadType", value });
    return DROP;
  }
  const bad = list.filter((t) => typeof t !== "string" || !choices.includes(t));
  if (bad.length) {
    problems.push({ path, kind: "badChoice", key: "FRAY.Update.BadChoice", value: bad.map(String).join(", ") });
    return DROP;
  }
  return [...new Set(list as string[])];
}

function reviewNumber(
  value: unknown,
  path: string,
  problems: UpdateProblem[],
  min: number | undefined,
  max: number | undefined,
  integer: boolean,
): number | typeof DROP {
  // Sheets submit numbers as strings; an empty or non-numeric string is not a number.
  const n =
    typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : Number.NaN;
  if (!Number.isFinite(n)) {
    problems.push({ path, kind: "notANumber", key: "FRAY.Update.NotANumber", value });
    return DROP;
  }
  if (integer && !Number.isSafeInteger(n) && Number.isInteger(n)) {
    // Past 2^53 whole numbers are no longer exact: a stored value would not read back as written.
    const fixedTo = n > 0 ? Number.MAX_SAFE_INTEGER : -Number.MAX_SAFE_INTEGER;
    problems.push({
      path,
      kind: n > 0 ? "aboveMax" : "belowMin",
      key: n > 0 ? "FRAY.Update.AboveMax" : "FRAY.Update.BelowMin",
      value,
      fixedTo,
    });
    return clampNumber(fixedTo, path, problems, min, max, value);
  }
  if (integer && !Number.isInteger(n)) {
    problems.push({ path, kind: "notWhole", key: "FRAY.Update.NotWhole", value });
    return DROP;
  }
  return clampNumber(n, path, problems, min, max, value);
}

function clampNumber(
  n: number,
  path: string,
  problems: UpdateProblem[],
  min: number | undefined,
  max: number | undefined,
  value: unknown,
): number {
  if (min !== undefined && n < min) {
    problems.push({ path, kind: "belowMin", key: "FRAY.Update.BelowMin", value, fixedTo: min });
    return min;
  }
  if (max !== undefined && n > max) {
    problems.push({ path, kind: "aboveMax", key: "FRAY.Update.AboveMax", value, fixedTo: max });
    return max;
  }
  return n;
}

/** Path segments that would reach an object's prototype instead of a field: refused wherever they appear. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(["__proto__", "prototype", "constructor"]);

/**
 * Foundry flattens form data to "a.b.c" keys; nest them so the spec walk sees one shape. A forbidden segment drops its
 * change.
 */
function expand(
  obj: Readonly<Record<string, unknown>>,
  prefix: string,
  problems: UpdateProblem[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) {
    const parts = k.split(".");
    if (parts.some((p) => FORBIDDEN_KEYS.has(p))) {
      problems.push({ path: `${prefix}${k}`, kind: "forbiddenKey", key: "FRAY.Update.ForbiddenKey", value: "" });
      continue;
    }
    let node = out;
    for (const p of parts.slice(0, -1)) {
      if (!isGroup(node[p])) node[p] = {};
      node = node[p] as Record<string, unknown>;
    }
    const last = parts[parts.length - 1] as string;
    const nested = isGroup(v) ? expand(v, `${prefix}${k}.`, problems) : v;
    node[last] = isGroup(nested) && isGroup(node[last]) ? { ...(node[last] as object), ...nested } : nested;
  }
  return out;
}

function asRecord(v: unknown): Record<string, unknown> | undefined {
  return isGroup(v) ? v : undefined;
}

/** A group of fields: a plain object, not a list and not a tag Set (a form may submit a Set for tags). */
export function isGroup(v: unknown): v is Record<string, unknown> {
  return isRecord(v) && !(v instanceof Set);
}
