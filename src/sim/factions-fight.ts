import { DEFAULT_FACTIONS_ATTACK_OPTIONS, saves, type FactionsCharacter } from "../core/attack/factions/index.js";
import type { TurnOrderEngine } from "../core/index.js";
import type { Refusal, Roller } from "../core/shared/index.js";
import {
  canTakeTurn,
  factionInPlay,
  factionsEngine,
  type FactionsCommand,
  type FactionsMember,
  type FactionsSetup,
  type FactionsState,
} from "../core/turn-order/factions/index.js";
import { FactionsAttackFastRun, FactionsFastRun, PLAIN_STRIKE } from "../core/fast/index.js";
import { EngineRun, type TurnRun } from "./engine-run.js";
import { pickEnemy } from "./pick-target.js";
import { winnerOf } from "./winner-of.js";
import { cannotResume, engineRefused, nobodyUp } from "./refusals.js";
import { firstState, sidesOf } from "./resume.js";
import { NO_EXTRAS, type FightExtras, type FightResult, type FightTrace, type SimTactics } from "./types.js";

type Engine = TurnOrderEngine<FactionsSetup, FactionsState, FactionsCommand>;

const SIM_OPTIONS = {
  passIsFinal: false,
  fastSlow: false,
  declarationSeconds: null,
  reactAfterActing: false,
  ambushUsesFirstTurn: false,
};

/**
 * One factions fight. One zone, everyone nearby and aware: melee attacks hit automatically (FAC-25) with no
 * WIT save, no reactions, no stunts. Turn order: factionsEngine; party a started the fight and holds the
 * initiative (FAC-05) and always chooses itself to go first (FAC-04). The faction up never passes while a
 * member can act (it passes only when nobody can, which the engine does itself); its first member in party
 * order takes the turn and spends the main action on an Attack (FAC-25). 0 health incapacitates (ruling of
 * the attack module) and the simulator takes the character out: no final blows. Morale (FAC-53..55):
 * each character due makes a WIT save; a failure retreats.
 */
export function factionsFight(
  a: readonly FactionsCharacter[],
  b: readonly FactionsCharacter[],
  roller: Roller,
  tactics: SimTactics,
  cap: number,
  engine: Engine = factionsEngine,
  extras: FightExtras = NO_EXTRAS,
): FightResult | Refusal {
  const units: FactionsCharacter[] = [...a, ...b];
  const na = a.length;
  const setup = (): FactionsSetup => ({
    factions: ["a", "b"],
    initiative: "a",
    combatants: units.map((u, i) => ({
      id: u.id,
      faction: i < na ? "a" : "b",
      wit: u.wit,
      health: u.health,
      maxHealth: u.health,
    })),
    // The world's options, when given, over the simulator's own (no declaration timer: nobody is waiting to type).
    options: { ...SIM_OPTIONS, ...extras.ruleOptions, declarationSeconds: null },
  });
  const started = begin(engine, setup, roller, extras, a, b);
  if ("ok" in started) return started;
  const s = started.state;
  const lost = units.find((u) => !Object.hasOwn(s.members, u.id));
  if (lost) return cannotResume("factions", lost.id);
  const cmds = extras.firstStates ? extras.firstStates.plan(a, b, () => turnCommands(units)) : turnCommands(units);
  const fight = new FactionsFight(units, na, started, roller, tactics, extras, cmds);
  const r = fight.play(cap);
  if (extras.trace && !("ok" in r)) fight.trace(extras.trace);
  return r;
}

/**
 * The fight's turn order: the engine's own fast run (FactionsFastRun, its commands changing one working state in
 * place), from a fresh start or the run's kept first state or the state resumed; any other engine given (a test's
 * recording one, the bench's timed one) goes through its apply() (EngineRun).
 */
function begin(
  engine: Engine,
  setup: () => FactionsSetup,
  roller: Roller,
  extras: FightExtras,
  a: readonly FactionsCharacter[],
  b: readonly FactionsCharacter[],
): TurnRun<FactionsState, FactionsCommand> | Refusal {
  const fast = engine === factionsEngine;
  if (fast && !extras.resume && !extras.firstStates) {
    const run = FactionsFastRun.started(setup(), roller);
    return "ok" in run ? engineRefused("factions", "start", run) : run;
  }
  const started = firstState("factions", engine, extras, a, b, roller, (r) => engine.start(setup(), r));
  if (!started.ok) return extras.resume ? started : engineRefused("factions", "start", started);
  return fast ? FactionsFastRun.of(started.state) : new EngineRun(engine, started.state);
}

