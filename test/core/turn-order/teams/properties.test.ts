import { commandsOf } from "../../../../src/core/shared/journal.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { openJournal, record, replay, undo } from "../../../../src/core/shared/journal.js";
import { seededRoller } from "../../../../src/core/shared/roller.js";
import { field } from "./helpers.js";
import type { TurnEvent } from "../../../../src/core/turn-order/types.js";
import {
  canTakeTurn,
  teamsEngine,
  type TeamsCommand,
  type TeamsSetup,
  type TeamsState,
} from "../../../../src/core/turn-order/teams/index.js";

const setupArb: fc.Arbitrary<TeamsSetup> = fc
  .record({
    sizes: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 2, maxLength: 4 }),
    surprise: fc.boolean(),
    unsurprisable: fc.boolean(),
  })
  .map(({ sizes, surprise, unsurprisable }) => ({
    initiative: sizes.map((_, t) => `t${t}`),
    combatants: sizes.flatMap((n, t) =>
      Array.from({ length: n }, (_, i) => ({
        id: `t${t}m${i}`,
        team: `t${t}`,
        stamina: 2,
        focus: 4,
        cannotBeSurprised: unsurprisable && i === 0,
      })),
    ),
    ...(surprise ? { surprise: ["t1"] } : {}),
  }));

/** Junk the engine must refuse without throwing. */
const illegalArb: fc.Arbitrary<TeamsCommand> = fc.oneof(
  fc.record({ type: fc.constant("act" as const), combatant: fc.constantFrom("ghost", "t0m0", "t1m0", "t0m3") }),
  fc.record({ type: fc.constant("endTurn" as const), combatant: fc.constantFrom("ghost", "t0m1", "t1m1") }),
  fc.record({
    type: fc.constant("spend" as const),
    combatant: fc.constantFrom("t0m0", "t1m0", "ghost"),
    action: fc.constantFrom("Attack", "Sprint", "", "Move", "Step"),
    cost: fc.constantFrom(undefined, -1, 0, 2.5, 4),
  }),
  fc.record({
    type: fc.constant("react" as const),
    combatant: fc.constantFrom("t0m0", "ghost"),
    reaction: fc.constantFrom("Dodge", "Nope"),
  }),
  fc.record({
    type: fc.constant("pass" as const),
    side: fc.constantFrom("t0", "t1"),
  }) as unknown as fc.Arbitrary<TeamsCommand>,
  fc.constant({ type: "setAble", combatant: "t0m0", able: "yes" } as unknown as TeamsCommand),
  fc.constant({ nonsense: true } as unknown as TeamsCommand),
);

const stepsArb = fc.array(fc.record({ legal: fc.nat(), junk: fc.option(illegalArb, { freq: 4 }) }), {
  minLength: 1,
  maxLength: 120,
});

/** Prefer turn-taking commands; GM commands that end the fight only now and then. */
function pick(legal: TeamsCommand[], n: number): TeamsCommand | undefined {
  const gm = (c: TeamsCommand) =>
    c.type === "remove" || c.type === "declareEnd" || c.type === "endCombat" || c.type === "setAble";
  const play = legal.filter((c) => !gm(c));
  const pool = play.length > 0 && n % 23 !== 0 ? play : legal;
  return pool[n % Math.max(1, pool.length)];
}

function checkInvariants(state: TeamsState): void {
  if (state.phase === "ended") return;
  if (state.acting === null && state.up !== null) {
    // the team up always has someone to pick
    expect(
      state.roster.some((id) => {
        const m = state.members[id];
        return m !== undefined && m.team === state.up && canTakeTurn(state, m);
      }),
    ).toBe(true);
  }
  if (state.acting === null && state.up === null) {
    // only when nobody at all can act
    expect(
      state.roster.some((id) => {
        const m = state.members[id];
        return m !== undefined && canTakeTurn(state, m);
      }),
    ).toBe(false);
  }
}

