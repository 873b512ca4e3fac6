import type { Schema } from "../../shared/schema.js";
import { findById } from "./by-id.js";

/** How a fight ended, where a turn order keeps it as `outcome` or `result`: the reason, and the sides that won. */
export const FIGHT_OUTCOME: Schema = { fields: { reason: "string", victors: { list: "string" } } };

/** Whether `ids` names every combatant once and nothing else (ranked's orders: nextUp and the simulator rely on it). */
export function listsEachOnce(ids: readonly string[], combatants: readonly { readonly id: string }[]): boolean {
  return ids.length === combatants.length && ids.every((id) => findById(combatants, id) !== undefined);
}

/** Whether `id` is null or names one of `combatants`. */
export function nobodyOrOneOf(id: string | null, combatants: readonly { readonly id: string }[]): boolean {
  return id === null || findById(combatants, id) !== undefined;
}

/** Whether `id` is null or an own key of `members` (teams, factions: members keyed by id). */
export function nobodyOrMember(id: string | null, members: Readonly<Record<string, unknown>>): boolean {
  return id === null || Object.hasOwn(members, id);
}

/** Whether the roster lists exactly the members' keys (teams, factions). */
export function rosterIsMembers(roster: readonly string[], members: Readonly<Record<string, unknown>>): boolean {
  return Object.keys(members).length === roster.length && roster.every((id) => Object.hasOwn(members, id));
}
