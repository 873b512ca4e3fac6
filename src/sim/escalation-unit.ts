import type { EscalationCombatant } from "../core/attack/escalation/index.js";

/** A unit the fight may change in place: only ever a fresh copy made by sameUnit, never one it was given. */
export type Unit = { -readonly [K in keyof EscalationCombatant]: EscalationCombatant[K] };

/**
 * The unit in the fight's one shape: one literal, every field in one order. The attack helpers copy by spreading,
 * and spreading a spread's result takes V8's slow path (measured ~20x slower); a unit copied back to this shape
 * after each helper keeps every spread on the fast path.
 */
export function sameUnit(u: EscalationCombatant): Unit {
  return {
    id: u.id,
    name: u.name,
    accuracy: u.accuracy,
    agility: u.agility,
    strength: u.strength,
    hp: u.hp,
    maxHp: u.maxHp,
    armor: u.armor,
    level: u.level,
    movement: u.movement,
    condition: u.condition,
    flatFooted: u.flatFooted,
    prone: u.prone,
    channeling: u.channeling,
    feats: u.feats,
    focusWeapons: u.focusWeapons,
    wounds: u.wounds,
    freeHitsUsed: u.freeHitsUsed,
    actions: u.actions,
    disengaged: u.disengaged,
    weapon: u.weapon,
    disarmed: u.disarmed,
    summoner: u.summoner,
    thralled: u.thralled,
    summonedRound: u.summonedRound,
  };
}
