import type { Roller } from "../../../../src/core/shared/roller.js";
import type { AttackEvent } from "../../../../src/core/attack/pipeline.js";
import {
  escalationAttack,
  escalationCombatant,
  type EscalationAttackState,
  type EscalationCombatant,
  type EscalationCommand,
  type EscalationSetup,
} from "../../../../src/core/attack/escalation/index.js";

export const sword = { name: "longsword", dice: 1, sides: 8, modifier: 0, melee: true, physical: true };
export const bow = { name: "shortbow", dice: 1, sides: 6, modifier: 0, melee: false, physical: true };
export const bolt = { name: "firebolt", dice: 2, sides: 6, modifier: 0, melee: false, physical: false };

export function unit(id: string, c: Partial<EscalationCombatant> = {}): EscalationCombatant {
  return escalationCombatant({ id, weapon: sword, ...c });
}

export interface Run {
  readonly state: EscalationAttackState;
  readonly events: AttackEvent[];
}

/** Start and apply every command; fails the test on a refusal, naming the command. */
export function run(setup: EscalationSetup, commands: readonly EscalationCommand[], roller: Roller): Run {
  const s = escalationAttack.start(setup, roller);
  if (!s.ok) throw new Error(`start refused: ${s.reason}`);
  let state = s.state;
  const events: AttackEvent[] = [...s.events];
  for (const c of commands) {
    const o = escalationAttack.apply(state, c, roller);
    if (!o.ok) throw new Error(`${c.type} refused: ${o.key} ${o.reason}`);
    state = o.state;
    events.push(...o.events);
  }
  return { state, events };
}

/** The events of one type, as plain records a test can pick fields from. */
export function ofType(events: readonly AttackEvent[], type: string): Readonly<Record<string, unknown>>[] {
  return events.filter((e) => e.type === type);
}

export const FULL: readonly EscalationCommand[] = [{ type: "roll" }, { type: "rollDamage" }, { type: "apply" }];
