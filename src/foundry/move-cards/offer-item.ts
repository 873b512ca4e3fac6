import type { AttackRuleset } from "../cards/attack-ruleset.js";
import type { CardItemLike } from "../cards/data/card-ports.js";

/**
 * The item an offered free hit or opportunity attack is made with: the attacker's first item that makes an attack in
 * the rule set's card (a weapon, a spell...), or null for an attack with none (the card's own unarmed attack).
 */
export function offeredAttackItem(
  card: Pick<AttackRuleset, "attackItems" | "attacksWith"> | undefined,
  items: readonly CardItemLike[],
): string | null {
  if (!card) return null;
  const item = items.find(
    (i) =>
      i.id &&
      card.attackItems.includes(i.type) &&
      (card.attacksWith?.({ id: i.id, name: i.name, type: i.type, system: i.system }) ?? true),
  );
  return item?.id ?? null;
}
