/**
 * A small honest fake of foundry.data.fields for tests, after v13's common/data/fields.mjs:
 * - each class has v13's `_defaults` (DataField: not required, not nullable; NumberField: nullable; StringField: blank;
 *   BooleanField, ObjectField, ArrayField and SchemaField: required), copied onto the field unless its options say
 *   otherwise, and v13's constructor adjustments: a NumberField or StringField with choices is not nullable by
 *   default, and such a StringField not blank either;
 * - `getInitialValue()` is DataField#getInitialValue (an explicit initial, else undefined unless required, then null
 *   if nullable) with each class's override (a required string that may be blank starts blank; a required object,
 *   array or schema starts empty);
 * - `validate()` runs `_validateSpecial` (null only when nullable, undefined only when not required, a blank string
 *   only when blank) and then `_validateType`, with v13's messages; it answers the message, not a failure object;
 * - a schema, array or set field names its inner fields and is their parent, so `fieldPath` joins the names;
 * - `clean` is DataField#clean: undefined becomes the initial value, an allowed special value is kept, a refused one
 *   becomes the initial value, then `_cast` and `_cleanType` (a string is trimmed first; a number is rounded when
 *   integer and kept within its bounds; an array's `_cast` turns a form's numbered rows into an array; a schema drops
 *   unknown keys);
 * - form support is v13's: `hasFormSupport` is true only for a class whose `_toInput` is not DataField's, and
 *   `toInput(config)` calls `_toInput({name: fieldPath, ...config})`. Number, string, boolean, HTML and set fields
 *   draw an input; schema, array and object fields do not. Instead of DOM elements, `_toInput` answers a plain
 *   description of the element Foundry would create (`FakeInput`).
 * `behaviourForm` walks a behaviour's schema as v13's Region behaviour form does
 * (client/applications/sheets/region-behavior-config.mjs, `_getFields` and `#addSystemFields`).
 */
import { isList } from "../../src/core/shared/guards.js";

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
  config.options = isList(c)
    ? c.map((v, i) => ({ value: String(i), label: v }))
    : Object.entries(c).map(([value, label]) => ({ value, label }));
  delete config.choices;
}

/** NumberField#isValidChoice and StringField#_isValidChoice: in a list, or a key of a record (as a string). */
function isValidChoice(choices: NonNullable<FieldOptions["choices"]>, value: string | number): boolean {
  return Array.isArray(choices)
    ? (choices as readonly unknown[]).includes(value)
    : Object.hasOwn(choices, String(value));
}

/** foundry.utils.getType's "Object": a plain object (not an array, set, or null). */
const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && Object.getPrototypeOf(v) === Object.prototype;

export abstract class DataField {
  name: string | undefined;
  parent: DataField | undefined;
  declare required: boolean;
  declare nullable: boolean;
  declare initial: unknown;

  /** DataField's constructor: each of the class's defaults, unless the options give it. */
  constructor(readonly options: FieldOptions = {}) {
    const defaults = (this.constructor as typeof DataField)._defaults;
    const self = this as unknown as Record<string, unknown>;
    for (const [k, v] of Object.entries(defaults)) self[k] = k in options ? (options as Record<string, unknown>)[k] : v;
  }
  static get _defaults(): Record<string, unknown> {
    return { required: false, nullable: false, initial: undefined };
  }
  getInitialValue(): unknown {
    if (typeof this.initial === "function") return (this.initial as () => unknown)();
    if (this.initial !== undefined) return this.initial;
    if (!this.required) return undefined;
    return this.nullable ? null : undefined;
  }
  get fieldPath(): string {
    return [this.parent?.fieldPath, this.name].filter((p) => p).join(".");
  }

