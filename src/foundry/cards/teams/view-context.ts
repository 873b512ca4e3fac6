import { rollSum } from "../roll-sum.js";
import type { TeamsAttackState } from "../../../core/attack/teams/types.js";
import type { DiceRoll } from "../../../core/dice/dice-roll.js";
import { isRecord } from "../../../core/shared/guards.js";
import type { CardLine } from "../attack-ruleset.js";

/** Every teams card key starts with this prefix; lang/en.json holds their English. */
export const K = "FRAY.Card.Teams.";

/** One line of the card: `FRAY.Card.Teams.<key>` with its values. */
export function line(key: string, data: CardLine["data"], dice = false): CardLine {
  return dice ? { key: `${K}${key}`, data, dice: true } : { key: `${K}${key}`, data };
}

/** What the lines read besides the events: names of combatants and items as the card's state holds them. */
export interface ViewContext {
  readonly state: TeamsAttackState;
  name(id: unknown): string;
  itemName(id: unknown): string;
}

export function viewContext(state: TeamsAttackState): ViewContext {
  const combatants = Object.values(state.combatants);
  return {
    state,
    name: (id) =>
      typeof id === "string" && Object.hasOwn(state.combatants, id) ? (state.combatants[id]?.name ?? id) : String(id),
    itemName: (id) => {
      for (const c of combatants) for (const i of c.items) if (i.id === id) return i.name;
      return String(id);
    },
  };
}

/** A roll's breakdown for a line: the formula, the kept faces, the flat modifier and the total; dropped faces apart. */
export function rollData(roll: DiceRoll): {
  formula: string;
  dice: string;
  modifier: string;
  total: number;
  sum: string;
  dropped: string;
} {
  const kept = roll.dice.filter((d) => d.kept).map((d) => d.value);
  const dropped = roll.dice.filter((d) => !d.kept).map((d) => d.value);
  const m = roll.modifier;
  const dice = kept.length === 0 ? "0" : kept.join(" + ");
  const modifier = m === 0 ? "" : m > 0 ? ` + ${m}` : ` − ${-m}`;
  return {
    formula: roll.formula,
    dice,
    modifier,
    total: roll.total,
    sum: rollSum(dice, modifier, roll.total, roll.dice.length),
    dropped: dropped.join(", "),
  };
}

/** An event field that should be a roll, checked (events come from a stored card). */
export function asRoll(v: unknown): DiceRoll | null {
  return isRecord(v) && typeof v.formula === "string" && Array.isArray(v.dice) && typeof v.total === "number"
    ? (v as unknown as DiceRoll)
    : null;
}

export function asNumber(v: unknown): number {
  return typeof v === "number" ? v : 0;
}

export function asText(v: unknown): string {
  return typeof v === "string" ? v : "";
}
