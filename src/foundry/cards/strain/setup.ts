import type { StrainAttackSetup, StrainAttackState } from "../../../core/attack/strain/types.js";
import { isRecord } from "../../../core/shared/guards.js";

/** The names the card shows, taken from the sheets when the attack opens. */
interface StrainCardNames {
  readonly attacker: string;
  readonly target: string;
  /** The ability's name; its Art is in the setup. */
  readonly item: string;
}

/**
 * The strain pipeline's setup plus the card's names. The declaration keeps every setup field but the two
 * characters and the options in the state's `setup`, so the names travel with the stored state and the card
 * can name who is who (the state itself holds actor ids only).
 */
export interface StrainCardSetup extends StrainAttackSetup {
  readonly card: StrainCardNames;
}

/** The names stored with the state, or the actor ids when a state was started without them. */
export function cardNames(state: StrainAttackState): StrainCardNames {
  const c = (state.setup as { readonly card?: unknown }).card;
  const text = (k: string, fallback: string): string => (isRecord(c) && typeof c[k] === "string" ? c[k] : fallback);
  return {
    attacker: text("attacker", state.attacker),
    target: text("target", state.target),
    item: text("item", state.setup.art),
  };
}

/** The name of an actor of this attack, by id. */
export function nameOf(state: StrainAttackState, id: unknown): string {
  const n = cardNames(state);
  return id === state.attacker ? n.attacker : id === state.target ? n.target : String(id);
}
