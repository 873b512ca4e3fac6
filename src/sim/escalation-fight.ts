import {
  declaration,
  DEFAULT_ESCALATION_OPTIONS,
  type EscalationAttackKind,
  type EscalationCombatant,
  type EscalationDeclaration,
} from "../core/attack/escalation/index.js";
import { EscalationAttackFastRun, RankedFastRun } from "../core/fast/index.js";
import type { escalationEconomy, TurnOrderEngine } from "../core/index.js";
import type { Refusal, Roller } from "../core/shared/index.js";
import {
  rankedEngine,
  type RankedCommand,
  type RankedSetup,
  type RankedState,
} from "../core/turn-order/ranked/index.js";
import { EngineRun, type TurnRun } from "./engine-run.js";
import { sameUnit, type Unit } from "./escalation-unit.js";
import { pickEnemyAmong } from "./pick-target.js";
import { winnerOf } from "./winner-of.js";
import { firstState, sidesOf } from "./resume.js";
import { cannotResume, engineRefused, nobodyUp } from "./refusals.js";
import { NO_EXTRAS, type FightExtras, type FightResult, type FightTrace, type SimTactics } from "./types.js";

type Engine = TurnOrderEngine<RankedSetup, RankedState, RankedCommand>;

/** Natural 1s can answer natural 1s; a bound keeps a freak chain finite (it never comes near in practice). */
const MAX_ANSWERS = 8;

/**
 * One escalation fight. Everyone stands in everyone's melee zone (ESC-37 ruling for the simulator: no grid),
 * so no one moves and every standing enemy is a target. Turn order: rankedEngine (ESC-01 Agility order).
 * A turn: a prone unit stands up with a BA (ESC-47), the attack with the AA (ESC-13), then if the tactics say so
 * and the actions are left, the extra attack with MA + 2 BA (ESC-10).
 * A natural 1 gives the target its free hit (ESC-34, ESC-40) through the engine's slot; a tragedy its free critical
 * (ESC-35).
 */
export function escalationFight(
  a: readonly EscalationCombatant[],
  b: readonly EscalationCombatant[],
  roller: Roller,
  tactics: SimTactics,
  cap: number,
  engine: Engine = rankedEngine,
  extras: FightExtras = NO_EXTRAS,
): FightResult | Refusal {
  const units: Unit[] = [...a, ...b].map(sameUnit);
  const na = a.length;
  // A start that draws no die (no tie rolled off) is the same for every fight of the run: kept once (FirstStates).
  const started = firstState("escalation", engine, extras, a, b, roller, (r) =>
    engine.start(
      {
        combatants: units.map((u, i) => ({ id: u.id, side: i < na ? "a" : "b", agility: u.agility, prone: u.prone })),
        ...(extras.ruleOptions ? { options: extras.ruleOptions } : {}),
      },
      r,
    ),
  );
  if (!started.ok) return extras.resume ? started : engineRefused("escalation", "start", started);
  const cmds = extras.firstStates ? extras.firstStates.plan(a, b, () => turnCommands(units)) : turnCommands(units);
  const fight = new EscalationFight(units, na, started.state, roller, tactics, engine, extras, cmds);
  const missing = fight.missing();
  if (missing) return missing;
  const r = fight.play(cap);
  if (extras.trace && !("ok" in r)) fight.trace(extras.trace, [...a, ...b]);
  return r;
}

/**
 * An escalation fight under way: the units as the fight leaves them, and the engine's state.
 * Unit i is the engine's combatant eng[i]: the setup's order makes that i itself; a resumed fight lists its own.
 */
