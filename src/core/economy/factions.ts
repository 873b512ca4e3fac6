/**
 * The factions action economy (FAC-06..FAC-13): on a turn one bonus action, one main action or a
 * second bonus action, and one zone of movement split around them. A reaction takes the whole turn.
 */

/** FAC-08..FAC-13: the bonus actions, by the names the tracker shows. */
export const FACTIONS_BONUS_ACTIONS: Readonly<Record<string, string>> = {
  "Pick Up": "FAC-08",
  "Put Down": "FAC-08",
  Equip: "FAC-09",
  Unequip: "FAC-09",
  "Use Consumable": "FAC-11",
  Interact: "FAC-12",
  Speak: "FAC-13",
};

/** FAC-09: swapping two items is two bonus actions. */
export const FACTIONS_SWAP = "Swap";
/** FAC-10: armour cannot be changed during a fight. */
export const FACTIONS_CHANGE_ARMOUR = "Change Armour";
/** FAC-25: attacking is a main action. FAC-06 ruling: any action not listed as a bonus action is a main action. */
export const FACTIONS_MAIN_ACTIONS: readonly string[] = ["Attack", "Complex Interaction"];

export interface FactionsTurnBudget {
  readonly bonus: number;
  readonly main: boolean;
  /** Zones moved so far this turn: at most 1, in as many parts as wanted (FAC-07). */
  readonly zones: number;
}

export const FRESH_FACTIONS_TURN: FactionsTurnBudget = { bonus: 0, main: false, zones: 0 };

/**
 * A turn budget's own copy to change, one literal in FRESH_FACTIONS_TURN's field order (a spread cost more, every
 * turn).
 */
export function copyFactionsTurn(t: FactionsTurnBudget): {
  -readonly [K in keyof FactionsTurnBudget]: FactionsTurnBudget[K];
} {
  return { bonus: t.bonus, main: t.main, zones: t.zones };
}

/** How an action is paid: "bonus" slots, the "main" slot, or refused. */
export type FactionsActionKind = "bonus" | "main" | "swap" | "move" | "forbidden";

export function factionsActionKind(action: string, complex: boolean): FactionsActionKind {
  if (action === "Move") return "move";
  if (action === FACTIONS_CHANGE_ARMOUR) return "forbidden";
  if (action === FACTIONS_SWAP) return "swap";
  if (action === "Interact" && complex) return "main"; // FAC-12: the GM may rule a complex interaction a main action
  if (FACTIONS_BONUS_ACTIONS[action] !== undefined) return "bonus";
  return "main";
}

/** FAC-06: two slots, at most one of them main. */
export function canPay(turn: FactionsTurnBudget, kind: "bonus" | "main" | "swap"): boolean {
  const used = turn.bonus + (turn.main ? 1 : 0);
  if (kind === "main") return !turn.main && used < 2;
  if (kind === "swap") return used === 0;
  return used < 2;
}

/** Rounding slack so that three thirds of a zone make a whole one. */
const EPSILON = 1e-9;

export function zonesLeft(turn: FactionsTurnBudget): number {
  return Math.max(0, 1 - turn.zones);
}

export function canMove(turn: FactionsTurnBudget, zones: number): boolean {
  return Number.isFinite(zones) && zones > 0 && turn.zones + zones <= 1 + EPSILON;
}
