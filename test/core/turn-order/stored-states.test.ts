// A stored state is checked once, where it is read (the engine's isState, derived from its state schema); apply, legal
// and view trust the typed state they are given. These tests pin what that must hold: every state an engine makes fits
// its schema, the schema names every field an engine writes, apply gives the same on a state and on its JSON copy, a
// malformed state is refused where it is read (never thrown on), and the check never runs inside apply, legal or view.
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { isRecord } from "../../../src/core/shared/guards.js";
import type { Outcome } from "../../../src/core/shared/outcome.js";
import { seededRoller } from "../../../src/core/shared/roller.js";
import { stateProblem, type Schema, type StateSchema } from "../../../src/core/shared/schema.js";
import { FACTIONS_STATE } from "../../../src/core/turn-order/factions/state-schema.js";
import { RANKED_STATE } from "../../../src/core/turn-order/ranked/state-schema.js";
import { ROLLED_STATE } from "../../../src/core/turn-order/rolled/state-schema.js";
import { SECTIONS_STATE } from "../../../src/core/turn-order/sections/state-schema.js";
import { TEAMS_STATE } from "../../../src/core/turn-order/teams/state-schema.js";
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
      .array(fc.record({ side, agility: fc.integer({ min: -2, max: 3 }), prone: fc.boolean() }), {
        minLength: 2,
        maxLength: 6,
      })
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
      .array(fc.record({ side, stamina: fc.nat(3), focus: fc.nat(2), cannotBeSurprised: fc.boolean() }), {
        minLength: 2,
        maxLength: 6,
      })
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
      .array(
        fc.record({
          side,
          wit: fc.integer({ min: 0, max: 20 }),
          health: fc.integer({ min: 1, max: 6 }),
          concealed: fc.boolean(),
        }),
        {
          minLength: 2,
          maxLength: 6,
        },
      )
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
  /** The schema its isState is derived from. */
  readonly schema: StateSchema<never>;
}

/** A rule set's state schema, as the cases hold them side by side. */
const loose = <T>(schema: StateSchema<T>): StateSchema<never> => schema as unknown as StateSchema<never>;

const CASES: readonly Case[] = [
  {
    name: "sections",
    schema: loose(SECTIONS_STATE),
    engine: sectionsEngine,
    setup: sectionsSetup,
    roster: "combatants",
  },
  {
    name: "ranked",
    schema: loose(RANKED_STATE),
    engine: rankedEngine,
    setup: rankedSetup,
    roster: "combatants",
  },
  {
    name: "rolled",
    schema: loose(ROLLED_STATE),
    engine: rolledEngine,
    setup: rolledSetup,
    roster: "combatants",
  },
  { name: "teams", schema: loose(TEAMS_STATE), engine: teamsEngine, setup: teamsSetup, roster: "members" },
  {
    name: "factions",
    schema: loose(FACTIONS_STATE),
    engine: factionsEngine,
    setup: factionsSetup,
    roster: "members",
  },
];

const junk = fc.oneof(
  fc.constant(null),
  fc.constant(undefined),
  fc.integer(),
  fc.string(),
  fc.boolean(),
  fc.constant({}),
  fc.constant([]),
);

/** A command to try: mostly one legal() offers, sometimes a legal one bent out of shape, sometimes junk. */
type Step =
  | { kind: "legal"; pick: number; end: boolean }
  | { kind: "bent"; pick: number; key: string; value: unknown }
  | { kind: "junk"; cmd: unknown };
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 12,
    arbitrary: fc.record({ kind: fc.constant("legal" as const), pick: fc.nat(), end: fc.constant(false) }),
  },
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

/** The fields of `value` its schema does not name, as dotted places (a check another module owns is not walked). */
function undescribed(schema: Schema, value: unknown, at = ""): string[] {
  if (typeof schema !== "object") return [];
  if ("nullable" in schema) return value === null ? [] : undescribed(schema.nullable, value, at);
  if ("optional" in schema) return value === undefined ? [] : undescribed(schema.optional, value, at);
  if ("list" in schema)
    return Array.isArray(value) ? value.flatMap((v, i) => undescribed(schema.list, v, `${at}${i}.`)) : [];
  if ("record" in schema)
    return isRecord(value)
      ? Object.entries(value).flatMap(([k, v]) => undescribed(schema.record, v, `${at}${k}.`))
      : [];
  if (!("fields" in schema) || !isRecord(value)) return [];
  const fields = schema.fields;
  return Object.entries(value).flatMap(([k, v]) =>
    Object.hasOwn(fields, k) ? undescribed(fields[k] as Schema, v, `${at}${k}.`) : [`${at}${k}`],
  );
}

