import { requireNonNegativeInteger, requireStep, type AttackEvent } from "../../pipeline.js";
import { endAttack } from "../../shared/end-attack.js";
import { has, type SectionsCombatant } from "../combatant.js";
import { breakIncanting } from "../incantation.js";
import type { SectionsAttackCommand, SectionsAttackOutcome, SectionsAttackState } from "../types.js";

/** Damage lands on the current target; any damage breaks an incantation (SEC-67). */
export function apply(
  state: SectionsAttackState,
  command: Extract<SectionsAttackCommand, { type: "apply" }>,
): SectionsAttackOutcome {
  const bad = requireStep(state, "apply");
  if (bad) return bad;
  const override = command.damage;
  if (override !== undefined) {
    const bad = requireNonNegativeInteger(override, "damage");
    if (bad) return bad;
  }
  const amount = override ?? state.damage ?? 0;
  const t = state.targetData;
  const hp = Math.max(0, t.hp - amount);
  const events: AttackEvent[] = [];
  let incantation = t.incantation;
  if (amount > 0) {
    const broken = breakIncanting(t.incantation);
    if (broken.ok) {
      incantation = broken.state;
      for (const e of broken.events) events.push({ ...e, combatant: t.id, clause: "SEC-67" });
    }
  }
  const after: SectionsCombatant = { ...t, hp, incantation };
  events.unshift({
    type: "damageApplied",
    combatant: t.id,
    amount,
    before: { hp: t.hp, charges: t.incantation.charges },
    after: { hp, charges: incantation.charges },
  });
  // SEC-20: a climbing entity that takes damage must check Acrobatics at once (the DM rolls it).
  if (amount > 0 && has(t, "climbing")) events.push({ type: "acrobaticsCheckDue", combatant: t.id, clause: "SEC-20" });
  if (hp === 0 && t.hp > 0) events.push({ type: "defeated", combatant: t.id });
  return endAttack({ ...state, targetData: after, damage: amount }, "hit", events);
}
