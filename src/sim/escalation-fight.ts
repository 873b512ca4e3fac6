import { resolveEscalationAttack, type EscalationAttackKind, type EscalationCombatant } from "../core/attack/escalation/index.js";
import type { escalationEconomy, TurnOrderEngine } from "../core/index.js";
import type { Refusal, Roller } from "../core/shared/index.js";
import { rankedEngine, type RankedCommand, type RankedSetup, type RankedState } from "../core/turn-order/ranked/index.js";
import { pickTarget } from "./pick-target.js";
import { winnerOf } from "./winner-of.js";
import { engineRefused, nobodyUp } from "./refusals.js";
import type { FightResult, SimTactics } from "./types.js";

type Unit = { -readonly [K in keyof EscalationCombatant]: EscalationCombatant[K] };

/**
 * The unit in the fight's one shape: one literal, every field in one order. The attack helpers copy by spreading,
 * and spreading a spread's result takes V8's slow path (measured ~20x slower); a unit copied back to this shape
 * after each helper keeps every spread on the fast path.
 */
function same(u: EscalationCombatant): Unit {
  return {
    id: u.id,
    name: u.name,
    accuracy: u.accuracy,
    agility: u.agility,
    strength: u.strength,
    hp: u.hp,
    maxHp: u.maxHp,
    armor: u.armor,
    level: u.level,
    movement: u.movement,
    condition: u.condition,
    flatFooted: u.flatFooted,
    prone: u.prone,
    channeling: u.channeling,
    feats: u.feats,
    focusWeapons: u.focusWeapons,
    wounds: u.wounds,
    freeHitsUsed: u.freeHitsUsed,
    actions: u.actions,
    disengaged: u.disengaged,
    weapon: u.weapon,
    disarmed: u.disarmed,
    summoner: u.summoner,
    thralled: u.thralled,
    summonedRound: u.summonedRound,
  };
}

/** Natural 1s can answer natural 1s; a bound keeps a freak chain finite (it never comes near in practice). */
const MAX_ANSWERS = 8;

/**
 * One escalation fight. Everyone stands in everyone's melee zone (ESC-37 ruling for the simulator: no grid),
 * so no one moves and every standing enemy is a target. Turn order: rankedEngine (ESC-01 Agility order).
 * A turn: a prone unit stands up with a BA (ESC-47), the attack with the AA (ESC-13), then if the tactics say so
 * and the actions are left, the extra attack with MA + 2 BA (ESC-10).
 * A natural 1 gives the target its free hit (ESC-34, ESC-40) through the engine's slot; a tragedy its free critical (ESC-35).
 */
