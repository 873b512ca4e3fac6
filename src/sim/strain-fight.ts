import {
  endTurnIncapacitated,
  incapacityRoll,
  isExhausted,
  isFrayed,
  panicRoll,
  quickStrainAttack,
  stacks,
  STRAIN_AVOIDED_VULNERABLE,
  STRAIN_TAKEN,
  STRAIN_TAKEN_VULNERABLE,
  type Defence,
} from "../core/attack/strain/index.js";
import type { TurnOrderEngine } from "../core/index.js";
import type { Refusal, Roller } from "../core/shared/index.js";
import { rolledEngine, upNow, type RolledCommand, type RolledSetup, type RolledState } from "../core/turn-order/rolled/index.js";
import { pickTarget } from "./pick-target.js";
import { winnerOf } from "./winner-of.js";
import { engineRefused, nobodyUp } from "./refusals.js";
import type { FightResult, SimStrainMember, SimTactics } from "./types.js";

/** Statuses the simulator ticks down by one at the end of their bearer's turn (STR-10 End of Turn b). */
const TICKING = ["vulnerable", "stunned"] as const;

/** The member with each ticking Status that has stacks down by one; the same member when none has (one copy at most). */
function tickDown(u: SimStrainMember): SimStrainMember {
  let statuses: Record<string, number> | null = null;
  for (const st of TICKING) {
    const k = u.statuses[st] ?? 0;
    if (k <= 0) continue;
    statuses ??= { ...u.statuses };
    statuses[st] = k - 1;
  }
  return statuses === null ? u : copyMember(u, u.fatigueLoad, statuses);
}

/** The Status stacks with `n` more of `status` (as addStacks does, without copying the member). */
function withStack(statuses: Readonly<Record<string, number>>, status: string, n: number): Record<string, number> {
  const next: Record<string, number> = { ...statuses };
  next[status] = (statuses[status] ?? 0) + n;
  return next;
}

/**
 * The member in the fight's one shape. The strain helpers copy by spreading, and members of mixed shapes made every
 * later read and copy of them slower: their results are brought back to this shape before the fight keeps them.
 */
function same(u: SimStrainMember): SimStrainMember {
  return copyMember(u, u.fatigueLoad, u.statuses);
}

/**
 * The member with a new Fatigue Load and Statuses, as one literal with every field in one order: the fight's
 * own copies then all share one shape (spreads over the many shapes a fight makes measured ~10x slower here).
 */
function copyMember(u: SimStrainMember, fatigueLoad: number, statuses: Readonly<Record<string, number>>): SimStrainMember {
  return {
    id: u.id,
    arts: u.arts,
    resilience: u.resilience,
    evasion: u.evasion,
    resolve: u.resolve,
    fatigueLoad,
    fatigueTolerance: u.fatigueTolerance,
    stressLoad: u.stressLoad,
    stressTolerance: u.stressTolerance,
    wounds: u.wounds,
    statuses,
    stance: u.stance,
    incapacitated: u.incapacitated,
    removed: u.removed,
    buff: u.buff,
    initiative: u.initiative,
  };
}

function defenceFor(t: SimStrainMember, choice: SimTactics["defence"]): Defence {
  if (choice !== "best") return choice;
  // Evasion's +1 Boon (STR-41) is worth about +1 while the defender is not Vulnerable.
  return t.evasion + (stacks(t, "vulnerable") === 0 ? 1 : 0) > t.resilience ? "evasion" : "resilience";
}

/**
 * One strain fight. One open field, everyone in range (no grid: Round Zero places nobody, STR-09 turns are taken
 * and ended). Turn order: rolledEngine (2d6 + Initiative, STR-02/03). A turn: Panic Roll if Frayed (STR-56/57),
 * a Basic Attack as the Action (STR-36, +1 Fatigue Load when it lands, STR-55), the Incapacity Roll of an
 * Exhausted attacker (STR-59); an Incapacitated character's turn only ticks down (STR-62..64).
 * Ruling for the simulator: a Stunned character loses that turn's Action.
 */
