import type { Roller } from "../../../../src/core/shared/roller.js";
import type { AttackEvent } from "../../../../src/core/attack/pipeline.js";
import {
  teamsAttack,
  teamsCombatant,
  type TeamsAttackState,
  type TeamsCombatant,
  type TeamsCommand,
  type TeamsSetup,
  type TeamsWeapon,
} from "../../../../src/core/attack/teams/index.js";

export const spear: TeamsWeapon = {
  name: "spear",
  attack: { dice: [6, 6], modifier: 1 },
  damage: 4,
  criticalDamage: 8,
  criticalThreshold: 19,
  damageType: "piercing",
  delivery: "melee",
  nonlethal: false,
};
export const shortbow: TeamsWeapon = {
  ...spear,
  name: "shortbow",
  attack: { dice: [6, 4], modifier: 0 },
  damage: 3,
  delivery: "projectile",
};
export const dagger: TeamsWeapon = { ...spear, name: "dagger", attack: { dice: [6, 6], modifier: 0 }, damage: 3 };

export function who(id: string, c: Partial<TeamsCombatant> = {}): TeamsCombatant {
  return teamsCombatant({ id, team: "players", ...c });
}
export function foe(id: string, c: Partial<TeamsCombatant> = {}): TeamsCombatant {
  return teamsCombatant({ id, team: "enemies", ...c });
}

export interface Run {
  readonly state: TeamsAttackState;
  readonly events: AttackEvent[];
}

export function run(setup: TeamsSetup, commands: readonly TeamsCommand[], roller: Roller): Run {
  const s = teamsAttack.start(setup, roller);
  if (!s.ok) throw new Error(`start refused: ${s.reason}`);
  return more({ state: s.state, events: [...s.events] }, commands, roller);
}

export function more(r: Run, commands: readonly TeamsCommand[], roller: Roller): Run {
  let state = r.state;
  const events = [...r.events];
  for (const c of commands) {
    const o = teamsAttack.apply(state, c, roller);
    if (!o.ok) throw new Error(`${c.type} refused: ${o.key} ${o.reason}`);
    state = o.state;
    events.push(...o.events);
  }
  return { state, events };
}

export function refusal(state: TeamsAttackState, command: TeamsCommand, roller: Roller): string {
  const o = teamsAttack.apply(state, command, roller);
  return o.ok ? "accepted" : o.key;
}

/** The events of one type, as plain records a test can pick fields from. */
export function ofType(events: readonly AttackEvent[], type: string): Readonly<Record<string, unknown>>[] {
  return events.filter((e) => e.type === type);
}

/** Hit and take the damage with no reaction. */
export const THROUGH: readonly TeamsCommand[] = [
  { type: "roll" },
  { type: "skipReaction" },
  { type: "rollDamage" },
  { type: "apply" },
];