/** A factions fight under way: what it changes of each character, and the engine's state. */
class FactionsFight {
  private readonly units: readonly FactionsCharacter[];
  private readonly n: number;
  private readonly na: number;
  private readonly index: Record<string, number> = {};
  // What a fight changes of a character, by unit index; the character sheets themselves are never copied
  // (the attack reads only their weapon and armour). Copying a sheet on every hit was a fifth of the fight.
  private readonly health: number[];
  private readonly incapacitated: boolean[];
  private s: FactionsState;
  /** The turn order: the engine's fast run (s is its state, changed in place), or its apply() through EngineRun. */
  private readonly run: TurnRun<FactionsState, FactionsCommand>;
  /** Is the run the fast one, whose state and members are changed in place (so refs below hold)? */
  private readonly inPlace: boolean;
  /** In place, each unit's member of the working state: changed in place, so the same object all fight. */
  private readonly refs: (FactionsMember | undefined)[] = [];
  /** Each member's commands, made once a run (FirstStates.plan): commands are plain data the engine only reads. */
  private readonly cmds: TurnCommands;
  private readonly roller: Roller;
  /** The attacks' fast run: it changes nothing, and keeps the damage dealt. */
  private readonly struck = new FactionsAttackFastRun();
  private readonly tactics: SimTactics;
  private readonly sides: { readonly a: string; readonly b: string };
  /** Rounds before the one a resumed fight starts in: the rounds counted are the round under way and those to come. */
  private readonly offset: number;
  private readonly resumed: boolean;
  private readonly standing = (i: number): boolean => {
    const u = this.units[i] as FactionsCharacter;
    const m = this.member(i);
    return !this.incapacitated[i] && !u.dead && m !== undefined && !m.out && !m.retreated;
  };
  private readonly score = (i: number): number => this.health[i] as number;

  constructor(
    units: readonly FactionsCharacter[],
    na: number,
    run: TurnRun<FactionsState, FactionsCommand>,
    roller: Roller,
    tactics: SimTactics,
    extras: FightExtras,
    cmds: TurnCommands,
  ) {
    const s = run.state;
    this.cmds = cmds;
    this.units = units;
    this.sides = sidesOf(extras);
    this.offset = extras.resume ? Math.max(0, s.round - 1) : 0;
    this.resumed = extras.resume !== undefined;
    this.n = units.length;
    this.na = na;
    for (let i = 0; i < this.n; i++) this.index[(units[i] as FactionsCharacter).id] = i;
    this.health = units.map((u) => u.health);
    this.incapacitated = units.map((u) => u.incapacitated);
    this.s = s;
    this.run = run;
    this.inPlace = run instanceof FactionsFastRun;
    if (this.inPlace) for (const u of units) this.refs.push(s.members[u.id]);
    this.roller = roller;
    this.tactics = tactics;
  }

  /** Unit `i`'s member in the engine's state now. */
  private member(i: number): FactionsMember | undefined {
    return this.inPlace ? this.refs[i] : this.s.members[(this.units[i] as FactionsCharacter).id];
  }

  private send(cmd: FactionsCommand): Refusal | null {
    const bad = this.run.apply(cmd, this.roller);
    this.s = this.run.state;
    return bad ? engineRefused("factions", cmd.type, bad) : null;
  }

  play(cap: number): FightResult | Refusal {
    // Whoever comes in incapacitated, dead or at 0 health is out of the fight from the start.
    for (let i = 0; i < this.n && this.s.phase !== "ended"; i++) {
      const u = this.units[i] as FactionsCharacter;
      if (!u.incapacitated && !u.dead && u.health > 0) continue;
      const gone = this.send({ type: "remove", combatant: u.id });
      if (gone) return gone;
    }
    // Resumed: a combatant no party lists (down in the tracker) leaves the fight too, then the turn under way goes on.
    for (const id of this.resumed ? this.s.roster : []) {
      const m = this.s.members[id];
      if (this.s.phase === "ended" || m === undefined || m.out || m.retreated || Object.hasOwn(this.index, id))
        continue;
      const gone = this.send({ type: "remove", combatant: id });
      if (gone) return gone;
    }
    const acting = this.s.acting;
    if (this.s.phase !== "ended" && acting !== null) {
      const bad = this.rest(this.index[acting] as number, acting);
      if (bad) return bad;
    }
    while (this.s.phase !== "ended") {
      const s = this.s;
      if (s.round - this.offset > cap) return { winner: null, rounds: cap };
      const bad = s.phase === "morale" ? this.morale() : s.choosingFirst ? this.chooseFirst() : this.turn();
      if (bad) return bad;
    }
    return { winner: winnerOf(this.s.result?.victors ?? [], this.sides), rounds: this.s.round - this.offset };
  }

