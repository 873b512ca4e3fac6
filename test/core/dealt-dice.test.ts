import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dealing, type DealtDie } from "../../src/core/shared/dealing.js";
import { commandsOf, DICE_SHORT, journalChanges, JOURNAL_CHUNK, type Journal } from "../../src/core/shared/journal.js";
import { openJournal, record, replay, seededRoller, undo, type Engine } from "../../src/core/shared/index.js";
import { rolledEngine } from "../../src/core/turn-order/rolled/index.js";
import { applied, refuse } from "../../src/core/shared/outcome.js";

// A toy engine whose steps roll a varying number of dice: "add" rolls a d6 and, on a 6, a d4 more; "quiet" rolls none.
type Cmd = { type: "add" } | { type: "quiet" };
const exploding: Engine<{ start: number }, { total: number }, Cmd, { type: "added"; value: number }> = {
  id: "exploding",
  start: (setup, roller) => applied({ total: setup.start + roller.die(8) }),
  apply: (state, cmd, roller) => {
    if (cmd.type === "quiet") return applied(state);
    const d6 = roller.die(6);
    const value = d6 === 6 ? d6 + roller.die(4) : d6;
    return applied({ total: state.total + value }, [{ type: "added", value }]);
  },
};
type J = Journal<{ start: number }, { total: number }, Cmd>;

/** Foundry's dice, as the dealing loop sees them: a die at a time, from their own generator (here a seed). */
function table(seed: number): { draw: (sides: number) => Promise<number>; rolled: DealtDie[] } {
  const rng = seededRoller(seed);
  const rolled: DealtDie[] = [];
  return {
    rolled,
    draw: (sides) => {
      const value = rng.die(sides);
      rolled.push({ sides, value });
      return Promise.resolve(value);
    },
  };
}

async function fightWithDealtDice(seed: number, steps: readonly Cmd[]): Promise<{ journal: J; rolled: DealtDie[] }> {
  const dice = table(seed);
  const opened = await dealing((d) => openJournal(exploding, { start: 0 }, 1, d), dice.draw);
  if (!opened.outcome.ok) throw new Error(opened.outcome.reason);
  let j: J = opened.outcome.state;
  for (const cmd of steps) {
    const next = await dealing((d) => record(exploding, j, cmd, undefined, d), dice.draw);
    if (!next.outcome.ok) throw new Error(next.outcome.reason);
    j = next.outcome.state;
  }
  return { journal: j, rolled: dice.rolled };
}

describe("dice rolled outside the core (Foundry's Rolls) are recorded and replay exactly", () => {
  it("each step rolls exactly the dice it uses, and the fight's total is theirs", async () => {
    const { journal, rolled } = await fightWithDealtDice(
      3,
      Array.from({ length: 40 }, (_, i) => ({ type: i % 5 ? "add" : "quiet" })),
    );
    const dealt = journal.dealt ?? {};
    const recorded = ["start", ...Array.from({ length: journal.length }, (_, i) => String(i))].flatMap(
      (k) => dealt[k] ?? [],
    );
    expect(recorded).toEqual(rolled.map((d) => d.value));
    // The start's d8 plus every add's dice: the total is the sum of the dealt dice.
    expect(journal.state.total).toBe(rolled.reduce((t, d) => t + d.value, 0));
    expect(journal.dealt?.["0"]).toBeUndefined(); // step 0 was "quiet": no dice, no entry
    // The seeded dice were never drawn: the journal's seeded generator is where the opening left it.
    const untouched = openJournal(exploding, { start: 0 }, 1, [journal.dealt?.start?.[0] ?? 1]);
    expect(untouched.ok && journal.dice).toEqual(untouched.ok && untouched.state.dice);
  });

  it("undo any number of times gives exactly the replay of the shorter fight, with its own dice", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: JOURNAL_CHUNK + 20 }),
        fc.integer({ min: 1, max: 30 }),
        fc.nat(),
        async (n, back, seed) => {
          const steps: Cmd[] = Array.from({ length: n }, () => ({ type: "add" }));
          let { journal } = await fightWithDealtDice(seed, steps);
          const full = journal;
          const count = Math.min(back, n);
          for (let i = 0; i < count; i++) {
            const u = undo(exploding, journal);
            if (!u.ok) throw new Error(u.reason);
            expect(journalChanges(journal, u.state)[`dealt.${journal.length - 1}`]).toBeNull();
            journal = u.state;
          }
          const again = replay(exploding, { start: 0 }, 1, commandsOf(full).slice(0, n - count), full.dealt);
          if (!again.ok) throw new Error(again.reason);
          expect(journal.state).toEqual(again.state.state);
          expect(journal.dealt).toEqual(again.state.dealt);
          expect(replay(exploding, { start: 0 }, 1, commandsOf(full), full.dealt).ok && full.state).toEqual(full.state);
        },
      ),
      { numRuns: 40, seed: 5 },
    );
  });

  it("a step dealt too few dice says which die it needs; one dealt too many is refused; neither records", async () => {
    const { journal } = await fightWithDealtDice(1, []);
    const short = record(exploding, journal, { type: "add" }, undefined, []);
    expect(short.ok === false && [short.key, short.data?.sides]).toEqual([DICE_SHORT, 6]);
    const shortOfTheD4 = record(exploding, journal, { type: "add" }, undefined, [6]);
    expect(shortOfTheD4.ok === false && shortOfTheD4.data?.sides).toBe(4);
    const extra = record(exploding, journal, { type: "add" }, undefined, [2, 3]);
    expect(extra.ok === false && extra.key).toBe("FRAY.Refusal.DiceUnused");
    const impossible = record(exploding, journal, { type: "add" }, undefined, [7]);
    expect(impossible.ok === false && impossible.key).toBe("FRAY.Refusal.DiceMismatch");
  });

  it("STR-06 strain's opening 2d6 initiative rolls as dealt dice and replays to the same order", async () => {
    const setup = {
      combatants: ["a", "b", "c"].map((id, i) => ({
        id,
        side: id === "c" ? "foes" : "players",
        initiative: i,
        hidden: false,
      })),
    };
    const dice = table(8);
    const opened = await dealing((d) => openJournal(rolledEngine, setup as never, 4, d), dice.draw);
    if (!opened.outcome.ok) throw new Error(opened.outcome.reason);
    expect(dice.rolled.filter((d) => d.sides === 6).length).toBeGreaterThanOrEqual(6);
    const again = replay(rolledEngine, setup as never, 4, [], opened.outcome.state.dealt);
    expect(again.ok && again.state.state).toEqual(opened.outcome.state.state);
  });

  it("a refusal that is not about dice comes back at once, without rolling", async () => {
    const never = (): Promise<number> => Promise.reject(new Error("rolled"));
    const refused = await dealing(() => refuse("Test", "no"), never);
    expect(refused.outcome.ok === false && refused.outcome.key).toBe("FRAY.Refusal.Test");
    expect(refused.dice).toEqual([]);
  });
});
