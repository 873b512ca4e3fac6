// The engines skip their state-shape check for states they made themselves (src/core/shared/trusted.ts).
// These tests pin what that must not change: a trusted state gives exactly what the checked path gives
// for the same state read back from JSON, and any state not made by the engine is still checked: a
// malformed one is refused with MalformedState, never thrown on.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Outcome } from "../../../src/core/shared/outcome.js";
import { seededRoller } from "../../../src/core/shared/roller.js";
import type { TrustedStates } from "../../../src/core/shared/trusted.js";
import { OWN_STATES as factionsOwn } from "../../../src/core/turn-order/factions/engine.js";
import { OWN_STATES as rankedOwn } from "../../../src/core/turn-order/ranked/engine.js";
import { OWN_STATES as rolledOwn } from "../../../src/core/turn-order/rolled/engine.js";
import { OWN_STATES as sectionsOwn } from "../../../src/core/turn-order/sections/engine.js";
import { OWN_STATES as teamsOwn } from "../../../src/core/turn-order/teams/engine.js";
import { factionsEngine, type FactionsSetup } from "../../../src/core/turn-order/factions/index.js";
import { rankedEngine, type RankedSetup } from "../../../src/core/turn-order/ranked/index.js";
import { rolledEngine, type RolledSetup } from "../../../src/core/turn-order/rolled/index.js";
import { sectionsEngine, type SectionsSetup } from "../../../src/core/turn-order/sections/index.js";
import { teamsEngine, type TeamsSetup } from "../../../src/core/turn-order/teams/index.js";
import type { TurnEvent, TurnOrderEngine } from "../../../src/core/turn-order/types.js";

type AnyEngine = TurnOrderEngine<unknown, unknown, unknown>;
type Rec = Record<string, unknown>;

const side = fc.constantFrom("a", "b", "c");
const sides2 = <T extends { side: string }>(cs: T[]): boolean => new Set(cs.map((c) => c.side)).size >= 2;

const sectionsSetup: fc.Arbitrary<SectionsSetup> = fc
  .record({
    combatants: fc.array(fc.record({ side, able: fc.boolean() }), { minLength: 2, maxLength: 6 }).filter(sides2),
    order: fc.constantFrom("sides" as const, "fixed" as const, "popcorn" as const),
    grantedMoveWindow: fc.constantFrom("anytime" as const, "drawToDiscard" as const),
  })
  .map(({ combatants, order, grantedMoveWindow }) => ({
    combatants: combatants.map((c, i) => ({ id: `c${i}`, name: `C${i}`, side: c.side, able: c.able || i < 2 })),
    options: { order, grantedMoveWindow },
  }));

const rankedSetup: fc.Arbitrary<RankedSetup> = fc
  .record({
    combatants: fc
      .array(fc.record({ side, agility: fc.integer({ min: -2, max: 3 }), prone: fc.boolean() }), { minLength: 2, maxLength: 6 })
      .filter(sides2),
    ties: fc.constantFrom("listed" as const, "pcFirst" as const, "rollOff" as const),
    delayKeepsPlace: fc.boolean(),
    endWhen: fc.constantFrom("oneSideLeft" as const, "anySideDown" as const),
  })
  .map(({ combatants, ties, delayKeepsPlace, endWhen }) => ({
    combatants: combatants.map((c, i) => ({ ...c, id: `u${i}` })),
    options: { ties, delayKeepsPlace, endWhen },
  }));

const rolledSetup: fc.Arbitrary<RolledSetup> = fc
  .record({
    combatants: fc
      .array(
        fc.record({
          side: fc.constantFrom("pc", "npc", "beasts"),
          initiative: fc.integer({ min: -1, max: 3 }),
          fatigueLoad: fc.nat(3),
          fatigueTolerance: fc.nat(4),
        }),
        { minLength: 2, maxLength: 6 },
      )
      .filter(sides2),
    roundZero: fc.constantFrom("everyone" as const, "pcsOnly" as const),
    delayLimit: fc.constantFrom("perCharacter" as const, "perRound" as const),
  })
  .map(({ combatants, roundZero, delayLimit }) => ({
    combatants: combatants.map((c, i) => ({ ...c, id: `s${i}`, speed: 5 })),
    options: { roundZero, delayLimit },
  }));

const teamsSetup: fc.Arbitrary<TeamsSetup> = fc
  .record({
    combatants: fc
      .array(fc.record({ side, stamina: fc.nat(3), focus: fc.nat(2), cannotBeSurprised: fc.boolean() }), { minLength: 2, maxLength: 6 })
      .filter(sides2),
    surprise: fc.boolean(),
    attackCountResets: fc.constantFrom("round" as const, "turn" as const),
  })
  .map(({ combatants, surprise, attackCountResets }) => ({
    initiative: ["a", "b", "c"],
    combatants: combatants.map((c, i) => ({
      id: `t${i}`,
      team: c.side,
      stamina: c.stamina,
      focus: c.focus,
      cannotBeSurprised: c.cannotBeSurprised,
    })),
    ...(surprise ? { surprise: ["a"] } : {}),
    options: { attackCountResets },
  }));

