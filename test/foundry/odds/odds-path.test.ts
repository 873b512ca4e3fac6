// The "Done when": the odds for lopsided fights and mirror matches in every rule set, each through the whole
// path a GM's click takes: actors → combat reading → ask → simulator input → the worker's handler → the panel's result.
import { describe, expect, it } from "vitest";
import { RULESETS, type RulesetId } from "../../../src/core/rulesets.js";
import { oddsAskFor, type CombatReading } from "../../../src/foundry/odds/combat-odds.js";
import { oddsJob } from "../../../src/foundry/odds/odds-job.js";
import { oddsResult, type OddsResult } from "../../../src/foundry/odds/odds-result.js";
import { CAST, readingOf, type CastEntry, type Strength } from "./odds-cast.js";
import { reportThroughWorker } from "./worker-harness.js";

const FIGHTS = 2000;

function odds(reading: CombatReading, seed = 1): OddsResult {
  const job = oddsJob(oddsAskFor(reading, seed, FIGHTS));
  if ("ok" in job) throw new Error(`refused: ${job.key} ${job.reason}`);
  return oddsResult(job, reportThroughWorker(job.input));
}

/**
 * The same combat with side b first: first in the GM's side order (sections, teams, factions) and first in the
 * combat's list, which orders ties where the order is by combatant (ranked, rolled).
 */
const swapped = (ruleset: RulesetId, cast: readonly CastEntry[]): CombatReading =>
  readingOf(ruleset, [...cast.filter((c) => c.side === "b"), ...cast.filter((c) => c.side !== "b")], null, ["b", "a"]);

const team = (ruleset: RulesetId, side: string, strength: Strength, n: number, pc = false): CastEntry[] =>
  Array.from({ length: n }, (_, i) => ({ actor: CAST[ruleset](`${side}${i}`, strength), side, playerOwned: pc }));

/** The clause that gives one side the first move in each rule set's turn order, and the mirror's lead it makes. */
const FIRST_MOVE: Readonly<Record<RulesetId, string>> = {
  sections: "SEC-05",
  escalation: "ESC-01",
  teams: "TEAM-03",
  strain: "STR-02",
  factions: "FAC-05",
};

describe("odds of a lopsided fight, from the actors", { timeout: 60_000 }, () => {
  for (const ruleset of RULESETS) {
    it(`${FIRST_MOVE[ruleset]} ${ruleset}: four strong against one weak win above 95%, whichever side starts`, () => {
      const cast = [...team(ruleset, "a", "strong", 4, true), ...team(ruleset, "b", "weak", 1)];
      const strongFirst = odds(readingOf(ruleset, cast));
      expect(strongFirst.sides.a.label).toBe("Heroes");
      expect(strongFirst.sides.a.win).toBeGreaterThan(0.95);
      expect(strongFirst.sides.a.interval[0]).toBeGreaterThan(0.95);
      // The weak side starting changes nothing much: the strong side is side b of the simulator then.
      const weakFirst = odds(swapped(ruleset, cast));
      expect(weakFirst.sides.b.label).toBe("Heroes");
      expect(weakFirst.sides.b.win).toBeGreaterThan(0.95);
      // The strong rarely drop; the panel lists the four player characters.
      expect(strongFirst.pcs.map((p) => p.name)).toEqual(["a0", "a1", "a2", "a3"]);
      for (const p of strongFirst.pcs) expect(p.drop).toBeLessThan(0.5);
    });
  }
});

describe("odds of a mirror match, from the actors", { timeout: 60_000 }, () => {
  // Where the turn order gives nobody the first move (rolled initiative; ranked with ties rolled off), the mirror is
  // even. Where it gives the first move to a side (sections' sides in turn, teams' starting team, the factions' holder,
  // ranked ties going to the one listed first), that side leads: the odds show it, and with each side starting once
  // the mirror is even.
  for (const ruleset of RULESETS) {
    it(`${FIRST_MOVE[ruleset]} ${ruleset}: four against the same four are within a few points of 50%`, () => {
      const cast = [...team(ruleset, "a", "even", 4, true), ...team(ruleset, "b", "even", 4)];
      const heroesFirst = odds(readingOf(ruleset, cast), 3);
      const foesFirst = odds(swapped(ruleset, cast), 4);
      const heroes = (r: OddsResult): number => (r.sides.a.label === "Heroes" ? r.sides.a.win : r.sides.b.win);
      const averaged = (heroes(heroesFirst) + heroes(foesFirst)) / 2;
      expect(Math.abs(averaged - 0.5)).toBeLessThan(0.04);
      expect(heroesFirst.draws).toBeLessThan(0.02);
      if (ruleset === "strain") expect(Math.abs(heroesFirst.sides.a.win - 0.5)).toBeLessThan(0.04);
      else expect(heroesFirst.sides.a.win).toBeGreaterThan(0.5);
    });
  }

  it(
    "ESC-01 escalation: with ties rolled off (the world's rule option), nobody has the first move " +
      "and the mirror is even",
    () => {
      const cast = [...team("escalation", "a", "even", 4), ...team("escalation", "b", "even", 4)];
      const r = odds({ ...readingOf("escalation", cast), worldOptions: { ties: "rollOff" } }, 5);
      expect(Math.abs(r.sides.a.win - 0.5)).toBeLessThan(0.04);
    },
  );
});
