import { rollDice } from "../../../dice/dice-roll.js";
import { applied } from "../../../shared/outcome.js";
import type { Roller } from "../../../shared/roller.js";
import { advance, compare, requireStep, type AttackEvent } from "../../pipeline.js";
import { endAttack } from "../../shared/end-attack.js";
import { canIntercept } from "../interceptors.js";
import { hitDie, missDie } from "../effective-dice.js";
import type {
  SectionsAttackCommand,
  SectionsAttackOptions,
  SectionsAttackOutcome,
  SectionsAttackState,
} from "../types.js";

/** SEC-22: the Hit roll against the Miss roll; the table's reading says who a tie favours. */
export function hits(hit: number, miss: number, options: SectionsAttackOptions): boolean {
  return options.tiesHit ? hit >= miss : hit > miss;
}

export function roll(
  state: SectionsAttackState,
  _command: SectionsAttackCommand,
  roller: Roller,
): SectionsAttackOutcome {
  const bad = requireStep(state, "rollToHit");
  if (bad) return bad;
  const events: AttackEvent[] = [];
  if (state.ranged && state.crossesDistanceBlock) {
    // SEC-48: a distance Block makes the shot miss with no roll.
    events.push({ type: "autoMiss", reason: "distanceBlock", clause: "SEC-48" });
    return endAttack({ ...state, result: "miss" as const }, "miss", events);
  }
  const hitRoll = rollDice(roller, 1, hitDie(state.attackerData, state.sight).sides);
  const missRoll = rollDice(roller, 1, missDie(state.targetData, state.sight).sides);
  const hit = hits(hitRoll.total, missRoll.total, state.options);
  events.push({ type: "missRolled", combatant: state.target, roll: missRoll });
  events.push({
    type: "toHitRolled",
    roll: hitRoll,
    comparison: compare(hitRoll.total, missRoll.total),
    outcome: hit ? "hit" : "miss",
  });
  const next = { ...state, hitTotal: hitRoll.total, result: hit ? ("hit" as const) : ("miss" as const) };
  if (!hit) return endAttack(next, "miss", events);
  return applied(advance(next, canIntercept(next) ? "reactionWindow" : "damage", events), events);
}