const factionsSetup: fc.Arbitrary<FactionsSetup> = fc
  .record({
    combatants: fc
      .array(fc.record({ side, wit: fc.integer({ min: 0, max: 20 }), health: fc.integer({ min: 1, max: 6 }), concealed: fc.boolean() }), {
        minLength: 2,
        maxLength: 6,
      })
      .filter(sides2),
    fastSlow: fc.boolean(),
    passIsFinal: fc.boolean(),
    holder: fc.option(side, { nil: undefined }),
  })
  .map(({ combatants, fastSlow, passIsFinal, holder }) => ({
    factions: ["a", "b", "c"],
    combatants: combatants.map((c, i) => ({
      id: `f${i}`,
      faction: c.side,
      wit: c.wit,
      health: c.health,
      concealed: c.concealed && i === 0,
    })),
    ...(holder === undefined ? {} : { initiative: holder }),
    options: { fastSlow, passIsFinal },
  }));

interface Case {
  readonly name: string;
  readonly engine: AnyEngine;
  readonly setup: fc.Arbitrary<unknown>;
  /** Where the combatants live in the state. */
  readonly roster: string;
  /** The engine's own marks: which states it skips the check for. */
  readonly own: TrustedStates;
}

const CASES: readonly Case[] = [
  { name: "sections", own: sectionsOwn, engine: sectionsEngine as AnyEngine, setup: sectionsSetup, roster: "combatants" },
  { name: "ranked", own: rankedOwn, engine: rankedEngine as AnyEngine, setup: rankedSetup, roster: "combatants" },
  { name: "rolled", own: rolledOwn, engine: rolledEngine as AnyEngine, setup: rolledSetup, roster: "combatants" },
  { name: "teams", own: teamsOwn, engine: teamsEngine as AnyEngine, setup: teamsSetup, roster: "members" },
  { name: "factions", own: factionsOwn, engine: factionsEngine as AnyEngine, setup: factionsSetup, roster: "members" },
];

const junk = fc.oneof(fc.constant(null), fc.constant(undefined), fc.integer(), fc.string(), fc.boolean(), fc.constant({}), fc.constant([]));

/** A command to try: mostly one legal() offers, sometimes a legal one bent out of shape, sometimes junk. */
type Step =
  | { kind: "legal"; pick: number; end: boolean }
  | { kind: "bent"; pick: number; key: string; value: unknown }
  | { kind: "junk"; cmd: unknown };
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 12, arbitrary: fc.record({ kind: fc.constant("legal" as const), pick: fc.nat(), end: fc.constant(false) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("legal" as const), pick: fc.nat(), end: fc.constant(true) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("bent" as const),
      pick: fc.nat(),
      key: fc.constantFrom("combatant", "type", "action", "side", "able"),
      value: fc.oneof(junk, fc.constantFrom("ghost", "__proto__", "a")),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("junk" as const), cmd: junk }) },
);

const ENDING = new Set(["declareEnd", "endCombat", "remove", "setAble", "setHealth", "surrender"]);

function pickCommand(legal: readonly unknown[], s: Step): unknown {
  if (s.kind === "junk") return s.cmd;
  const pool = s.kind === "legal" && !s.end ? legal.filter((c) => !ENDING.has((c as Rec).type as string)) : legal;
  const base = pool[s.pick % Math.max(1, pool.length)];
  if (base === undefined) return undefined;
  return s.kind === "bent" ? { ...(base as Rec), [s.key]: s.value } : base;
}

/** The same outcome, compared as data (the refusal's key and reason included). */
function same(a: Outcome<unknown, TurnEvent>, b: Outcome<unknown, TurnEvent>): void {
  expect(a.ok).toBe(b.ok);
  if (a.ok && b.ok) {
    expect(a.state).toEqual(b.state);
    expect(a.events).toEqual(b.events);
  } else expect(a).toEqual(b);
}

function deepFreeze<T>(x: T): T {
  if (typeof x === "object" && x !== null && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of Object.values(x)) deepFreeze(v);
  }
  return x;
}

const viaJson = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

