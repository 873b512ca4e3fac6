import { shown } from "../../../core/shared/shown.js";
import { cardPlayOf } from "../../combat/requests/card-play.js";
import { withInitial, type FieldSpec } from "../../data/field-spec.js";
import { modelFor } from "../../data/models.js";
import { choiceLabel, derivedLabel } from "./sheet-labels.js";
import { statesOf, type BadgeView } from "./sheet-states.js";

/**
 * An actor's item as its sheet lists it: name, picture, type, the key numbers its spec's `summary` names
 * (damage, range, dice, uses, ...), its states (Broken) and whether it has an Attack button. Pure.
 */
export interface ItemSource {
  readonly id: string;
  readonly name: string;
  readonly img?: string | null;
  readonly type: string;
  readonly system?: Readonly<Record<string, unknown>>;
}

/** One key number: "Damage 4", "Range 6", "Tags Ranged, Finisher", or a label alone for a yes ("Shield"). */
interface KeyNumber {
  readonly key: string;
  readonly label: string;
  readonly value?: string;
  /** Label keys of the chosen values (a damage type, tags). */
  readonly valueLabels?: readonly string[];
}

export interface ItemRow {
  readonly id: string;
  readonly name: string;
  readonly img: string;
  readonly type: string;
  readonly typeLabel: string;
  /** An Attack button: the item makes an attack card and the viewer owns the actor. */
  readonly attack: boolean;
  /** A Play button: a card that grants a Move or special movement (SEC-06, SEC-07) and the viewer owns the actor. */
  readonly play: boolean;
  readonly numbers: readonly KeyNumber[];
  readonly badges: readonly BadgeView[];
}

/** Which items get an Attack button: the rule set card's item types, narrowed by its own test when it has one. */
export interface AttackFilter {
  readonly attackItems?: readonly string[];
  readonly attacksWith?: (item: ItemSource & { readonly system: unknown }) => boolean;
  /** The viewer may play the actor's cards: rows whose card grants movement get a Play button. */
  readonly plays?: boolean;
}

export function itemRow(item: ItemSource, attacks: AttackFilter = {}): ItemRow {
  const meta = modelFor("Item", item.type);
  // Complete data, as the sheets' derived values read it: an item written before a field existed still shows.
  const system = meta ? withInitial(meta.fields, item.system ?? {}) : {};
  const derived = meta?.derive ? meta.derive(system) : {};
  const numbers: KeyNumber[] = [];
  for (const key of meta?.summary ?? []) {
    const spec = Object.hasOwn(meta?.fields ?? {}, key) ? meta?.fields[key] : undefined;
    const n = spec
      ? fieldNumber(key, spec, system[key])
      : Object.hasOwn(derived, key)
        ? derivedNumber(key, derived[key])
        : null;
    if (n) numbers.push(n);
  }
  return {
    id: item.id,
    name: item.name,
    img: item.img ?? "icons/svg/item-bag.svg",
    type: item.type,
    typeLabel: `TYPES.Item.${item.type}`,
    attack:
      (attacks.attackItems ?? []).includes(item.type) &&
      (attacks.attacksWith?.({ ...item, system: item.system ?? {} }) ?? true),
    play: attacks.plays === true && cardPlayOf({ id: item.id, type: item.type, system }) !== null,
    numbers,
    badges: meta ? statesOf(meta, derived).badges : [],
  };
}

/** A field's key number, or null when it says nothing (a zero, a "none", an empty list, a no). */
function fieldNumber(key: string, spec: FieldSpec, v: unknown): KeyNumber | null {
  const label = spec.label;
  switch (spec.kind) {
    case "number":
      return typeof v === "number" && v !== 0 ? { key, label, value: String(v) } : null;
    case "pool": {
      const p = (v ?? {}) as { value?: unknown; max?: unknown };
      return { key, label, value: `${shown(p.value ?? 0)}/${shown(p.max ?? 0)}` };
    }
    case "die":
      return typeof v === "string" && v !== "" ? { key, label, value: v } : null;
    case "string":
      if (typeof v !== "string" || v === "" || v === "none") return null;
      return spec.choices ? { key, label, valueLabels: [choiceLabel(v)] } : { key, label, value: v };
    case "boolean":
      return v === true ? { key, label } : null;
    case "tags": {
      const list = Array.isArray(v) ? v : v instanceof Set ? [...v] : [];
      const tags = list.filter((t): t is string => typeof t === "string");
      return tags.length ? { key, label, valueLabels: tags.map(choiceLabel) } : null;
    }
    default:
      return null;
  }
}

function derivedNumber(key: string, v: unknown): KeyNumber | null {
  const label = derivedLabel(key);
  if (v === true) return { key, label };
  if (typeof v === "number" && v !== 0) return { key, label, value: String(v) };
  if (typeof v === "string" && v !== "") return { key, label, valueLabels: [choiceLabel(v)] };
  return null;
}
