import { commandsOf } from "../../../../src/core/shared/journal.js";
// Property harness shared by the ranked and rolled turn-order tests: random legal and illegal
// command sequences through the journal, checking the invariants every turn-order engine owes.
import fc from "fast-check";
import { expect } from "vitest";
import { openJournal, record, replay, undo, type Journal } from "../../../../src/core/shared/journal.js";
import type { TurnEvent, TurnOrderEngine } from "../../../../src/core/turn-order/types.js";

export interface Harness<Setup, State, Command> {
  readonly engine: TurnOrderEngine<Setup, State, Command>;
  readonly setup: fc.Arbitrary<Setup>;
  /** Commands drawn from the whole command space, most of them refused at any given moment. */
  readonly anyCommand: (ids: readonly string[]) => fc.Arbitrary<unknown>;
  readonly ids: (setup: Setup) => string[];
  /** Who still has to take a turn this round (the acting one included). */
  readonly pending: (state: State) => string[];
  readonly actedThisRound: (state: State) => boolean;
  readonly round: (state: State) => number;
  readonly ended: (state: State) => boolean;
  /** Commands whose parameters are free (a square, a count): matched on these keys only. */
  readonly matchKeys: (cmd: Record<string, unknown>) => string[];
}

export function deepFreeze<T>(x: T): T {
  if (typeof x === "object" && x !== null && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of Object.values(x)) deepFreeze(v);
  }
  return x;
}

/** Commands that can finish a fight (a side out, or incapacitated in strain): drawn less often. */
const isEnding = (c: unknown): boolean => {
  const { type, able } = c as { type?: string; able?: unknown };
  return type === "declareEnd" || type === "endCombat" || type === "remove" || (type === "setAble" && able === false);
};

type Step =
  { kind: "legal"; pick: number; allowEnd: boolean } | { kind: "flow"; pick: number } | { kind: "any"; cmd: unknown };
const FLOW = ["act", "endTurn", "delay"];

function sameOnKeys(a: Record<string, unknown>, b: Record<string, unknown>, keys: readonly string[]): boolean {
  return keys.every((k) => JSON.stringify(a[k]) === JSON.stringify(b[k]));
}

/** Rounds reached per run, so a test can check the fights really went on for several rounds. */
export const reached: number[] = [];