  /** DataField#validate: the special values first, then the type's own test. An error message, or undefined. */
  validate(value: unknown): string | undefined {
    try {
      if (this._validateSpecial(value) === true) return undefined;
      return this._validateType(value) ?? undefined;
    } catch (e) {
      return (e as Error).message;
    }
  }
  /** True for a special value the field allows; throws for one it refuses; nothing for any other value. */
  _validateSpecial(value: unknown): true | void {
    if (value === null) {
      if (this.nullable) return true;
      throw new Error("may not be null");
    }
    if (value === undefined) {
      if (this.required) throw new Error("may not be undefined");
      return true;
    }
  }
  /** Throws for a value of the wrong type; a nested field's message is answered instead. */
  _validateType(_value: unknown): string | void {}

  clean(value: unknown, options: Record<string, unknown> = {}): unknown {
    if (value === undefined) return this.getInitialValue();
    try {
      if (this._validateSpecial(value) === true) return value;
    } catch {
      return this.getInitialValue();
    }
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
  declare integer: boolean;
  declare min: number | undefined;
  declare max: number | undefined;
  declare choices: FieldOptions["choices"];
  constructor(options: FieldOptions = {}) {
    super(options);
    // As v13: a field with choices is not nullable unless it says so.
    if (this.choices) this.nullable = options.nullable ?? false;
  }
  static override get _defaults(): Record<string, unknown> {
    return { ...super._defaults, nullable: true, min: undefined, max: undefined, integer: false, choices: undefined };
  }
  override _validateType(value: unknown): void {
    if (typeof value !== "number") throw new Error("must be a number");
    if (Number.isFinite(this.min) && value < (this.min as number)) throw new Error(`must be at least ${this.min}`);
    if (Number.isFinite(this.max) && value > (this.max as number)) throw new Error(`must be at most ${this.max}`);
    if (this.choices && !isValidChoice(this.choices, value)) throw new Error(`${value} is not a valid choice`);
    if (this.integer) {
      if (!Number.isInteger(value)) throw new Error("must be an integer");
    } else if (!Number.isFinite(value)) throw new Error("must be a finite number");
  }
  override _cast(value: unknown): unknown {
    return this.nullable && value === "" ? null : Number(value);
  }
  override _cleanType(value: unknown): unknown {
    if (typeof value !== "number") return value;
    let v = this.integer ? Math.round(value) : value;
    if (Number.isFinite(this.min)) v = Math.max(v, this.min as number);
    if (Number.isFinite(this.max)) v = Math.min(v, this.max as number);
    return v;
  }
  override _toInput(config: InputConfig): FakeInput {
    if (config.value === undefined) config.value = this.getInitialValue();
    config.choices ??= this.choices;
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
  declare blank: boolean;
  declare trim: boolean;
  declare choices: FieldOptions["choices"];
  constructor(options: FieldOptions = {}) {
    super(options);
    // As v13: a field with choices is neither nullable nor blank unless it says so.
    if (this.choices) {
      this.nullable = options.nullable ?? false;
      this.blank = options.blank ?? false;
    }
  }
  static override get _defaults(): Record<string, unknown> {
    return { ...super._defaults, blank: true, trim: true, choices: undefined };
  }
  /** A required field that may be blank starts blank rather than undefined. */
  override getInitialValue(): unknown {
    const initial = super.getInitialValue();
    return this.blank && this.required && !initial ? "" : initial;
  }
  override _validateSpecial(value: unknown): true | void {
    if (value === "") {
      if (this.blank) return true;
      throw new Error("may not be a blank string");
    }
    return super._validateSpecial(value);
  }
  override _validateType(value: unknown): void {
    if (typeof value !== "string") throw new Error("must be a string");
    if (this.choices && !isValidChoice(this.choices, value)) throw new Error(`${value} is not a valid choice`);
  }
  override clean(value: unknown, options: Record<string, unknown> = {}): unknown {
    return super.clean(typeof value === "string" && this.trim ? value.trim() : value, options);
  }
  override _cast(value: unknown): unknown {
    return String(value);
  }
  override _toInput(config: InputConfig): FakeInput {
    if (config.value === undefined) config.value = this.getInitialValue();
    config.choices ??= this.choices;
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
  static override get _defaults(): Record<string, unknown> {
    return { ...super._defaults, required: true, blank: true };
  }
  override _toInput(config: InputConfig): FakeInput {
    return { element: "prose-mirror", name: config.name, value: config.value };
  }
}

export class BooleanField extends DataField {
  static override get _defaults(): Record<string, unknown> {
    return { ...super._defaults, required: true, nullable: false, initial: false };
  }
  override _validateType(value: unknown): void {
    if (typeof value !== "boolean") throw new Error("must be a boolean");
  }
  override _cast(value: unknown): unknown {
    if (typeof value === "string") return value === "true";
    if (typeof value === "object") return false;
    return Boolean(value);
  }
  override _toInput(config: InputConfig): FakeInput {
    return { element: "checkbox", name: config.name, value: config.value ?? this.initial };
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
  static override get _defaults(): Record<string, unknown> {
    return { ...super._defaults, required: true, nullable: false };
  }
  override getInitialValue(): unknown {
    const initial = super.getInitialValue();
    return this.required && initial === undefined ? [] : initial;
  }
  override _validateType(value: unknown): string | void {
    if (!Array.isArray(value)) throw new Error("must be an Array");
    for (const v of value) {
      const e = this.element.validate(v);
      if (e) return `element ${e}`;
    }
  }
  /**
   * An object of numbered rows (a submitted form) becomes an array; a set its values; anything else a list of itself.
   */
  override _cast(value: unknown): unknown {
    if (value instanceof Set) return [...(value as Set<unknown>)];
    if (Array.isArray(value)) return value;
    if (isPlainObject(value)) {
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
  override _validateType(value: unknown): string | void {
    if (!Array.isArray(value)) throw new Error("must be an Array");
    for (const v of value) {
      const e = this.element.validate(v);
      if (e) return `element ${String(v)} ${e}`;
    }
  }
  override _toInput(config: InputConfig): FakeInput {
    const element = this.element as DataField & { choices?: FieldOptions["choices"] };
    if (element.choices && !config.options) {
      config.choices ??= element.choices;
      prepareChoices(config);
    }
    if (config.options)
      return { element: "multi-select", name: config.name, value: config.value, options: config.options };
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
  static override get _defaults(): Record<string, unknown> {
    return { ...super._defaults, required: true, nullable: false };
  }
  /**
   * Its own `initial` when given (null for a nullable one), else each field's, cleaned (SchemaField#getInitialValue).
   */
  override getInitialValue(): unknown {
    const initial = super.getInitialValue();
    return this.required && initial === undefined ? this._cleanType({}) : initial;
  }
  override _validateType(value: unknown): string | void {
    if (typeof value !== "object" || value === null) throw new Error("must be an object");
    for (const [k, f] of Object.entries(this.fields)) {
      const e = f.validate((value as Record<string, unknown>)[k]);
      if (e) return `${k} ${e}`;
    }
  }
  override _cast(value: unknown): unknown {
    return isPlainObject(value) ? value : {};
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

/** Any plain object, its keys and values unchecked (ObjectField: required and not nullable by default; no input). */
export class ObjectField extends DataField {
  static override get _defaults(): Record<string, unknown> {
    return { ...super._defaults, required: true, nullable: false };
  }
  override getInitialValue(): unknown {
    const initial = super.getInitialValue();
    return this.required && initial === undefined ? {} : initial;
  }
  override _validateType(value: unknown): void {
    if (!isPlainObject(value)) throw new Error("must be an object");
  }
  override _cast(value: unknown): unknown {
    return isPlainObject(value) ? value : {};
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
export function behaviourForm(
  schema: Record<string, DataField>,
  source: Record<string, unknown>,
): { field: DataField; value: unknown }[] {
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
