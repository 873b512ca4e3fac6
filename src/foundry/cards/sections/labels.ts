import type { SectionsAttackState, SectionsCombatant } from "../../../core/attack/sections/index.js";
import { isRecord } from "../../../core/shared/guards.js";

/**
 * The names the card shows. The pipeline's state keeps ids only, so open() puts the names on the attacker's
 * combatant data (`card`), which the core carries through unchanged (it copies combatants by spreading them):
 * every actor's name by id, and the item's name.
 */
export interface CardLabels {
  readonly names: Readonly<Record<string, string>>;
  readonly item: string;
  /** SEC-16: who was climbing when the card opened (the map's word, from the fight), by actor id. */
  readonly climbing?: readonly string[];
}

type LabelledCombatant = SectionsCombatant & { readonly card: CardLabels };

export function labelled(c: SectionsCombatant, card: CardLabels): LabelledCombatant {
  return { ...c, card };
}

/** The labels open() stored, or none (a state built elsewhere). */
export function labelsOf(state: SectionsAttackState): CardLabels {
  const card = (state.attackerData as Partial<LabelledCombatant>).card;
  if (!isRecord(card)) return { names: {}, item: "" };
  const names = isRecord(card.names) ? (card.names as Record<string, string>) : {};
  const climbing = Array.isArray(card.climbing)
    ? card.climbing.filter((id): id is string => typeof id === "string")
    : [];
  return { names, item: typeof card.item === "string" ? card.item : "", ...(climbing.length > 0 ? { climbing } : {}) };
}

/** An actor's name for the card, else its id. */
export function nameOf(labels: CardLabels, id: string): string {
  const n = labels.names[id];
  return typeof n === "string" && n !== "" ? n : id;
}