  /** Who dropped (0 health or dead in this fight; a retreat is no drop) and who stands at the end. */
  trace(t: FightTrace): void {
    for (let i = 0; i < this.n; i++) {
      const u = this.units[i] as FactionsCharacter;
      const cameDown = u.incapacitated || u.dead || u.health <= 0;
      t.standing[i] = this.standing(i) ? 1 : 0;
      t.dropped[i] = !cameDown && (this.incapacitated[i] === true || (this.health[i] as number) <= 0) ? 1 : 0;
    }
  }

  /** FAC-54/55: the group WIT save, one save per character due; the first due answers first. */
  private morale(): Refusal | null {
    const id = this.s.moraleDue[0];
    if (id === undefined) return nobodyUp("factions", this.s.round);
    const u = this.units[this.index[id] ?? -1];
    const pass = !this.tactics.morale || u === undefined || saves(this.roller, u.wit);
    return this.send({ type: "morale", combatant: id, result: pass ? "pass" : "retreat" });
  }

  /** FAC-04: the holder goes first while it has anyone in play. */
  private chooseFirst(): Refusal | null {
    const s = this.s;
    const first = factionInPlay(s, s.holder) ? s.holder : s.holder === this.sides.a ? this.sides.b : this.sides.a;
    return this.send({ type: "chooseFirst", side: first });
  }

  /** The turn of the faction up's first member in party order who can take one (party a is faction a, b is b). */
  private turn(): Refusal | null {
    const s = this.s;
    const up = s.up;
    if (up === null) return nobodyUp("factions", s.round);
    let me = -1;
    const a = up === this.sides.a;
    for (let i = a ? 0 : this.na, to = a ? this.na : this.n; i < to; i++) {
      const m = this.member(i);
      if (m && canTakeTurn(s, m)) {
        me = i;
        break;
      }
    }
    if (me < 0) return nobodyUp("factions", s.round);
    const id = (this.units[me] as FactionsCharacter).id;
    const bad = this.send(this.cmds.acts[me] as FactionsCommand);
    if (bad) return bad;
    return this.rest(me, id);
  }

  /**
   * The turn of unit `me` (id `id`) once started: its Attack unless the main action is spent (a resumed turn's may be).
   */
  private rest(me: number, id: string): Refusal | null {
    const t =
      this.member(me)?.turn?.main === true
        ? -1
        : pickEnemy(this.tactics.target, me, this.na, this.n, this.standing, this.score);
    if (t >= 0) {
      const hit = this.attack(me, id, t);
      if (hit) return hit;
    }
    if (this.s.phase !== "ended" && this.s.acting === id) return this.send(this.cmds.ends[me] as FactionsCommand);
    return null;
  }

  /** The Attack main action (FAC-25) by unit `me` (id `id`) on unit `t`. */
  private attack(me: number, id: string, t: number): Refusal | null {
    const spent = this.send(this.cmds.attacks[me] as FactionsCommand);
    if (spent) return spent;
    const target = this.units[t] as FactionsCharacter;
    const r = this.struck;
    r.strike(this.units[me] as FactionsCharacter, target, PLAIN_STRIKE, DEFAULT_FACTIONS_ATTACK_OPTIONS, this.roller);
    const dealt = r.damage;
    if (dealt <= 0) return null;
    const had = this.health[t] as number;
    const left = had > dealt ? had - dealt : 0;
    this.health[t] = left;
    this.incapacitated[t] = left === 0;
    // The engine keeps health for morale (FAC-53); at 0 the character is out of this fight.
    return this.send(
      left === 0
        ? (this.cmds.removes[t] as FactionsCommand)
        : { type: "setHealth", combatant: target.id, health: left, byEnemy: true },
    );
  }
}

/** Each unit's act, Attack spend (the main action), endTurn and removal, by unit. */
type TurnCommands = Record<"acts" | "attacks" | "ends" | "removes", FactionsCommand[]>;

function turnCommands(units: readonly FactionsCharacter[]): TurnCommands {
  return {
    acts: units.map((u) => ({ type: "act", combatant: u.id })),
    attacks: units.map((u) => ({ type: "spend", combatant: u.id, action: "Attack" })),
    ends: units.map((u) => ({ type: "endTurn", combatant: u.id })),
    removes: units.map((u) => ({ type: "remove", combatant: u.id })),
  };
}
