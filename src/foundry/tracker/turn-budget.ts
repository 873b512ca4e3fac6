import type { BudgetItem } from "../../core/turn-order/types.js";

/**
 * One chip under the acting row: the label key, and what it shows, a number ("2/3", "1") or a word key (used, left).
 */
export interface BudgetChip {
  readonly label: string;
  /** "2/3" or "1"; empty when `word` says it. */
  readonly value: string;
  /** `FRAY.Budget.Used` or `FRAY.Budget.Left`, for a once-a-turn step. */
  readonly word: string;
  /** Nothing of it is left this turn (shown faded, besides the words). */
  readonly spent: boolean;
}

/** The core's budget of the acting combatant as the row shows it. Pure. */
export function budgetChips(items: readonly BudgetItem[] | undefined): BudgetChip[] {
  return (items ?? []).map((item) => {
    if ("used" in item)
      return {
        label: item.key,
        value: "",
        word: item.used ? "FRAY.Budget.Used" : "FRAY.Budget.Left",
        spent: item.used,
      };
    if ("of" in item)
      return { label: item.key, value: `${shown(item.left)}/${shown(item.of)}`, word: "", spent: item.left <= 0 };
    return { label: item.key, value: shown(item.count), word: "", spent: item.count <= 0 };
  });
}

/** Whole numbers as they are, parts of a zone (factions) to two places: 0.67, not 0.6666666666666667. */
const shown = (n: number): string => String(Number.isInteger(n) ? n : Number(n.toFixed(2)));