describe("trusted states: the fast path gives what the checked path gives", () => {
  for (const c of CASES) {
    it(`${c.name}: apply on the engine's own state equals apply on its JSON copy, over random command sequences`, () => {
      let steps = 0;
      fc.assert(
        fc.property(
          c.setup,
          fc.integer({ min: 0, max: 2 ** 31 - 1 }),
          fc.array(step, { minLength: 5, maxLength: 80 }),
          (setup, seed, plan) => {
            const r1 = seededRoller(seed);
            const r2 = seededRoller(seed);
            const started = c.engine.start(setup, r1);
            const startedCopy = c.engine.start(viaJson(setup), r2);
            same(started, startedCopy);
            // Every generated setup is valid: a refusal here is a failure, not a case to skip.
            if (!started.ok) throw new Error(`${c.name}: start refused a generated setup: ${started.reason}`);
            let s = started.state;
            expect(c.own.has(s)).toBe(true);
            for (const p of plan) {
              const copy = viaJson(s);
              expect(c.own.has(copy)).toBe(false);
              // legal() and view() read the trusted state without checking it: they too must agree.
              const legal = c.engine.legal(s);
              expect(legal).toEqual(c.engine.legal(copy));
              expect(c.engine.view(s)).toEqual(c.engine.view(copy));
              const cmd = pickCommand(legal, p);
              // Frozen, so a reducer that edited its input (or a list its draft shares with it) would throw here.
              const fast = c.engine.apply(deepFreeze(s), cmd, r1);
              const checked = c.engine.apply(copy, viaJson(cmd ?? null), r2);
              same(fast, checked);
              steps++;
              if (fast.ok) {
                expect(c.own.has(fast.state)).toBe(true);
                s = fast.state;
              }
            }
          },
        ),
        { numRuns: 120 },
      );
      // The runs really played: not a handful of commands on fights that ended at once.
      expect(steps).toBeGreaterThan(120 * 5);
    });
  }
});

/** Malformed copies of a good state: each is a new object, so no engine has seen it. */
function malformed(state: Rec, roster: string): Rec[] {
  const cs = state[roster] as Rec | Rec[];
  const first = (Array.isArray(cs) ? cs[0] : Object.values(cs)[0]) as Rec;
  const bentRoster = Array.isArray(cs)
    ? [{ ...first, able: "yes" }, ...cs.slice(1)]
    : { ...cs, [first.id as string]: { ...first, able: "yes" } };
  const noId = Array.isArray(cs) ? [{ ...first, id: 7 }, ...cs.slice(1)] : { ...cs, [first.id as string]: { ...first, id: 7 } };
  return [
    { ...state, round: -1 },
    { ...state, round: "2" },
    { ...state, [roster]: null },
    { ...state, [roster]: bentRoster },
    { ...state, [roster]: noId },
    { ...state, acting: 42 },
    { ...state, kind: "other", engine: "other" },
    { ...state, options: null },
  ];
}

describe("untrusted states are still checked", () => {
  for (const c of CASES) {
    it(`${c.name}: malformed copies of a state the engine made are refused as MalformedState, never thrown on`, () => {
      fc.assert(
        fc.property(c.setup, fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.array(fc.nat(), { maxLength: 30 }), (setup, seed, picks) => {
          const roller = seededRoller(seed);
          const started = c.engine.start(setup, roller);
          // Every generated setup is a good one: a refused start would skip the checks below unseen.
          if (!started.ok) throw new Error(`start refused: ${started.key}`);
          let s = started.state;
          for (const k of picks) {
            const legal = c.engine.legal(s).filter((x) => !ENDING.has((x as Rec).type as string));
            const cmd = legal[k % Math.max(1, legal.length)];
            if (cmd === undefined) break;
            const o = c.engine.apply(s, cmd, roller);
            if (!o.ok) break;
            s = o.state;
          }
          const cmd = c.engine.legal(s)[0] ?? { type: "endCombat" };
          // isState says what apply's check says: the state and its JSON copy are sound, the bent copies are not.
          expect(c.engine.isState(s)).toBe(true);
          expect(c.engine.isState(viaJson(s))).toBe(true);
          for (const bad of malformed(s as Rec, c.roster)) {
            expect(c.engine.isState(bad)).toBe(false);
            let o: Outcome<unknown, TurnEvent> | undefined;
            expect(() => (o = c.engine.apply(bad, cmd, roller))).not.toThrow();
            expect(o?.ok).toBe(false);
            if (o && !o.ok) expect(o.key).toBe("FRAY.Refusal.MalformedState");
            expect(c.engine.legal(bad)).toEqual([]);
          }
          for (const bad of [null, undefined, 42, "state", [], {}]) {
            expect(c.engine.isState(bad)).toBe(false);
            const o = c.engine.apply(bad, cmd, roller);
            expect(o.ok).toBe(false);
          }
        }),
        { numRuns: 60 },
      );
    });

    it(`${c.name}: a state another engine made is checked, not trusted`, () => {
      const other = CASES.find((x) => x.name !== c.name) as Case;
      const started = fc.sample(other.setup, { numRuns: 1, seed: 7 })[0];
      const o = other.engine.start(started, seededRoller(1));
      expect(o.ok).toBe(true);
      if (!o.ok) return;
      expect(other.own.has(o.state)).toBe(true);
      expect(c.own.has(o.state)).toBe(false);
      const out = c.engine.apply(o.state, { type: "endCombat" }, seededRoller(1));
      expect(out.ok).toBe(false);
      if (!out.ok) expect(out.key).toBe("FRAY.Refusal.MalformedState");
    });
  }
});
