import { refuse, type Refusal } from "../../shared/outcome.js";
import type { SectionsCombatant, SectionsState } from "./types.js";

/** The combatant a command names, or undefined for an id that is not one of this fight's. */
export function named(s: SectionsState, id: unknown): SectionsCombatant | undefined {
  return typeof id === "string" ? s.combatants.find((c) => c.id === id) : undefined;
}

/** A payload value as text for a refusal: String() throws on an object without a prototype, so objects are only named. */
export function shown(value: unknown): string {
  return (typeof value === "object" && value !== null) || typeof value === "function"
    ? Object.prototype.toString.call(value)
    : String(value);
}

export function unknownCombatant(id: unknown): Refusal {
  const text = shown(id);
  return refuse("UnknownCombatant", `there is no combatant "${text}" in this fight`, undefined, { id: text, name: text });
}

export function outOfFight(who: SectionsCombatant): Refusal {
  const name = who.name;
  return refuse("CombatantOut", `${name} is out of the fight`, undefined, { name });
}
