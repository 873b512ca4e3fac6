import { isGroup } from "../data/review-update.js";
import { DIE_SIZES, withInitial, type FieldSpec, type FieldSpecs } from "../data/field-spec.js";
import type { ModelMetadata } from "../data/model-metadata.js";

/**
 * The pure half of every Fray sheet: turn a model's spec and its data into a list of inputs the
 * templates render (name `system.x.y`, value, label key, kind, bounds, choices) plus the derived values
 * and, on actors, the item rows. No Foundry here, so vitest renders the real templates from it.
 */
export interface ChoiceView {
  readonly value: string;
  readonly label: string;
  readonly selected: boolean;
}

export interface InputView {
  readonly key: string;
  /** Unique in the page: a label's `for` points at it. */
  readonly id: string;
  /** The form name, `system.x.y`, which Foundry expands into the update. */
  readonly name: string;
  readonly label: string;
  readonly kind: FieldSpec["kind"];
  readonly disabled: boolean;
  readonly value?: unknown;
  readonly min?: number;
  readonly max?: number;
  readonly step?: number;
  readonly choices?: readonly ChoiceView[];
  /** A group's fields, or a pool's value and max inputs. */
  readonly children?: readonly InputView[];
  /** The same children by key, so a template can place one field where it wants it. */
  readonly fields?: Readonly<Record<string, InputView>>;
  readonly isNumber: boolean;
  readonly isSelect: boolean;
  readonly isText: boolean;
  readonly isCheckbox: boolean;
  readonly isHtml: boolean;
  readonly isTags: boolean;
  readonly isPool: boolean;
  readonly isGroup: boolean;
}

export interface DerivedView {
  readonly key: string;
  readonly label: string;
  /** Shown as is (numbers). */
  readonly value?: string;
  /** Shown localised (yes/no, lighting, damage kind). */
  readonly valueLabel?: string;
}

export interface ItemRow {
  readonly id: string;
  readonly name: string;
  readonly img: string;
  readonly type: string;
  readonly typeLabel: string;
  /** An Attack button: the item makes an attack card and the viewer owns the actor. */
  readonly attack: boolean;
}

export interface SheetView {
  readonly type: string;
  readonly ruleset: string;
  readonly typeLabel: string;
  readonly editable: boolean;
  readonly inputs: readonly InputView[];
  readonly fields: Readonly<Record<string, InputView>>;
  readonly derived: readonly DerivedView[];
  readonly items: readonly ItemRow[];
  readonly hasItems: boolean;
}

export interface SheetViewOptions {
  /** Prefix of every input id; Foundry's sheet `rootId` keeps two open sheets apart. */
  readonly idPrefix: string;
  readonly editable: boolean;
  readonly items?: readonly { readonly id: string; readonly name: string; readonly img?: string | null; readonly type: string }[];
  /** Item types that make an attack card (cards/<ruleset>/): their rows get an Attack button. */
  readonly attackItems?: readonly string[];
}

/** The label key of a choice; dice sizes are shown as written ("d6"). */
export function choiceLabel(value: string): string {
  return (DIE_SIZES as readonly string[]).includes(value) ? value : value === "" ? "FRAY.Choice.none" : `FRAY.Choice.${value}`;
}

/** FRAY.Derived.<Key>: the label key of a derived value. */
export function derivedLabel(key: string): string {
  return `FRAY.Derived.${key.charAt(0).toUpperCase()}${key.slice(1)}`;
}

export function sheetView(meta: ModelMetadata, system: Readonly<Record<string, unknown>>, opts: SheetViewOptions): SheetView {
  const inputs = inputsFor(meta.fields, system, "", opts);
  // Derived values read complete data: a document written before a field existed still shows them.
  const derived = meta.derive ? derivedViews(meta.derive(withInitial(meta.fields, system))) : [];
  const items = (opts.items ?? []).map((i) => ({
    id: i.id,
    name: i.name,
    img: i.img ?? "icons/svg/item-bag.svg",
    type: i.type,
    typeLabel: `TYPES.Item.${i.type}`,
    attack: opts.attackItems?.includes(i.type) ?? false,
  }));
  return {
    type: meta.type,
    ruleset: meta.ruleset,
    typeLabel: `TYPES.${meta.documentName}.${meta.type}`,
    editable: opts.editable,
    inputs,
    fields: byKey(inputs),
    derived,
    items,
    hasItems: meta.documentName === "Actor",
  };
}

