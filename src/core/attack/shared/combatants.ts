import { own } from "../../shared/guards.js";
import { refuse, type Refusal } from "../../shared/outcome.js";

/** An attack state that keeps every combatant of the fight by id (escalation, teams). */
export interface CombatantsState<C> {
  readonly combatants: Readonly<Record<string, C>>;
}

/** The combatant with this id; never one read off the prototype ("__proto__", "constructor"). */
export function combatantOf<C>(state: CombatantsState<C>, id: string): C | undefined {
  return own(state.combatants, id);
}

export function unknownCombatant(id: string): Refusal {
  return refuse("UnknownCombatant", `there is no combatant ${id} in this fight`, undefined, { id, name: id });
}

export function withCombatant<S extends CombatantsState<{ readonly id: string }>>(state: S, c: S["combatants"][string]): S {
  return { ...state, combatants: { ...state.combatants, [c.id]: c } };
}

/** The declare buttons: every pair of a combatant that may attack and another it may target. */
export function declareCommands<S extends CombatantsState<C>, C extends { readonly id: string }>(
  state: S,
  mayAttack: (attacker: C, state: S) => boolean,
  mayTarget: (target: C, attacker: C) => boolean,
): { readonly type: "declare"; readonly attacker: string; readonly target: string }[] {
  const out: { readonly type: "declare"; readonly attacker: string; readonly target: string }[] = [];
  const all = Object.values(state.combatants);
  for (const a of all) {
    if (!mayAttack(a, state)) continue;
    for (const t of all) if (t.id !== a.id && mayTarget(t, a)) out.push({ type: "declare", attacker: a.id, target: t.id });
  }
  return out;
}
