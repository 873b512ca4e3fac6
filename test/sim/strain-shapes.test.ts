// The strain fight keeps its members in one object shape for speed (strain-fight.ts, same()): how the members
// are written (key order, extra keys) must never change a fight.
import { describe, expect, it } from "vitest";
import { seededRoller } from "../../src/core/shared/index.js";
import {
  DEFAULT_ROUND_CAP,
  DEFAULT_TACTICS,
  SAMPLE_PARTIES,
  strainFight,
  type SimStrainMember,
} from "../../src/sim/index.js";

/** The same member with its keys in reverse order and one key the fight does not know. */
function rewritten(m: SimStrainMember): SimStrainMember {
  const out: Record<string, unknown> = { note: "extra" };
  for (const k of Object.keys(m).reverse()) out[k] = (m as unknown as Record<string, unknown>)[k];
  return out as unknown as SimStrainMember;
}

describe("strain fight and member shapes", () => {
  it("STR-55 members written differently play the same fights (Fatigue Load, Statuses and turns as before)", () => {
    const p = SAMPLE_PARTIES.strain;
    // Some Load, Stress past Tolerance (STR-56) and Statuses, so every copy path of the fight is taken.
    const none: Readonly<Record<string, number>> = {};
    const a = p.a.members.map((m, i): SimStrainMember => ({
      ...m,
      fatigueLoad: i,
      stressLoad: i === 0 ? 6 : 0,
      statuses: i === 1 ? { stunned: 1, vulnerable: 2 } : none,
    }));
    const b = p.b.members.map((m, i): SimStrainMember => ({
      ...m,
      incapacitated: i === 2,
      fatigueLoad: i === 2 ? 2 : 0,
    }));
    for (const seed of [1, 2, 3]) {
      const plain = seededRoller(seed);
      const other = seededRoller(seed);
      for (let k = 0; k < 40; k++) {
        const x = strainFight(a, b, plain, DEFAULT_TACTICS, DEFAULT_ROUND_CAP);
        const y = strainFight(a.map(rewritten), b.map(rewritten), other, DEFAULT_TACTICS, DEFAULT_ROUND_CAP);
        expect(y).toEqual(x);
      }
    }
  });
});

describe("strain fight and its input", () => {
  it("STR-55 a fight changes its own copies of the members, never the parties it was given", () => {
    const p = SAMPLE_PARTIES.strain;
    // Statuses shared between members and present from the start, so a change made in place would show.
    const shared: Record<string, number> = { vulnerable: 1, stunned: 1 };
    const a = p.a.members.map((m): SimStrainMember => ({ ...m, statuses: shared }));
    const b = p.b.members.map((m, i): SimStrainMember => ({ ...m, fatigueLoad: i, statuses: shared }));
    const before = structuredClone({ a, b });
    const roller = seededRoller(5);
    let rounds = 0;
    for (let k = 0; k < 30; k++) {
      const r = strainFight(a, b, roller, DEFAULT_TACTICS, DEFAULT_ROUND_CAP);
      if ("ok" in r) throw new Error(r.reason);
      rounds += r.rounds;
    }
    expect(rounds).toBeGreaterThan(0);
    expect({ a, b }).toEqual(before);
  });
});
