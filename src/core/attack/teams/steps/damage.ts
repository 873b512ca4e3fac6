import { finish } from "../../../dice/dice-roll.js";
import { applied, refuse } from "../../../shared/outcome.js";
import { advance, requireStep, type AttackEvent } from "../../pipeline.js";
import { combatantOf } from "../../shared/combatants.js";
import { teamsDamage } from "../attack.js";
import { durabilityOf } from "../combatant.js";
import type { TeamsAttackOutcome, TeamsAttackState } from "../types.js";

/** The test plus the weapon's damage, less deflection (a parry's bonus included) or a blocking item's share (TEAM-40..48). */
export function rollDamage(state: TeamsAttackState): TeamsAttackOutcome {
  const bad = requireStep(state, "damage");
  if (bad) return bad;
  const d = state.declaration;
  const attacker = combatantOf(state, state.attacker);
  const target = combatantOf(state, state.target);
  if (!d || !attacker || !target || !state.toHit) return refuse("MalformedAttackState", "the attack has no hit to roll damage for");
  const blockItem = state.defence.blockItem === null ? null : (target.items.find((i) => i.id === state.defence.blockItem) ?? null);
  const block = blockItem && blockItem.block !== null ? { value: blockItem.block, durability: durabilityOf(blockItem) } : null;
  const damage = teamsDamage(attacker, target, d.weapon, state.toHit, state.options, state.defence.parryBonus, block);
  const events: AttackEvent[] = [
    {
      type: "damageRolled",
      roll: finish(state.toHit.critical ? "test + critical damage" : "test + damage", [], damage.base),
      amount: damage.dealt,
      parts: {
        test: state.toHit.test,
        weapon: damage.base - state.toHit.test,
        reduction: damage.reduction,
        toItem: damage.toItem,
        excess: damage.excess,
      },
      damageKind: damage.kind,
    },
  ];
  return applied(advance({ ...state, damage }, "apply", events), events);
}
