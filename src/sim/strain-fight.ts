import {
  DEFAULT_INCAPACITY_OPTIONS,
  DEFAULT_STRAIN_CONTEST,
  incapacitatedTurnEnd,
  isExhausted,
  isFrayed,
  stunnedStacks,
  vulnerableStacks,
  type Defence,
} from "../core/attack/strain/index.js";
import type { TurnOrderEngine } from "../core/index.js";
import type { Refusal, Roller } from "../core/shared/index.js";
import {
  rolledEngine,
  upNow,
  type RolledCombatant,
  type RolledCommand,
  type RolledSetup,
  type RolledState,
} from "../core/turn-order/rolled/index.js";
import { RolledFastRun, StrainAttackFastRun } from "../core/fast/index.js";
import { EngineRun, type TurnRun } from "./engine-run.js";
import { pickEnemyAmong } from "./pick-target.js";
import { winnerOf } from "./winner-of.js";
import { cannotResume, engineRefused, nobodyUp } from "./refusals.js";
import { sidesOf, startOrResume } from "./resume.js";
import { fightMember, hit, tickDown, type Working } from "./strain-member.js";
import {
  NO_EXTRAS,
  type FightExtras,
  type FightResult,
  type FightTrace,
  type SimStrainMember,
  type SimTactics,
} from "./types.js";

type Engine = TurnOrderEngine<RolledSetup, RolledState, RolledCommand>;

/**
 * The turn order's setup and each member's act, Basic Attack and endTurn commands, by member: plain data the engine
 * only reads.
 */
interface FightPlan {
  readonly setup: RolledSetup;
  readonly acts: readonly RolledCommand[];
  readonly basicAttacks: readonly RolledCommand[];
  readonly ends: readonly RolledCommand[];
}

/**
 * Made once a run for the same parties and rule options (FirstStates.plan): the ids and numbers are the parties' own.
 */
function fightPlan(units: readonly SimStrainMember[], na: number, extras: FightExtras): FightPlan {
  return {
    setup: {
      combatants: units.map((u, i) => ({
        id: u.id,
        side: i < na ? "a" : "b",
        initiative: u.initiative,
        stressLoad: u.stressLoad,
        stressTolerance: u.stressTolerance,
        fatigueLoad: u.fatigueLoad,
        fatigueTolerance: u.fatigueTolerance,
      })),
      ...(extras.ruleOptions ? { options: extras.ruleOptions } : {}),
    },
    acts: units.map((u) => ({ type: "act", combatant: u.id })),
    basicAttacks: units.map((u) => ({ type: "spend", combatant: u.id, action: "action", name: "Basic Attack" })),
    ends: units.map((u) => ({ type: "endTurn", combatant: u.id })),
  };
}

function defenceFor(t: SimStrainMember, choice: SimTactics["defence"]): Defence {
  if (choice !== "best") return choice;
  // Evasion's +1 Boon (STR-41) is worth about +1 while the defender is not Vulnerable.
  return t.evasion + (vulnerableStacks(t) === 0 ? 1 : 0) > t.resilience ? "evasion" : "resilience";
}

/**
 * One strain fight. One open field, everyone in range (no grid: Round Zero places nobody, STR-09 turns are taken
 * and ended). Turn order: rolledEngine (2d6 + Initiative, STR-02/03). A turn: Panic Roll if Frayed (STR-56/57),
 * a Basic Attack as the Action (STR-36, +1 Fatigue Load when it lands, STR-55), the Incapacity Roll of an
 * Exhausted attacker (STR-59); an Incapacitated character's turn only ticks down (STR-62..64).
 * Ruling for the simulator: a Stunned character loses that turn's Action. Resumed (extras.resume), it plays on from
 * the turn order's state: the turn under way goes on with what it has left (its Panic Roll, at its start, is behind
 * it).
 */
export function strainFight(
  a: readonly SimStrainMember[],
  b: readonly SimStrainMember[],
  roller: Roller,
  tactics: SimTactics,
  cap: number,
  engine: Engine = rolledEngine,
  extras: FightExtras = NO_EXTRAS,
): FightResult | Refusal {
  // Every member in the fight's one shape from the start (see strain-member.ts).
  const units: Working[] = [];
  for (const m of a) units.push(fightMember(m));
  for (const m of b) units.push(fightMember(m));
  const na = a.length;
  const plan = extras.firstStates
    ? extras.firstStates.plan(a, b, () => fightPlan(units, na, extras))
    : fightPlan(units, na, extras);
  const run = turnRun(engine, extras, plan.setup, units, roller);
  if ("ok" in run) return run;
  const trace = extras.trace ?? null;
  const fight = new StrainFight(units, na, run, roller, tactics, trace, extras, plan);
  const r = fight.play(cap);
  if (trace && !("ok" in r)) fight.standingAtEnd(trace);
  return r;
}

/**
 * The fight's turn order: a fresh fight's own fast run from the rolled start (RolledFastRun.started), else the
 * state startOrResume gives, in a fast run, or through the apply of another engine handed in (a test's recording
 * one, the bench's timed one).
 */
