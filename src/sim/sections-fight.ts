import { DEFAULT_SECTIONS_ATTACK_OPTIONS, isDefeated, type SectionsCombatant } from "../core/attack/sections/index.js";
import type { TurnOrderEngine } from "../core/index.js";
import type { Refusal, Roller } from "../core/shared/index.js";
import {
  mayAct,
  sectionsEngine,
  type SectionsCommand,
  type SectionsSetup,
  type SectionsState,
} from "../core/turn-order/sections/index.js";
import { IN_SIGHT, SectionsAttackFastRun, SectionsFastRun } from "../core/fast/index.js";
import { EngineRun, type TurnRun } from "./engine-run.js";
import { pickEnemy } from "./pick-target.js";
import { cannotResume, engineRefused, nobodyUp } from "./refusals.js";
import { firstState, sidesOf } from "./resume.js";
import { NO_EXTRAS, type FightExtras, type FightResult, type FightTrace, type SimTactics } from "./types.js";
import { winnerOf } from "./winner-of.js";

type Engine = TurnOrderEngine<SectionsSetup, SectionsState, SectionsCommand>;

/**
 * One sections fight. Everyone shares one lit section (SEC-25 distance 0, SEC-29 melee reaches),
 * so every standing enemy is a target. Turn order: sectionsEngine, sides in turn (its default).
 * A turn: draw, spend the Action Phase on an attack, end (the engine discards): SEC-05.
 * Resumed (extras.resume), it plays on from the turn order's state: the turn under way goes on with what it has left.
 */
export function sectionsFight(
  a: readonly SectionsCombatant[],
  b: readonly SectionsCombatant[],
  roller: Roller,
  tactics: SimTactics,
  cap: number,
  engine: Engine = sectionsEngine,
  extras: FightExtras = NO_EXTRAS,
): FightResult | Refusal {
  // The fight's own copies, one literal each (one shape for every read), changed in place as they take damage.
  const units: Unit[] = [];
  for (const c of a) units.push(withHp(c, c.hp));
  for (const c of b) units.push(withHp(c, c.hp));
  const na = a.length;
  const started = firstState("sections", engine, extras, a, b, roller, (r) =>
    engine.start(
      {
        combatants: units.map((u, i) => ({ id: u.id, side: i < na ? "a" : "b" })),
        sideOrder: ["a", "b"],
        ...(extras.ruleOptions ? { options: extras.ruleOptions } : {}),
      },
      r,
    ),
  );
  if (!started.ok) return extras.resume ? started : engineRefused("sections", "start", started);
  const lost = units.find((u) => !started.state.combatants.some((c) => c.id === u.id));
  if (lost) return cannotResume("sections", lost.id);
  const cmds = extras.firstStates ? extras.firstStates.plan(a, b, () => turnCommands(units)) : turnCommands(units);
  const fight = new SectionsFight(units, na, started.state, roller, tactics, engine, extras, cmds);
  const r = fight.play(cap);
  if (extras.trace && !("ok" in r)) traceUnits(extras.trace, units, a, b);
  return r;
}

/**
 * A sections fight under way: the units as the fight leaves them (unit i is party member i), and the engine's state.
 */
class SectionsFight {
  private readonly units: Unit[];
  private readonly n: number;
  private readonly na: number;
  private readonly index: Record<string, number> = {};
  /** The turn order's state now (the run's, read after each command). */
  private s: SectionsState;
  private readonly run: TurnRun<SectionsState, SectionsCommand>;
  private readonly roller: Roller;
  /** The attacks' fast run: it changes nothing, and keeps the damage dealt. */
  private readonly struck = new SectionsAttackFastRun();
  private readonly tactics: SimTactics;
  private readonly sides: { readonly a: string; readonly b: string };
  /** Rounds before the one a resumed fight starts in: the rounds counted are the round under way and those to come. */
  private readonly offset: number;
  private readonly resumed: boolean;
  // Each member's commands, made once a run (FirstStates.plan): commands are plain data the engine only reads.
  private readonly cmds: Record<"acts" | "draws" | "attacks" | "ends", SectionsCommand[]>;
  private readonly standing = (i: number): boolean => !isDefeated(this.units[i] as SectionsCombatant);
  private readonly score = (i: number): number => (this.units[i] as SectionsCombatant).hp;

  constructor(
    units: Unit[],
    na: number,
    s: SectionsState,
    roller: Roller,
    tactics: SimTactics,
    engine: Engine,
    extras: FightExtras,
    cmds: Record<"acts" | "draws" | "attacks" | "ends", SectionsCommand[]>,
  ) {
    this.units = units;
    this.n = units.length;
    this.na = na;
    for (let i = 0; i < this.n; i++) this.index[(units[i] as SectionsCombatant).id] = i;
    // The engine's own fast run, unless another engine was handed in (a test's recording one, the bench's timed one).
    this.run = engine === sectionsEngine ? SectionsFastRun.of(s) : new EngineRun(engine, s);
    this.s = this.run.state;
    this.roller = roller;
    this.tactics = tactics;
    this.sides = sidesOf(extras);
    this.offset = extras.resume ? Math.max(0, s.round - 1) : 0;
    this.resumed = extras.resume !== undefined;
    this.cmds = cmds;
  }

  private send(cmd: SectionsCommand): Refusal | null {
    const no = this.run.apply(cmd, this.roller);
    this.s = this.run.state;
    return no === null ? null : engineRefused("sections", cmd.type, no);
  }

