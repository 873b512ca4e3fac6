import { seededRoller, type Refusal, type Roller } from "../core/shared/index.js";
import { FirstStates } from "./first-states.js";
import { add, running, sd, wilson, type Running } from "./stats.js";
import type { FightExtras, FightResult, FightTrace, SimDetail, SimInput, SimReport, SimTactics } from "./types.js";

/**
 * One fight of prepared parties, played with the roller, the rule options and, when the report counts detail, a trace
 * to fill.
 */
export type Fight = (roller: Roller, extras: FightExtras) => FightResult | Refusal;

/** Parties checked and closed over by simulate.ts's prepare: the run then only plays. */
export interface PreparedFights {
  readonly run: Fight;
  readonly parties: SimReport["parties"];
}

/** The detail's counters, as the fights add to them. */
interface DetailCounts {
  readonly trace: FightTrace;
  readonly drops: number[];
  readonly roundsEnded: { readonly a: number[]; readonly b: number[]; readonly draws: number[] };
  readonly survivors: { readonly a: number[]; readonly b: number[] };
}

/**
 * The fights of one report, played a batch at a time: `play(n)` plays up to n more, `report()` sums up those played.
 * One seeded roller runs every fight in turn, so however the fights are split into batches, fight k is the same
 * fight and the report the same as `simulate` gives for the same input.
 */
export class SimRun {
  readonly total: number;
  private playedCount = 0;
  private winsA = 0;
  private winsB = 0;
  private draws = 0;
  private readonly rounds: Running = running();
  private readonly roller: Roller;
  private readonly detail: DetailCounts | null;
  private readonly extras: FightExtras;

  constructor(
    private readonly input: SimInput,
    private readonly tactics: SimTactics,
    private readonly cap: number,
    private readonly fights: PreparedFights,
  ) {
    this.total = input.fights;
    this.roller = seededRoller(input.seed);
    this.detail = input.detail === true ? detailCounts(fights.parties, cap) : null;
    // One object for every fight of the run: the fights only read it (and fill the trace).
    this.extras = {
      ...(input.ruleOptions ? { ruleOptions: input.ruleOptions } : {}),
      ...(this.detail ? { trace: this.detail.trace } : {}),
      ...(input.resume ? { resume: input.resume } : {}),
      firstStates: new FirstStates(),
    };
  }

  get played(): number {
    return this.playedCount;
  }

  get finished(): boolean {
    return this.playedCount >= this.total;
  }

  /** Play up to `n` more fights; a refusal (a bug in the data or the tactics) stops the run. */
  play(n: number): Refusal | null {
    const stop = Math.min(this.total, this.playedCount + n);
    const run = this.fights.run;
    const detail = this.detail;
    for (let k = this.playedCount; k < stop; k++) {
      const r = run(this.roller, this.extras);
      if ("ok" in r) return r;
      if (r.winner === "a") this.winsA++;
      else if (r.winner === "b") this.winsB++;
      else this.draws++;
      add(this.rounds, r.rounds);
      if (detail) count(detail, r, this.fights.parties.a.members.length);
      this.playedCount = k + 1;
    }
    return null;
  }

  /** The report of the fights played so far (all of them once `finished`). */
  report(): SimReport {
    const n = this.playedCount;
    const { winsA, winsB, rounds } = this;
    // The keys in this order, detail last and only when asked: reports stay byte-identical to earlier ones.
    const report: SimReport = {
      ok: true,
      ruleset: this.input.ruleset,
      seed: this.input.seed,
      fights: n,
      roundCap: this.cap,
      tactics: this.tactics,
      parties: this.fights.parties,
      wins: { a: winsA, b: winsB },
      draws: this.draws,
      winRate: { a: winsA / n, b: winsB / n },
      winRateInterval: { a: wilson(winsA, n), b: wilson(winsB, n) },
      rounds: { mean: rounds.mean, sd: sd(rounds), min: rounds.min, max: rounds.max },
    };
    return this.detail ? { ...report, detail: detailOf(this.detail, this.fights.parties) } : report;
  }
}

function detailCounts(parties: SimReport["parties"], cap: number): DetailCounts {
  const na = parties.a.members.length;
  const n = na + parties.b.members.length;
  const zeros = (k: number): number[] => new Array<number>(k).fill(0);
  return {
    trace: { dropped: new Uint8Array(n), standing: new Uint8Array(n) },
    drops: zeros(n),
    // Rounds from 0 (strain's Round Zero) to the cap.
    roundsEnded: { a: zeros(cap + 1), b: zeros(cap + 1), draws: zeros(cap + 1) },
    survivors: { a: zeros(na + 1), b: zeros(n - na + 1) },
  };
}

function count(d: DetailCounts, r: FightResult, na: number): void {
  const { dropped, standing } = d.trace;
  for (let i = 0; i < dropped.length; i++) d.drops[i] = (d.drops[i] as number) + (dropped[i] as number);
  const row = r.winner === "a" ? d.roundsEnded.a : r.winner === "b" ? d.roundsEnded.b : d.roundsEnded.draws;
  const round = Math.min(Math.max(r.rounds, 0), row.length - 1);
  row[round] = (row[round] as number) + 1;
  if (r.winner === null) return;
  let left = 0;
  const [from, to] = r.winner === "a" ? [0, na] : [na, standing.length];
  for (let i = from; i < to; i++) left += standing[i] as number;
  const survivors = d.survivors[r.winner];
  survivors[left] = (survivors[left] as number) + 1;
}

function detailOf(d: DetailCounts, parties: SimReport["parties"]): SimDetail {
  // fromEntries defines each id as an own key, whatever it is ("__proto__" included).
  const drops = Object.fromEntries(
    [...parties.a.members, ...parties.b.members].map((id, i) => [id, d.drops[i] as number]),
  );
  return {
    drops,
    roundsEnded: { a: [...d.roundsEnded.a], b: [...d.roundsEnded.b], draws: [...d.roundsEnded.draws] },
    survivors: { a: [...d.survivors.a], b: [...d.survivors.b] },
  };
}
