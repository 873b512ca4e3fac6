// Before the start, a combatant with no group and no declared side takes its side from its token's disposition, in
// the turn order's own words (strain and escalation say "pc"/"npc"): the odds must name the sides the tracker labels.
import { describe, expect, it } from "vitest";
import { oddsAskFor } from "../../../src/foundry/odds/combat-odds.js";
import { oddsJob } from "../../../src/foundry/odds/odds-job.js";
import { CAST, readingOf } from "./odds-cast.js";

describe("odds sides from token dispositions", () => {
  for (const ruleset of ["strain", "escalation"] as const) {
    it(`${ruleset}: friendly and hostile tokens are the turn order's pc and npc sides, with their labels`, () => {
      const cast = [
        { actor: CAST[ruleset]("hero", "strong"), side: "", disposition: 1 },
        { actor: CAST[ruleset]("brute", "weak"), side: "", disposition: -1 },
      ];
      const base = readingOf(ruleset, cast, null, []);
      const reading = {
        ...base,
        sideLabels: { pc: "Player characters", npc: "Adversaries" },
        combatants: base.combatants.map((c, i) => ({
          ...c,
          source: { ...c.source, groupId: null, disposition: cast[i]!.disposition },
        })),
      };
      const job = oddsJob(oddsAskFor(reading, 1, 10));
      if ("ok" in job) throw new Error(`refused: ${job.key}`);
      expect(new Set([job.sides.a.id, job.sides.b.id])).toEqual(new Set(["pc", "npc"]));
      expect(new Set([job.sides.a.label, job.sides.b.label])).toEqual(new Set(["Player characters", "Adversaries"]));
    });
  }
});
