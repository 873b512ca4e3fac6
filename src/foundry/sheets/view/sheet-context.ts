import { isGroup } from "../../data/review-update.js";
import { DIE_SIZES, withInitial, type FieldSpec, type FieldSpecs } from "../../data/field-spec.js";
import type { ModelMetadata } from "../../data/model-metadata.js";
import { itemRow, type AttackFilter, type ItemRow, type ItemSource } from "./item-rows.js";
import { choiceLabel } from "./sheet-labels.js";
import { pickedChoices, type CombatSide, type PickedChoice } from "./sheet-picks.js";
import { statesOf, type BadgeView, type DerivedView } from "./sheet-states.js";

export { choiceLabel, derivedLabel } from "./sheet-labels.js";
export type { BadgeView, DerivedView } from "./sheet-states.js";
export type { ItemRow } from "./item-rows.js";

/**
 * The pure half of every Fray sheet: turn a model's spec and its data into a list of inputs the
 * templates render (name `system.x.y`, value, label key, kind, bounds, choices) plus the states as badges,
 * the other derived values and, on actors, the item rows. No Foundry here, so vitest renders the real templates from
 * it.
 */
interface ChoiceView {
  readonly value: string;
  readonly label: string;
  readonly selected: boolean;
  /** The label is a name (an item's, a side's), shown as written rather than localised. */
  readonly literal?: true;
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
  /** An HTML field's content as Foundry's enricher showed it (links, rolls), for the editor's closed view. */
  readonly enriched?: string;
  readonly isNumber: boolean;
  readonly isSelect: boolean;
  readonly isText: boolean;
  readonly isCheckbox: boolean;
  readonly isHtml: boolean;
  readonly isTags: boolean;
  readonly isPool: boolean;
  readonly isGroup: boolean;
}

export interface SheetView {
  readonly type: string;
  readonly ruleset: string;
  readonly typeLabel: string;
  readonly editable: boolean;
  readonly inputs: readonly InputView[];
  readonly fields: Readonly<Record<string, InputView>>;
  /** The states that hold now (Bloodied, Frayed, Broken, ...), as badges. */
  readonly badges: readonly BadgeView[];
  /** The other derived values: numbers and words. */
  readonly derived: readonly DerivedView[];
  /** The type has yes/no states at all: the header says "no states" when none holds. */
  readonly hasStates: boolean;
  readonly items: readonly ItemRow[];
  /** The item rows with an Attack or a Play button: the fight tab lists them. */
  readonly attacks: readonly ItemRow[];
  readonly hasItems: boolean;
}

interface SheetViewOptions extends AttackFilter {
  /** Prefix of every input id; Foundry's sheet `rootId` keeps two open sheets apart. */
  readonly idPrefix: string;
  readonly editable: boolean;
  readonly items?: readonly ItemSource[];
  /** The sides of the actor's current combat (a picked faction's choices); none outside a combat. */
  readonly combatSides?: readonly CombatSide[];
  /** HTML fields as Foundry's enricher showed them, by path ("notes", "description"). */
  readonly enriched?: Readonly<Record<string, string>>;
}

/** What inputFor needs beyond the field: the sheet's options and the choices of picked fields. */
interface InputOptions extends SheetViewOptions {
  readonly picked: Readonly<Record<string, readonly PickedChoice[]>>;
}

export function sheetView(
  meta: ModelMetadata,
  system: Readonly<Record<string, unknown>>,
  opts: SheetViewOptions,
): SheetView {
  const picked = pickedChoices(meta, system, { items: opts.items ?? [], combatSides: opts.combatSides ?? [] });
  const inputs = inputsFor(meta.fields, system, "", { ...opts, picked });
  // Derived values read complete data: a document written before a field existed still shows them. An actor's
  // also read its items (a teams character's armour and talents).
  const items = meta.documentName === "Actor" ? (opts.items ?? []) : [];
  const states = statesOf(meta, meta.derive ? meta.derive(withInitial(meta.fields, system), items) : {});
  const rows = (opts.items ?? []).map((i) => itemRow(i, opts));
  return {
    type: meta.type,
    ruleset: meta.ruleset,
    typeLabel: `TYPES.${meta.documentName}.${meta.type}`,
    editable: opts.editable,
    inputs,
    fields: byKey(inputs),
    badges: states.badges,
    derived: states.derived,
    hasStates: states.hasStates,
    items: rows,
    attacks: rows.filter((i) => i.attack || i.play),
    hasItems: meta.documentName === "Actor",
  };
}

function inputsFor(
  fields: FieldSpecs,
  data: Readonly<Record<string, unknown>> | undefined,
  path: string,
  opts: InputOptions,
): InputView[] {
  return Object.entries(fields).map(([key, spec]) =>
    inputFor(key, spec, data?.[key], path ? `${path}.${key}` : key, opts),
  );
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

function inputFor(key: string, spec: FieldSpec, value: unknown, path: string, opts: InputOptions): InputView {
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
    case "string":
      return stringInput(base, spec, value, opts.picked[path]);
    case "boolean":
      return { ...base, ...NONE, isCheckbox: true, value: typeof value === "boolean" ? value : spec.initial };
    case "html": {
      const enriched = opts.enriched?.[path];
      return {
        ...base,
        ...NONE,
        isHtml: true,
        value: typeof value === "string" ? value : "",
        ...(enriched === undefined ? {} : { enriched }),
      };
    }
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

/**
 * A text field: free text, a select of the spec's choices, or a select of a picked field's choices (names shown as
 * written).
 */
function stringInput(
  base: Omit<InputView, keyof typeof NONE | "value">,
  spec: Extract<FieldSpec, { kind: "string" }>,
  value: unknown,
  picked: readonly PickedChoice[] | undefined,
): InputView {
  const v = typeof value === "string" ? value : spec.initial;
  const choices: ChoiceView[] | undefined = picked
    ? picked.map((c) => ({
        value: c.value,
        label: c.label,
        selected: c.value === v,
        ...(c.localize ? {} : { literal: true as const }),
      }))
    : spec.choices?.map((c) => ({
        value: c,
        // A blank choice may say what it leaves to (a side "From its token").
        label: c === "" && spec.blankLabel ? spec.blankLabel : choiceLabel(c),
        selected: c === v,
      }));
  return choices
    ? { ...base, ...NONE, isSelect: true, value: v, choices }
    : { ...base, ...NONE, isText: true, value: v };
}

/** A pool's two number inputs, value (bounded by max) and max, under one label. */
function poolInput(
  base: Omit<InputView, keyof typeof NONE | "value">,
  initial: number,
  label: string,
  value: unknown,
): InputView {
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

function byKey(inputs: readonly InputView[]): Record<string, InputView> {
  return Object.fromEntries(inputs.map((i) => [i.key, i]));
}
