// Simulated 4v4 fights per second for each rule set (the sample parties, default tactics), then the same fights on the
// apply path (engine timed through apply(), not simulate's fast paths): apply() against everything else.
import { RULESETS, type RulesetId, type TurnOrderEngine } from "../src/core/index.js";
import { seededRoller, type Refusal, type Roller } from "../src/core/shared/index.js";
import {
  DEFAULT_ROUND_CAP,
  DEFAULT_TACTICS,
  escalationFight,
  factionsFight,
  SAMPLE_PARTIES,
  sectionsFight,
  simulate,
  strainFight,
  teamsFight,
  type FightResult,
} from "../src/sim/index.js";
import { rankedEngine } from "../src/core/turn-order/ranked/index.js";
import { rolledEngine } from "../src/core/turn-order/rolled/index.js";
import { teamsEngine } from "../src/core/turn-order/teams/index.js";
import { factionsEngine } from "../src/core/turn-order/factions/index.js";
import { sectionsEngine } from "../src/core/turn-order/sections/index.js";
import { perSecond, type BenchFigure } from "./measure.js";
import {
  resolveEscalationAttack,
  resolveFactionsAttack,
  resolveSectionsAttack,
  resolveStrainAttack,
  resolveTeamsAttack,
} from "../src/core/fast/index.js";

const BATCH = 50;

/** Each rule set is measured in a process of its own (bench/run.ts), as a world runs one rule set. */
export const variants: readonly RulesetId[] = RULESETS;

const WINDOWS = 9;

interface Rates {
  /** Runs per second of this process's CPU time (user + system, all its threads: the garbage collector's too). */
  readonly cpu: number[];
  readonly wall: number[];
}

/**
 * Runs per second in WINDOWS windows of `ms` each, after a warm-up. On a shared machine other processes take turns
 * on the core: the CPU clock leaves their turns out, the wall clock does not; the spread over the windows shows how
 * steady the machine was.
 */
function rates(fn: () => unknown, ms = 400): Rates {
  const warm = performance.now();
  while (performance.now() - warm < 500) fn();
  const cpu: number[] = [];
  const wall: number[] = [];
  for (let w = 0; w < WINDOWS; w++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    let n = 0;
    let t = t0;
    while (t - t0 < ms) {
      fn();
      n++;
      t = performance.now();
    }
    const c = process.cpuUsage(c0);
    cpu.push((n * 1e6) / (c.user + c.system));
    wall.push((n * 1000) / (t - t0));
  }
  return { cpu, wall };
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
};

interface Clock {
  ms: number;
  commands: number;
  /** Time in the engine's stored-state check (isState), run once more before each apply() (where timed). */
  checkMs: number;
  /** Spend commands that pay for an attack: one resolver call follows each (escalation's free hits not counted). */
  attacks: number;
}

const isAttackSpend = (c: unknown): boolean => {
  const x = c as { type?: string; action?: string };
  return (
    x.type === "spend" &&
    (x.action === "attack" || x.action === "extraAttack" || x.action === "Attack" || x.action === "action")
  );
};

/** Microseconds one quick resolver call takes on the sample parties' first two opponents. */
function attackMicros(ruleset: RulesetId): number {
  const r = seededRoller(2);
  const once: Readonly<Record<RulesetId, () => unknown>> = {
    sections: () =>
      resolveSectionsAttack(SAMPLE_PARTIES.sections.a.members[0]!, SAMPLE_PARTIES.sections.b.members[1]!, r),
    escalation: () =>
      resolveEscalationAttack(SAMPLE_PARTIES.escalation.a.members[0]!, SAMPLE_PARTIES.escalation.b.members[1]!, r, {
        declaration: { kind: "attack" },
        round: 1,
      }),
    teams: () => resolveTeamsAttack(SAMPLE_PARTIES.teams.a.members[0]!, SAMPLE_PARTIES.teams.b.members[1]!, r),
    strain: () => resolveStrainAttack(SAMPLE_PARTIES.strain.a.members[0]!, SAMPLE_PARTIES.strain.b.members[1]!, r),
    factions: () =>
      resolveFactionsAttack(SAMPLE_PARTIES.factions.a.members[0]!, SAMPLE_PARTIES.factions.b.members[1]!, r),
  };
  const f = once[ruleset];
  // perSecond counts batches of 1000 calls: µs per call = 1e6 / (batches/s x 1000).
  return (
    1000 /
    perSecond(() => {
      for (let i = 0; i < 1000; i++) f();
    }, 300)
  );
}