class EscalationFight {
  /** The fight's own copies (sameUnit), changed in place as the attacks land: nobody else holds them. */
  private readonly units: Unit[];
  private readonly n: number;
  private readonly na: number;
  /** The turn order's state now (the run's, read after each command). */
  private s: RankedState;
  private readonly run: TurnRun<RankedState, RankedCommand>;
  /** The round the attack data last saw (its Free Hit Slots refresh when the engine's moves on). */
  private round: number;
  private readonly roller: Roller;
  private readonly tactics: SimTactics;
  // The unit index of each place in the engine's order, worked out again only when the order changes.
  private order: readonly string[] = [];
  private ranks: number[] = [];
  /** The engine's index of each unit's combatant (its list keeps one order for the whole fight). */
  private readonly eng: number[];
  /** The unit of each of the engine's combatants (-1: none), and the engine's fast run when it runs the fight. */
  private readonly unitAt: number[];
  private readonly fast: RankedFastRun | null;
  private readonly sides: { readonly a: string; readonly b: string };
  // Each unit's act, endTurn, attack (AA) and extra attack (MA + 2 BA) commands, made once: the engine only reads them.
  private readonly cmds: TurnPlan;
  /** Rounds before the one a resumed fight starts in: the rounds counted are the round under way and those to come. */
  private readonly offset: number;
  /** The attack driven fast on the fight's units: what the last attack did stays in it, one for the whole fight. */
  private readonly struck = new EscalationAttackFastRun();

  constructor(
    units: Unit[],
    na: number,
    s: RankedState,
    roller: Roller,
    tactics: SimTactics,
    engine: Engine,
    extras: FightExtras,
    cmds: TurnPlan,
  ) {
    this.units = units;
    this.n = units.length;
    this.na = na;
    this.eng = extras.resume ? units.map((u) => s.combatants.findIndex((c) => c.id === u.id)) : units.map((_, i) => i);
    this.sides = sidesOf(extras);
    this.offset = extras.resume ? Math.max(0, s.round - 1) : 0;
    // The engine's own fast run, unless another engine was handed in (a test's recording one, the bench's timed one).
    this.cmds = cmds;
    this.fast = engine === rankedEngine ? RankedFastRun.of(s) : null;
    this.run = this.fast ?? new EngineRun(engine, s);
    this.unitAt = s.combatants.map((_, k) => this.eng.indexOf(k));
    this.s = this.run.state;
    this.round = s.round;
    this.roller = roller;
    this.tactics = tactics;
  }

  /** The unit of id `id`, -1 for none (ids are unique: check-input.ts). Only a fight's start and the slow path ask. */
  private unitOf(id: string): number {
    for (let i = 0; i < this.n; i++) if ((this.units[i] as EscalationCombatant).id === id) return i;
    return -1;
  }

  private send(cmd: RankedCommand): Refusal | null {
    const no = this.run.apply(cmd, this.roller);
    this.s = this.run.state;
    return no === null ? null : engineRefused("escalation", cmd.type, no);
  }

  /** A unit the resumed state does not list: refused (the odds list only the fight's own combatants). */
  missing(): Refusal | null {
    const i = this.eng.indexOf(-1);
    return i < 0 ? null : cannotResume("escalation", (this.units[i] as EscalationCombatant).id);
  }

  play(cap: number): FightResult | Refusal {
    // Whoever comes in already down is out of the battle from the start.
    for (let i = 0; i < this.n; i++) {
      const bad = this.outIfDown(i);
      if (bad) return bad;
    }
    // Resumed: a combatant no party lists (down in the tracker) leaves the battle too, then the turn under way goes on.
    const all = this.s.combatants;
    for (let k = 0; k < all.length; k++) {
      const c = all[k] as RankedState["combatants"][number];
      if (this.s.ended || c.out || this.unitOf(c.id) >= 0) continue;
      const bad = this.send({ type: "remove", combatant: c.id, reason: "defeated" });
      if (bad) return bad;
    }
    if (!this.s.ended && this.s.acting !== null) {
      const bad = this.turn(this.unitOf(this.s.acting), true);
      if (bad) return bad;
    }
    while (!this.s.ended) {
      if (this.s.round - this.offset > cap) return { winner: null, rounds: cap };
      if (this.s.round !== this.round) this.newRound();
      const me = this.up();
      if (me < 0) return nobodyUp("escalation", this.s.round);
      const bad = this.turn(me);
      if (bad) return bad;
    }
    return { winner: winnerOf(this.s.outcome?.victors ?? [], this.sides), rounds: this.s.round - this.offset };
  }