export function escalationFight(
  a: readonly EscalationCombatant[],
  b: readonly EscalationCombatant[],
  roller: Roller,
  tactics: SimTactics,
  cap: number,
  engine: TurnOrderEngine<RankedSetup, RankedState, RankedCommand> = rankedEngine,
): FightResult | Refusal {
  const units: EscalationCombatant[] = [...a, ...b].map(same);
  const n = units.length;
  const na = a.length;
  const index: Record<string, number> = {};
  for (let i = 0; i < n; i++) index[(units[i] as EscalationCombatant).id] = i;
  const started = engine.start(
    { combatants: units.map((u, i) => ({ id: u.id, side: i < na ? "a" : "b", agility: u.agility, prone: u.prone })) },
    roller,
  );
  if (!started.ok) return engineRefused("escalation", "start", started);
  let s: RankedState = started.state;
  let round = s.round;
  const standing = (i: number): boolean => (units[i] as EscalationCombatant).condition === "active";
  const score = (i: number): number => (units[i] as EscalationCombatant).hp;
  const send = (cmd: RankedCommand): Refusal | null => {
    const o = engine.apply(s, cmd, roller);
    if (!o.ok) return engineRefused("escalation", cmd.type, o);
    s = o.state;
    return null;
  };
  // The engine lists its combatants in the setup's order, so unit i is its combatant i too.
  /** ESC-63: a unit no longer active (defeated or dead) leaves the battle. */
  const outIfDown = (i: number): Refusal | null => {
    const u = units[i] as EscalationCombatant;
    return u.condition !== "active" && !s.ended && s.combatants[i]?.out === false
      ? send({ type: "remove", combatant: u.id, reason: "defeated" })
      : null;
  };
  /** One attack of `kind` by `att` on `tgt`, then whatever it owes back, answered in turn. */
  const strike = (att: number, tgt: number, kind: EscalationAttackKind): Refusal | null => {
    let x = att;
    let y = tgt;
    let k = kind;
    for (let answers = 0; answers <= MAX_ANSWERS; answers++) {
      const r = resolveEscalationAttack(units[x] as EscalationCombatant, units[y] as EscalationCombatant, roller, {
        declaration: { kind: k },
        round,
      });
      if (r.attacker !== units[x]) units[x] = same(r.attacker);
      if (r.target !== units[y]) units[y] = same(r.target);
      const bad = outIfDown(y) ?? outIfDown(x);
      if (bad) return bad;
      if (r.owed === "none" || s.ended || (units[y] as EscalationCombatant).condition !== "active") return null;
      if (r.owed === "freeHit") {
        // ESC-42: the free hit spends one of the target's Free Hit Slots in the engine.
        const slot = send({ type: "freeHit", combatant: (units[y] as EscalationCombatant).id });
        if (slot) return slot;
      }
      k = r.owed;
      const t = x;
      x = y;
      y = t;
    }
    return null;
  };
  const attack = (
    me: number,
    action: escalationEconomy.EscalationUse,
    pay: escalationEconomy.EscalationPayment,
    kind: EscalationAttackKind,
  ): Refusal | null => {
    const t = me < na ? pickTarget(tactics.target, na, n, standing, score) : pickTarget(tactics.target, 0, na, standing, score);
    if (t < 0) return null;
    return send({ type: "spend", combatant: (units[me] as EscalationCombatant).id, action, pay }) ?? strike(me, t, kind);
  };
  // Whoever comes in already down is out of the battle from the start.
  for (let i = 0; i < n; i++) {
    const bad = outIfDown(i);
    if (bad) return bad;
  }
  // The unit index of each place in the engine's order, worked out again only when the order changes.
  let order: readonly string[] = [];
  let ranks: number[] = [];
  while (!s.ended) {
    if (s.round > cap) return { winner: null, rounds: cap };
    if (s.round !== round) {
      // ESC-42: Free Hit Slots refresh with the round, in the engine and in the attack data alike.
      round = s.round;
      for (let i = 0; i < n; i++) {
        const u = units[i] as EscalationCombatant;
        if (u.freeHitsUsed === 0) continue;
        const n = same(u);
        n.freeHitsUsed = 0;
        units[i] = n;
      }
    }
    // The engine's order for this round (ESC-01/03): the first unit still to act that can.
    if (s.order !== order) {
      order = s.order;
      ranks = order.map((id) => index[id] ?? -1);
    }
    let me = -1;
    for (let k = 0; k < ranks.length; k++) {
      const c = s.combatants[ranks[k] as number];
      if (c && !c.out && c.able && !c.acted) {
        me = ranks[k] as number;
        break;
      }
    }
    if (me < 0) return nobodyUp("escalation", s.round);
    const id = (units[me] as EscalationCombatant).id;
    const started = send({ type: "act", combatant: id });
    if (started) return started;
    if ((units[me] as EscalationCombatant).prone) {
      // ESC-47: a prone unit stands up first, with a Bonus Action (so no extra attack this turn).
      const up = send({ type: "spend", combatant: id, action: "standUp", pay: "BA" });
      if (up) return up;
      const n = same(units[me] as EscalationCombatant);
      n.prone = false;
      units[me] = n;
    }
    const bad = attack(me, "attack", "AA", "attack");
    if (bad) return bad;
    const left = s.acting === id ? s.combatants[me]?.left : undefined;
    if (tactics.extraAttack && left !== undefined && left.ma >= 1 && left.ba >= 2) {
      const extra = attack(me, "extraAttack", "MA+2BA", "extraAttack");
      if (extra) return extra;
    }
    if (!s.ended && s.acting === id) {
      const bad2 = send({ type: "endTurn", combatant: id });
      if (bad2) return bad2;
    }
  }
  return { winner: winnerOf(s.outcome?.victors ?? []), rounds: s.round };
}