export function strainFight(
  a: readonly SimStrainMember[],
  b: readonly SimStrainMember[],
  roller: Roller,
  tactics: SimTactics,
  cap: number,
  engine: TurnOrderEngine<RolledSetup, RolledState, RolledCommand> = rolledEngine,
): FightResult | Refusal {
  // Every member in the one shape copyMember makes, from the start (see same()), with the ticking Statuses always
  // present (0 stacks reads as none): every Status record the fight makes then has one shape too.
  const units: SimStrainMember[] = [];
  for (const m of [...a, ...b]) units.push(copyMember(m, m.fatigueLoad, { vulnerable: 0, stunned: 0, ...m.statuses }));
  const n = units.length;
  const na = a.length;
  const index: Record<string, number> = {};
  for (let i = 0; i < n; i++) index[(units[i] as SimStrainMember).id] = i;
  const started = engine.start(
    {
      combatants: units.map((u, i) => ({
        id: u.id,
        side: i < na ? "a" : "b",
        initiative: u.initiative,
        stressLoad: u.stressLoad,
        stressTolerance: u.stressTolerance,
        fatigueLoad: u.fatigueLoad,
        fatigueTolerance: u.fatigueTolerance,
      })),
    },
    roller,
  );
  if (!started.ok) return engineRefused("strain", "start", started);
  let s: RolledState = started.state;
  const standing = (i: number): boolean => {
    const u = units[i] as SimStrainMember;
    return !u.incapacitated && !u.removed;
  };
  // Weakest: the least Fatigue Tolerance left over the Load.
  const score = (i: number): number => (units[i] as SimStrainMember).fatigueTolerance - (units[i] as SimStrainMember).fatigueLoad;
  const send = (cmd: RolledCommand): Refusal | null => {
    const o = engine.apply(s, cmd, roller);
    if (!o.ok) return engineRefused("strain", cmd.type, o);
    s = o.state;
    return null;
  };
  const set = (i: number, next: SimStrainMember): Refusal | null => {
    const was = units[i] as SimStrainMember;
    units[i] = next;
    if (s.ended) return null;
    // The turn order learns who can act (STR-61) and who is out (STR-64); STR-04 ends the combat there.
    if (next.removed && !was.removed) return send({ type: "remove", combatant: next.id });
    if (next.incapacitated !== was.incapacitated) return send({ type: "setAble", combatant: next.id, able: !next.incapacitated });
    return null;
  };
  // Each member's act, Basic Attack and endTurn commands, made once: commands are plain data the engine only reads.
  const acts: RolledCommand[] = units.map((u) => ({ type: "act", combatant: u.id }));
  const attacks: RolledCommand[] = units.map((u) => ({ type: "spend", combatant: u.id, action: "action", name: "Basic Attack" }));
  const ends: RolledCommand[] = units.map((u) => ({ type: "endTurn", combatant: u.id }));
  // Whoever comes in Incapacitated (STR-61) or removed (STR-64) is told to the turn order at once.
  for (let i = 0; i < n && !s.ended; i++) {
    const u = units[i] as SimStrainMember;
    if (!u.removed && !u.incapacitated) continue;
    const bad = send(u.removed ? { type: "remove", combatant: u.id } : { type: "setAble", combatant: u.id, able: false });
    if (bad) return bad;
  }
  const turn = (me: number): Refusal | null => {
    let u = units[me] as SimStrainMember;
    if (u.incapacitated) {
      const r = endTurnIncapacitated(u);
      return r.ok ? set(me, same(r.state as SimStrainMember)) : r;
    }
    if (isFrayed(u)) {
      const r = panicRoll(u, roller);
      if (!r.ok) return r;
      const bad = set(me, same(r.state as SimStrainMember));
      if (bad) return bad;
      u = units[me] as SimStrainMember;
    }
    if (stacks(u, "stunned") === 0) {
      const t = me < na ? pickTarget(tactics.target, na, n, standing, score) : pickTarget(tactics.target, 0, na, standing, score);
      if (t >= 0) {
        const spent = send(attacks[me] as RolledCommand);
        if (spent) return spent;
        const target = units[t] as SimStrainMember;
        const got = quickStrainAttack(roller, u, target, defenceFor(target, tactics.defence));
        const taken = got === STRAIN_TAKEN || got === STRAIN_TAKEN_VULNERABLE;
        const vulnerable = got === STRAIN_AVOIDED_VULNERABLE || got === STRAIN_TAKEN_VULNERABLE;
        if (taken || vulnerable) {
          // STR-55: +1 Fatigue Load when the effect is taken; STR-41: +1 Vulnerable when Evasion gives it.
          const statuses = vulnerable ? withStack(target.statuses, "vulnerable", 1) : target.statuses;
          units[t] = copyMember(target, taken ? target.fatigueLoad + 1 : target.fatigueLoad, statuses);
        }
        // STR-59: an Exhausted character makes an Incapacity Roll after its Action.
        if (isExhausted(u)) {
          const r = incapacityRoll(u, roller, "afterAction");
          if (!r.ok) return r;
          const bad = set(me, same(r.state as SimStrainMember));
          if (bad) return bad;
          u = units[me] as SimStrainMember;
        }
      }
    }
    // STR-10 End of Turn b: ticking Statuses lose a stack.
    const ticked = tickDown(u);
    if (ticked !== u) units[me] = ticked;
    return null;
  };
  while (!s.ended) {
    if (s.round > cap) return { winner: null, rounds: cap };
    // STR-03: who is up in the engine's initiative order; Incapacitated characters keep their turns (STR-62).
    const up = upNow(s);
    const me = up === null ? -1 : (index[up.id] ?? -1);
    if (me < 0) return nobodyUp("strain", s.round);
    const id = (units[me] as SimStrainMember).id;
    const bad = send(acts[me] as RolledCommand) ?? (s.round > 0 ? turn(me) : null);
    if (bad) return bad;
    if (!s.ended && s.acting === id) {
      const bad2 = send(ends[me] as RolledCommand);
      if (bad2) return bad2;
    }
  }
  return { winner: winnerOf(s.outcome?.victors ?? []), rounds: s.round };
}
