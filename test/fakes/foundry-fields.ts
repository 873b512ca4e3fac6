/**
 * A small honest fake of foundry.data.fields for tests (v13's common/data/fields.mjs): each field keeps the options
 * it was built with, answers getInitialValue() the way Foundry does for the options Fray uses, and checks a value's
 * type and bounds with validate(). A null passes where the field is nullable, and a blank string where it may be
 * blank, before its choices are asked (DataField#_validateSpecial, StringField#_validateSpecial). It does not imitate
 * anything Fray does not use (cleaning, DataModel binding).
 */
export interface FieldOptions {
  required?: boolean;
  nullable?: boolean;
  initial?: unknown;
  integer?: boolean;
  min?: number;
  max?: number;
  blank?: boolean;
  /** Foundry takes a list of values or a record of value -> label. */
  choices?: readonly string[] | Readonly<Record<string, string>>;
  label?: string;
  hint?: string;
}

/** The values a field's choices allow. */
export function choiceValues(choices: FieldOptions["choices"]): readonly string[] | undefined {
  return choices === undefined ? undefined : Array.isArray(choices) ? choices : Object.keys(choices);
}

export abstract class DataField {
  constructor(readonly options: FieldOptions = {}) {}
  get initial(): unknown {
    return this.options.initial;
  }
  getInitialValue(): unknown {
    return this.options.initial;
  }
  /** An error message, or undefined when the value is acceptable. */
  abstract validate(value: unknown): string | undefined;
}

export class NumberField extends DataField {
  validate(value: unknown): string | undefined {
    if (value === null) return this.options.nullable ? undefined : "may not be null";
    if (typeof value !== "number" || Number.isNaN(value)) return "must be a number";
    if (this.options.integer && !Number.isInteger(value)) return "must be an integer";
    if (this.options.min !== undefined && value < this.options.min) return `must be at least ${this.options.min}`;
    if (this.options.max !== undefined && value > this.options.max) return `must be at most ${this.options.max}`;
    return undefined;
  }
}

export class StringField extends DataField {
  override getInitialValue(): unknown {
    return this.options.initial ?? (this.options.blank === false ? undefined : "");
  }
  validate(value: unknown): string | undefined {
    if (value === null && this.options.nullable) return undefined;
    if (value === undefined && this.options.required === false) return undefined;
    if (typeof value !== "string") return "must be a string";
    if (value === "") return this.options.blank === false ? "may not be blank" : undefined;
    const allowed = choiceValues(this.options.choices);
    if (allowed && !allowed.includes(value)) return "is not a valid choice";
    return undefined;
  }
}

export class HTMLField extends StringField {}

export class BooleanField extends DataField {
  override getInitialValue(): unknown {
    return this.options.initial ?? false;
  }
  validate(value: unknown): string | undefined {
    return typeof value === "boolean" ? undefined : "must be a boolean";
  }
}

export class SetField extends DataField {
  constructor(
    readonly element: DataField,
    options: FieldOptions = {},
  ) {
    super(options);
  }
  override getInitialValue(): unknown {
    return this.options.initial ?? [];
  }
  validate(value: unknown): string | undefined {
    const list = value instanceof Set ? [...value] : Array.isArray(value) ? value : null;
    if (!list) return "must be a set";
    for (const v of list) {
      const e = this.element.validate(v);
      if (e) return `element ${String(v)} ${e}`;
    }
    return undefined;
  }
}

export class ArrayField extends DataField {
  constructor(
    readonly element: DataField,
    options: FieldOptions = {},
  ) {
    super(options);
  }
  override getInitialValue(): unknown {
    return this.options.initial ?? [];
  }
  validate(value: unknown): string | undefined {
    if (!Array.isArray(value)) return "must be an array";
    for (const v of value) {
      const e = this.element.validate(v);
      if (e) return `element ${e}`;
    }
    return undefined;
  }
}

export class SchemaField extends DataField {
  constructor(
    readonly fields: Record<string, DataField>,
    options: FieldOptions = {},
  ) {
    super(options);
  }
  /** Its own `initial` when given (null for a nullable one), else each field's (SchemaField#getInitialValue). */
  override getInitialValue(): unknown {
    if (this.options.initial !== undefined) return this.options.initial;
    return Object.fromEntries(Object.entries(this.fields).map(([k, f]) => [k, f.getInitialValue()]));
  }
  validate(value: unknown): string | undefined {
    if (value === null && this.options.nullable) return undefined;
    if (typeof value !== "object" || value === null || Array.isArray(value)) return "must be an object";
    for (const [k, f] of Object.entries(this.fields)) {
      const e = f.validate((value as Record<string, unknown>)[k]);
      if (e) return `${k} ${e}`;
    }
    return undefined;
  }
}

/** Any plain object, its keys and values unchecked (ObjectField in fields.mjs: `required` and not `nullable` by default). */
export class ObjectField extends DataField {
  override getInitialValue(): unknown {
    return this.options.initial === undefined && this.options.required !== false ? {} : this.options.initial;
  }
  validate(value: unknown): string | undefined {
    if (value === null) return this.options.nullable ? undefined : "may not be null";
    if (value === undefined) return this.options.required === false ? undefined : "may not be undefined";
    return typeof value === "object" && !Array.isArray(value) ? undefined : "must be an object";
  }
}

export const fakeFields = { DataField, NumberField, StringField, HTMLField, BooleanField, SetField, ArrayField, SchemaField, ObjectField };

/** Put the fake where Foundry keeps its fields, for modules that read `foundry.data.fields` at load. */
export function installFakeFields(): void {
  (globalThis as { foundry?: unknown }).foundry = { data: { fields: fakeFields } };
}
