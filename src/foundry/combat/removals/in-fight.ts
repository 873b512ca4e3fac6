import { FrayCombat } from "../fray-combat.js";
import type { TurnCommand } from "../fight/turn-command.js";

/** The turn order's removal of a combatant, when it would take one now: not for one already out, nor after the end. */
export function removeCommand(combat: FrayCombat, combatantId: string): TurnCommand | null {
  const journal = combat.journal;
  const mode = combat.mode;
  if (!journal || !mode) return null;
  return mode.engine.legal(journal.state).find((c) => c.type === "remove" && c.combatant === combatantId) ?? null;
}

/** Whether a combat is a Fray fight under way (or stored damaged): its turn order holds every combatant. */
export function inFight(combat: unknown): combat is FrayCombat {
  return combat instanceof FrayCombat && !!combat.mode && combat.storedFight.kind !== "none";
}

/**
 * Whether the turn order of a fight holds a combatant (its view lists it). One it cannot say of (its engine not
 * loaded, the fight damaged) counts as held: nothing is taken out on a guess.
 */
export function heldByFight(combat: FrayCombat, combatantId: string): boolean {
  const view = combat.frayView;
  if (!view) return true;
  return view.order.includes(combatantId) || Object.hasOwn(view.status, combatantId);
}
