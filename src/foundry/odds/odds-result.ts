import type { RulesetId } from "../../core/rulesets.js";
import { wilson, type SimReport } from "../../sim/index.js";
import type { OddsJob } from "./odds-job.js";

export interface OddsSideResult {
  readonly id: string;
  readonly label: string;
  /** Share of the fights this side won, with its Wilson 95% interval. */
  readonly win: number;
  readonly interval: readonly [number, number];
  /** `survivors[k]`: share of all fights this side won with k of its members standing (k from 0 to its size). */
  readonly survivors: readonly number[];
}

interface OddsDrop {
  readonly id: string;
  readonly name: string;
  readonly side: string;
  /** Share of the fights in which this character dropped, with its Wilson 95% interval. */
  readonly drop: number;
  readonly interval: readonly [number, number];
}

/** Fights that ended in one round, as shares of all fights, by who won. */
interface OddsEnding {
  readonly round: number;
  readonly a: number;
  readonly b: number;
  readonly draws: number;
}

/** The odds as the panel shows them: plain data, every share from 0 to 1. */
export interface OddsResult {
  readonly ruleset: RulesetId;
  readonly seed: number;
  readonly fights: number;
  readonly roundCap: number;
  /** The round the fight was in when the odds were asked (0 before it starts): the fights start from there. */
  readonly round: number;
  readonly sides: { readonly a: OddsSideResult; readonly b: OddsSideResult };
  readonly draws: number;
  /** Rounds the fights lasted (a draw counts as the cap). */
  readonly rounds: { readonly mean: number; readonly sd: number; readonly min: number; readonly max: number };
  readonly pcs: readonly OddsDrop[];
  readonly out: readonly string[];
  /** From the first round any fight ended in to the last. */
  readonly endings: readonly OddsEnding[];
  /** The decision policy the simulated combatants follow, as localisation keys (docs/simulator.md says the same). */
  readonly policy: readonly string[];
}

/** The panel's result from the job and the simulator's report (asked with detail). */
export function oddsResult(job: OddsJob, report: SimReport): OddsResult {
  const n = report.fights;
  const d = report.detail;
  const share = (k: number): number => (n > 0 ? k / n : 0);
  const side = (s: "a" | "b"): OddsSideResult => ({
    id: job.sides[s].id,
    label: job.sides[s].label,
    win: report.winRate[s],
    interval: report.winRateInterval[s],
    survivors: (d?.survivors[s] ?? []).map(share),
  });
  const sideOf = (id: string): string =>
    report.parties.a.members.includes(id) ? job.sides.a.label : job.sides.b.label;
  const pcs = job.pcs.map((id) => {
    const k = d?.drops[id] ?? 0;
    return { id, name: job.names[id] ?? id, side: sideOf(id), drop: share(k), interval: wilson(k, n) };
  });
  const endings: OddsEnding[] = [];
  for (let r = report.rounds.min; d && r <= report.rounds.max; r++)
    endings.push({
      round: r,
      a: share(d.roundsEnded.a[r] ?? 0),
      b: share(d.roundsEnded.b[r] ?? 0),
      draws: share(d.roundsEnded.draws[r] ?? 0),
    });
  return {
    ruleset: report.ruleset,
    seed: report.seed,
    fights: n,
    roundCap: report.roundCap,
    round: job.round,
    sides: { a: side("a"), b: side("b") },
    draws: share(report.draws),
    rounds: report.rounds,
    pcs,
    out: job.out,
    endings,
    policy: policyKeys(report.ruleset, job.round, job.resumed),
  };
}

/**
 * The decision policy in words: the same for every rule set, then the rule set's own, then where the fights start
 * (mid-fight: played on from the turn order's state, or afresh in its round where the simulator cannot resume).
 */
function policyKeys(ruleset: RulesetId, round: number, resumed = false): string[] {
  const from = round === 0 ? "Start" : resumed ? "MidFight" : "MidFightAfresh";
  return ["FRAY.Odds.Policy.Common", `FRAY.Odds.Policy.${ruleset}`, `FRAY.Odds.Policy.${from}`];
}
