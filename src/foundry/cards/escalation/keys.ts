import { FIST } from "../../../core/attack/escalation/combatant.js";
import { own } from "../../../core/shared/guards.js";
import type { EscalationAttackState } from "../../../core/attack/escalation/types.js";
import type { CardLine } from "../attack-ruleset.js";

/** Every key of this card lives under FRAY.Card.Escalation (lang/en.json). */
export const K = "FRAY.Card.Escalation.";

export function line(key: string, data: CardLine["data"] = {}, dice = false): CardLine {
  return dice ? { key: `${K}${key}`, data, dice: true } : { key: `${K}${key}`, data };
}

/** The outcomes the pipeline writes (toHitRolled, reactionTaken, attackEnded), each with its words. */
const OUTCOMES = [
  "miss",
  "hit",
  "critical",
  "superCritical",
  "decisiveVictory",
  "autoFail",
  "tragedy",
  "fatalTragedy",
  "freeHit",
  "freeCritical",
] as const;

/** A Fray key as a value: the card's localisation fills it in (frayFormat localises values that are Fray keys). */
export function outcomeKey(outcome: string): string {
  return (OUTCOMES as readonly string[]).includes(outcome) ? `${K}Outcome.${outcome}` : `${K}Outcome.other`;
}

const AIMS = ["fatal", "slowing", "weakening", "disrupting", "centerMass", "unaimed"] as const;

export function aimKey(aim: unknown): string {
  return typeof aim === "string" && (AIMS as readonly string[]).includes(aim) ? `${K}Aim.${aim}` : `${K}Aim.unaimed`;
}

const DEFENCES = ["agility", "flatFooted", "prone"] as const;

export function defenceKey(reason: unknown): string {
  return typeof reason === "string" && (DEFENCES as readonly string[]).includes(reason)
    ? `${K}Defence.${reason}`
    : `${K}Defence.agility`;
}

/** The weapon's name as the card shows it: the core's fist is "unarmed" in the card's words. */
export function weaponName(name: unknown): string {
  return name === FIST.name || typeof name !== "string" ? `${K}Unarmed` : name;
}

/** A combatant's name on the card; its id when the state does not know it. */
export function nameOf(state: EscalationAttackState, id: unknown): string {
  if (typeof id !== "string") return "?";
  return own(state.combatants, id)?.name ?? id;
}

export function signed(n: number): string {
  return n < 0 ? `−${-n}` : `+${n}`;
}