function turnRun(
  engine: Engine,
  extras: FightExtras,
  setup: RolledSetup,
  units: readonly Working[],
  roller: Roller,
): TurnRun<RolledState, RolledCommand> | Refusal {
  if (engine === rolledEngine && extras.resume === undefined) {
    const run = RolledFastRun.started(setup, roller);
    return "ok" in run ? engineRefused("strain", "start", run) : run;
  }
  const started = startOrResume("strain", engine, extras, () => engine.start(setup, roller));
  if (!started.ok) return extras.resume ? started : engineRefused("strain", "start", started);
  // Only a resumed state can miss a member: a fresh start lists the setup's own.
  const lost = extras.resume ? units.find((u) => !started.state.combatants.some((c) => c.id === u.id)) : undefined;
  if (lost) return cannotResume("strain", lost.id);
  return engine === rolledEngine ? RolledFastRun.of(started.state) : new EngineRun(engine, started.state);
}

/** Still in the fight: neither Incapacitated (STR-61) nor removed (STR-64). */
const standing = (u: Working): boolean => !u.incapacitated && !u.removed;
// Weakest: the least Fatigue Tolerance left over the Load.
const weakness = (u: Working): number => u.fatigueTolerance - u.fatigueLoad;

/** A strain fight under way: the members as the fight leaves them, and the engine's state. */
class StrainFight {
  /**
   * The fight's own members (fightMember copies, Status records included), changed in place: nobody else holds them.
   */
  private readonly units: Working[];
  private readonly n: number;
  private readonly na: number;
  /** Each member's place by id, made when first asked for (a fresh fight numbers its combatants as its units). */
  private byId: Record<string, number> | null = null;
  /** The turn order's state now (the run's, read after each command). */
  private s: RolledState;
  private readonly run: TurnRun<RolledState, RolledCommand>;
  /** The run itself when it is the rolled order's fast run: its turn steps need no command (actNext and the like). */
  private readonly fast: RolledFastRun | null;
  private readonly roller: Roller;
  /** The attack's fast run, with the Panic and Incapacity Rolls: they change the fight's own members in place. */
  private readonly struck = new StrainAttackFastRun();
  private readonly tactics: SimTactics;
  /**
   * The report's trace, when it asks for one: who dropped is marked as it happens (an Incapacitated member may
   * recover).
   */
  private readonly trace: FightTrace | null;
  // Each member's act, Basic Attack and endTurn commands, made once: commands are plain data the engine only reads.
  private readonly acts: readonly RolledCommand[];
  private readonly basicAttacks: readonly RolledCommand[];
  private readonly ends: readonly RolledCommand[];
  private readonly sides: { readonly a: string; readonly b: string };
  /** Rounds before the one a resumed fight starts in: the rounds counted are the round under way and those to come. */
  private readonly offset: number;
  private readonly resumed: boolean;

  constructor(
    units: Working[],
    na: number,
    run: TurnRun<RolledState, RolledCommand>,
    roller: Roller,
    tactics: SimTactics,
    trace: FightTrace | null,
    extras: FightExtras,
    cmds: FightPlan,
  ) {
    const s = run.state;
    this.units = units;
    this.sides = sidesOf(extras);
    this.offset = extras.resume ? Math.max(0, s.round - 1) : 0;
    this.resumed = extras.resume !== undefined;
    this.n = units.length;
    this.na = na;
    this.run = run;
    this.fast = run instanceof RolledFastRun ? run : null;
    this.s = s;
    this.roller = roller;
    this.tactics = tactics;
    this.trace = trace;
    trace?.dropped.fill(0);
    this.acts = cmds.acts;
    this.basicAttacks = cmds.basicAttacks;
    this.ends = cmds.ends;
  }

  private send(cmd: RolledCommand): Refusal | null {
    const no = this.run.apply(cmd, this.roller);
    this.s = this.run.state;
    return no === null ? null : engineRefused("strain", cmd.type, no);
  }

  /**
   * Member i has changed in place from Incapacitated `wasDown` and removed `wasOut`; the turn order learns who can act
   * (STR-61) and who is out (STR-64); STR-04 ends the combat there.
   */
  private changed(i: number, wasDown: boolean, wasOut: boolean): Refusal | null {
    const next = this.units[i] as Working;
    // STR-61/64: a standing member Incapacitated or removed is a drop, even if it comes round later.
    if (this.trace && !wasDown && !wasOut && (next.incapacitated || next.removed)) this.trace.dropped[i] = 1;
    if (this.s.ended) return null;
    if (next.removed && !wasOut) return this.send({ type: "remove", combatant: next.id });
    if (next.incapacitated !== wasDown)
      return this.send({ type: "setAble", combatant: next.id, able: !next.incapacitated });
    return null;
  }

  standingAtEnd(t: FightTrace): void {
    for (let i = 0; i < this.n; i++) t.standing[i] = standing(this.units[i] as Working) ? 1 : 0;
  }

