import { requireNonNegativeInteger } from "../pipeline.js";
import { refuse, type Refusal } from "../../shared/outcome.js";

/** The weapon an attack is made with. Unarmed is `{ kind: "unarmed", damageDie: 4 }` (FAC-26). */
export interface FactionsWeapon {
  readonly name: string;
  readonly damageDie: number;
  /** Damaged weapons break on a damage die of 1 (FAC-62). */
  readonly damaged: boolean;
  /** Improvised weapons count as already damaged (FAC-64). */
  readonly improvised: boolean;
  readonly unarmed: boolean;
}

/** A character as the attack needs it, sent as plain data. Saves are against these stats (d20 roll-under). */
export interface FactionsCharacter {
  readonly id: string;
  readonly faction: string;
  readonly wit: number;
  readonly agi: number;
  readonly str: number;
  readonly health: number;
  readonly armour: number;
  readonly armourDamaged: boolean;
  /** null: no shield. Its armour adds to `armour` (the body armour's value). */
  readonly shield: { readonly damaged: boolean; readonly armour: number } | null;
  readonly weapon: FactionsWeapon;
  /** The character has used its turn this round; a reaction uses the whole turn (FAC-14). */
  readonly turnUsed: boolean;
  /** Aware of the attacker; an unaware target cannot react (FAC-17). */
  readonly aware: boolean;
  readonly concealed: boolean;
  readonly incapacitated: boolean;
  readonly dead: boolean;
  readonly surrendering: boolean;
  /** The id of the character it holds (FAC-44), or null. */
  readonly grabbing: string | null;
  readonly grabbedBy: string | null;
}

export const UNARMED: FactionsWeapon = {
  name: "unarmed",
  damageDie: 4,
  damaged: false,
  improvised: false,
  unarmed: true,
};

/** A piece of armour a character wears or holds, as its item says. */
export interface ArmourPiece {
  readonly armour: number;
  readonly damaged: boolean;
  readonly shield: boolean;
}

/**
 * The armour a character fights with (ruling, FAC-63): its own armour value plus every piece it wears, the first
 * shield held apart as its shield (FAC-63 breaks it first); any other piece is worn armour, damaged if one is.
 */
export function wornArmour(
  base: number,
  pieces: readonly ArmourPiece[],
): Pick<FactionsCharacter, "armour" | "armourDamaged" | "shield"> {
  let armour = base;
  let armourDamaged = false;
  let shield: FactionsCharacter["shield"] = null;
  for (const p of pieces) {
    if (p.shield && shield === null) shield = { armour: p.armour, damaged: p.damaged };
    else {
      armour += p.armour;
      armourDamaged ||= p.damaged;
    }
  }
  return { armour, armourDamaged, shield };
}

/** Body armour plus shield. */
export function totalArmour(c: FactionsCharacter): number {
  return c.armour + (c.shield ? c.shield.armour : 0);
}

export function isDown(c: FactionsCharacter): boolean {
  return c.dead || c.incapacitated;
}

/** FAC-64: an improvised weapon is handled as already damaged, so (FAC-62) it breaks on a damage die of 1. */
export function weaponIsDamaged(w: Pick<FactionsWeapon, "damaged" | "improvised">): boolean {
  return w.damaged || w.improvised;
}

export function checkCharacter(c: FactionsCharacter, role: string): Refusal | null {
  if (!c || typeof c !== "object" || typeof c.id !== "string" || c.id === "") {
    return refuse("MalformedCombatant", `the ${role} is missing or has no id`, undefined, { role });
  }
  for (const [name, v] of [
    ["wit", c.wit],
    ["agi", c.agi],
    ["str", c.str],
    ["health", c.health],
    ["armour", c.armour],
  ] as const) {
    const bad = requireNonNegativeInteger(v, `${role} ${name}`);
    if (bad) return bad;
  }
  const w = c.weapon;
  if (!w || typeof w !== "object" || !Number.isInteger(w.damageDie) || w.damageDie < 1) {
    return refuse("MalformedCombatant", `the ${role} ${c.id} has no weapon with a damage die`, undefined, { role });
  }
  return null;
}
