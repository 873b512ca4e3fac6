import { finish, formatModifier, type DieResult } from "../../../dice/dice-roll.js";
import { applied } from "../../../shared/outcome.js";
import type { Roller } from "../../../shared/roller.js";
import { advance, type AttackEvent } from "../../pipeline.js";
import { declaredHit } from "../../shared/combatants.js";
import { rollDamage as damageRoll } from "../attack.js";
import type { EscalationAttackOutcome, EscalationAttackState, EscalationCommand } from "../types.js";

/** The weapon's dice (and sneak dice) times the hit's multiplier, less armour (ESC-15..20). */
export function rollDamage(
  state: EscalationAttackState,
  _command: EscalationCommand,
  roller: Roller,
): EscalationAttackOutcome {
  const hit = declaredHit(state);
  if ("ok" in hit) return hit;
  const { declaration: d, toHit, attacker, target } = hit;
  const dice: DieResult[] = [];
  const damage = damageRoll(attacker, target, d, toHit.multiplier, state.options, roller, dice);
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