  play(cap: number): FightResult | Refusal {
    // Whoever comes in already down is out of the fight from the start.
    for (let i = 0; i < this.n && this.s.result === null; i++) {
      if (this.standing(i)) continue;
      const gone = this.send({ type: "remove", combatant: (this.units[i] as SectionsCombatant).id });
      if (gone) return gone;
    }
    // Resumed: a combatant no party lists (down in the tracker) leaves the fight too, then the turn under way goes on.
    for (const c of this.resumed ? this.s.combatants : []) {
      if (this.s.result !== null || c.out || Object.hasOwn(this.index, c.id)) continue;
      const gone = this.send({ type: "remove", combatant: c.id });
      if (gone) return gone;
    }
    const acting = this.s.acting;
    if (this.s.result === null && acting !== null) {
      const bad = this.rest(this.index[acting] as number);
      if (bad) return bad;
    }
    while (this.s.result === null) {
      if (this.s.round - this.offset > cap) return { winner: null, rounds: cap };
      // The engine says whose turn it may be; the side up takes its members in party order.
      const me = firstUp(this.s, this.units, this.index);
      if (me < 0) return nobodyUp("sections", this.s.round);
      const bad = this.send(this.cmds.acts[me] as SectionsCommand) ?? this.rest(me);
      if (bad) return bad;
    }
    return { winner: winnerOf(this.s.result.victors, this.sides), rounds: this.s.round - this.offset };
  }

  /**
   * Unit `me`'s turn once it acts: the draw and the Action Phase on an attack, each unless the turn (a resumed one)
   * has had it already, then the end of the turn.
   */
  private rest(me: number): Refusal | null {
    const id = (this.units[me] as SectionsCombatant).id;
    const turn = this.s.turn;
    if (turn?.step === "draw") {
      const bad = this.send(this.cmds.draws[me] as SectionsCommand);
      if (bad) return bad;
    }
    // The Action Phase is open while the step is strategy or action (SEC-05); a spent or discarded one is not.
    const step = this.s.turn?.step;
    if (this.s.turn?.action === null && (step === "strategy" || step === "action")) {
      const bad = this.send(this.cmds.attacks[me] as SectionsCommand) ?? this.attack(me);
      if (bad) return bad;
    }
    return this.s.result === null && this.s.acting === id ? this.send(this.cmds.ends[me] as SectionsCommand) : null;
  }

  /** Unit `me` attacks the enemy its tactics pick, if anyone is standing. */
  private attack(me: number): Refusal | null {
    const t = pickEnemy(this.tactics.target, me, this.na, this.n, this.standing, this.score);
    if (t < 0) return null;
    const target = this.units[t] as Unit;
    const r = this.struck;
    r.strike(this.units[me] as SectionsCombatant, target, IN_SIGHT, DEFAULT_SECTIONS_ATTACK_OPTIONS, this.roller);
    const dealt = r.damage;
    if (dealt <= 0) return null;
    const hp = target.hp > dealt ? target.hp - dealt : 0;
    target.hp = hp;
    // A combatant at 0 HP is out of the fight (sections.txt has no dying rules: see docs/simulator.md).
    return hp === 0 ? this.send({ type: "remove", combatant: target.id }) : null;
  }
}

/** Each unit's act, draw, attack (the Action Phase spent on it) and endTurn commands, by unit. */
function turnCommands(
  units: readonly SectionsCombatant[],
): Record<"acts" | "draws" | "attacks" | "ends", SectionsCommand[]> {
  return {
    acts: units.map((u) => ({ type: "act", combatant: u.id })),
    draws: units.map((u) => ({ type: "draw", combatant: u.id })),
    attacks: units.map((u) => ({
      type: "spend",
      combatant: u.id,
      phase: "action",
      action: "action",
      detail: "attack",
    })),
    ends: units.map((u) => ({ type: "endTurn", combatant: u.id })),
  };
}

/**
 * The unit of the first combatant the engine lets act now, or -1. The state lists the combatants in setup order, as
 * the units are: the place is the unit, checked by id (a lookup by id only if the two ever differ).
 */
function firstUp(
  s: SectionsState,
  units: readonly SectionsCombatant[],
  index: Readonly<Record<string, number>>,
): number {
  const cs = s.combatants;
  for (let i = 0; i < cs.length; i++) {
    const c = cs[i] as SectionsState["combatants"][number];
    if (!mayAct(s, c)) continue;
    return units[i]?.id === c.id ? i : (index[c.id] ?? -1);
  }
  return -1;
}

/** A combatant as the fight holds it: its own copy, whose HP the attacks lower in place. */
type Unit = { -readonly [K in keyof SectionsCombatant]: SectionsCombatant[K] };

/**
 * The combatant with its new HP, as one literal in the sample parties' field order: copies of several shapes (spreads)
 * were an eighth of a fight's time in the profile. Only the combatant's own fields are kept.
 */
function withHp(c: SectionsCombatant, hp: number): Unit {
  return {
    id: c.id,
    hp,
    hitDie: c.hitDie,
    missDie: c.missDie,
    damageDie: c.damageDie,
    damageBonus: c.damageBonus,
    weaponType: c.weaponType,
    conditions: c.conditions,
    interrupts: c.interrupts,
    incantation: c.incantation,
  };
}

/** Who dropped (HP down to 0 in this fight; one at 0 from the start never fought) and who stands at the end. */
function traceUnits(
  t: FightTrace,
  units: readonly SectionsCombatant[],
  a: readonly SectionsCombatant[],
  b: readonly SectionsCombatant[],
): void {
  const na = a.length;
  for (let i = 0; i < units.length; i++) {
    const standing = !isDefeated(units[i] as SectionsCombatant);
    t.standing[i] = standing ? 1 : 0;
    t.dropped[i] = !standing && ((i < na ? a[i] : b[i - na]) as SectionsCombatant).hp > 0 ? 1 : 0;
  }
}
