// Attack speed for the escalation and teams rule sets: the quick resolvers in a 4-v-4 fight and the card pipelines.
import { perSecond, type BenchFigure } from "./measure.js";
import { seededRoller, type Roller } from "../src/core/shared/roller.js";
import {
  escalationAttack,
  escalationCombatant,
  type EscalationCombatant,
  type EscalationCommand,
} from "../src/core/attack/escalation/index.js";
import { resolveEscalationAttack, resolveTeamsAttack } from "../src/core/fast/index.js";
import { teamsAttack, teamsCombatant, type TeamsCombatant, type TeamsCommand } from "../src/core/attack/teams/index.js";

const sword = { name: "sword", dice: 1, sides: 8, modifier: 0, melee: true, physical: true };
const spear = {
  name: "spear",
  attack: { dice: [6, 6], modifier: 1 },
  damage: 4,
  criticalDamage: 8,
  criticalThreshold: 19,
  damageType: "piercing" as const,
  delivery: "melee" as const,
  nonlethal: false,
};

function escalationFight(roller: Roller): number {
  const a: EscalationCombatant[] = [];
  const b: EscalationCombatant[] = [];
  for (let i = 0; i < 4; i++) {
    a.push(escalationCombatant({ id: `a${i}`, accuracy: 2, agility: 1, strength: 1, hp: 20, armor: 1, weapon: sword }));
    b.push(escalationCombatant({ id: `b${i}`, accuracy: 2, agility: 1, strength: 1, hp: 20, armor: 1, weapon: sword }));
  }
  for (let round = 1; round < 100; round++) {
    for (let i = 0; i < 8; i++) {
      const mine = i % 2 === 0 ? a : b;
      const theirs = i % 2 === 0 ? b : a;
      const me = mine[i >> 1];
      if (!me || me.condition !== "active") continue;
      let t = -1;
      for (let k = 0; k < 4; k++)
        if (theirs[k]?.condition === "active") {
          t = k;
          break;
        }
      if (t < 0) return round;
      const target = theirs[t] as EscalationCombatant;
      const r = resolveEscalationAttack(me, target, roller, { round });
      mine[i >> 1] = r.attacker;
      theirs[t] = r.target;
      if (r.owed !== "none" && r.target.condition === "active" && r.attacker.condition === "active") {
        const back = resolveEscalationAttack(r.target, r.attacker, roller, { round, declaration: { kind: r.owed } });
        theirs[t] = back.attacker;
        mine[i >> 1] = back.target;
      }
    }
    for (const side of [a, b])
      for (let k = 0; k < 4; k++) {
        const c = side[k];
        if (c && c.freeHitsUsed) side[k] = { ...c, freeHitsUsed: 0 };
      }
  }
  return 100;
}

function teamsFight(roller: Roller): number {
  const a: TeamsCombatant[] = [];
  const b: TeamsCombatant[] = [];
  for (let i = 0; i < 4; i++) {
    a.push(
      teamsCombatant({
        id: `a${i}`,
        team: "a",
        endurance: 12,
        health: 12,
        evasion: 7,
        deflection: { physical: 3, elemental: 0 },
        weapon: spear,
      }),
    );
    b.push(
      teamsCombatant({
        id: `b${i}`,
        team: "b",
        endurance: 12,
        health: 12,
        evasion: 7,
        deflection: { physical: 3, elemental: 0 },
        weapon: spear,
      }),
    );
  }
  for (let round = 1; round < 100; round++) {
    for (let i = 0; i < 8; i++) {
      const mine = i % 2 === 0 ? a : b;
      const theirs = i % 2 === 0 ? b : a;
      let me = mine[i >> 1];
      if (!me || me.condition !== "active") continue;
      for (let n = 0; n < 2; n++) {
        let t = -1;
        for (let k = 0; k < 4; k++)
          if (theirs[k]?.condition === "active") {
            t = k;
            break;
          }
        if (t < 0) return round;
        const r = resolveTeamsAttack(me, theirs[t] as TeamsCombatant, roller);
        me = r.attacker;
        theirs[t] = r.target;
      }
      mine[i >> 1] = { ...me, attacksThisRound: 0, reactions: 1 };
    }
  }
  return 100;
}

function escalationCard(roller: Roller): void {
  const s = escalationAttack.start(
    { combatants: [escalationCombatant({ id: "a", weapon: sword }), escalationCombatant({ id: "b", hp: 1000 })] },
    roller,
  );
  if (!s.ok) throw new Error(s.reason);
  let st = s.state;
  let c: EscalationCommand | undefined = { type: "declare", attacker: "a", target: "b" };
  for (; c; c = st.step === "done" ? undefined : escalationAttack.legal(st)[0]) {
    const o = escalationAttack.apply(st, c, roller);
    if (!o.ok) throw new Error(o.reason);
    st = o.state;
  }
}

function teamsCard(roller: Roller): void {
  const s = teamsAttack.start(
    {
      combatants: [
        teamsCombatant({ id: "a", team: "a", weapon: spear }),
        teamsCombatant({ id: "b", team: "b", endurance: 1000, health: 1000 }),
      ],
    },
    roller,
  );
  if (!s.ok) throw new Error(s.reason);
  let st = s.state;
  let c: TeamsCommand | undefined = { type: "declare", attacker: "a", target: "b" };
  for (; c; c = st.step === "done" ? undefined : teamsAttack.legal(st)[0]) {
    const o = teamsAttack.apply(st, c, roller);
    if (!o.ok) throw new Error(o.reason);
    st = o.state;
  }
}

export default function (): BenchFigure[] {
  const roller = seededRoller(1);
  return [
    {
      name: "escalation 4-v-4 fights (quick resolver)",
      value: perSecond(() => escalationFight(roller)),
      unit: "fights/s",
    },
    {
      name: "teams 4-v-4 fights (quick resolver, 2 attacks a turn)",
      value: perSecond(() => teamsFight(roller)),
      unit: "fights/s",
    },
    {
      name: "escalation attack card, declare to done",
      value: perSecond(() => escalationCard(roller)),
      unit: "attacks/s",
    },
    { name: "teams attack card, declare to done", value: perSecond(() => teamsCard(roller)), unit: "attacks/s" },
  ];
}
