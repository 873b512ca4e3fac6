import type { Roller } from "../../../shared/roller.js";
import { requireStep, type AttackEvent } from "../../pipeline.js";
import { endAttack } from "../../shared/end-attack.js";
import { addStacks, isExhausted, stacks } from "../character.js";
import { defenceEffect } from "../contest.js";
import { addLoad, incapacityRoll } from "../loads.js";
import type { StrainAttackCommand, StrainAttackOutcome, StrainAttackState } from "../types.js";

/** The Loads land, Vulnerable follows a dodge that was not Critical, and Exhausted characters roll for Incapacity. */
export function apply(state: StrainAttackState, _command: StrainAttackCommand, roller: Roller): StrainAttackOutcome {
  const bad = requireStep(state, "apply");
  if (bad) return bad;
  const s = state.setup;
  const result = state.result ?? "failure";
  const effect = defenceEffect(s.defence, result);
  const events: AttackEvent[] = [];
  let t = state.targetData;
  if (effect.takesEffect) {
    const loaded = addLoad(t, s.deals, s.instances);
    if (!loaded.ok) return loaded;
    events.push({
      type: "damageApplied",
      combatant: t.id,
      amount: s.instances,
      before: { fatigueLoad: t.fatigueLoad, stressLoad: t.stressLoad },
      after: { fatigueLoad: loaded.state.fatigueLoad, stressLoad: loaded.state.stressLoad },
    });
    events.push(...loaded.events);
    t = loaded.state;
  }
  if (effect.vulnerable > 0) {
    t = addStacks(t, "vulnerable", effect.vulnerable);
    events.push({
      type: "statusGained",
      combatant: t.id,
      status: "vulnerable",
      stacks: stacks(t, "vulnerable"),
      clause: "STR-41",
    });
  }
  // STR-43: Finisher against an Exhausted target: Incapacity Roll right after the attack resolves.
  if (s.finisher && isExhausted(t) && !t.incapacitated) {
    const r = incapacityRoll(t, roller, "finisher");
    if (r.ok) {
      t = r.state;
      events.push(...r.events);
    }
  }
  // STR-59: an Exhausted attacker makes an Incapacity Roll after its Action.
  let a = state.attackerData;
  if (isExhausted(a)) {
    const r = incapacityRoll(a, roller, "afterAction");
    if (r.ok) {
      a = r.state;
      events.push(...r.events);
    }
  }
  return endAttack({ ...state, targetData: t, attackerData: a }, effect.takesEffect ? "hit" : "miss", events);
}
