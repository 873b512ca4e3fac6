import type { DiceRoll } from "../../../dice/dice-roll.js";
import { applied } from "../../../shared/outcome.js";
import type { Roller } from "../../../shared/roller.js";
import { advance, requireStep, type AttackEvent } from "../../pipeline.js";
import { totalArmour, UNARMED, weaponIsDamaged, type FactionsCharacter } from "../character.js";
import { afterArmour, armourValue, isImpaired, rollDamageDie, showsOne } from "../damage.js";
import type { FactionsAttackCommand, FactionsAttackOutcome, FactionsAttackState, TargetSlot } from "../types.js";

/**
 * The damage die of every blow that lands, and of a counter's, rolled together (FAC-19, FAC-26); armour takes its
 * share.
 */
export function rollDamage(
  state: FactionsAttackState,
  _command: FactionsAttackCommand,
  roller: Roller,
): FactionsAttackOutcome {
  const bad = requireStep(state, "damage");
  if (bad) return bad;
  const c = state.circumstances;
  const events: AttackEvent[] = [];
  let attacker = state.attackerData;
  const slots: TargetSlot[] = [];
  for (const s of state.slots) {
    let next = s;
    if (!s.avoided && c.effect === "damage") {
      const r = rollDamageDie(
        roller,
        attacker.weapon.damageDie,
        isImpaired(attacker.weapon, c.holdBack, c.concealment),
        state.options.impaired,
      );
      const armour = armourValue(totalArmour(s.target), c.cover, c.coverPenetrated);
      const damage = afterArmour(r.total, armour);
      events.push({
        type: "damageRolled",
        roll: r,
        amount: damage,
        parts: { raw: r.total, armour },
        combatant: s.target.id,
      });
      next = { ...next, raw: r.total, damage };
      attacker = breakOnOne(attacker, r, events);
    }
    if (s.reaction === "counter") {
      // FAC-19: the counter's damage is rolled at the same time; FAC-35: a peeking attacker has the barrier as cover.
      const w = s.target.weapon;
      const r = rollDamageDie(roller, w.damageDie, w.unarmed, state.options.impaired);
      const armour = armourValue(totalArmour(attacker), c.attackerPeeking, false);
      const damage = afterArmour(r.total, armour);
      events.push({
        type: "damageRolled",
        roll: r,
        amount: damage,
        parts: { raw: r.total, armour },
        combatant: attacker.id,
        counter: true,
      });
      next = { ...next, counterRaw: r.total, counterDamage: damage, target: breakOnOne(next.target, r, events) };
    }
    slots.push(next);
  }
  const out = { ...state, attackerData: attacker, slots };
  return applied(advance(out, "apply", events), events);
}

/** FAC-62/64: a damaged or improvised weapon whose damage die shows 1 is destroyed. */
function breakOnOne(c: FactionsCharacter, r: DiceRoll, events: AttackEvent[]): FactionsCharacter {
  if (!weaponIsDamaged(c.weapon) || c.weapon.unarmed || !showsOne(r)) return c;
  events.push({ type: "itemDestroyed", combatant: c.id, item: c.weapon.name, kind: "weapon", clause: "FAC-62" });
  return { ...c, weapon: UNARMED };
}