  /** ESC-42: Free Hit Slots refresh with the round, in the engine and in the attack data alike. */
  private newRound(): void {
    this.round = this.s.round;
    for (let i = 0; i < this.n; i++) (this.units[i] as Unit).freeHitsUsed = 0;
  }

  /** The engine's order for this round (ESC-01/03): the first unit still to act that can; -1 for none. */
  private up(): number {
    // The fast run's nextUp, worked out at the last turn's end; every combatant not a unit left at play's start.
    if (this.fast !== null) {
      const k = this.fast.upAt();
      return k < 0 ? -1 : (this.unitAt[k] as number);
    }
    const s = this.s;
    if (s.order !== this.order) {
      this.order = s.order;
      this.ranks = s.order.map((id) => this.unitOf(id));
    }
    const ranks = this.ranks;
    for (let k = 0; k < ranks.length; k++) {
      const u = ranks[k] as number;
      const c = u < 0 ? undefined : s.combatants[this.eng[u] as number];
      if (c && !c.out && c.able && !c.acted) return u;
    }
    return -1;
  }

  /** Unit `me`'s turn; `resumed`: the turn was under way when the fight was resumed, with what it has left. */
  private turn(me: number, resumed = false): Refusal | null {
    const id = (this.units[me] as EscalationCombatant).id;
    if (resumed) return this.rest(me, id);
    const started = this.send(this.cmds.acts[me] as RankedCommand);
    if (started) return started;
    if ((this.units[me] as EscalationCombatant).prone) {
      // ESC-47: a prone unit stands up first, with a Bonus Action (so no extra attack this turn).
      const up = this.send({ type: "spend", combatant: id, action: "standUp", pay: "BA" });
      if (up) return up;
      (this.units[me] as Unit).prone = false;
    }
    return this.rest(me, id);
  }

  /** The turn's attacks, as far as its actions go, and its end. */
  private rest(me: number, id: string): Refusal | null {
    const had = this.left(me, id);
    if (had !== undefined && had.aa >= 1) {
      const bad = this.attack(me, this.cmds.attacks[me] as RankedCommand, "attack");
      if (bad) return bad;
    }
    const left = this.left(me, id);
    if (this.tactics.extraAttack && left !== undefined && left.ma >= 1 && left.ba >= 2) {
      const extra = this.attack(me, this.cmds.extras[me] as RankedCommand, "extraAttack");
      if (extra) return extra;
    }
    if (!this.s.ended && this.s.acting === id) return this.send(this.cmds.ends[me] as RankedCommand);
    return null;
  }

  /** What unit `me` (id `id`) has left of its turn, while it is the one acting. */
  private left(me: number, id: string): escalationEconomy.EscalationActions | undefined {
    return this.s.acting === id ? this.s.combatants[this.eng[me] as number]?.left : undefined;
  }

  /** Unit `me` spends what `spend` says and attacks the enemy its tactics pick, if anyone is standing. */
  private attack(me: number, spend: RankedCommand, kind: EscalationAttackKind): Refusal | null {
    const t = pickEnemyAmong(this.tactics.target, me, this.na, this.units, standing, hpOf);
    if (t < 0) return null;
    return this.send(spend) ?? this.strike(me, t, kind);
  }

