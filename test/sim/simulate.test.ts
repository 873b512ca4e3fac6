import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RULESETS, type RulesetId } from "../../src/core/index.js";
import { simulate, SAMPLE_PARTIES, DEFAULT_ROUND_CAP, type SimInput, type SimReport } from "../../src/sim/index.js";
import type { Refusal } from "../../src/core/shared/index.js";
import { lopsided } from "./parties.js";

function run(input: Record<string, unknown>): SimReport | Refusal {
  return simulate(input as SimInput);
}

function report(input: Record<string, unknown>): SimReport {
  const r = run(input);
  if (!r.ok) throw new Error(`refused: ${r.key} ${r.reason}`);
  return r;
}

describe("simulate: determinism", () => {
  for (const ruleset of RULESETS) {
    it(`${ruleset}: the same seed gives an identical report`, () => {
      const one = report({ ruleset, seed: 11, fights: 60 });
      const two = report({ ruleset, seed: 11, fights: 60 });
      expect(two).toEqual(one);
      expect(JSON.parse(JSON.stringify(one))).toEqual(one);
    });

    it(`${ruleset}: another seed plays other fights`, () => {
      const one = report({ ruleset, seed: 11, fights: 200 });
      const two = report({ ruleset, seed: 12, fights: 200 });
      expect([two.wins, two.rounds]).not.toEqual([one.wins, one.rounds]);
    });
  }

  it("does not change the parties or tactics it is given", () => {
    const parties = structuredClone(SAMPLE_PARTIES.teams);
    const tactics = { target: "first" as const };
    const before = JSON.stringify([parties, tactics]);
    report({ ruleset: "teams", seed: 3, fights: 20, parties, tactics });
    expect(JSON.stringify([parties, tactics])).toBe(before);
  });
});

const lopsidedClause: Readonly<Record<RulesetId, string>> = {
  sections: "SEC-68",
  escalation: "ESC-14",
  teams: "TEAM-46",
  strain: "STR-40",
  factions: "FAC-25",
};

describe("simulate: a lopsided fight", () => {
  for (const ruleset of RULESETS) {
    it(
      `${lopsidedClause[ruleset]} ${ruleset}: four strong ` + `against four weak, the strong side wins nearly always`,
      () => {
        const parties = lopsided(ruleset);
        const strongFirst = report({ ruleset, seed: 5, fights: 200, parties });
        expect(strongFirst.winRate.a).toBeGreaterThanOrEqual(0.9);
        // Swapped sides: the strong party wins as b too, so it is the party, not the seat.
        const swapped = report({ ruleset, seed: 5, fights: 200, parties: { a: parties.b, b: parties.a } });
        expect(swapped.winRate.b).toBeGreaterThanOrEqual(0.9);
      },
    );
  }
});

describe("simulate: fights end", () => {
  for (const ruleset of RULESETS) {
    it(`${ruleset}: no fight runs past the round cap, and one still running there is a draw`, () => {
      const r = report({ ruleset, seed: 9, fights: 100, roundCap: 2 });
      expect(r.roundCap).toBe(2);
      expect(r.rounds.max).toBeLessThanOrEqual(2);
      expect(r.draws).toBeGreaterThan(0);
      expect(r.wins.a + r.wins.b + r.draws).toBe(100);
    });
  }

  it(`the default round cap is ${DEFAULT_ROUND_CAP} and sample fights finish well before it`, () => {
    for (const ruleset of RULESETS) {
      const r = report({ ruleset, seed: 2, fights: 100 });
      expect(r.roundCap).toBe(DEFAULT_ROUND_CAP);
      expect(r.draws).toBe(0);
      expect(r.rounds.max).toBeLessThan(DEFAULT_ROUND_CAP);
    }
  });

  it("SEC-68 sections: parties that cannot hurt each other draw every fight at the cap", () => {
    const harmless = SAMPLE_PARTIES.sections;
    // Hits still land, but nobody can lose 100000 HP in five rounds.
    const tough = (p: typeof harmless.a) => ({ ...p, members: p.members.map((m) => ({ ...m, hp: 100000 })) });
    const r = report({
      ruleset: "sections",
      seed: 4,
      fights: 20,
      parties: { a: tough(harmless.a), b: tough(harmless.b) },
      roundCap: 5,
    });
    expect(r.draws).toBe(20);
    expect(r.rounds).toEqual({ mean: 5, sd: 0, min: 5, max: 5 });
    expect(r.winRate).toEqual({ a: 0, b: 0 });
  });
});