  play(cap: number): FightResult | Refusal {
    // Whoever comes in Incapacitated (STR-61) or removed (STR-64) is told to the turn order at once.
    for (let i = 0; i < this.n && !this.s.ended; i++) {
      const u = this.units[i] as SimStrainMember;
      if (!u.removed && !u.incapacitated) continue;
      const bad = this.send(
        u.removed ? { type: "remove", combatant: u.id } : { type: "setAble", combatant: u.id, able: false },
      );
      if (bad) return bad;
    }
    // Resumed: a combatant no party lists (down in the tracker) leaves the fight too, then the turn under way goes on.
    for (const c of this.resumed ? this.s.combatants : []) {
      if (this.s.ended || c.out || Object.hasOwn(this.index(), c.id)) continue;
      const bad = this.send({ type: "remove", combatant: c.id });
      if (bad) return bad;
    }
    const acting = this.s.acting;
    if (!this.s.ended && acting !== null) {
      const me = this.index()[acting] as number;
      const bad = (this.s.round > 0 ? this.turn(me, true) : null) ?? this.end(me);
      if (bad) return bad;
    }
    while (!this.s.ended) {
      if (this.s.round - this.offset > cap) return { winner: null, rounds: cap };
      const me = this.actNext();
      if (typeof me !== "number") return me;
      if (me < 0) return nobodyUp("strain", this.s.round);
      const bad = (this.s.round > 0 ? this.turn(me) : null) ?? this.end(me);
      if (bad) return bad;
    }
    return { winner: winnerOf(this.s.outcome?.victors ?? [], this.sides), rounds: this.s.round - this.offset };
  }

  /**
   * STR-03: whoever is up in the engine's initiative order starts its turn (Incapacitated characters keep theirs,
   * STR-62): the fast run's actNext, else the act command for upNow. The unit's place, -1 with nobody up, or the
   * engine's refusal.
   */
  private actNext(): number | Refusal {
    const c = this.fast === null ? null : this.fast.actNext();
    if (c !== null) return this.placeOf(c);
    const up = upNow(this.s);
    const me = up === null ? -1 : this.placeOf(up);
    return me < 0 ? me : (this.send(this.acts[me] as RolledCommand) ?? me);
  }

  /** The engine numbers its combatants in setup order (listed), as the units are: that place is the unit. */
  private placeOf(c: RolledCombatant): number {
    return this.units[c.listed]?.id === c.id ? c.listed : (this.index()[c.id] ?? -1);
  }

  private index(): Record<string, number> {
    if (this.byId !== null) return this.byId;
    const byId: Record<string, number> = {};
    for (let i = 0; i < this.n; i++) byId[(this.units[i] as SimStrainMember).id] = i;
    return (this.byId = byId);
  }

  /** Member `me` ends its turn, if the fight goes on and the turn is still its own. */
  private end(me: number): Refusal | null {
    const id = (this.units[me] as SimStrainMember).id;
    if (this.s.ended || this.s.acting !== id) return null;
    return this.fast !== null && this.fast.endTurnNow() ? null : this.send(this.ends[me] as RolledCommand);
  }

  /**
   * Member `me`'s turn, between its act and its endTurn; `resumed`: the turn was under way when the fight was resumed
   * (its Panic Roll is behind it, and its Action is not taken again).
   */
  private turn(me: number, resumed = false): Refusal | null {
    const u = this.units[me] as Working;
    // The rolls and the Incapacitated turn's end by the attack module's rules, on the member itself.
    if (u.incapacitated) {
      const wasOut = u.removed;
      incapacitatedTurnEnd(u, DEFAULT_INCAPACITY_OPTIONS, null);
      return this.changed(me, true, wasOut);
    }
    // A failed Panic Roll (STR-57) changes neither Incapacitated nor removed: nothing to tell the turn order.
    if (!resumed && isFrayed(u)) {
      const bad = this.struck.panicRoll(u, this.roller);
      if (bad) return bad;
    }
    if (stunnedStacks(u) === 0 && this.s.turn?.tookAction !== true) {
      const t = pickEnemyAmong(this.tactics.target, me, this.na, this.units, standing, weakness);
      if (t >= 0) {
        const bad = this.attack(me, u, t);
        if (bad) return bad;
      }
    }
    // STR-10 End of Turn b: ticking Statuses lose a stack.
    tickDown(u);
    return null;
  }

  /** Member `me` (as `u`) makes its Basic Attack on member `t`. */
  private attack(me: number, u: Working, t: number): Refusal | null {
    const spent =
      this.fast !== null && this.fast.takeAction() ? null : this.send(this.basicAttacks[me] as RolledCommand);
    if (spent) return spent;
    const target = this.units[t] as Working;
    const r = this.struck;
    r.strike(u, target, defenceFor(target, this.tactics.defence), DEFAULT_STRAIN_CONTEST, this.roller);
    // STR-55: +1 Fatigue Load when the effect is taken; STR-41: +1 Vulnerable when Evasion gives it.
    hit(target, r.takesEffect, r.vulnerable > 0);
    // STR-59: an Exhausted character makes an Incapacity Roll after its Action.
    if (!isExhausted(u)) return null;
    const wasDown = u.incapacitated;
    const wasOut = u.removed;
    return r.incapacityRoll(u, this.roller) ?? this.changed(me, wasDown, wasOut);
  }
}
