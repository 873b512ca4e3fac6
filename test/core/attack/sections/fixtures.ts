import type { SectionsCombatant } from "../../../../src/core/attack/sections/index.js";
import { NOT_INCANTING } from "../../../../src/core/attack/sections/index.js";

export function entity(id: string, over: Partial<SectionsCombatant> = {}): SectionsCombatant {
  return {
    id,
    hp: 10,
    hitDie: 8,
    missDie: 8,
    damageDie: 6,
    damageBonus: 0,
    weaponType: "sword",
    conditions: [],
    interrupts: 1,
    incantation: NOT_INCANTING,
    ...over,
  };
}
export const SEEN = { attackerSeesTarget: true, targetSeesAttacker: true };

/** A melee blow and a plain ranged shot, as an Action's range entry makes them (SEC-28/29). */
export const MELEE = { kind: "melee", area: false } as const;
export const SHOT = { kind: "ranged", area: false } as const;