/** The seeded roller, counting the dice it is asked for. */
function countingRoller(seed: number): Roller & { dice: number } {
  const r = seededRoller(seed);
  const c = { dice: 0, die: (sides: number): number => (c.dice++, r.die(sides)), state: () => r.state() };
  return c;
}

/** Dice the simulated fights draw, per fight, over `fights` fights of the run's own (not timed). */
function dicePerFight(ruleset: RulesetId, fights: number): number {
  const roller = countingRoller(1);
  const fight = fightWith(ruleset, { ms: 0, commands: 0, checkMs: 0, attacks: 0 });
  for (let i = 0; i < fights; i++) fight(roller);
  return roller.dice / fights;
}

/** CPU nanoseconds the project's seeded roller takes per die (d6 and d20 in turn, as the attacks mostly roll). */
function rollerNanosPerDie(): number {
  const r = seededRoller(3);
  let sink = 0;
  for (let i = 0; i < 200_000; i++) sink += r.die(6) + r.die(20);
  const c0 = process.cpuUsage();
  for (let i = 0; i < 2_000_000; i++) sink += r.die(6) + r.die(20);
  const c = process.cpuUsage(c0);
  if (sink < 0) throw new Error("unreachable");
  return ((c.user + c.system) * 1000) / 4_000_000;
}

/** The same engine, with apply() timed (performance.now() twice per command is counted as engine time). */
function timed<Setup, State, Command>(
  e: TurnOrderEngine<Setup, State, Command>,
  clock: Clock,
  check?: (s: State) => unknown,
): TurnOrderEngine<Setup, State, Command> {
  return {
    ...e,
    apply(state: State, command: Command, roller: Roller) {
      if (check) {
        const c = performance.now();
        check(state);
        clock.checkMs += performance.now() - c;
      }
      const t = performance.now();
      const o = e.apply(state, command, roller);
      clock.ms += performance.now() - t;
      clock.commands++;
      if (isAttackSpend(command)) clock.attacks++;
      return o;
    },
  };
}

function fightWith(ruleset: RulesetId, clock: Clock): (r: Roller) => FightResult | Refusal {
  const t = DEFAULT_TACTICS;
  const cap = DEFAULT_ROUND_CAP;
  switch (ruleset) {
    case "sections": {
      const p = SAMPLE_PARTIES.sections;
      const e = timed(sectionsEngine, clock, (s) => sectionsEngine.isState(s));
      return (r) => sectionsFight(p.a.members, p.b.members, r, t, cap, e);
    }
    case "escalation": {
      const p = SAMPLE_PARTIES.escalation;
      const e = timed(rankedEngine, clock);
      return (r) => escalationFight(p.a.members, p.b.members, r, t, cap, e);
    }
    case "teams": {
      const p = SAMPLE_PARTIES.teams;
      const a = p.a.members.map((m) => ({ ...m, team: "a" }));
      const b = p.b.members.map((m) => ({ ...m, team: "b" }));
      const e = timed(teamsEngine, clock, (s) => teamsEngine.isState(s));
      return (r) => teamsFight(a, b, r, t, cap, e);
    }
    case "strain": {
      const p = SAMPLE_PARTIES.strain;
      const e = timed(rolledEngine, clock);
      return (r) => strainFight(p.a.members, p.b.members, r, t, cap, e);
    }
    case "factions": {
      const p = SAMPLE_PARTIES.factions;
      const a = p.a.members.map((m) => ({ ...m, faction: "a" }));
      const b = p.b.members.map((m) => ({ ...m, faction: "b" }));
      const e = timed(factionsEngine, clock, (s) => factionsEngine.isState(s));
      return (r) => factionsFight(a, b, r, t, cap, e);
    }
  }
}

