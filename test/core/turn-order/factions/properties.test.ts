import { commandsOf } from "../../../../src/core/shared/journal.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { openJournal, record, replay, undo } from "../../../../src/core/shared/journal.js";
import { seededRoller } from "../../../../src/core/shared/roller.js";
import { field } from "./helpers.js";
import type { TurnEvent } from "../../../../src/core/turn-order/types.js";
import {
  canTakeTurn,
  factionsEngine,
  factionsInPlay,
  type FactionsCommand,
  type FactionsSetup,
  type FactionsState,
} from "../../../../src/core/turn-order/factions/index.js";

const setupArb: fc.Arbitrary<FactionsSetup> = fc
  .record({
    sizes: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 2, maxLength: 4 }),
    fastSlow: fc.boolean(),
    passIsFinal: fc.boolean(),
    ambush: fc.boolean(),
    timer: fc.boolean(),
    wits: fc.array(fc.integer({ min: 1, max: 20 }), { minLength: 16, maxLength: 16 }),
  })
  .map(({ sizes, fastSlow, passIsFinal, ambush, timer, wits }) => ({
    factions: sizes.map((_, f) => `f${f}`),
    initiative: "f0",
    players: ["f0"],
    combatants: sizes.flatMap((n, f) =>
      Array.from({ length: n }, (_, i) => ({
        id: `f${f}m${i}`,
        faction: `f${f}`,
        wit: wits[f * 4 + i] ?? 10,
        health: 6,
        immuneToFear: i === 2,
        concealed: ambush && f === 1 && i === 0,
      })),
    ),
    options: { fastSlow, passIsFinal, declarationSeconds: timer ? 15 : null },
  }));

const illegalArb: fc.Arbitrary<FactionsCommand> = fc.oneof(
  fc.record({ type: fc.constant("act" as const), combatant: fc.constantFrom("ghost", "f0m0", "f1m0", "f1m1") }),
  fc.record({ type: fc.constant("pass" as const), side: fc.constantFrom("f0", "f1", "f9") }),
  fc.record({ type: fc.constant("chooseFirst" as const), side: fc.constantFrom("f0", "f1", "nope") }),
  fc.record({ type: fc.constant("endTurn" as const), combatant: fc.constantFrom("f0m0", "ghost") }),
  fc.record({
    type: fc.constant("spend" as const),
    combatant: fc.constantFrom("f0m0", "f1m0"),
    action: fc.constantFrom("Attack", "Swap", "Change Armour", "Move", ""),
    zones: fc.constantFrom(undefined, 0, -1, 2, Number.NaN),
  }),
  fc.record({
    type: fc.constant("react" as const),
    combatant: fc.constantFrom("f0m0", "f1m1", "ghost"),
    trigger: fc.constantFrom("", "dodge"),
  }),
  fc.record({
    type: fc.constant("morale" as const),
    combatant: fc.constantFrom("f0m0", "f1m0"),
    result: fc.constantFrom("pass" as const, "flee" as unknown as "pass"),
  }),
  fc.record({
    type: fc.constant("setHealth" as const),
    combatant: fc.constantFrom("f0m0", "ghost"),
    health: fc.constantFrom(-1, 99, 2.5),
  }),
  fc.constant({ type: "setAble", combatant: "f0m0", able: 1 } as unknown as FactionsCommand),
  fc.constant({ type: 42 } as unknown as FactionsCommand),
);

function pick(legal: FactionsCommand[], n: number): FactionsCommand | undefined {
  const gm = (c: FactionsCommand) =>
    ["remove", "declareEnd", "endCombat", "setAble", "useGear", "setHealth"].includes(c.type);
  const playable = legal.filter((c) => !gm(c));
  const pool = playable.length > 0 && n % 17 !== 0 ? playable : legal;
  return pool[n % Math.max(1, pool.length)];
}

function checkInvariants(state: FactionsState): void {
  if (state.phase === "ended" || state.phase === "morale") return;
  if (!state.choosingFirst && state.acting === null) {
    expect(state.up).not.toBe(null);
    const up = state.up as string;
    expect(
      state.roster.some((id) => {
        const m = state.members[id];
        return m !== undefined && m.faction === up && canTakeTurn(state, m);
      }),
    ).toBe(true);
  }
}