function inputsFor(
  fields: FieldSpecs,
  data: Readonly<Record<string, unknown>> | undefined,
  path: string,
  opts: SheetViewOptions,
): InputView[] {
  return Object.entries(fields).map(([key, spec]) => inputFor(key, spec, data?.[key], path ? `${path}.${key}` : key, opts));
}

const NONE = {
  isNumber: false,
  isSelect: false,
  isText: false,
  isCheckbox: false,
  isHtml: false,
  isTags: false,
  isPool: false,
  isGroup: false,
};

function inputFor(key: string, spec: FieldSpec, value: unknown, path: string, opts: SheetViewOptions): InputView {
  const base = {
    key,
    id: `${opts.idPrefix}-${path.replace(/\./g, "-")}`,
    name: `system.${path}`,
    label: spec.label,
    kind: spec.kind,
    disabled: !opts.editable,
  };
  switch (spec.kind) {
    case "number":
      return {
        ...base,
        ...NONE,
        isNumber: true,
        value: typeof value === "number" ? value : spec.initial,
        ...(spec.min === undefined ? {} : { min: spec.min }),
        ...(spec.max === undefined ? {} : { max: spec.max }),
        step: spec.integer === false ? 0.01 : 1,
      };
    case "pool":
      return poolInput(base, spec.initial, spec.label, value);
    case "die": {
      const list = spec.allowNone ? ["", ...DIE_SIZES] : [...DIE_SIZES];
      const v = typeof value === "string" ? value : spec.initial;
      return {
        ...base,
        ...NONE,
        isSelect: true,
        value: v,
        choices: list.map((c) => ({ value: c, label: choiceLabel(c), selected: c === v })),
      };
    }
    case "string": {
      const v = typeof value === "string" ? value : spec.initial;
      if (!spec.choices) return { ...base, ...NONE, isText: true, value: v };
      return {
        ...base,
        ...NONE,
        isSelect: true,
        value: v,
        choices: spec.choices.map((c) => ({
          value: c,
          label: c === "" && spec.blankLabel ? spec.blankLabel : choiceLabel(c),
          selected: c === v,
        })),
      };
    }
    case "boolean":
      return { ...base, ...NONE, isCheckbox: true, value: typeof value === "boolean" ? value : spec.initial };
    case "html":
      return { ...base, ...NONE, isHtml: true, value: typeof value === "string" ? value : "" };
    case "tags": {
      const chosen = new Set(Array.isArray(value) ? value : value instanceof Set ? [...value] : []);
      return {
        ...base,
        ...NONE,
        isTags: true,
        value: [...chosen],
        choices: spec.choices.map((c) => ({ value: c, label: choiceLabel(c), selected: chosen.has(c) })),
      };
    }
    case "group": {
      const children = inputsFor(spec.fields, isGroup(value) ? value : undefined, path, opts);
      return { ...base, ...NONE, isGroup: true, children, fields: byKey(children) };
    }
  }
}

/** A pool's two number inputs, value (bounded by max) and max, under one label. */
function poolInput(base: Omit<InputView, keyof typeof NONE | "value">, initial: number, label: string, value: unknown): InputView {
  const pool = isGroup(value) ? value : {};
  const max = typeof pool.max === "number" ? pool.max : initial;
  const current = typeof pool.value === "number" ? pool.value : max;
  const part = (k: "value" | "max", v: number, partLabel: string, bound: { min: number; max?: number }): InputView => ({
    ...base,
    ...NONE,
    key: k,
    id: `${base.id}-${k}`,
    name: `${base.name}.${k}`,
    label: partLabel,
    kind: "number",
    isNumber: true,
    value: v,
    step: 1,
    ...bound,
  });
  const children = [part("value", current, label, { min: 0, max }), part("max", max, "FRAY.Sheet.Max", { min: 0 })];
  return { ...base, ...NONE, isPool: true, children, fields: byKey(children) };
}

function derivedViews(derived: Record<string, unknown>): DerivedView[] {
  return Object.entries(derived).map(([key, v]) => {
    const label = derivedLabel(key);
    if (typeof v === "boolean") return { key, label, valueLabel: v ? "FRAY.Sheet.Yes" : "FRAY.Sheet.No" };
    if (typeof v === "string") return { key, label, valueLabel: choiceLabel(v) };
    return { key, label, value: String(v) };
  });
}

function byKey(inputs: readonly InputView[]): Record<string, InputView> {
  return Object.fromEntries(inputs.map((i) => [i.key, i]));
}