describe("simulate: the report's numbers agree", () => {
  it("wins + draws = fights; rates, interval and rounds are consistent (property)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...RULESETS),
        fc.integer({ min: 0, max: 0xffffffff }),
        fc.integer({ min: 1, max: 25 }),
        fc.integer({ min: 1, max: 12 }),
        fc.constantFrom("weakest", "strongest", "first"),
        (ruleset, seed, fights, roundCap, target) => {
          const r = report({ ruleset, seed, fights, roundCap, tactics: { target } });
          expect(r.wins.a + r.wins.b + r.draws).toBe(fights);
          expect(r.fights).toBe(fights);
          expect(r.seed).toBe(seed);
          expect(r.winRate.a).toBeCloseTo(r.wins.a / fights, 12);
          expect(r.winRate.b).toBeCloseTo(r.wins.b / fights, 12);
          for (const s of ["a", "b"] as const) {
            const [lo, hi] = r.winRateInterval[s];
            expect(lo).toBeGreaterThanOrEqual(0);
            expect(hi).toBeLessThanOrEqual(1);
            expect(lo).toBeLessThanOrEqual(r.winRate[s] + 1e-12);
            expect(hi).toBeGreaterThanOrEqual(r.winRate[s] - 1e-12);
          }
          expect(r.rounds.min).toBeGreaterThanOrEqual(0);
          expect(r.rounds.min).toBeLessThanOrEqual(r.rounds.mean + 1e-9);
          expect(r.rounds.mean).toBeLessThanOrEqual(r.rounds.max + 1e-9);
          expect(r.rounds.max).toBeLessThanOrEqual(roundCap);
          expect(r.rounds.sd).toBeGreaterThanOrEqual(0);
          if (fights === 1) expect(r.rounds.sd).toBe(0);
          expect(r.parties.a.members.length).toBe(4);
          expect(r.parties.b.members.length).toBe(4);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("names the parties and the tactics it used", () => {
    const r = report({ ruleset: "factions", seed: 1, fights: 5, tactics: { morale: false } });
    expect(r.parties.a).toEqual({
      name: SAMPLE_PARTIES.factions.a.name,
      members: SAMPLE_PARTIES.factions.a.members.map((m) => m.id),
    });
    expect(r.tactics).toEqual({
      target: "weakest",
      extraAttack: true,
      attacksPerTurn: 3,
      defence: "best",
      morale: false,
    });
  });
});

describe("simulate: bad input is refused, never thrown", () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ["an unknown rule set", { ruleset: "chess", seed: 1, fights: 10 }, "SimUnknownRuleset"],
    ["a negative seed", { ruleset: "teams", seed: -1, fights: 10 }, "SimBadSeed"],
    ["a fractional seed", { ruleset: "teams", seed: 1.5, fights: 10 }, "SimBadSeed"],
    ["a seed past 32 bits", { ruleset: "teams", seed: 2 ** 32, fights: 10 }, "SimBadSeed"],
    ["a text seed", { ruleset: "teams", seed: "7", fights: 10 }, "SimBadSeed"],
    ["zero fights", { ruleset: "teams", seed: 1, fights: 0 }, "SimBadFights"],
    ["fractional fights", { ruleset: "teams", seed: 1, fights: 2.5 }, "SimBadFights"],
    ["a zero round cap", { ruleset: "teams", seed: 1, fights: 2, roundCap: 0 }, "SimBadRoundCap"],
    [
      "an unknown target tactic",
      { ruleset: "teams", seed: 1, fights: 2, tactics: { target: "loudest" } },
      "SimBadTactics",
    ],
    ["four attacks a turn", { ruleset: "teams", seed: 1, fights: 2, tactics: { attacksPerTurn: 4 } }, "SimBadTactics"],
    [
      "an empty party",
      {
        ruleset: "teams",
        seed: 1,
        fights: 2,
        parties: { a: { name: "none", members: [] }, b: SAMPLE_PARTIES.teams.b },
      },
      "SimEmptyParty",
    ],
    [
      "one member twice",
      { ruleset: "teams", seed: 1, fights: 2, parties: { a: SAMPLE_PARTIES.teams.b, b: SAMPLE_PARTIES.teams.b } },
      "SimDuplicateMember",
    ],
    [
      "a party without a name",
      {
        ruleset: "teams",
        seed: 1,
        fights: 2,
        parties: { a: { members: SAMPLE_PARTIES.teams.a.members }, b: SAMPLE_PARTIES.teams.b },
      },
      "SimBadParties",
    ],
    ["no input at all", null as unknown as Record<string, unknown>, "SimMalformedInput"],
  ];
  for (const [what, input, key] of cases) {
    it(`refuses ${what}`, () => {
      const r = run(input);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.key).toBe(`FRAY.Refusal.${key}`);
    });
  }

  it("refuses a member the attack module would refuse (negative hit points)", () => {
    for (const ruleset of RULESETS) {
      const p = SAMPLE_PARTIES[ruleset];
      const first = p.a.members[0] as unknown as Record<string, unknown>;
      const broken = { ...first, hp: -3, health: -3, endurance: -3, fatigueLoad: -3 };
      const r = run({
        ruleset,
        seed: 1,
        fights: 2,
        parties: { a: { ...p.a, members: [broken, ...p.a.members.slice(1)] }, b: p.b },
      });
      expect(r.ok, ruleset).toBe(false);
      if (!r.ok) expect(r.key).toBe("FRAY.Refusal.NegativeValue");
    }
  });
});
