import { copyCombatant, type TeamsCombatant, type WritableCombatant } from "../core/attack/teams/index.js";
import type { TurnOrderEngine } from "../core/index.js";
import type { Refusal, Roller } from "../core/shared/index.js";
import {
  canTakeTurn,
  teamsEngine,
  type TeamsCommand,
  type TeamsMember,
  type TeamsSetup,
  type TeamsState,
} from "../core/turn-order/teams/index.js";
import { TeamsAttackFastRun, TeamsFastRun, type TeamsAttackOptions } from "../core/fast/index.js";
import { EngineRun, type TurnRun } from "./engine-run.js";
import { pickEnemy } from "./pick-target.js";
import { winnerOf } from "./winner-of.js";
import { cannotResume, engineRefused, nobodyUp } from "./refusals.js";
import { firstState, sidesOf } from "./resume.js";
import { NO_EXTRAS, type FightExtras, type FightResult, type FightTrace, type SimTactics } from "./types.js";

type Engine = TurnOrderEngine<TeamsSetup, TeamsState, TeamsCommand>;

/**
 * One teams fight. Party a started it (TEAM-03) and b is attacked (TEAM-04); no surprise.
 * Everyone is within reach (no grid: no Move, no misfire neighbours). Turn order: teamsEngine; the team
 * up picks its first member in party order who may act (TEAM-07). Each turn spends `attacksPerTurn`
 * actions on Attack (TEAM-18), the engine counting them for the multiple attack penalty (TEAM-54).
 * The fortify to stay conscious (TEAM-67) is sent to the engine as the target's reaction, and the engine's
 * refreshed reaction (TEAM-35) comes back to the attack data when a turn starts.
 * A character knocked unconscious or killed leaves the fight: nobody resuscitates in these tactics.
 */
export function teamsFight(
  a: readonly TeamsCombatant[],
  b: readonly TeamsCombatant[],
  roller: Roller,
  tactics: SimTactics,
  cap: number,
  engine: Engine = teamsEngine,
  extras: FightExtras = NO_EXTRAS,
): FightResult | Refusal {
  // Copied once by the attack code's literal, so every combatant the fight handles has one shape, and is the fight's
  // own to change in place.
  const units: WritableCombatant[] = [];
  for (const c of a) units.push(copyCombatant(c));
  for (const c of b) units.push(copyCombatant(c));
  const na = a.length;
  const setup = (): TeamsSetup => ({
    initiative: ["a", "b"],
    combatants: units.map((u, i) => ({ id: u.id, team: i < na ? "a" : "b", stamina: u.stamina, focus: u.focus })),
    ...(extras.ruleOptions ? { options: extras.ruleOptions } : {}),
  });
  const started = begin(engine, setup, roller, extras, a, b);
  if ("ok" in started) return started;
  const s = started.state;
  const lost = units.find((u) => !Object.hasOwn(s.members, u.id));
  if (lost) return cannotResume("teams", lost.id);
  const cmds = extras.firstStates ? extras.firstStates.plan(a, b, () => turnCommands(units)) : turnCommands(units);
  const fight = new TeamsFight(units, na, started, roller, tactics, extras, cmds);
  const r = fight.play(cap);
  if (extras.trace && !("ok" in r)) fight.trace(extras.trace, [...a, ...b]);
  return r;
}

/**
 * The fight's turn order: the engine's own fast run (TeamsFastRun, its commands changing one working state in place),
 * from a fresh start or the run's kept first state or the state resumed; any other engine given (a test's recording
 * one, the bench's timed one) goes through its apply() (EngineRun).
 */
function begin(
  engine: Engine,
  setup: () => TeamsSetup,
  roller: Roller,
  extras: FightExtras,
  a: readonly TeamsCombatant[],
  b: readonly TeamsCombatant[],
): TurnRun<TeamsState, TeamsCommand> | Refusal {
  const fast = engine === teamsEngine;
  if (fast && !extras.resume && !extras.firstStates) {
    const run = TeamsFastRun.started(setup(), roller);
    return "ok" in run ? engineRefused("teams", "start", run) : run;
  }
  const started = firstState("teams", engine, extras, a, b, roller, (r) => engine.start(setup(), r));
  if (!started.ok) return extras.resume ? started : engineRefused("teams", "start", started);
  return fast ? TeamsFastRun.of(started.state) : new EngineRun(engine, started.state);
}

