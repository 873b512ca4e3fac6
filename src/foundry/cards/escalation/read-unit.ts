import {
  conditionAtHp,
  escalationCombatant,
  type EscalationCombatant,
} from "../../../core/attack/escalation/combatant.js";
import { isRecord, valueAt } from "../../../core/shared/guards.js";
import { refuse, type Refusal } from "../../../core/shared/outcome.js";
import { escalationArmour } from "../../data/specs/escalation/escalation-armour.js";
import { escalationFeatsOf, focusWeaponsOf } from "../../data/specs/escalation/escalation-feats.js";
import { escalationUnit } from "../../data/specs/escalation/escalation-unit.js";
import { withInitial } from "../../data/field-spec.js";
import type { CardActor } from "../attack-ruleset.js";

/**
 * The value at a dotted path of the actor's system data (a path of the spec's fields: "hp.value", "conditions.prone").
 */

/** The fields of `escalation-unit` the card reads, by the spec's names (tested against initialData). */
export const UNIT_PATHS = {
  level: "level",
  agility: "agility",
  accuracy: "accuracy",
  strength: "strength",
  hp: "hp.value",
  maxHp: "hp.max",
  movement: "movement",
  wounds: "wounds",
  prone: "conditions.prone",
  flatFooted: "conditions.flatFooted",
  channeling: "conditions.channeling",
  disarmed: "conditions.disarmed",
  thralled: "summon.thralled",
  summoningSickness: "summon.summoningSickness",
} as const;

function notAUnit(actor: CardActor, why: string): Refusal {
  return refuse("NotAnEscalationUnit", `${actor.name} is not an escalation unit: ${why}`, undefined, {
    name: actor.name,
  });
}

/** A number as stored, or NaN so the core's own check (validCombatant) refuses it with the field's name. */
const num = (v: unknown): number => (typeof v === "number" ? v : Number.NaN);
const flag = (v: unknown): boolean => v === true;

/** ESC-20: every reduction as one number, the combatant's `armor`: the sum of its armour items' reductions. */
function armourOf(actor: CardActor): number {
  let sum = 0;
  for (const item of actor.items)
    if (item.type === escalationArmour.type) sum += num(valueAt(item.system, "reduction"));
  return sum;
}

/**
 * The actor as the escalation pipeline's combatant, or a refusal when it is no escalation unit. Numbers are copied
 * as stored; the pipeline's start (validCombatant) judges them. The sheet keeps wounds as a count without their
 * body targets, so they come in unaimed (no ESC-22..24 penalty can be read back); the condition its HP gives is the
 * core's (conditionAtHp, the ruling takeHit follows).
 */
export function readUnit(actor: CardActor, round: number): EscalationCombatant | Refusal {
  if (actor.type !== escalationUnit.type) return notAUnit(actor, `its type is ${actor.type}`);
  if (!isRecord(actor.system)) return notAUnit(actor, "its system data is not an object");
  const s = withInitial(escalationUnit.fields, actor.system);
  const read = (k: keyof typeof UNIT_PATHS): unknown => valueAt(s, UNIT_PATHS[k]);
  const hp = num(read("hp"));
  const wounds = num(read("wounds"));
  if (!Number.isInteger(wounds) || wounds < 0 || wounds > 1000)
    return refuse("InvalidCombatant", `${actor.name}'s wounds are not a count`, undefined, { id: actor.name });
  return escalationCombatant({
    id: actor.id,
    name: actor.name,
    level: num(read("level")),
    agility: num(read("agility")),
    accuracy: num(read("accuracy")),
    strength: num(read("strength")),
    hp,
    maxHp: num(read("maxHp")),
    movement: num(read("movement")),
    armor: armourOf(actor),
    condition: conditionAtHp(hp),
    prone: flag(read("prone")),
    flatFooted: flag(read("flatFooted")),
    channeling: flag(read("channeling")),
    disarmed: flag(read("disarmed")),
    feats: escalationFeatsOf(actor.items),
    focusWeapons: focusWeaponsOf(actor.items),
    wounds: Array.from({ length: wounds }, () => ({ target: "unaimed" as const, round: 0 })),
    thralled: flag(read("thralled")),
    // ESC-55: the sheet's flag says the unit is still sick; the pipeline counts sickness from the round it arrived.
    summonedRound: flag(read("summoningSickness")) ? round : null,
  });
}

export function isRefusal(x: unknown): x is Refusal {
  return isRecord(x) && x.ok === false;
}
