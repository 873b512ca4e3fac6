import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { seededRoller, type Roller } from "../../../../src/core/shared/roller.js";
import {
  rankDescending,
  TIE_BREAKS,
  type Ranked,
  type TieBreak,
} from "../../../../src/core/turn-order/shared/initiative-order.js";

/**
 * The ranking as written before its one-sort shortcut: sort by score, roll off the ties, sort again with the tie-break.
 */
function twoSorts(items: readonly Ranked[], tie: TieBreak, seed: number): { order: string[]; dice: number } {
  const roller = seededRoller(seed);
  let dice = 0;
  const byScore = [...items].sort((a, b) => b.score - a.score || a.listed - b.listed);
  const rolls: Record<string, number> = {};
  if (tie === "rollOff") {
    for (let i = 0; i < byScore.length;) {
      let j = i + 1;
      while (j < byScore.length && byScore[j]?.score === byScore[i]?.score) j++;
      if (j - i > 1)
        for (let k = i; k < j; k++) {
          rolls[byScore[k]?.id ?? ""] = roller.die(6);
          dice++;
        }
      i = j;
    }
  }
  const secondary = (r: Ranked): number =>
    tie === "modifier"
      ? r.modifier
      : tie === "pcFirst"
        ? r.side === "pc"
          ? 1
          : 0
        : tie === "rollOff"
          ? (rolls[r.id] ?? 0)
          : 0;
  return {
    order: byScore
      .sort((a, b) => b.score - a.score || secondary(b) - secondary(a) || a.listed - b.listed)
      .map((r) => r.id),
    dice,
  };
}

const entries = fc
  .array(
    fc.record({ score: fc.integer({ min: -2, max: 4 }), modifier: fc.integer({ min: -2, max: 4 }), pc: fc.boolean() }),
    {
      maxLength: 10,
    },
  )
  .map((xs) =>
    xs.map((x, listed) => ({
      id: `u${listed}`,
      score: x.score,
      modifier: x.modifier,
      side: x.pc ? "pc" : "npc",
      listed,
    })),
  );

describe("rankDescending", () => {
  it("ESC-01 / STR-02 ranks as the two-sort ranking does, drawing the same roll-off dice, for every tie-break", () => {
    fc.assert(
      fc.property(entries, fc.constantFrom(...TIE_BREAKS), fc.integer({ min: 1, max: 1e6 }), (items, tie, seed) => {
        const want = twoSorts(items, tie, seed);
        let dice = 0;
        const base = seededRoller(seed);
        const counting: Roller = { die: (sides) => (dice++, base.die(sides)), state: () => base.state() };
        expect(rankDescending(items, tie, counting)).toEqual(want.order);
        expect(dice).toBe(want.dice);
      }),
      { numRuns: 500 },
    );
  });

  it("ESC-01 keeps listed order among equal scores under the listed tie-break", () => {
    const items = [3, 5, 3, 5].map((score, listed) => ({ id: `u${listed}`, score, modifier: 0, side: "a", listed }));
    expect(rankDescending(items, "listed", seededRoller(1))).toEqual(["u1", "u3", "u0", "u2"]);
  });
});
