import { shown } from "../../shared/shown.js";
import { refuse } from "../../shared/outcome.js";
import type { FactionsMember, FactionsOutcome, FactionsState } from "./types.js";

// A command's payload is untrusted: read it here, and never hand it to String() or a template unchecked.

/** The member a command names. Own properties only: an id such as "__proto__" or "constructor" is unknown. */
export function member(state: FactionsState, id: unknown): FactionsMember | undefined {
  return typeof id === "string" && Object.hasOwn(state.members, id) ? state.members[id] : undefined;
}

/** Health: any finite number of 0 or more. */
export function isAmount(v: unknown): v is number {
  return typeof v === "number" && Number.isFinite(v) && v >= 0;
}

export function unknownCombatant(id: unknown): FactionsOutcome {
  const name = shown(id);
  return refuse("UnknownCombatant", `there is no combatant ${name} in this fight`, undefined, { id: name });
}

export function unknownSide(side: unknown): FactionsOutcome {
  const name = shown(side);
  return refuse("UnknownSide", `there is no faction ${name} in this fight`, "FAC-01", { side: name });
}