describe("factions properties", () => {
  it(
    "FAC-02 FAC-03 random play: legal() is accepted, junk refused untouched, one turn per round, phases end only " +
      "after all factions pass in a row",
    () => {
      // Runs in which legal() offered something and it was played: a run that plays nothing proves nothing.
      let played = 0;
      fc.assert(
        fc.property(
          setupArb,
          fc.array(fc.record({ n: fc.nat(), junk: fc.option(illegalArb, { freq: 4 }) }), {
            minLength: 1,
            maxLength: 120,
          }),
          fc.integer(),
          (setup, steps, seed) => {
            const roller = seededRoller(seed);
            const started = factionsEngine.start(setup, roller);
            if (!started.ok) throw new Error(started.reason);
            let state = started.state;
            let used = new Set<string>();
            let inRow = 0;
            let inMorale = false;
            let moved = false;
            const literal = setup.options?.passIsFinal !== true;
            const track = (e: TurnEvent, after: FactionsState) => {
              if (e.type === "turnStarted") {
                const id = String(field(e, "combatant"));
                expect(used.has(id)).toBe(false); // FAC-02
                used.add(id);
                inRow = 0;
              }
              if (e.type === "reacted" && e.turnSpent === true) {
                expect(used.has(String(field(e, "combatant")))).toBe(false);
                used.add(String(field(e, "combatant")));
              }
              if (e.type === "passed") inRow += 1;
              const closesPhase =
                (e.type === "phaseEnded" && e.phase !== "morale") ||
                (e.type === "phaseStarted" && e.phase === "morale") ||
                (e.type === "roundEnded" && !inMorale);
              if (closesPhase && literal && after.phase !== "ended") {
                expect(inRow).toBeGreaterThanOrEqual(factionsInPlay(after).length); // FAC-03
              }
              if (e.type === "phaseStarted") {
                inRow = 0;
                inMorale = e.phase === "morale";
              }
              if (e.type === "roundEnded") {
                inMorale = false;
                inRow = 0;
              }
              if (e.type === "roundStarted") used = new Set();
            };
            for (const step of steps) {
              if (
                step.junk &&
                !factionsEngine.legal(state).some((c) => JSON.stringify(c) === JSON.stringify(step.junk))
              ) {
                const before = JSON.stringify(state);
                const r = factionsEngine.apply(state, step.junk, roller);
                if (r.ok) {
                  // only parametric commands may be accepted without being listed
                  expect(["spend", "setHealth", "react"].includes(step.junk.type)).toBe(true);
                  for (const e of r.events) track(e, r.state);
                  state = r.state;
                } else {
                  expect(r.key.startsWith("FRAY.Refusal.")).toBe(true);
                  expect(JSON.stringify(state)).toBe(before);
                }
              }
              const legal = factionsEngine.legal(state);
              const c = pick(legal, step.n);
              if (!c) break;
              const input = JSON.stringify(state);
              const r = factionsEngine.apply(state, c, roller);
              if (!r.ok) throw new Error(`legal() offered ${JSON.stringify(c)}, refused: ${r.key}`);
              expect(JSON.stringify(state)).toBe(input); // accepted commands never mutate their input either
              moved = true;
              for (const e of r.events) track(e, r.state);
              state = r.state;
              checkInvariants(state);
              expect(factionsEngine.view(state).round).toBe(state.round);
            }
            if (moved) played++;
          },
        ),
        { numRuns: 100 },
      );
      expect(played).toBeGreaterThan(50);
    },
    120_000,
  );

  it("FAC-01 journal: undo restores the prior state and replay of seed and log is exact, dice included", () => {
    let recorded = 0; // runs that journalled at least one command
    fc.assert(
      fc.property(setupArb, fc.array(fc.nat(), { minLength: 1, maxLength: 60 }), fc.integer(), (setup, picks, seed) => {
        const opened = openJournal(factionsEngine, setup, seed);
        if (!opened.ok) throw new Error(opened.reason);
        let j = opened.state;
        for (const n of picks) {
          const c = pick(factionsEngine.legal(j.state), n);
          if (!c) break;
          const next = record(factionsEngine, j, c);
          if (!next.ok) throw new Error(`legal() offered ${JSON.stringify(c)}, the journal refused: ${next.key}`);
          const back = undo(factionsEngine, next.state);
          expect(back.ok && back.state.state).toEqual(j.state);
          expect(back.ok && back.state.dice).toEqual(j.dice);
          j = next.state;
        }
        if (j.length > 0) recorded++;
        const again = replay(factionsEngine, setup, seed, commandsOf(j));
        expect(again.ok && again.state.state).toEqual(j.state);
        expect(again.ok && again.state.dice).toEqual(j.dice);
      }),
      { numRuns: 80 },
    );
    expect(recorded).toBeGreaterThan(40);
  }, 120_000);

  it(
    "FAC-01 malformed states are refused where they are read, junk setups and commands by start and " +
      "apply; never thrown",
    () => {
      const good = factionsEngine.start(
        {
          factions: ["A", "B"],
          initiative: "A",
          combatants: [
            { id: "x", faction: "A" },
            { id: "y", faction: "B" },
          ],
        },
        seededRoller(1),
      );
      if (!good.ok) throw new Error("start");
      fc.assert(
        fc.property(fc.anything(), fc.anything(), (state, command) => {
          expect(factionsEngine.isState(state)).toBe(false);
          const r = factionsEngine.apply(good.state, command as FactionsCommand, seededRoller(1));
          if (!r.ok) expect(r.key).toMatch(/^FRAY\.Refusal\./);
          expect(() => factionsEngine.start(state as FactionsSetup, seededRoller(1))).not.toThrow();
        }),
        { numRuns: 300 },
      );
      expect(factionsEngine.isState({ ...good.state, holder: "Z" })).toBe(false);
    },
  );
});
