/**
 * A model's fields as plain data. The same spec builds the Foundry schema at init (to-schema.ts),
 * drives the review of every update (review-update.ts) and the sheets' inputs, and is testable
 * without Foundry. Pure: no Foundry globals here.
 */
type DieSize = "d4" | "d6" | "d8" | "d10" | "d12" | "d20";
export const DIE_SIZES: readonly DieSize[] = ["d4", "d6", "d8", "d10", "d12", "d20"];

export type FieldSpec =
  | {
      readonly kind: "number";
      readonly initial: number;
      readonly min?: number;
      readonly max?: number;
      readonly integer?: boolean;
      readonly label: string;
    }
  /** A pool that runs between 0 and its own `max`: { value, max }. */
  | { readonly kind: "pool"; readonly initial: number; readonly label: string }
  | { readonly kind: "die"; readonly initial: DieSize; readonly allowNone?: boolean; readonly label: string }
  | {
      readonly kind: "string";
      readonly initial: string;
      readonly choices?: readonly string[];
      /** The label of the blank choice, where blank means something ("from its token") rather than none. */
      readonly blankLabel?: string;
      readonly label: string;
    }
  | { readonly kind: "boolean"; readonly initial: boolean; readonly label: string }
  | { readonly kind: "html"; readonly label: string }
  /** A set of tags from a closed list (Thrown, Reach, Ranged, Finisher, ...). */
  | { readonly kind: "tags"; readonly choices: readonly string[]; readonly label: string }
  | { readonly kind: "group"; readonly fields: FieldSpecs; readonly label: string };

export type FieldSpecs = Readonly<Record<string, FieldSpec>>;

/** The stored data a spec describes, with every field at its initial value. */
export function initialData(fields: FieldSpecs): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, f] of Object.entries(fields)) {
    switch (f.kind) {
      case "pool":
        out[key] = { value: f.initial, max: f.initial };
        break;
      case "group":
        out[key] = initialData(f.fields);
        break;
      case "tags":
        out[key] = [];
        break;
      case "html":
        out[key] = "";
        break;
      default:
        out[key] = f.initial;
    }
  }
  return out;
}

/** Shorthands so model specs read as a list of the rule text's statistics. */
export const field = {
  number: (label: string, initial = 0, opts: { min?: number; max?: number; integer?: boolean } = {}): FieldSpec => ({
    kind: "number",
    label,
    initial,
    integer: opts.integer ?? true,
    ...(opts.min === undefined ? {} : { min: opts.min }),
    ...(opts.max === undefined ? {} : { max: opts.max }),
  }),
  /** A modifier: any whole number, negative allowed. */
  modifier: (label: string, initial = 0): FieldSpec => ({ kind: "number", label, initial, integer: true }),
  /** A non-negative whole number. */
  count: (label: string, initial = 0, max?: number): FieldSpec => ({
    kind: "number",
    label,
    initial,
    integer: true,
    min: 0,
    ...(max === undefined ? {} : { max }),
  }),
  pool: (label: string, initial = 0): FieldSpec => ({ kind: "pool", label, initial }),
  die: (label: string, initial: DieSize = "d6", allowNone = false): FieldSpec => ({
    kind: "die",
    label,
    initial,
    allowNone,
  }),
  text: (label: string, initial = "", choices?: readonly string[], blankLabel?: string): FieldSpec =>
    choices
      ? { kind: "string", label, initial, choices, ...(blankLabel === undefined ? {} : { blankLabel }) }
      : { kind: "string", label, initial },
  flag: (label: string, initial = false): FieldSpec => ({ kind: "boolean", label, initial }),
  html: (label: string): FieldSpec => ({ kind: "html", label }),
  tags: (label: string, choices: readonly string[]): FieldSpec => ({ kind: "tags", label, choices }),
  group: (label: string, fields: FieldSpecs): FieldSpec => ({ kind: "group", label, fields }),
};

/** `data` with every field it lacks filled from the spec's initial values (deep, groups and pools included). Pure. */
export function withInitial(fields: FieldSpecs, data: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...data };
  const init = initialData(fields);
  for (const [key, f] of Object.entries(fields)) {
    const v = data[key];
    if (v === undefined) out[key] = init[key];
    else if (f.kind === "group" && typeof v === "object" && v !== null)
      out[key] = withInitial(f.fields, v as Record<string, unknown>);
    else if (f.kind === "pool" && typeof v === "object" && v !== null) out[key] = { ...(init[key] as object), ...v };
  }
  return out;
}
