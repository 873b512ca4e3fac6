import { DIE_SIZES } from "../../data/field-spec.js";

/** The label key of a choice; dice sizes are shown as written ("d6"). Pure. */
export function choiceLabel(value: string): string {
  return (DIE_SIZES as readonly string[]).includes(value)
    ? value
    : value === ""
      ? "FRAY.Choice.none"
      : `FRAY.Choice.${value}`;
}

/** FRAY.Derived.<Key>: the label key of a derived value. Pure. */
export function derivedLabel(key: string): string {
  return `FRAY.Derived.${key.charAt(0).toUpperCase()}${key.slice(1)}`;
}
