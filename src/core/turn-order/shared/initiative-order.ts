import type { Roller } from "../../shared/roller.js";
import type { CombatantId } from "../types.js";

/** How ties in the ranking key are broken; the rule texts are silent (ESC-01, STR-02). */
/** How equal initiative is broken (ESC-01, STR-02): the choices a table may pick from. */
export const TIE_BREAKS = ["listed", "modifier", "pcFirst", "rollOff"] as const;
export type TieBreak = (typeof TIE_BREAKS)[number];

export interface Ranked {
  readonly id: CombatantId;
  /** The number the text ranks by: Agility modifier (ESC-01) or rolled initiative (STR-02). */
  readonly score: number;
  /** The modifier behind the score, for the "modifier" tie-break. */
  readonly modifier: number;
  readonly side: string;
  /** Position in the setup list: the last resort, so the order is always total. */
  readonly listed: number;
}

/**
 * Sort highest score first. Ties go through `tie`; "rollOff" rolls a d6 for each member of a
 * tied group in listed order (higher first). Listed order settles anything still tied.
 */
export function rankDescending(items: readonly Ranked[], tie: TieBreak, roller: Roller): CombatantId[] {
  // Each comparator is a total order (listed is unique), so one sort gives the order whatever it starts from. Only
  // the roll-off needs the ranking by score first: it rolls for each tied group in listed order.
  if (tie === "modifier") return idsOf([...items].sort(byScoreThenModifier));
  if (tie === "pcFirst") return idsOf([...items].sort(byScoreThenPc));
  const byScore = [...items].sort(byScoreThenListed);
  // Without a tied score, or with ties settled by listed order alone, the first sort is already the order.
  if (tie === "listed" || !anyTie(byScore)) return idsOf(byScore);
  // "rollOff" with a tie: a d6 for each member of each tied group, in listed order.
  const rolls: Record<string, number> = {};
  for (let i = 0; i < byScore.length;) {
    let j = i + 1;
    while (j < byScore.length && byScore[j]?.score === byScore[i]?.score) j++;
    if (j - i > 1) for (let k = i; k < j; k++) rolls[byScore[k]?.id ?? ""] = roller.die(6);
    i = j;
  }
  const rolled = (r: Ranked): number => rolls[r.id] ?? 0;
  return idsOf(byScore.sort((a, b) => b.score - a.score || rolled(b) - rolled(a) || a.listed - b.listed));
}

// Module functions: a comparator closure made per ranking costs time at every engine start.
const byScoreThenListed = (a: Ranked, b: Ranked): number => b.score - a.score || a.listed - b.listed;
const byScoreThenModifier = (a: Ranked, b: Ranked): number =>
  b.score - a.score || b.modifier - a.modifier || a.listed - b.listed;
const pc = (r: Ranked): number => (r.side === "pc" ? 1 : 0);
const byScoreThenPc = (a: Ranked, b: Ranked): number => b.score - a.score || pc(b) - pc(a) || a.listed - b.listed;

/** Whether two neighbours of the sorted list share a score. */
function anyTie(sorted: readonly Ranked[]): boolean {
  for (let i = 1; i < sorted.length; i++)
    if ((sorted[i] as Ranked).score === (sorted[i - 1] as Ranked).score) return true;
  return false;
}

function idsOf(sorted: readonly Ranked[]): CombatantId[] {
  const ids: CombatantId[] = [];
  for (let i = 0; i < sorted.length; i++) ids.push((sorted[i] as Ranked).id);
  return ids;
}

/** The order with `who` moved to just after `after` (or to the end when `after` is null). */
export function placeAfter(order: readonly CombatantId[], who: CombatantId, after: CombatantId | null): CombatantId[] {
  const rest = order.filter((id) => id !== who);
  if (after === null) return [...rest, who];
  const at = rest.indexOf(after);
  return [...rest.slice(0, at + 1), who, ...rest.slice(at + 1)];
}
