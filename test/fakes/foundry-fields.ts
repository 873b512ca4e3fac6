/**
 * A small honest fake of foundry.data.fields for tests, after v13's common/data/fields.mjs:
 * - each field keeps the options it was built with, answers getInitialValue() the way Foundry does for the options
 *   Fray uses, and checks a value's type and bounds with validate() (an error message, not a failure object);
 * - a schema, array or set field names its inner fields and is their parent, so `fieldPath` joins the names;
 * - `clean` is DataField#clean: null kept only when nullable, undefined becomes the initial value, then `_cast` and
 *   `_cleanType` (an array's `_cast` turns a form's numbered rows into an array; a schema drops unknown keys);
 * - form support is v13's: `hasFormSupport` is true only for a class whose `_toInput` is not DataField's, and
 *   `toInput(config)` calls `_toInput({name: fieldPath, ...config})`. Number, string, boolean, HTML and set fields
 *   draw an input; schema, array and object fields do not. Instead of DOM elements, `_toInput` answers a plain
 *   description of the element Foundry would create (`FakeInput`).
 * `behaviourForm` walks a behaviour's schema as v13's Region behaviour form does
 * (client/applications/sheets/region-behavior-config.mjs, `_getFields` and `#addSystemFields`).
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

/** What an input config holds when it reaches `_toInput`. */
export interface InputConfig {
  name: string;
  value?: unknown;
  options?: readonly { readonly value: string; readonly label: string }[];
  choices?: FieldOptions["choices"];
  [key: string]: unknown;
}

/** The element Foundry's `_toInput` would create: which kind, its name and value, and a select's options. */
export interface FakeInput {
  readonly element: "number" | "text" | "select" | "checkbox" | "prose-mirror" | "multi-select" | "string-tags";
  readonly name: string;
  readonly value: unknown;
  readonly options?: readonly { readonly value: string; readonly label: string }[];
}

/** The values a field's choices allow. */
export function choiceValues(choices: FieldOptions["choices"]): readonly string[] | undefined {
  return choices === undefined ? undefined : Array.isArray(choices) ? choices : Object.keys(choices);
}

/** StringField._prepareChoiceConfig: choices (a list or value -> label) become options, unless options are given. */
function prepareChoices(config: InputConfig): void {
  if (config.options || config.choices === undefined) return;
  const c = config.choices;
  config.options = Array.isArray(c)
    ? c.map((v, i) => ({ value: String(i), label: v }))
    : Object.entries(c).map(([value, label]) => ({ value, label }));
  delete config.choices;
}

export abstract class DataField {
  name: string | undefined;
  parent: DataField | undefined;
  constructor(readonly options: FieldOptions = {}) {}
  get initial(): unknown {
    return this.options.initial;
  }
  getInitialValue(): unknown {
    return this.options.initial;
  }
  get fieldPath(): string {
    return [this.parent?.fieldPath, this.name].filter((p) => p).join(".");
  }
  /** An error message, or undefined when the value is acceptable. */
  abstract validate(value: unknown): string | undefined;

  clean(value: unknown, options: Record<string, unknown> = {}): unknown {
    if (value === null) {
      if (this.options.nullable) return value;
      value = undefined;
    }
    if (value === undefined) return this.getInitialValue();
    return this._cleanType(this._cast(value), options);
  }
  _cast(value: unknown): unknown {
    return value;
  }
  _cleanType(value: unknown, _options?: Record<string, unknown>): unknown {
    return value;
  }

  static get hasFormSupport(): boolean {
    return this.prototype._toInput !== DataField.prototype._toInput;
  }
  toInput(config: Partial<InputConfig> = {}): unknown {
    return this._toInput({ name: this.fieldPath, ...config });
  }
  _toInput(_config: InputConfig): unknown {
    throw new Error(`The ${this.constructor.name} class does not implement the _toInput method`);
  }
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
  override _cast(value: unknown): unknown {
    return Number(value);
  }
  override _cleanType(value: unknown): unknown {
    return typeof value === "number" && this.options.integer ? Math.round(value) : value;
  }
  override _toInput(config: InputConfig): FakeInput {
    config.choices ??= this.options.choices;
    prepareChoices(config);
    return {
      element: config.options ? "select" : "number",
      name: config.name,
      value: config.value,
      ...(config.options ? { options: config.options } : {}),
    };
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
    // A blank string passes where the field may be blank, before its choices are asked (StringField#_validateSpecial).
    if (value === "") return this.options.blank === false ? "may not be blank" : undefined;
    const allowed = choiceValues(this.options.choices);
    if (allowed && !allowed.includes(value)) return "is not a valid choice";
    return undefined;
  }
  override clean(value: unknown, options: Record<string, unknown> = {}): unknown {
    return super.clean(typeof value === "string" ? value.trim() : value, options);
  }
  override _cast(value: unknown): unknown {
    return String(value);
  }
  override _toInput(config: InputConfig): FakeInput {
    config.choices ??= this.options.choices;
    prepareChoices(config);
    return {
      element: config.options ? "select" : "text",
      name: config.name,
      value: config.value,
      ...(config.options ? { options: config.options } : {}),
    };
  }
}

