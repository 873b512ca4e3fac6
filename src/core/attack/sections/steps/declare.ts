import { isList } from "../../../shared/guards.js";
import { applied, refuse } from "../../../shared/outcome.js";
import { checkCombatant, isDefeated } from "../combatant.js";
import { cannotReachUnderwater, isAttackDelivery, isNonAreaRanged } from "../delivery.js";
import { damageDie, hitDie, missDie } from "../effective-dice.js";
import {
  DEFAULT_SECTIONS_ATTACK_OPTIONS,
  type SectionsAttackOutcome,
  type SectionsAttackSetup,
  type SectionsAttackState,
} from "../types.js";

/** The declaration opens the card at the Hit roll, showing each die and why it is that size. */
export function start(setup: SectionsAttackSetup): SectionsAttackOutcome {
  if (!setup || typeof setup !== "object") return refuse("MalformedAttack", "the attack declaration is missing");
  const bad = checkCombatant(setup.attacker, "attacker") ?? checkCombatant(setup.target, "target");
  if (bad) return bad;
  if (!isList(setup.interceptors) || !setup.sight || !isAttackDelivery(setup.delivery))
    return refuse("MalformedAttack", "the attack declaration lacks sight, interceptors or how the Action travels");
  for (const i of setup.interceptors) {
    const b = checkCombatant(i, "interceptor");
    if (b) return b;
  }
  if (setup.attacker.id === setup.target.id)
    return refuse("CannotAttackSelf", `${setup.attacker.id} cannot attack itself`);
  if (isDefeated(setup.attacker)) {
    return refuse("AttackerDefeated", `${setup.attacker.id} is defeated and cannot attack`, undefined, {
      name: setup.attacker.id,
    });
  }
  if (isDefeated(setup.target)) {
    return refuse("TargetDefeated", `${setup.target.id} is already defeated`, undefined, { name: setup.target.id });
  }
  if (cannotReachUnderwater(setup.delivery) && setup.targetUnderwater && !setup.reachesUnderwater) {
    return refuse("TargetUnderwater", `a ranged attack cannot reach ${setup.target.id} underwater`, "SEC-72", {
      name: setup.target.id,
    });
  }
  const options = { ...DEFAULT_SECTIONS_ATTACK_OPTIONS, ...(setup.options ?? {}) };
  if (typeof options.tiesHit !== "boolean" || typeof options.thrownCountsAsRanged !== "boolean")
    return refuse("MalformedAttack", "the attack's options tiesHit and thrownCountsAsRanged are true or false");
  const state: SectionsAttackState = {
    step: "rollToHit",
    attacker: setup.attacker.id,
    target: setup.target.id,
    options,
    sight: setup.sight,
    delivery: setup.delivery,
    ranged: isNonAreaRanged(setup.delivery, options.thrownCountsAsRanged),
    crossesDistanceBlock: setup.crossesDistanceBlock,
    attackerData: setup.attacker,
    targetData: setup.target,
    interceptors: setup.interceptors,
    hitTotal: null,
    result: "pending",
    damage: null,
  };
  const hit = hitDie(setup.attacker, setup.sight);
  const miss = missDie(setup.target, setup.sight);
  const dmg = damageDie(setup.attacker);
  return applied(state, [
    {
      type: "attackDeclared",
      attacker: state.attacker,
      target: state.target,
      detail: {
        hitDie: hit.sides,
        hitReasons: hit.reasons,
        missDie: miss.sides,
        missReasons: miss.reasons,
        damageDie: dmg.sides,
        damageReasons: dmg.reasons,
      },
    },
    { type: "stepChanged", from: "declare", to: "rollToHit" },
  ]);
}
