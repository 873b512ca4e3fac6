import { finish, formatModifier, type DieResult } from "../../../dice/dice-roll.js";
import { applied, refuse } from "../../../shared/outcome.js";
import type { Roller } from "../../../shared/roller.js";
import { advance, requireStep, type AttackEvent } from "../../pipeline.js";
import { combatantOf } from "../../shared/combatants.js";
import { rollDamage as damageRoll } from "../attack.js";
import type { EscalationAttackOutcome, EscalationAttackState, EscalationCommand } from "../types.js";

/** The weapon's dice (and sneak dice) times the hit's multiplier, less armour (ESC-15..20). */
export function rollDamage(state: EscalationAttackState, _command: EscalationCommand, roller: Roller): EscalationAttackOutcome {
  const bad = requireStep(state, "damage");
  if (bad) return bad;
  const d = state.declaration;
  const attacker = combatantOf(state, state.attacker);
  const target = combatantOf(state, state.target);
  if (!d || !attacker || !target || !state.toHit) return refuse("MalformedAttackState", "the attack has no hit to roll damage for");
  const dice: DieResult[] = [];
  const damage = damageRoll(attacker, target, d, state.toHit.multiplier, state.options, roller, dice);
  const events: AttackEvent[] = [
    {
      type: "damageRolled",
      roll: finish(
        `${d.weapon.dice}d${damage.weaponSides}${damage.sneakDice ? "+sneak" : ""}${formatModifier(damage.flat)}`,
        dice,
        damage.flat,
      ),
      amount: damage.total,
      parts: {
        raw: damage.raw,
        multiplier: damage.multiplier,
        armor: damage.armor,
        net: damage.net,
        fatalBonus: damage.fatalBonus,
        wound: damage.wound ? 1 : 0,
      },
    },
  ];
  return applied(advance({ ...state, damage }, "apply", events), events);
}
