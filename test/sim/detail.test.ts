// The report's detail (drops per member, how fights ended), batched runs, and the world's rule options.
import { describe, expect, it } from "vitest";
import { RULESETS, type RulesetId } from "../../src/core/index.js";
import { MODE_FOR_RULESET } from "../../src/foundry/rulesets/index.js";
import { RULE_OPTIONS } from "../../src/foundry/settings/rule-options.js";
import {
  openRun,
  SAMPLE_PARTIES,
  simulate,
  type SimInput,
  type SimMembers,
  type SimReport,
} from "../../src/sim/index.js";

function report(input: Record<string, unknown>): SimReport {
  const r = simulate(input as SimInput);
  if (!r.ok) throw new Error(`refused: ${r.key} ${r.reason}`);
  return r;
}

/** The sample parties with party a's first member already down when the fight starts. */
const firstDown: { readonly [R in RulesetId]: (m: SimMembers[R]) => SimMembers[R] } = {
  sections: (m) => ({ ...m, hp: 0 }),
  escalation: (m) => ({ ...m, hp: 0, condition: "defeated" }),
  teams: (m) => ({ ...m, health: 0, condition: "unconscious" }),
  // Removed (STR-64): an Incapacitated strain character is not out, it may come round (STR-65) and drop again.
  strain: (m) => ({ ...m, incapacitated: true, removed: true }),
  factions: (m) => ({ ...m, health: 0, incapacitated: true }),
};

function withFirstDown<R extends RulesetId>(ruleset: R) {
  const p = SAMPLE_PARTIES[ruleset];
  const down = firstDown[ruleset] as (m: SimMembers[R]) => SimMembers[R];
  const [first, ...rest] = p.a.members;
  return { a: { name: p.a.name, members: [down(first as SimMembers[R]), ...rest] }, b: p.b };
}

describe("simulate with detail", () => {
  for (const ruleset of RULESETS) {
    it(`${ruleset}: asking for detail adds it and changes nothing else`, () => {
      const plain = report({ ruleset, seed: 9, fights: 120 });
      const { detail, ...rest } = report({ ruleset, seed: 9, fights: 120, detail: true });
      expect(rest).toEqual(plain);
      expect(JSON.stringify(rest)).toBe(JSON.stringify(plain));
      expect(detail).toBeDefined();
    });

    it(`${ruleset}: the detail adds up to the fights, and a winner always has someone standing`, () => {
      const r = report({ ruleset, seed: 4, fights: 150, detail: true });
      const d = r.detail!;
      const sum = (xs: readonly number[]) => xs.reduce((x, y) => x + y, 0);
      expect(sum(d.roundsEnded.a)).toBe(r.wins.a);
      expect(sum(d.roundsEnded.b)).toBe(r.wins.b);
      expect(sum(d.roundsEnded.draws)).toBe(r.draws);
      expect(sum(d.survivors.a)).toBe(r.wins.a);
      expect(sum(d.survivors.b)).toBe(r.wins.b);
      expect(d.survivors.a[0]).toBe(0);
      expect(d.survivors.b[0]).toBe(0);
      expect(d.survivors.a).toHaveLength(r.parties.a.members.length + 1);
      // Rounds in which fights ended, as the rounds summary says.
      const rounds = [...d.roundsEnded.a.keys()].filter(
        (k) => d.roundsEnded.a[k]! + d.roundsEnded.b[k]! + d.roundsEnded.draws[k]! > 0,
      );
      expect(Math.min(...rounds)).toBe(r.rounds.min);
      expect(Math.max(...rounds)).toBe(r.rounds.max);
      expect(Object.keys(d.drops)).toEqual([...r.parties.a.members, ...r.parties.b.members]);
      for (const id of Object.keys(d.drops)) expect(d.drops[id]).toBeLessThanOrEqual(r.fights);
      // Every fight b wins, all of a dropped (nobody retreats in a fight of these tactics without morale).
      if (ruleset !== "factions" && ruleset !== "strain")
        for (const id of r.parties.a.members) expect(d.drops[id]).toBeGreaterThanOrEqual(r.wins.b);
    });

    it(`${ruleset}: a member down from the start never drops, and the fights are the same as without detail`, () => {
      const parties = withFirstDown(ruleset);
      const r = report({ ruleset, seed: 2, fights: 80, parties, detail: true });
      expect(r.detail!.drops[parties.a.members[0]!.id]).toBe(0);
      expect(r.wins).toEqual(report({ ruleset, seed: 2, fights: 80, parties }).wins);
    });

    it(`${ruleset}: played in batches of any size, the run gives simulate's report`, () => {
      const whole = report({ ruleset, seed: 13, fights: 90, detail: true });
      for (const batch of [1, 7, 50]) {
        const run = openRun({ ruleset, seed: 13, fights: 90, detail: true });
        if ("ok" in run) throw new Error(run.reason);
        let batches = 0;
        while (!run.finished) {
          expect(run.play(batch)).toBeNull();
          batches++;
        }
        expect(batches).toBe(Math.ceil(90 / batch));
        expect(run.played).toBe(90);
        expect(run.report()).toEqual(whole);
      }
    });

    it(`${ruleset}: every value the world may give its turn order's options plays`, () => {
      for (const o of RULE_OPTIONS.filter((x) => x.mode === MODE_FOR_RULESET[ruleset])) {
        const values = o.kind === "boolean" ? [true, false] : o.kind === "choice" ? o.choices : [o.min, o.max];
        for (const v of values) {
          const r = simulate({ ruleset, seed: 3, fights: 15, ruleOptions: { [o.key]: v } });
          expect(r.ok, `${o.key} = ${String(v)}: ${r.ok ? "" : r.reason}`).toBe(true);
        }
      }
    });
  }

  it(
    "the rule options reach the engine: factions' fast and " + "slow phases, and strain's tie break, change the fights",
    () => {
      expect(report({ ruleset: "factions", seed: 3, fights: 200, ruleOptions: { fastSlow: true } }).wins).not.toEqual(
        report({ ruleset: "factions", seed: 3, fights: 200 }).wins,
      );
      expect(report({ ruleset: "strain", seed: 3, fights: 200, ruleOptions: { ties: "rollOff" } }).rounds).not.toEqual(
        report({ ruleset: "strain", seed: 3, fights: 200 }).rounds,
      );
    },
  );

  it("bad rule options or detail are refused", () => {
    expect(simulate({ ruleset: "teams", seed: 1, fights: 1, ruleOptions: 3 } as unknown as SimInput)).toMatchObject({
      ok: false,
      key: "FRAY.Refusal.SimBadRuleOptions",
    });
    expect(simulate({ ruleset: "teams", seed: 1, fights: 1, detail: "yes" } as unknown as SimInput)).toMatchObject({
      ok: false,
      key: "FRAY.Refusal.SimBadDetail",
    });
  });
});