  /** One attack of `kind` by `att` on `tgt`, then whatever it owes back, answered in turn. */
  private strike(att: number, tgt: number, kind: EscalationAttackKind): Refusal | null {
    const units = this.units;
    let x = att;
    let y = tgt;
    let k = kind;
    const r = this.struck;
    for (let answers = 0; answers <= MAX_ANSWERS; answers++) {
      const ux = units[x] as Unit;
      const uy = units[y] as Unit;
      r.strike(ux, uy, this.declarationOf(x, y, k), this.round, DEFAULT_ESCALATION_OPTIONS, this.roller);
      const bad = this.outIfDown(y) ?? this.outIfDown(x);
      if (bad) return bad;
      if (r.owed === "none" || this.s.ended || (units[y] as EscalationCombatant).condition !== "active") return null;
      if (r.owed === "freeHit") {
        // ESC-42: the free hit spends one of the target's Free Hit Slots in the engine.
        const slot = this.send({ type: "freeHit", combatant: (units[y] as EscalationCombatant).id });
        if (slot) return slot;
      }
      k = r.owed;
      const t = x;
      x = y;
      y = t;
    }
    return null;
  }

  /**
   * Unit x's attack of kind k on unit y, declared once a run (the plan keeps it): a declaration reads the two ids and
   * the attacker's weapon and disarmed flag, which no simulated attack changes.
   */
  private declarationOf(x: number, y: number, k: EscalationAttackKind): EscalationDeclaration {
    const i = (x * this.n + y) * 4 + kindIndex(k);
    return (this.cmds.decls[i] ??= declaration(this.units[x] as Unit, this.units[y] as Unit, KINDS[k]));
  }

  /**
   * Who dropped (no longer active, having come in active) and who stands at the end, from the units `was` as they came
   * in.
   */
  trace(t: FightTrace, was: readonly EscalationCombatant[]): void {
    for (let i = 0; i < this.n; i++) {
      const up = standing(this.units[i] as EscalationCombatant);
      t.standing[i] = up ? 1 : 0;
      t.dropped[i] = !up && (was[i] as EscalationCombatant).condition === "active" ? 1 : 0;
    }
  }

  /** ESC-63: a unit no longer active (defeated or dead) leaves the battle. */
  private outIfDown(i: number): Refusal | null {
    const u = this.units[i] as EscalationCombatant;
    return u.condition !== "active" && !this.s.ended && this.s.combatants[this.eng[i] as number]?.out === false
      ? this.send({ type: "remove", combatant: u.id, reason: "defeated" })
      : null;
  }
}

/** Whether a unit is still standing (active), and its hit points: the targeting tactics' reading of a unit. */
const standing = (u: EscalationCombatant): boolean => u.condition === "active";
const hpOf = (u: EscalationCombatant): number => u.hp;

/** The declaration's choices for each kind of attack (everything else as declaration() defaults it), made once. */
const KINDS: Readonly<Record<EscalationAttackKind, { readonly kind: EscalationAttackKind }>> = {
  attack: { kind: "attack" },
  extraAttack: { kind: "extraAttack" },
  freeHit: { kind: "freeHit" },
  freeCritical: { kind: "freeCritical" },
};

function kindIndex(k: EscalationAttackKind): number {
  return k === "attack" ? 0 : k === "extraAttack" ? 1 : k === "freeHit" ? 2 : 3;
}

/** What a run's fights share: each unit's commands, and the attacks' declarations as they are made (declarationOf). */
type TurnPlan = Record<"acts" | "ends" | "attacks" | "extras", RankedCommand[]> & {
  readonly decls: (EscalationDeclaration | undefined)[];
};

/** Each unit's act, endTurn, attack (AA, ESC-13) and extra attack (MA + 2 BA, ESC-10) commands, by unit. */
function turnCommands(units: readonly EscalationCombatant[]): TurnPlan {
  return {
    decls: new Array<EscalationDeclaration | undefined>(units.length * units.length * 4).fill(undefined),
    acts: units.map((u) => ({ type: "act", combatant: u.id })),
    ends: units.map((u) => ({ type: "endTurn", combatant: u.id })),
    attacks: units.map((u) => ({ type: "spend", combatant: u.id, action: "attack", pay: "AA" })),
    extras: units.map((u) => ({ type: "spend", combatant: u.id, action: "extraAttack", pay: "MA+2BA" })),
  };
}