export default function (variant?: string): BenchFigure[] {
  const out: BenchFigure[] = [];
  for (const ruleset of RULESETS.filter((r) => variant === undefined || r === variant)) {
    const batch = (): unknown => simulate({ ruleset, seed: 1, fights: BATCH });
    const r = rates(batch);
    const cpu = r.cpu.map((x) => x * BATCH);
    out.push({
      name: `${ruleset}: 4v4 fights per CPU second (simulate), median`,
      value: median(cpu),
      unit: "fights/s",
    });
    out.push({
      name: `${ruleset}:   lowest and highest of ${WINDOWS} windows`,
      value: Math.min(...cpu),
      unit: `to ${Math.round(Math.max(...cpu)).toLocaleString("en")} fights/s`,
    });
    out.push({
      name: `${ruleset}: 4v4 fights per wall-clock second, median`,
      value: median(r.wall) * BATCH,
      unit: "fights/s",
    });
    // The dice floor: were the engines, resolvers and tactics free, a fight would cost only its dice.
    const dice = dicePerFight(ruleset, 2000);
    const floor = 1e9 / (dice * rollerNanosPerDie());
    out.push({ name: `${ruleset}:   dice drawn per fight`, value: dice, unit: "dice" });
    out.push({ name: `${ruleset}:   dice floor (fights/s were the dice all it cost)`, value: floor, unit: "fights/s" });
    out.push({
      name: `${ruleset}:   fraction of the dice floor reached (CPU median)`,
      value: (100 * median(cpu)) / floor,
      unit: "%",
    });
    // Breakdown: the same fights with the engine's apply() timed. A timed engine is not the rule set's own, so these
    // fights go through apply() (src/sim/engine-run.ts), not the fast run (src/core/fast) simulate() uses for every
    // rule set, and start afresh each fight (no kept first state): each line says "apply path", and the first gives
    // that path's own speed, so the gap to simulate()'s says what the fast paths save, not where their time goes.
    const clock: Clock = { ms: 0, commands: 0, checkMs: 0, attacks: 0 };
    const fight = fightWith(ruleset, clock);
    const roller = seededRoller(1);
    let fights = 0;
    let rounds = 0;
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    while (performance.now() - t0 < 1000) {
      const r = fight(roller);
      if ("ok" in r) throw new Error(r.reason);
      fights++;
      rounds += r.rounds;
    }
    const wall = performance.now() - t0;
    const c = process.cpuUsage(c0);
    // The extra shape checks are not part of a fight: take their share of the wall time off the CPU time too.
    const cpuMs = ((c.user + c.system) / 1000) * ((wall - clock.checkMs) / wall);
    // apply() is timed on the wall clock; its share of the wall time splits the CPU time.
    const share = clock.ms / (wall - clock.checkMs);
    out.push({
      name: `${ruleset}:   apply path (timed engine): fights per CPU second`,
      value: (1000 * fights) / cpuMs,
      unit: "fights/s",
    });
    out.push({ name: `${ruleset}:   mean rounds per fight`, value: rounds / fights, unit: "rounds" });
    out.push({ name: `${ruleset}:   engine commands per fight`, value: clock.commands / fights, unit: "commands" });
    out.push({ name: `${ruleset}:   apply path: share of fight time in apply()`, value: 100 * share, unit: "%" });
    out.push({
      name: `${ruleset}:   apply path: apply() per command (CPU)`,
      value: (1000 * share * cpuMs) / clock.commands,
      unit: "µs",
    });
    if (clock.checkMs > 0) {
      // The stored-state check, timed on its own: it runs once where a stored fight is read, never in apply(), so this
      // is what apply() would cost more per command were it checked on every command (a percentage of apply() now).
      out.push({
        name: `${ruleset}:   apply path: the read check apply() does not repeat`,
        value: (100 * clock.checkMs) / clock.ms,
        unit: "% of apply",
      });
    }
    const rest = (1000 * (1 - share) * cpuMs) / fights;
    const attacks = (clock.attacks / fights) * attackMicros(ruleset);
    out.push({ name: `${ruleset}:   apply path: rest per fight (attacks, tactics, GC; CPU)`, value: rest, unit: "µs" });
    out.push({
      name: `${ruleset}:     of which attacks (x one resolver call alone, copying form)`,
      value: attacks,
      unit: "µs",
    });
  }
  return out;
}