export function checkEngine<Setup, State, Command>(
  h: Harness<Setup, State, Command>,
  numRuns = 150,
  seed?: number,
): void {
  reached.length = 0;
  const scenario = h.setup.chain((setup) =>
    fc.tuple(
      fc.constant(setup),
      fc.integer({ min: 0, max: 2 ** 31 - 1 }),
      fc.array(
        fc.oneof(
          {
            weight: 4,
            arbitrary: fc.record({ kind: fc.constant("legal" as const), pick: fc.nat(), allowEnd: fc.constant(false) }),
          },
          {
            weight: 1,
            arbitrary: fc.record({ kind: fc.constant("legal" as const), pick: fc.nat(), allowEnd: fc.constant(true) }),
          },
          { weight: 12, arbitrary: fc.record({ kind: fc.constant("flow" as const), pick: fc.nat() }) },
          { weight: 2, arbitrary: h.anyCommand(h.ids(setup)).map((cmd) => ({ kind: "any" as const, cmd })) },
        ),
        { minLength: 10, maxLength: 160, size: "max" },
      ) as fc.Arbitrary<Step[]>,
    ),
  );
  fc.assert(
    fc.property(scenario, ([setup, seed, steps]) => {
      const opened = openJournal(h.engine, setup, seed);
      if (!opened.ok) throw new Error(`setup refused: ${opened.reason}`);
      let j: Journal<Setup, State, Command> = deepFreeze(opened.state);
      const turnsTaken = new Map<string, number>();
      const roundsStarted: number[] = [];
      const roundsEnded: number[] = [];
      let combatEnded = 0;
      const see = (events: readonly TurnEvent[]) => {
        for (const e of events) {
          if (e.type === "turnStarted") {
            const key = `${String(e.round)}/${String(e.combatant)}`;
            turnsTaken.set(key, (turnsTaken.get(key) ?? 0) + 1);
            // Nobody takes two turns in a round.
            expect(turnsTaken.get(key)).toBe(1);
          }
          if (e.type === "delayed") {
            // Nobody delays twice in a round (ESC-03 ruling, STR-07).
            const key = `delay ${String(e.round)}/${String(e.combatant)}`;
            turnsTaken.set(key, (turnsTaken.get(key) ?? 0) + 1);
            expect(turnsTaken.get(key)).toBe(1);
          }
          if (e.type === "roundStarted") {
            expect(roundsStarted).not.toContain(e.round);
            roundsStarted.push(e.round as number);
          }
          if (e.type === "roundEnded") {
            expect(roundsEnded).not.toContain(e.round);
            roundsEnded.push(e.round as number);
          }
          if (e.type === "combatEnded") combatEnded++;
        }
        expect(combatEnded).toBeLessThanOrEqual(1);
      };
      see(opened.events);
      for (const [index, step] of steps.entries()) {
        const legal = h.engine.legal(j.state);
        let cmd: unknown;
        if (step.kind === "legal") {
          const pool = step.allowEnd ? legal : legal.filter((c) => !isEnding(c));
          if (pool.length === 0) continue;
          cmd = pool[step.pick % pool.length];
        } else if (step.kind === "flow") {
          // Mostly move the fight along, so that many rounds are played.
          const pool = legal.filter((c) => FLOW.includes((c as { type: string }).type));
          if (pool.length === 0) continue;
          cmd = pool[step.pick % pool.length];
        } else cmd = step.cmd;
        const before = JSON.stringify(j);
        const pre = j.state;
        const out = record(h.engine, j, cmd as Command);
        // The inputs are deep-frozen: a reducer that mutated them would have thrown above.
        expect(JSON.stringify(j)).toBe(before);
        if (step.kind !== "any")
          expect(out.ok, `legal() offered a refused command ${JSON.stringify(cmd)}: ${out.ok ? "" : out.reason}`).toBe(
            true,
          );
        if (!out.ok) {
          expect(out.key).toMatch(/^FRAY\.Refusal\.[A-Za-z]+$/);
          expect(out.reason.length).toBeGreaterThan(0);
          continue;
        }
        // Everything accepted was offered by legal().
        const c = cmd as Record<string, unknown>;
        expect(
          legal.some((l) => sameOnKeys(l as Record<string, unknown>, c, h.matchKeys(c))),
          `accepted but not in legal(): ${JSON.stringify(cmd)}`,
        ).toBe(true);
        see(out.events);
        const post = out.state.state;
        const ended = out.events.some((e) => e.type === "roundEnded");
        if (ended) {
          // Rounds end exactly when everyone has had a turn: at most the commanded one was still pending.
          const who = typeof c.combatant === "string" ? [c.combatant] : [];
          expect(h.pending(pre).filter((id) => !who.includes(id))).toEqual([]);
          expect(h.round(post)).toBe(h.round(pre) + 1);
        } else if (!h.ended(post)) {
          expect(h.round(post)).toBe(h.round(pre));
          if (h.actedThisRound(post)) expect(h.pending(post).length).toBeGreaterThan(0);
        }
        // Undo restores the state before the command (every command early on, then a sample, as undo replays the whole
        // log).
        if (index < 16 || index % 4 === 0 || step.kind === "any") {
          const back = undo(h.engine, out.state);
          expect(back.ok && back.state.state).toEqual(pre);
          expect(back.ok && back.state.dice).toEqual(j.dice);
        }
        j = deepFreeze(out.state);
      }
      reached.push(h.round(j.state));
      // Replay of seed + log is exact.
      const again = replay(h.engine, setup, seed, commandsOf(j));
      expect(again.ok && again.state.state).toEqual(j.state);
      expect(again.ok && again.state.dice).toEqual(j.dice);
    }),
    seed === undefined ? { numRuns } : { numRuns, seed },
  );
}

const malformed: unknown[] = [
  null,
  undefined,
  {},
  [],
  0,
  "state",
  { engine: "ranked" },
  { engine: "rolled", round: "1" },
  { combatants: null },
];

/** Malformed states are refused where they are read (isState), never thrown on; the engine's own state is not. */
export function checkMalformed<Setup, State, Command>(h: Harness<Setup, State, Command>, valid: State): void {
  const broken: unknown[] = [
    ...malformed,
    { ...(valid as object), round: -1 },
    // The ranked state keeps its orders as lists of ids; the rolled state is its combatants list, in order.
    ...("order" in (valid as object) ? [{ ...(valid as object), order: "abc" }] : []),
    { ...(valid as object), combatants: { x: null } },
    { ...(valid as object), combatants: [null] },
    { ...(valid as object), acting: 42 },
    { ...(valid as object), options: { ties: 3 } },
  ];
  for (const state of broken) expect(h.engine.isState(state)).toBe(false);
  expect(h.engine.isState(valid)).toBe(true);
  expect(h.engine.isState(JSON.parse(JSON.stringify(valid)))).toBe(true);
}

/** Arbitrary JSON-ish junk for command fields. */
export const junk = fc.oneof(
  fc.constant(null),
  fc.constant(undefined),
  fc.integer(),
  fc.string(),
  fc.boolean(),
  fc.constant({}),
  fc.constant([]),
);

export const strangeIds = fc.constantFrom("ghost", "__proto__", "constructor", "toString", "", "hasOwnProperty");
