import type { FactionsAttackMode } from "./types.js";

/**
 * The kind of attack a weapon makes (FAC-29..FAC-32), and with `blast` its blast (FAC-36..FAC-38): a melee blast, a
 * ranged blast; the text has no indirect blast, so an indirect weapon's blast is an indirect attack.
 */
export function attackMode(attack: "melee" | "ranged" | "indirect", blast: boolean): FactionsAttackMode {
  if (!blast) return attack;
  return attack === "melee" ? "meleeBlast" : attack === "ranged" ? "rangedBlast" : "indirect";
}