describe("teams properties", () => {
  it(
    "TEAM-06 TEAM-07 random play: legal() is accepted, junk is refused untouched, one turn per round, rounds end " +
      "when everyone has acted",
    () => {
      const runs = 100;
      // Runs that took at least one turn: a fight that offers nothing to play would pass every check unseen.
      let played = 0;
      fc.assert(
        fc.property(setupArb, stepsArb, (setup, steps) => {
          const started = teamsEngine.start(setup, seededRoller(1));
          if (!started.ok) throw new Error(started.reason);
          let state = started.state;
          let tookTurn = false;
          let turns = new Set<string>();
          let lost = new Set<string>();
          for (const step of steps) {
            if (step.junk) {
              const legalNow = teamsEngine.legal(state).map((c) => JSON.stringify(c));
              if (!legalNow.includes(JSON.stringify(step.junk))) {
                const before = JSON.stringify(state);
                const r = teamsEngine.apply(state, step.junk, seededRoller(1));
                // a custom-cost spend is accepted without being listed; anything else must be refused
                if (r.ok) expect(step.junk.type === "spend" && step.junk.cost !== undefined).toBe(true);
                else expect(r.key.startsWith("FRAY.Refusal.")).toBe(true);
                expect(JSON.stringify(state)).toBe(before);
                if (r.ok) {
                  for (const e of r.events) track(e, state, r.state);
                  state = r.state;
                }
              }
            }
            const legal = teamsEngine.legal(state);
            if (legal.length === 0) break;
            const c = pick(legal, step.legal);
            if (!c) break;
            const input = JSON.stringify(state);
            const r = teamsEngine.apply(state, c, seededRoller(1));
            if (!r.ok) throw new Error(`legal ${JSON.stringify(c)} refused: ${r.key}`);
            expect(JSON.stringify(state)).toBe(input); // accepted commands never mutate their input either
            if (c.type === "act") tookTurn = true;
            for (const e of r.events) track(e, state, r.state);
            state = r.state;
            checkInvariants(state);
            const v = teamsEngine.view(state);
            expect(v.round).toBe(state.round);
          }
          if (tookTurn) played++;
          function track(e: TurnEvent, before: TeamsState, after: TeamsState) {
            const id = String(field(e, "combatant"));
            if (e.type === "turnStarted") {
              expect(turns.has(id)).toBe(false); // TEAM-06
              turns.add(id);
            }
            if (e.type === "turnLost") {
              lost.add(id);
              // a turn is lost only by someone unable, removed, or surprised in the surprise round
              const was = before.members[id];
              const now = after.members[id];
              const reason = field(e, "reason");
              if (reason === "surprised") {
                expect(before.phase).toBe("surprise");
                expect(was && (before.surprising.includes(was.team) || was.cannotBeSurprised)).toBe(false);
              } else if (reason === "unable") {
                expect(was?.able === false || now?.able === false).toBe(true);
              } else {
                expect(reason).toBe("removed");
              }
            }
            if (e.type === "roundEnded") {
              // TEAM-07: the round ends only once every member in the fight had its turn or lost it
              for (const m of before.roster) {
                if (after.members[m]?.out) continue;
                expect(turns.has(m) || lost.has(m)).toBe(true);
              }
              turns = new Set();
              lost = new Set();
            }
          }
        }),
        { numRuns: runs },
      );
      expect(played).toBeGreaterThan(runs / 2);
    },
    120_000,
  );

  it("TEAM-07 journal: undo restores the prior state and replay of seed and log is exact", () => {
    const runs = 80;
    // Runs that recorded at least one command: an empty log would make undo and replay trivially right.
    let recorded = 0;
    fc.assert(
      fc.property(setupArb, fc.array(fc.nat(), { minLength: 1, maxLength: 60 }), fc.integer(), (setup, picks, seed) => {
        const opened = openJournal(teamsEngine, setup, seed);
        if (!opened.ok) throw new Error(opened.reason);
        let j = opened.state;
        for (const n of picks) {
          const c = pick(teamsEngine.legal(j.state), n);
          if (!c) break;
          const next = record(teamsEngine, j, c);
          if (!next.ok) throw new Error(`legal ${JSON.stringify(c)} refused: ${next.key}`);
          const back = undo(teamsEngine, next.state);
          expect(back.ok && back.state.state).toEqual(j.state);
          j = next.state;
        }
        if (j.length > 0) recorded++;
        const again = replay(teamsEngine, setup, seed, commandsOf(j));
        expect(again.ok && again.state.state).toEqual(j.state);
      }),
      { numRuns: runs },
    );
    expect(recorded).toBeGreaterThan(runs / 2);
  }, 120_000);

  it("TEAM-07 malformed states are refused where they are read, junk commands by apply; never thrown", () => {
    const good = teamsEngine.start(
      {
        initiative: ["a", "b"],
        combatants: [
          { id: "x", team: "a" },
          { id: "y", team: "b" },
        ],
      },
      seededRoller(1),
    );
    if (!good.ok) throw new Error("start");
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (state, command) => {
        expect(teamsEngine.isState(state)).toBe(false);
        const r = teamsEngine.apply(good.state, command as TeamsCommand, seededRoller(1));
        if (!r.ok) expect(r.key).toMatch(/^FRAY\.Refusal\./);
      }),
      { numRuns: 300 },
    );
    const broken = { ...good.state, members: { ...good.state.members, x: { ...good.state.members.x, stamina: -1 } } };
    expect(teamsEngine.isState(broken)).toBe(false);
    expect(teamsEngine.isState({ ...good.state, members: { x: good.state.members.x } })).toBe(false);
    fc.assert(
      fc.property(fc.anything(), (setup) => {
        expect(() => teamsEngine.start(setup as TeamsSetup, seededRoller(1))).not.toThrow();
      }),
    );
  });
});
