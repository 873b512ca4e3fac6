import { awaitsGm, circumstanceValue, type AttackCardData } from "./data/attack-card-data.js";
import type { CardLine, Circumstance } from "./attack-ruleset.js";

/** One input of the circumstances control: a checkbox or a whole-number box, with a unique id for its label. */
export interface CircumstanceInput {
  readonly key: string;
  readonly id: string;
  readonly label: string;
  readonly flag: boolean;
  readonly value: boolean | number;
  /** A count may not go below 0; a bonus may. */
  readonly min: number | null;
}

/**
 * A player's declared circumstances as the card shows them: who declared, the GM's answer (its words in `head`), each
 * value in force (with what was declared, where the GM changed it), and whether this viewer confirms them now.
 */
export interface DeclaredContext {
  readonly answer: NonNullable<AttackCardData["declared"]>["answer"];
  readonly head: CardLine;
  readonly items: readonly CardLine[];
  /** The GM's Confirm: the card's most prominent control while it waits. */
  readonly confirm: boolean;
}

/** The control's inputs: each circumstance's value in the card's options. */
export function circumstanceInputs(
  list: readonly Circumstance[],
  data: AttackCardData,
  messageId: string,
): CircumstanceInput[] {
  const options = data.options ?? {};
  return list.map((c) => ({
    key: c.key,
    id: `fray-circumstance-${messageId}-${c.key.replace(/\W/g, "-")}`,
    label: `FRAY.Card.Circumstance.${c.key}`,
    flag: c.kind === "flag",
    value: circumstanceValue(c, options),
    min: c.kind === "count" ? 0 : null,
  }));
}

const shown = (value: boolean | number) =>
  typeof value === "boolean" ? `FRAY.Card.Declared.${value ? "yes" : "no"}` : value;

/**
 * What the card says of a player's declaration, to everyone who sees the card: each circumstance they declared that
 * is not the pipeline's default, and each the GM changed from what they declared. `by` is the declaring user's name.
 */
export function declaredContext(
  list: readonly Circumstance[],
  data: AttackCardData,
  by: string,
  isGM: boolean,
): DeclaredContext | null {
  const declared = data.declared;
  if (!declared) return null;
  const options = data.options ?? {};
  const items: CardLine[] = [];
  for (const c of list) {
    if (!Object.hasOwn(declared.values, c.key)) continue;
    const said = declared.values[c.key] as boolean | number;
    const now = circumstanceValue(c, options);
    const label = `FRAY.Card.Circumstance.${c.key}`;
    if (now !== said)
      items.push({ key: "FRAY.Card.Declared.Changed", data: { label, value: shown(now), declared: shown(said) } });
    else if (said !== (c.initial ?? (c.kind === "flag" ? false : 0)))
      items.push({ key: "FRAY.Card.Declared.Item", data: { label, value: shown(said) } });
  }
  const waits = awaitsGm(data);
  const head = `FRAY.Card.Declared.${declared.answer}${waits && isGM ? "ForGm" : ""}`;
  return { answer: declared.answer, head: { key: head, data: { user: by } }, items, confirm: waits && isGM };
}
