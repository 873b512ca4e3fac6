/** A context menu entry as Foundry's ContextMenu takes it (its `condition`: a boolean, or a function of the row). */
export interface MenuEntry<Row> {
  readonly name: string;
  readonly icon?: string;
  readonly condition?: boolean | ((row: Row) => boolean | null) | null;
  readonly callback: (row: Row) => unknown;
}

/** What the combatant menu asks of the combat the tracker shows, when the menu opens. */
interface EntryRules {
  /** The combat is under Fray's rules: its turn orders have no initiative to clear or reroll. */
  readonly fray: () => boolean;
  /** Its fight is under way (or stored damaged): the turn order holds every combatant. */
  readonly fighting: () => boolean;
  /** This user may remove the combatant through the turn order now (the GM, while it is still in). */
  readonly mayRemove: (combatantId: string) => boolean;
  readonly remove: (combatantId: string) => unknown;
}

/** Foundry's entries that read or write an initiative (client/applications/sidebar/tabs/combat-tracker.mjs). */
const INITIATIVE = new Set(["COMBAT.CombatantClear", "COMBAT.CombatantReroll"]);
/** Foundry's entries that act on a combatant behind a fight's turn order: its record of moves, its deletion. */
const BEHIND_THE_FIGHT = new Set(["COMBAT.CombatantClearMovementHistory", "COMBAT.CombatantRemove"]);

/**
 * The combatant rows' menu in Fray's tracker: Foundry's own entries, less those that act behind the rules, and
 * Fray's Remove from the fight, which goes through the turn order (a step the GM can undo). The conditions are read
 * when the menu opens, so one menu serves the setup and the fight.
 */
export function frayEntryOptions<Row extends { readonly dataset: { readonly combatantId?: string } }>(
  entries: readonly MenuEntry<Row>[],
  rules: EntryRules,
): MenuEntry<Row>[] {
  const hidden = (name: string) =>
    (rules.fray() && INITIATIVE.has(name)) || (rules.fighting() && BEHIND_THE_FIGHT.has(name));
  const kept = entries.map((entry) => ({
    ...entry,
    condition: (row: Row) => !hidden(entry.name) && shows(entry, row),
  }));
  const id = (row: Row) => row.dataset.combatantId ?? "";
  return [
    ...kept,
    {
      name: "FRAY.Tracker.RemoveFromFight",
      icon: '<i class="fa-solid fa-user-xmark"></i>',
      condition: (row: Row) => rules.fighting() && rules.mayRemove(id(row)),
      callback: (row: Row) => rules.remove(id(row)),
    },
  ];
}

function shows<Row>(entry: MenuEntry<Row>, row: Row): boolean {
  const c = entry.condition;
  return typeof c === "function" ? Boolean(c(row)) : c !== false && c !== null;
}
