/** A damage reduction of each kind TEAM-62 names: a character's own, or one armour item's. */
export interface DamageReduction {
  readonly physical: number;
  readonly elemental: number;
}

/**
 * TEAM-48: the matching damage reduction a hit is lowered by. teams.txt never says where it comes from. Fray adds
 * every armour item's reductions to the character's own, as escalation and factions add up armour items
 * (docs/rulings.md, TEAM-48).
 */
export function damageReductionWith(own: DamageReduction, armour: readonly DamageReduction[]): DamageReduction {
  let physical = own.physical;
  let elemental = own.elemental;
  for (const a of armour) {
    physical += a.physical;
    elemental += a.elemental;
  }
  return { physical, elemental };
}