/** A teams fight under way: the units as the fight leaves them, and the engine's state. */
class TeamsFight {
  private readonly units: WritableCombatant[];
  private readonly n: number;
  private readonly na: number;
  private s: TeamsState;
  /** The turn order: the engine's fast run (s is its state, changed in place), or its apply() through EngineRun. */
  private readonly run: TurnRun<TeamsState, TeamsCommand>;
  /** Is the run the fast one, whose state and members are changed in place (so refs below hold)? */
  private readonly inPlace: boolean;
  /** In place, each unit's member of the working state: changed in place, so the same object all fight. */
  private readonly refs: (TeamsMember | undefined)[] = [];
  /** Each member's commands, made once a run (FirstStates.plan): commands are plain data the engine only reads. */
  private readonly cmds: TurnCommands;
  private readonly roller: Roller;
  /** The attacks' fast run: it changes the fight's own units in place, copying none. */
  private readonly struck = new TeamsAttackFastRun();
  private readonly tactics: SimTactics;
  /** How many of the turn's actions go on attacks (TEAM-17). */
  private readonly attacks: number;
  private readonly sides: { readonly a: string; readonly b: string };
  /** Rounds before the one a resumed fight starts in: the rounds counted are the round under way and those to come. */
  private readonly offset: number;
  private readonly resumed: boolean;
  private readonly standing = (i: number): boolean => (this.units[i] as TeamsCombatant).condition === "active";
  private readonly score = (i: number): number =>
    (this.units[i] as TeamsCombatant).endurance + (this.units[i] as TeamsCombatant).health;

  constructor(
    units: WritableCombatant[],
    na: number,
    run: TurnRun<TeamsState, TeamsCommand>,
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
    this.s = s;
    this.run = run;
    this.inPlace = run instanceof TeamsFastRun;
    if (this.inPlace) for (const u of units) this.refs.push(s.members[u.id]);
    this.roller = roller;
    this.tactics = tactics;
    this.attacks = Math.max(0, Math.min(3, Math.floor(tactics.attacksPerTurn)));
  }

  /** Unit `i`'s member in the engine's state now. */
  private member(i: number): TeamsMember | undefined {
    return this.inPlace ? this.refs[i] : this.s.members[(this.units[i] as TeamsCombatant).id];
  }

  private send(cmd: TeamsCommand): Refusal | null {
    const bad = this.run.apply(cmd, this.roller);
    this.s = this.run.state;
    return bad ? engineRefused("teams", cmd.type, bad) : null;
  }

  play(cap: number): FightResult | Refusal {
    // Whoever comes in unconscious or dead is out of the fight from the start.
    for (let i = 0; i < this.n && this.s.phase !== "ended"; i++) {
      if (this.standing(i)) continue;
      const gone = this.send({ type: "remove", combatant: (this.units[i] as TeamsCombatant).id });
      if (gone) return gone;
    }
    // Resumed: a combatant no party lists (down in the tracker) leaves the fight too, then the turn under way goes on.
    for (const id of this.resumed ? this.s.roster : []) {
      if (
        (this.s.phase as string) === "ended" ||
        this.s.members[id]?.out !== false ||
        this.units.some((u) => u.id === id)
      )
        continue;
      const gone = this.send({ type: "remove", combatant: id });
      if (gone) return gone;
    }
    const acting = this.s.acting;
    if ((this.s.phase as string) !== "ended" && acting !== null) {
      const bad = this.turn(
        this.units.findIndex((u) => u.id === acting),
        true,
      );
      if (bad) return bad;
    }
    while (this.s.phase !== "ended") {
      if (this.s.round - this.offset > cap) return { winner: null, rounds: cap };
      const me = this.up();
      if (me < 0) return nobodyUp("teams", this.s.round);
      const bad = this.turn(me);
      if (bad) return bad;
    }
    return { winner: winnerOf(this.s.result?.victors ?? [], this.sides), rounds: this.s.round - this.offset };
  }

