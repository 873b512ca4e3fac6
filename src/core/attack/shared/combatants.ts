import { own } from "../../shared/guards.js";
import { refuse, type Refusal } from "../../shared/outcome.js";
import { requireStep, type AttackStateBase, type AttackStep } from "../pipeline.js";

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

export function withCombatant<S extends CombatantsState<{ readonly id: string }>>(
  state: S,
  c: S["combatants"][string],
): S {
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
    for (const t of all)
      if (t.id !== a.id && mayTarget(t, a)) out.push({ type: "declare", attacker: a.id, target: t.id });
  }
  return out;
}

/**
 * Refuse a step of the declared attack when the card is at another step, or when the stored state lacks
 * what the step reads: the declaration, the attacker, the target and, with `hit`, the to-hit result
 * (`missing` says what, for the log).
 */
export function requireDeclared(
  state: CombatantsState<unknown> & AttackStateBase & { readonly declaration: unknown; readonly toHit: unknown },
  step: AttackStep,
  missing: string,
  hit = false,
): Refusal | null {
  const bad = requireStep(state, step);
  if (bad) return bad;
  if (
    state.declaration &&
    combatantOf(state, state.attacker) &&
    combatantOf(state, state.target) &&
    (!hit || state.toHit)
  )
    return null;
  return refuse("MalformedAttackState", missing);
}

/** What the damage step reads of a declared attack that hit. */
interface DeclaredHit<C, D, H> {
  readonly declaration: D;
  readonly toHit: H;
  readonly attacker: C;
  readonly target: C;
}

/** The damage step's opening (escalation, teams): refused as requireDeclared refuses, or the hit's parts. */
export function declaredHit<C, D, H>(
  state: CombatantsState<C> & AttackStateBase & { readonly declaration: D | null; readonly toHit: H | null },
): Refusal | DeclaredHit<C, D, H> {
  const bad = requireDeclared(state, "damage", "the attack has no hit to roll damage for", true);
  if (bad) return bad;
  return {
    declaration: state.declaration as D,
    toHit: state.toHit as H,
    attacker: combatantOf(state, state.attacker) as C,
    target: combatantOf(state, state.target) as C,
  };
}
