import type { Roller } from "../../../shared/roller.js";
import { requireStep, type AttackEvent } from "../../pipeline.js";
import { endAttack } from "../../shared/end-attack.js";
import { isDown, UNARMED, type FactionsCharacter } from "../character.js";
import { heavyHitDestroys } from "../gear.js";
import { grab } from "../grapple.js";
import { save } from "../saves.js";
import type { FactionsAttackCommand, FactionsAttackOutcome, FactionsAttackState, TargetSlot } from "../types.js";

/**
 * Harm lands: health falls, 0 health is incapacitated (ruling), a harmed surrenderer fights again, heavy hits break
 * gear.
 */
function harm(c: FactionsCharacter, damage: number, raw: number, events: AttackEvent[]): FactionsCharacter {
  const health = Math.max(0, c.health - damage);
  let next: FactionsCharacter = { ...c, health };
  events.push({
    type: "damageApplied",
    combatant: c.id,
    amount: damage,
    before: { health: c.health },
    after: { health },
  });
  const broken = heavyHitDestroys(raw, c.shield?.damaged ?? false, c.armourDamaged);
  if (broken === "shield") next = { ...next, shield: null };
  if (broken === "armour") next = { ...next, armour: 0, armourDamaged: false };
  if (broken) events.push({ type: "itemDestroyed", combatant: c.id, item: broken, kind: broken, clause: "FAC-63" });
  if (damage > 0 && c.surrendering) {
    next = { ...next, surrendering: false };
    events.push({ type: "resumesFighting", combatant: c.id, clause: "FAC-58" });
  }
  if (health === 0 && !c.incapacitated) {
    next = { ...next, incapacitated: true };
    events.push({ type: "incapacitated", combatant: c.id });
  }
  return next;
}

function nonLethal(
  state: FactionsAttackState,
  attacker: FactionsCharacter,
  target: FactionsCharacter,
  roller: Roller,
  events: AttackEvent[],
): { attacker: FactionsCharacter; target: FactionsCharacter } {
  const effect = state.circumstances.effect;
  const s = save(roller, target.str);
  events.push({
    type: "saveRolled",
    combatant: target.id,
    stat: "str",
    roll: s.roll,
    comparison: s.comparison,
    outcome: s.passed ? "pass" : "fail",
    clause: effect === "disarm" ? "FAC-43" : "FAC-44",
  });
  if (s.passed) return { attacker, target };
  if (effect === "disarm") {
    events.push({ type: "disarmed", combatant: target.id, weapon: target.weapon.name, clause: "FAC-43" });
    return { attacker, target: { ...target, weapon: UNARMED } };
  }
  const h = grab(attacker, target);
  events.push({ type: "grabbed", holder: attacker.id, held: target.id, clause: "FAC-44" });
  return { attacker: h.holder, target: h.held };
}

/** The blows land in the order FAC-19 sets, a non-lethal attack last (FAC-42); a final blow kills (FAC-28). */
export function apply(
  state: FactionsAttackState,
  _command: FactionsAttackCommand,
  roller: Roller,
): FactionsAttackOutcome {
  const bad = requireStep(state, "apply");
  if (bad) return bad;
  const c = state.circumstances;
  const events: AttackEvent[] = [];
  let attacker = state.attackerData;
  const slots: TargetSlot[] = [];
  for (const s of state.slots) {
    let target = s.target;
    if (c.finalBlow) {
      // FAC-28: the final blow kills the incapacitated target.
      target = { ...target, dead: true };
      events.push({ type: "killed", combatant: target.id, by: attacker.id, clause: "FAC-28" });
      slots.push({ ...s, target });
      continue;
    }
    const lands = !s.avoided;
    const dealt = c.effect === "damage" && lands ? (s.damage ?? 0) : null;
    if (s.reaction === "counter" && s.counterDamage !== null) {
      const back = s.counterDamage;
      // FAC-19: who suffers more is hit first; a tie is simultaneous. FAC-42: a non-lethal attack always resolves last.
      const counterFirst = dealt === null || back > dealt;
      const simultaneous = dealt !== null && back === dealt;
      const always = state.options.counterSecondBlow === "always" || simultaneous;
      events.push({
        type: "counterExchange",
        hitFirst: simultaneous ? "both" : counterFirst ? attacker.id : target.id,
        clause: "FAC-19",
      });
      if (counterFirst || simultaneous) {
        attacker = harm(attacker, back, s.counterRaw ?? 0, events);
        if (dealt !== null && (always || !isDown(attacker))) target = harm(target, dealt, s.raw ?? 0, events);
        else if (lands && c.effect !== "damage" && (always || !isDown(attacker)))
          ({ attacker, target } = nonLethal(state, attacker, target, roller, events));
      } else {
        target = harm(target, dealt ?? 0, s.raw ?? 0, events);
        if (always || !isDown(target)) attacker = harm(attacker, back, s.counterRaw ?? 0, events);
      }
    } else if (dealt !== null) {
      target = harm(target, dealt, s.raw ?? 0, events);
    } else if (lands && c.effect !== "damage") {
      ({ attacker, target } = nonLethal(state, attacker, target, roller, events));
    }
    slots.push({ ...s, target });
  }
  // FAC-23: the interrupted mover carries on if still alive and conscious.
  if (c.opportunity && slots[0] && !isDown(slots[0].target))
    events.push({ type: "movementResumes", combatant: slots[0].target.id, clause: "FAC-23" });
  const hitAny = slots.some((s) => !s.avoided);
  return endAttack(
    { ...state, attackerData: attacker, slots },
    c.finalBlow ? "finalBlow" : hitAny ? "hit" : "miss",
    events,
  );
}