/** A fight played on random commands: mostly legal ones, some bent, some junk; `each` sees every state reached. */
function play(
  c: Case,
  setup: unknown,
  seed: number,
  plan: readonly Step[],
  each: (s: unknown, cmd: unknown) => void,
): number {
  const roller = seededRoller(seed);
  const started = c.engine.start(setup, roller);
  // Every generated setup is valid: a refusal here is a failure, not a case to skip.
  if (!started.ok) throw new Error(`${c.name}: start refused a generated setup: ${started.reason}`);
  let s = started.state;
  let steps = 0;
  for (const p of plan) {
    const cmd = pickCommand(c.engine.legal(s), p);
    each(s, cmd);
    const o = c.engine.apply(s, cmd, roller);
    steps++;
    if (o.ok) s = o.state;
  }
  each(s, undefined);
  return steps;
}

const plans = fc.array(step, { minLength: 5, maxLength: 80 });
const seeds = fc.integer({ min: 0, max: 2 ** 31 - 1 });

describe("every state an engine makes is one its schema describes", () => {
  for (const c of CASES) {
    it(
      `${c.name}: every state reached, and its JSON copy, is ` +
        `sound; the schema names every field the engine writes`,
      () => {
        let steps = 0;
        fc.assert(
          fc.property(c.setup, seeds, plans, (setup, seed, plan) => {
            steps += play(c, setup, seed, plan, (s) => {
              expect(stateProblem(c.schema, s)).toBeNull();
              expect(c.engine.isState(viaJson(s))).toBe(true);
              expect(undescribed({ fields: c.schema.fields }, s)).toEqual([]);
            });
          }),
          { numRuns: 60 },
        );
        // The runs really played: not a handful of commands on fights that ended at once.
        expect(steps).toBeGreaterThan(60 * 5);
      },
    );

    it(
      `${c.name}: apply, legal and view give the same on a state and on its JSON copy, and ` +
        `never change their input`,
      () => {
        fc.assert(
          fc.property(c.setup, seeds, plans, (setup, seed, plan) => {
            play(c, setup, seed, plan, (s, cmd) => {
              const copy = viaJson(s);
              expect(c.engine.legal(s)).toEqual(c.engine.legal(copy));
              expect(c.engine.view(s)).toEqual(c.engine.view(copy));
              // Frozen, so a reducer that edited its input (or a list its draft shares with it) would throw here.
              same(
                c.engine.apply(deepFreeze(s), cmd, seededRoller(seed)),
                c.engine.apply(copy, viaJson(cmd ?? null), seededRoller(seed)),
              );
            });
          }),
          { numRuns: 60 },
        );
      },
    );

    it(`${c.name}: the state check runs where a state is read, never inside apply, legal or view`, () => {
      const holds = c.schema.rules.map((rule) => vi.spyOn(rule as { holds: (s: never) => boolean }, "holds"));
      try {
        const [setup] = fc.sample(c.setup, { numRuns: 1, seed: 11 });
        play(c, setup, 11, fc.sample(step, { numRuns: 40, seed: 11 }), (s) => {
          c.engine.view(s);
        });
        expect(holds.map((h) => h.mock.calls.length)).toEqual(holds.map(() => 0));
        const started = c.engine.start(setup, seededRoller(11));
        expect(started.ok && c.engine.isState(viaJson(started.state))).toBe(true);
        expect(holds.every((h) => h.mock.calls.length === 1)).toBe(true);
      } finally {
        for (const h of holds) h.mockRestore();
      }
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
  const noId = Array.isArray(cs)
    ? [{ ...first, id: 7 }, ...cs.slice(1)]
    : { ...cs, [first.id as string]: { ...first, id: 7 } };
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

describe("a malformed stored state is refused where it is read", () => {
  for (const c of CASES) {
    it(
      `${c.name}: malformed copies of a state the engine ` + `made are refused, their problem named, never thrown on`,
      () => {
        fc.assert(
          fc.property(c.setup, seeds, fc.array(fc.nat(), { maxLength: 30 }), (setup, seed, picks) => {
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
            expect(c.engine.isState(s)).toBe(true);
            expect(c.engine.isState(viaJson(s))).toBe(true);
            for (const bad of [...malformed(s as Rec, c.roster), null, undefined, 42, "state", [], {}]) {
              expect(c.engine.isState(bad)).toBe(false);
              expect(stateProblem(c.schema, bad)).toEqual(expect.any(String));
            }
          }),
          { numRuns: 60 },
        );
      },
    );

    it(`${c.name}: a state another engine made is refused`, () => {
      for (const other of CASES.filter((x) => x.name !== c.name)) {
        const started = fc.sample(other.setup, { numRuns: 1, seed: 7 })[0];
        const o = other.engine.start(started, seededRoller(1));
        expect(o.ok).toBe(true);
        if (o.ok) expect(c.engine.isState(o.state)).toBe(false);
      }
    });
  }
});
