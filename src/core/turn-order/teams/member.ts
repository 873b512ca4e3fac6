import { shown } from "../../shared/shown.js";
import { refuse, type Outcome } from "../../shared/outcome.js";
import type { TurnEvent } from "../types.js";
import type { TeamsMember, TeamsState } from "./types.js";

/** The member a command names, or undefined for an id that is not one of this fight's. */
export function member(state: TeamsState, id: unknown): TeamsMember | undefined {
  // Own properties only: an id such as "__proto__" or "constructor" is unknown, not read off the prototype.
  return typeof id === "string" && Object.hasOwn(state.members, id) ? state.members[id] : undefined;
}

export function unknown(id: unknown): Outcome<TeamsState, TurnEvent> {
  const text = shown(id);
  return refuse("UnknownCombatant", `there is no combatant ${text} in this fight`, undefined, { id: text });
}
