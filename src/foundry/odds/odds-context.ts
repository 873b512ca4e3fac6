import type { OddsResult, OddsSideResult } from "./odds-result.js";

/** Where the GM's odds panel is: nothing asked yet, fights being played, the result, or why there is none. */
export type OddsState =
  | { readonly kind: "idle" }
  | { readonly kind: "running"; readonly played: number; readonly total: number }
  | { readonly kind: "done"; readonly result: OddsResult }
  | { readonly kind: "refused"; readonly key: string; readonly data: Readonly<Record<string, string | number>> };

/** How many fights the GM may ask for. */
export const FIGHT_CHOICES: readonly number[] = [500, 2000, 5000];
export const DEFAULT_FIGHTS = 2000;

/** The chart's drawing area (SVG user units): one bar per round, stacked by who won. */
const CHART = { width: 240, height: 64, gap: 0.15 } as const;

interface OddsBar {
  readonly round: number;
  readonly x: number;
  readonly width: number;
  /** Stacked from the bottom: side a's wins, side b's on them, draws on top; y and height of each. */
  readonly a: { readonly y: number; readonly height: number };
  readonly b: { readonly y: number; readonly height: number };
  readonly draws: { readonly y: number; readonly height: number };
  /** The bar's numbers, for its tooltip: shares of all fights. */
  readonly data: Readonly<Record<string, string | number>>;
}

interface OddsSideView {
  readonly side: "a" | "b";
  readonly label: string;
  readonly win: string;
  readonly low: string;
  readonly high: string;
  /** The bar's width in percent. */
  readonly width: number;
  /** Fights this side won, by how many of its members were standing at the end (most first). */
  readonly survivors: readonly { readonly count: number; readonly share: string; readonly width: number }[];
}

interface OddsView {
  readonly sides: readonly OddsSideView[];
  readonly draws: string | null;
  readonly rounds: { readonly mean: string; readonly sd: string };
  readonly midFight: boolean;
  readonly round: number;
  readonly seed: number;
  readonly fights: number;
  readonly pcs: readonly {
    readonly name: string;
    readonly side: string;
    readonly drop: string;
    readonly low: string;
    readonly high: string;
    readonly width: number;
  }[];
  readonly out: string;
  readonly chart: {
    readonly width: number;
    readonly height: number;
    readonly bars: readonly OddsBar[];
    readonly first: number;
    readonly last: number;
  };
  readonly policy: readonly string[];
}

/** What the odds panel's template renders (templates/combat/odds.hbs): given to the GM only. */
export interface OddsPanel {
  readonly state: OddsState["kind"];
  readonly seed: string;
  readonly fights: readonly { readonly value: number; readonly selected: boolean }[];
  readonly progress: { readonly played: number; readonly total: number; readonly percent: number } | null;
  readonly refusal: { readonly key: string; readonly data: Readonly<Record<string, string | number>> } | null;
  readonly result: OddsView | null;
}

/**
 * A share as a whole percentage ("<1%" for a share too small to round up to 1, never "0%" for something that happened).
 */
export function percent(x: number): string {
  if (x > 0 && x < 0.005) return "<1%";
  if (x < 1 && x > 0.995) return ">99%";
  return `${Math.round(x * 100)}%`;
}

const round2 = (x: number): number => Math.round(x * 100) / 100;

/** The panel for the GM: the seed and fights to ask with, and the state's progress, refusal or result. Pure. */
export function oddsPanel(state: OddsState, seed: string, fights: number): OddsPanel {
  return {
    state: state.kind,
    seed,
    fights: FIGHT_CHOICES.map((value) => ({ value, selected: value === fights })),
    progress:
      state.kind === "running"
        ? {
            played: state.played,
            total: state.total,
            percent: state.total > 0 ? Math.floor((100 * state.played) / state.total) : 0,
          }
        : null,
    refusal: state.kind === "refused" ? { key: state.key, data: state.data } : null,
    result: state.kind === "done" ? oddsView(state.result) : null,
  };
}

export function oddsView(r: OddsResult): OddsView {
  return {
    sides: [sideView("a", r.sides.a), sideView("b", r.sides.b)],
    draws: r.draws > 0 ? percent(r.draws) : null,
    rounds: { mean: r.rounds.mean.toFixed(1), sd: r.rounds.sd.toFixed(1) },
    midFight: r.round > 0,
    round: r.round,
    seed: r.seed,
    fights: r.fights,
    pcs: r.pcs.map((p) => ({
      name: p.name,
      side: p.side,
      drop: percent(p.drop),
      low: percent(p.interval[0]),
      high: percent(p.interval[1]),
      width: round2(100 * p.drop),
    })),
    out: r.out.join(", "),
    chart: chart(r),
    policy: r.policy,
  };
}

function sideView(side: "a" | "b", s: OddsSideResult): OddsSideView {
  const survivors = s.survivors
    .map((share, count) => ({ count, share: percent(share), width: round2(100 * share), raw: share }))
    .filter((x) => x.count > 0 && x.raw > 0)
    .reverse()
    .map(({ count, share, width }) => ({ count, share, width }));
  return {
    side,
    label: s.label,
    win: percent(s.win),
    low: percent(s.interval[0]),
    high: percent(s.interval[1]),
    width: round2(100 * s.win),
    survivors,
  };
}

/**
 * One bar per round from the first to the last round a fight ended in, scaled so the tallest fills the height.
 * Mid-fight, the fights count from the round the fight is in (resumed or afresh): their round 1 is shown as that round.
 */
function chart(r: OddsResult): OddsView["chart"] {
  const shift = r.round > 0 ? r.round - 1 : 0;
  const endings = r.endings.map((e) => ({ ...e, round: e.round + shift }));
  const tallest = Math.max(0, ...endings.map((e) => e.a + e.b + e.draws));
  const step = endings.length > 0 ? CHART.width / endings.length : CHART.width;
  const scale = tallest > 0 ? CHART.height / tallest : 0;
  const bars = endings.map((e, i) => {
    const ha = round2(e.a * scale);
    const hb = round2(e.b * scale);
    const hd = round2(e.draws * scale);
    const base = CHART.height;
    return {
      round: e.round,
      x: round2(i * step + (step * CHART.gap) / 2),
      width: round2(step * (1 - CHART.gap)),
      a: { y: round2(base - ha), height: ha },
      b: { y: round2(base - ha - hb), height: hb },
      draws: { y: round2(base - ha - hb - hd), height: hd },
      data: {
        round: e.round,
        a: percent(e.a),
        b: percent(e.b),
        draws: percent(e.draws),
        sideA: r.sides.a.label,
        sideB: r.sides.b.label,
      },
    };
  });
  return {
    width: CHART.width,
    height: CHART.height,
    bars,
    first: endings[0]?.round ?? 0,
    last: endings[endings.length - 1]?.round ?? 0,
  };
}
