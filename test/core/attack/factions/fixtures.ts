import type {
  FactionsAttackSetup,
  FactionsCharacter,
  FactionsAttackCommand,
  FactionsAttackState,
} from "../../../../src/core/attack/factions/index.js";
import { factionsAttack } from "../../../../src/core/attack/factions/index.js";
import type { AttackEvent } from "../../../../src/core/attack/pipeline.js";
import type { Roller } from "../../../../src/core/shared/roller.js";

export function fighter(id: string, over: Partial<FactionsCharacter> = {}): FactionsCharacter {
  return {
    id,
    faction: id.startsWith("b") ? "bandits" : "players",
    wit: 10,
    agi: 10,
    str: 10,
    health: 12,
    armour: 1,
    armourDamaged: false,
    shield: null,
    weapon: { name: "sword", damageDie: 8, damaged: false, improvised: false, unarmed: false },
    turnUsed: false,
    aware: true,
    concealed: false,
    incapacitated: false,
    dead: false,
    surrendering: false,
    grabbing: null,
    grabbedBy: null,
    ...over,
  };
}

export function setup(over: Partial<FactionsAttackSetup> = {}): FactionsAttackSetup {
  return {
    attacker: fighter("p1"),
    targets: [fighter("b1")],
    bystanders: [],
    mode: "melee",
    effect: "damage",
    gmCallsWitSave: false,
    targetVisible: true,
    beyondHalfRange: false,
    moving: false,
    holdBack: false,
    finalBlow: false,
    opportunity: false,
    opportunityReactable: false,
    concealment: false,
    cover: false,
    coverPenetrated: false,
    barrier: false,
    attackerPeeking: false,
    neighbours: [],
    ...over,
  };
}

export function run(s: FactionsAttackSetup, commands: FactionsAttackCommand[], roller: Roller) {
  const started = factionsAttack.start(s, roller);
  if (!started.ok) throw new Error(started.reason);
  let state: FactionsAttackState = started.state;
  const events: AttackEvent[] = [...started.events];
  for (const c of commands) {
    const r = factionsAttack.apply(state, c, roller);
    if (!r.ok) throw new Error(`${c.type}: ${r.reason}`);
    state = r.state;
    events.push(...r.events);
  }
  return { state, events };
}

export function tryRun(s: FactionsAttackSetup, commands: FactionsAttackCommand[], roller: Roller) {
  const started = factionsAttack.start(s, roller);
  if (!started.ok) return started;
  let state: FactionsAttackState = started.state;
  for (const c of commands) {
    const r = factionsAttack.apply(state, c, roller);
    if (!r.ok) return r;
    state = r.state;
  }
  return { ok: true as const, state };
}

export const find = (events: readonly AttackEvent[], type: string) =>
  events.filter((e) => e.type === type) as Record<string, unknown>[];
