import { finish } from "../../../dice/dice-roll.js";
import { applied } from "../../../shared/outcome.js";
import { advance, type AttackEvent } from "../../pipeline.js";
import { declaredHit } from "../../shared/combatants.js";
import { teamsDamage } from "../attack.js";
import { durabilityOf } from "../combatant.js";
import type { TeamsAttackOutcome, TeamsAttackState } from "../types.js";

/**
 * The test plus the weapon's damage, less deflection (a parry's bonus included) or a blocking item's share
 * (TEAM-40..48).
 */
export function rollDamage(state: TeamsAttackState): TeamsAttackOutcome {
  const hit = declaredHit(state);
  if ("ok" in hit) return hit;
  const { declaration: d, toHit, attacker, target } = hit;
  const blockItem =
    state.defence.blockItem === null ? null : (target.items.find((i) => i.id === state.defence.blockItem) ?? null);
  const block =
    blockItem && blockItem.block !== null ? { value: blockItem.block, durability: durabilityOf(blockItem) } : null;
  const damage = teamsDamage(attacker, target, d.weapon, toHit, state.options, state.defence.parryBonus, block);
  const events: AttackEvent[] = [
    {
      type: "damageRolled",
      roll: finish(toHit.critical ? "test + critical damage" : "test + damage", [], damage.base),
      amount: damage.dealt,
      parts: {
        test: toHit.test,
        weapon: damage.base - toHit.test,
        reduction: damage.reduction,
        toItem: damage.toItem,
        excess: damage.excess,
      },
      damageKind: damage.kind,
    },
  ];
  return applied(advance({ ...state, damage }, "apply", events), events);
}
