import type { Roller } from "../../shared/roller.js";
import { compare, type AttackEvent } from "../pipeline.js";
import { copyCombatant, isBloodied, isHarmed, type TeamsCombatant } from "./combatant.js";
import { fortifyToStayConscious, riskDeath, type Suffered } from "./health.js";
import type { TeamsOptions } from "./options.js";

/**
 * The card's record of harm as it lands, shared by a hit's apply and damage from outside an attack:
 * each function adds its events, and the rolling ones return the combatant after (a copy, changed by health.ts).
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

/** TEAM-64: damage taken from endurance, then health (`after` is `before` as suffer left it). */
export function sufferedEvents(
  before: TeamsCombatant,
  after: TeamsCombatant,
  s: Suffered,
  events: AttackEvent[],
): void {
  events.push({
    type: "damageApplied",
    combatant: before.id,
    amount: s.toEndurance + s.toHealth,
    before: { endurance: before.endurance, health: before.health },
    after: { endurance: after.endurance, health: after.health },
  });
  statusEvents(before, after, events);
}

/** TEAM-69: the roll to cheat death. */
export function riskDeathEvents(
  c: TeamsCombatant,
  roller: Roller,
  options: TeamsOptions,
  events: AttackEvent[],
): TeamsCombatant {
  const after = copyCombatant(c);
  const r = riskDeath(after, roller, options);
  events.push({
    type: "deathRisked",
    combatant: c.id,
    roll: r.roll,
    comparison: compare(r.roll.total, c.cheatDeathDifficulty),
    outcome: r.success ? "cheatedDeath" : "died",
  });
  statusEvents(c, after, events);
  return after;
}

/** TEAM-67: the fortify test to stay conscious (its status events are the caller's, who knows the state before). */
export function fortifyEvents(c: TeamsCombatant, roller: Roller, events: AttackEvent[]): TeamsCombatant {
  const after = copyCombatant(c);
  const f = fortifyToStayConscious(after, roller);
  events.push({
    type: "reactionTaken",
    reactor: c.id,
    reaction: "fortify",
    roll: f.roll,
    comparison: compare(f.roll.total, f.difficulty),
    outcome: f.success ? "conscious" : "unconscious",
  });
  return after;
}
