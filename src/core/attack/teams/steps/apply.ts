import { applied, refuse } from "../../../shared/outcome.js";
import type { Roller } from "../../../shared/roller.js";
import { advance, requireStep, type AttackEvent } from "../../pipeline.js";
import { combatantOf, unknownCombatant, withCombatant } from "../../shared/combatants.js";
import { copyCombatant, durabilityOf, isBroken, type TeamsCombatant } from "../combatant.js";
import { canFortify, suffer } from "../health.js";
import { fortifyEvents, riskDeathEvents, statusEvents, sufferedEvents } from "../harm-events.js";
import type { TeamsAttackOutcome, TeamsAttackState, TeamsCommand } from "../types.js";

/** Teams ends an attack saying so before the step moves to done. */
function finishAttack(state: TeamsAttackState, events: AttackEvent[]): TeamsAttackOutcome {
  events.push({ type: "attackEnded", outcome: state.outcome ?? "hit" });
  return applied(advance({ ...state, pending: "none" }, "done", events), events);
}

/** TEAM-72: a killing strike that succeeded kills its target: its health goes to 0 and it dies. */
function kill(state: TeamsAttackState): TeamsAttackOutcome {
  const target = combatantOf(state, state.target);
  if (!target) return unknownCombatant(state.target);
  const dead: TeamsCombatant = { ...target, condition: "dead", health: 0 };
  const events: AttackEvent[] = [
    {
      type: "damageApplied",
      combatant: target.id,
      amount: target.health,
      before: { endurance: target.endurance, health: target.health },
      after: { endurance: dead.endurance, health: 0 },
    },
    { type: "combatantKilled", combatant: target.id, by: state.attacker, clause: "TEAM-72" },
  ];
  return finishAttack(withCombatant(state, dead), events);
}

/**
 * The hit lands: a blocking item takes its share (TEAM-40), then endurance and health (TEAM-64), death (TEAM-69)
 * and consciousness (TEAM-67).
 */
export function apply(state: TeamsAttackState, _command: TeamsCommand, roller: Roller): TeamsAttackOutcome {
  const bad = requireStep(state, "apply");
  if (bad) return bad;
  if (state.pending !== "none")
    return refuse("ChoicePending", "the target must first fortify or fall unconscious", "TEAM-67");
  if (state.outcome === "killed") return kill(state);
  const d = state.declaration;
  const target = combatantOf(state, state.target);
  const damage = state.damage;
  if (!d || !target || !damage) return refuse("MalformedAttackState", "the attack has nothing to apply");
  const events: AttackEvent[] = [];
  let t = target;
  if (state.defence.blockItem !== null) {
    const id = state.defence.blockItem;
    t = {
      ...t,
      items: t.items.map((i) => (i.id === id ? { ...i, durability: Math.max(0, durabilityOf(i) - damage.toItem) } : i)),
    };
    events.push({ type: "itemDamaged", combatant: t.id, item: id, amount: damage.toItem, clause: "TEAM-40" });
    const it = t.items.find((i) => i.id === id);
    if (it && isBroken(it)) events.push({ type: "itemBroken", combatant: t.id, item: id, clause: "TEAM-44" });
  }
  const hurt = copyCombatant(t);
  const s = suffer(hurt, damage.dealt, d.weapon.nonlethal, state.options);
  sufferedEvents(t, hurt, s, events);
  let after: TeamsCombatant = hurt;
  if (d.effect && !state.defence.effectPrevented) {
    // TEAM-41: a blocked hit's effects land on the item where they can
    events.push({ type: "effectLanded", effect: d.effect.name, on: state.defence.blockItem ?? t.id });
  }
  if (s.risksDeath) after = riskDeathEvents(after, roller, state.options, events);
  let next = withCombatant(state, after);
  if (s.mustFortify) {
    if (!canFortify(after)) {
      // TEAM-67 ruling: with no reaction or stamina to fortify, the character falls unconscious
      const out: TeamsCombatant = { ...after, condition: "unconscious" };
      events.push({ type: "consciousnessLost", combatant: after.id, reason: "cannotFortify", clause: "TEAM-67" });
      statusEvents(after, out, events);
      return finishAttack(withCombatant(next, out), events);
    }
    events.push({
      type: "consciousnessAtRisk",
      combatant: after.id,
      difficulty: after.maxHealth - after.health,
      clause: "TEAM-67",
    });
    next = { ...next, pending: "consciousness" };
    return applied(next, events);
  }
  return finishAttack(next, events);
}

/** TEAM-67: the target fortifies to stay conscious, or lets itself fall unconscious. */
export function stayConscious(
  state: TeamsAttackState,
  command: Extract<TeamsCommand, { type: "fortify" | "fallUnconscious" }>,
  roller: Roller,
): TeamsAttackOutcome {
  const cmd = command.type;
  const bad = requireStep(state, "apply");
  if (bad) return bad;
  if (state.pending !== "consciousness")
    return refuse("NoChoicePending", "no one needs to fortify to stay conscious", "TEAM-67");
  const t = combatantOf(state, state.target);
  if (!t) return unknownCombatant(state.target);
  const events: AttackEvent[] = [];
  if (cmd === "fallUnconscious") {
    const out: TeamsCombatant = { ...t, condition: "unconscious" };
    events.push({ type: "consciousnessLost", combatant: t.id, reason: "chose", clause: "TEAM-67" });
    statusEvents(t, out, events);
    return finishAttack(withCombatant(state, out), events);
  }
  if (t.reactions < 1)
    return refuse("NoReactionLeft", `${t.name} has no reaction left to fortify`, "TEAM-67", { name: t.name });
  if (t.stamina < 1)
    return refuse("NotEnoughStamina", `${t.name} has no stamina to fortify`, "TEAM-67", { name: t.name });
  const after = fortifyEvents(t, roller, events);
  statusEvents(t, after, events);
  return finishAttack(withCombatant(state, after), events);
}
