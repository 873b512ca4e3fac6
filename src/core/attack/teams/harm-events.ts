import type { Roller } from "../../shared/roller.js";
import { compare, type AttackEvent } from "../pipeline.js";
import { isBloodied, isHarmed, type TeamsCombatant } from "./combatant.js";
import { fortifyToStayConscious, riskDeath, type Suffered } from "./health.js";
import type { TeamsOptions } from "./options.js";

/**
 * The card's record of harm as it lands, shared by a hit's apply and damage from outside an attack:
 * each function adds its events and returns the combatant after.
 */

/** TEAM-65: the thresholds a change of health crosses (harmed, bloodied), and falling unconscious or dead. */
export function statusEvents(before: TeamsCombatant, after: TeamsCombatant, events: AttackEvent[]): void {
  if (!isHarmed(before) && isHarmed(after)) events.push({ type: "harmed", combatant: after.id, clause: "TEAM-65" });
  if (!isBloodied(before) && isBloodied(after))
    events.push({ type: "bloodied", combatant: after.id, clause: "TEAM-65" });
  if (before.condition !== "unconscious" && after.condition === "unconscious")
    events.push({ type: "unconscious", combatant: after.id });
  if (before.condition !== "dead" && after.condition === "dead")
    events.push({ type: "combatantKilled", combatant: after.id });
}

/** TEAM-64: damage taken from endurance, then health. */
export function sufferedEvents(before: TeamsCombatant, s: Suffered, events: AttackEvent[]): TeamsCombatant {
  events.push({
    type: "damageApplied",
    combatant: before.id,
    amount: s.toEndurance + s.toHealth,
    before: { endurance: before.endurance, health: before.health },
    after: { endurance: s.combatant.endurance, health: s.combatant.health },
  });
  statusEvents(before, s.combatant, events);
  return s.combatant;
}

/** TEAM-69: the roll to cheat death. */
export function riskDeathEvents(
  c: TeamsCombatant,
  roller: Roller,
  options: TeamsOptions,
  events: AttackEvent[],
): TeamsCombatant {
  const r = riskDeath(c, roller, options);
  events.push({
    type: "deathRisked",
    combatant: c.id,
    roll: r.roll,
    comparison: compare(r.roll.total, c.cheatDeathDifficulty),
    outcome: r.survived ? "cheatedDeath" : "died",
  });
  statusEvents(c, r.combatant, events);
  return r.combatant;
}

/** TEAM-67: the fortify test to stay conscious (its status events are the caller's, who knows the state before). */
export function fortifyEvents(c: TeamsCombatant, roller: Roller, events: AttackEvent[]): TeamsCombatant {
  const f = fortifyToStayConscious(c, roller);
  events.push({
    type: "reactionTaken",
    reactor: c.id,
    reaction: "fortify",
    roll: f.roll,
    comparison: compare(f.roll.total, f.difficulty),
    outcome: f.success ? "conscious" : "unconscious",
  });
  return f.combatant;
}