export class HTMLField extends StringField {
  override _toInput(config: InputConfig): FakeInput {
    return { element: "prose-mirror", name: config.name, value: config.value };
  }
}

export class BooleanField extends DataField {
  override getInitialValue(): unknown {
    return this.options.initial ?? false;
  }
  validate(value: unknown): string | undefined {
    return typeof value === "boolean" ? undefined : "must be a boolean";
  }
  override _cast(value: unknown): unknown {
    return Boolean(value);
  }
  override _toInput(config: InputConfig): FakeInput {
    return { element: "checkbox", name: config.name, value: config.value };
  }
}

export class ArrayField extends DataField {
  constructor(
    readonly element: DataField,
    options: FieldOptions = {},
  ) {
    super(options);
    element.name ||= "element";
    element.parent = this;
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
  /** An object of numbered rows (a submitted form) becomes an array; a set its values; anything else a list of itself. */
  override _cast(value: unknown): unknown {
    if (value instanceof Set) return [...(value as Set<unknown>)];
    if (Array.isArray(value)) return value;
    if (typeof value === "object" && value !== null) {
      const arr: unknown[] = [];
      for (const [k, v] of Object.entries(value)) {
        const i = Number(k);
        if (Number.isInteger(i) && i >= 0) arr[i] = v;
      }
      return arr;
    }
    return [value];
  }
  override _cleanType(value: unknown, options: Record<string, unknown> = {}): unknown {
    return (value as unknown[]).map((v) => this.element.clean(v, { ...options, partial: false }));
  }
}

export class SetField extends ArrayField {
  override validate(value: unknown): string | undefined {
    const list = value instanceof Set ? [...value] : Array.isArray(value) ? value : null;
    if (!list) return "must be a set";
    for (const v of list) {
      const e = this.element.validate(v);
      if (e) return `element ${String(v)} ${e}`;
    }
    return undefined;
  }
  override _toInput(config: InputConfig): FakeInput {
    if (this.element.options.choices && !config.options) {
      config.choices ??= this.element.options.choices;
      prepareChoices(config);
    }
    if (config.options) return { element: "multi-select", name: config.name, value: config.value, options: config.options };
    if (this.element instanceof StringField) return { element: "string-tags", name: config.name, value: config.value };
    throw new Error(`SetField#toInput is not supported for a ${this.element.constructor.name} element type`);
  }
}

export class SchemaField extends DataField {
  constructor(
    readonly fields: Record<string, DataField>,
    options: FieldOptions = {},
  ) {
    super(options);
    for (const [name, field] of Object.entries(fields)) {
      field.name = name;
      field.parent = this;
    }
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
  override _cast(value: unknown): unknown {
    return typeof value === "object" && value !== null && !Array.isArray(value) ? value : {};
  }
  /** Each field's value cleaned (only those given, in a partial clean); keys the schema does not have deleted. */
  override _cleanType(value: unknown, options: Record<string, unknown> = {}): unknown {
    const data = value as Record<string, unknown>;
    for (const [name, field] of Object.entries(this.fields))
      if (!options.partial || name in data) data[name] = field.clean(data[name], options);
    for (const k of Object.keys(data)) if (!Object.hasOwn(this.fields, k)) delete data[k];
    return data;
  }
}

/** Any plain object, its keys and values unchecked (ObjectField: `required` and not `nullable` by default; no input). */
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

export const fakeFields = {
  DataField,
  NumberField,
  StringField,
  HTMLField,
  BooleanField,
  SetField,
  ArrayField,
  SchemaField,
  ObjectField,
};

/** Put the fake where Foundry keeps its fields, for modules that read `foundry.data.fields` at load. */
export function installFakeFields(): void {
  (globalThis as { foundry?: unknown }).foundry = { data: { fields: fakeFields } };
}

/**
 * What v13's Region behaviour form draws of a behaviour type's own fields (RegionBehaviorConfig#_getFields): every
 * field but `events`, named under `system` as a TypeDataModel's schema is, a schema field walked into, and only the
 * fields whose class has form support (`#addSystemFields`); each with its stored value, as `toInput` gets it.
 */
export function behaviourForm(schema: Record<string, DataField>, source: Record<string, unknown>): { field: DataField; value: unknown }[] {
  const { events: _events, ...systemFields } = schema;
  const root = new SchemaField(systemFields);
  root.name = "system";
  const drawn: { field: DataField; value: unknown }[] = [];
  const walk = (fields: Record<string, DataField>, at: Record<string, unknown> | undefined) => {
    for (const field of Object.values(fields)) {
      const value = at?.[field.name ?? ""];
      if (field instanceof SchemaField) walk(field.fields, value as Record<string, unknown> | undefined);
      else if ((field.constructor as typeof DataField).hasFormSupport) drawn.push({ field, value });
    }
  };
  walk(root.fields, source);
  return drawn;
}
