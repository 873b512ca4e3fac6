import { shown } from "../../shared/shown.js";
import { refuse, type Refusal } from "../../shared/outcome.js";
import type { SectionsCombatant, SectionsState } from "./types.js";

/** The combatant a command names, or undefined for an id that is not one of this fight's. */
export function named(s: SectionsState, id: unknown): SectionsCombatant | undefined {
  if (typeof id !== "string") return undefined;
  // A loop rather than find with a closure: every command names its combatant.
  const cs = s.combatants;
  for (let i = 0; i < cs.length; i++) if ((cs[i] as SectionsCombatant).id === id) return cs[i];
  return undefined;
}

export function unknownCombatant(id: unknown): Refusal {
  const text = shown(id);
  return refuse("UnknownCombatant", `there is no combatant "${text}" in this fight`, undefined, {
    id: text,
    name: text,
  });
}

export function outOfFight(who: SectionsCombatant): Refusal {
  const name = who.name;
  return refuse("CombatantOut", `${name} is out of the fight`, undefined, { name });
}