  /**
   * Who dropped (unconscious or dead, having come in active) and who stands at the end, from the units `was` as they
   * came in.
   */
  trace(t: FightTrace, was: readonly TeamsCombatant[]): void {
    for (let i = 0; i < this.n; i++) {
      t.standing[i] = this.standing(i) ? 1 : 0;
      t.dropped[i] = !this.standing(i) && (was[i] as TeamsCombatant).condition === "active" ? 1 : 0;
    }
  }

  /** The unit whose turn it is: the team up's first member in party order who may act (TEAM-07); -1 for none. */
  private up(): number {
    const s = this.s;
    if (s.up === null) return -1;
    // In party order (a fresh fight's roster is in that order too; a resumed one may list others, out by now).
    for (let i = 0; i < this.n; i++) {
      const m = this.member(i);
      if (m && m.team === s.up && canTakeTurn(s, m)) return i;
    }
    return -1;
  }

  /** Unit `me`'s turn; `resumed`: the turn was under way when the fight was resumed, its actions partly spent. */
  private turn(me: number, resumed = false): Refusal | null {
    const id = (this.units[me] as TeamsCombatant).id;
    if (!resumed) {
      const bad = this.send(this.cmds.acts[me] as TeamsCommand);
      if (bad) return bad;
    }
    // TEAM-35: the engine gives the reaction back at the start of the turn; the attack data follows it.
    (this.units[me] as WritableCombatant).reactions = this.member(me)?.reactions ?? 0;
    // TEAM-17: the actions the turn has already spent count against the attacks it still makes.
    const spent = resumed ? (this.member(me)?.turn?.actionsUsed ?? 0) : 0;
    for (let k = spent; k < this.attacks && this.s.acting === id; k++) {
      const t = pickEnemy(this.tactics.target, me, this.na, this.n, this.standing, this.score);
      if (t < 0) break;
      const hit = this.attack(me, id, t);
      if (hit) return hit;
    }
    if ((this.s.phase as string) !== "ended" && this.s.acting === id)
      return this.send(this.cmds.ends[me] as TeamsCommand);
    return null;
  }

  /** One Attack action by unit `me` (id `id`) on unit `t`, and what it costs the target in the engine. */
  private attack(me: number, id: string, t: number): Refusal | null {
    // TEAM-54: the engine's count of attacks made before this one sets the penalty.
    const before = this.member(me)?.attacks ?? 0;
    const spent = this.send(this.cmds.attacks[me] as TeamsCommand);
    if (spent) return spent;
    // The units are the fight's own copies: the attack changes them in place, copying none.
    const attacker = this.units[me] as WritableCombatant;
    attacker.attacksThisRound = before;
    const target = this.units[t] as WritableCombatant;
    const reactions = target.reactions;
    this.struck.strike(attacker, target, DEFAULT_CHOICES, this.roller);
    // TEAM-67: the resolver's fortify to stay conscious is the target's reaction (1 stamina): the engine spends it too.
    if (target.reactions < reactions) {
      const reacted = this.send(this.cmds.fortifies[t] as TeamsCommand);
      if (reacted) return reacted;
    }
    // TEAM-69/70: unconscious or dead, the target is out of this fight; TEAM-01 may end it.
    if (target.condition !== "active") return this.send(this.cmds.removes[t] as TeamsCommand);
    return null;
  }
}

/** The default choices of every attack (TEAM-48): none given. */
const DEFAULT_CHOICES: TeamsAttackOptions = {};

/** Each unit's act, Attack spend, endTurn, Fortify reaction and removal, by unit. */
type TurnCommands = Record<"acts" | "attacks" | "ends" | "fortifies" | "removes", TeamsCommand[]>;

function turnCommands(units: readonly TeamsCombatant[]): TurnCommands {
  return {
    acts: units.map((u) => ({ type: "act", combatant: u.id })),
    attacks: units.map((u) => ({ type: "spend", combatant: u.id, action: "Attack" })),
    ends: units.map((u) => ({ type: "endTurn", combatant: u.id })),
    fortifies: units.map((u) => ({ type: "react", combatant: u.id, reaction: "Fortify" })),
    removes: units.map((u) => ({ type: "remove", combatant: u.id })),
  };
}
