import { wilson } from "./stats.js";
import type { SimReport, SimSide } from "./types.js";

/** The CSV's columns: one measure a row, long format, so a spreadsheet or a data frame can filter and pivot it. */
export const CSV_COLUMNS = [
  "ruleset",
  "seed",
  "fights",
  "measure",
  "side",
  "member",
  "round",
  "standing",
  "value",
  "low",
  "high",
] as const;

type Row = Partial<Record<(typeof CSV_COLUMNS)[number], string | number>>;

/** A field as RFC 4180 writes it: quoted when it holds a comma, a quote or a line break (quotes doubled). */
function field(v: string | number | undefined): string {
  if (v === undefined) return "";
  const s = String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * The report as CSV: each side's wins (rate and 95% interval), draws, the rounds' mean, spread, least and most, and
 * with the detail each member's drops (rate and interval), the fights ended in each round by winner ("draw" for a
 * draw), and the fights each side won with each number of members standing (counts).
 */
export function reportCsv(r: SimReport): string {
  const rows: Row[] = [];
  const sides: SimSide[] = ["a", "b"];
  for (const s of sides)
    rows.push({
      measure: "win",
      side: s,
      value: r.winRate[s],
      low: r.winRateInterval[s][0],
      high: r.winRateInterval[s][1],
    });
  rows.push({ measure: "draw", value: r.draws / r.fights });
  rows.push({ measure: "rounds_mean", value: r.rounds.mean }, { measure: "rounds_sd", value: r.rounds.sd });
  rows.push({ measure: "rounds_min", value: r.rounds.min }, { measure: "rounds_max", value: r.rounds.max });
  const d = r.detail;
  if (d) {
    for (const s of sides)
      for (const id of r.parties[s].members) {
        const k = d.drops[id] ?? 0;
        const [low, high] = wilson(k, r.fights);
        rows.push({ measure: "drop", side: s, member: id, value: k / r.fights, low, high });
      }
    for (const [side, counts] of [
      ["a", d.roundsEnded.a],
      ["b", d.roundsEnded.b],
      ["draw", d.roundsEnded.draws],
    ] as const)
      counts.forEach((n, round) => n > 0 && rows.push({ measure: "ended", side, round, value: n }));
    for (const s of sides)
      d.survivors[s].forEach(
        (n, standing) => n > 0 && rows.push({ measure: "won_standing", side: s, standing, value: n }),
      );
  }
  const lines = [CSV_COLUMNS.join(",")];
  for (const row of rows) {
    const full: Row = { ruleset: r.ruleset, seed: r.seed, fights: r.fights, ...row };
    lines.push(CSV_COLUMNS.map((c) => field(full[c])).join(","));
  }
  return `${lines.join("\n")}\n`;
}
