import { applied, refuse } from "../../../shared/outcome.js";
import { advance, requireStep, type AttackEvent } from "../../pipeline.js";
import { combatantOf, withCombatant } from "../../shared/combatants.js";
import { defeatByDecisiveVictory, killByFatalTragedy, takeHit } from "../attack.js";
import type { WritableCombatant } from "../combatant.js";
import type { EscalationAttackOutcome, EscalationAttackState } from "../types.js";

/** The hit lands, or a fatal tragedy kills the attacker (ESC-36), or a decisive victory defeats the target (ESC-33). */
export function apply(state: EscalationAttackState): EscalationAttackOutcome {
  const bad = requireStep(state, "apply");
  if (bad) return bad;
  const attacker = combatantOf(state, state.attacker);
  const target = combatantOf(state, state.target);
  const d = state.declaration;
  if (!attacker || !target || !d || !state.outcome)
    return refuse("MalformedAttackState", "the attack has nothing to apply");
  const events: AttackEvent[] = [];
  let next: EscalationAttackState = state;
  if (state.outcome === "fatalTragedy") {
    // ESC-36: the attacked unit kills the attacker instantly
    const dead: WritableCombatant = { ...attacker };
    killByFatalTragedy(dead);
    events.push({
      type: "damageApplied",
      combatant: attacker.id,
      amount: attacker.hp,
      before: { hp: attacker.hp },
      after: { hp: 0 },
    });
    events.push({ type: "combatantKilled", combatant: attacker.id, by: target.id, clause: "ESC-36" });
    next = withCombatant(next, dead);
  } else if (state.outcome === "decisiveVictory") {
    // ESC-33: the target is defeated on the spot
    const beaten: WritableCombatant = { ...target };
    defeatByDecisiveVictory(beaten);
    events.push({
      type: "damageApplied",
      combatant: target.id,
      amount: target.hp,
      before: { hp: target.hp },
      after: { hp: 0 },
    });
    events.push({ type: "combatantDefeated", combatant: target.id, clause: "ESC-33" });
    next = withCombatant(next, beaten);
  } else {
    const damage = state.damage;
    if (!damage) return refuse("MalformedAttackState", "no damage was rolled");
    const hurt: WritableCombatant = { ...target };
    takeHit(hurt, damage, d.aim, state.round);
    events.push({
      type: "damageApplied",
      combatant: target.id,
      amount: target.hp - hurt.hp,
      before: { hp: target.hp },
      after: { hp: hurt.hp },
    });
    if (damage.wound)
      events.push({
        type: "woundInflicted",
        combatant: target.id,
        target: d.aim ?? "unaimed",
        fatalBonus: damage.fatalBonus,
      });
    if (hurt.condition === "defeated" && target.condition !== "defeated")
      events.push({ type: "combatantDefeated", combatant: target.id, clause: "ESC-63" });
    next = withCombatant(next, hurt);
  }
  events.push({ type: "attackEnded", outcome: state.outcome });
  return applied(advance(next, "done", events), events);
}
