// Seeded fuzzing of apply(): commands legal() offers mixed with junk of every shape. The engine must answer each
// with an outcome (accepted, or refused with a FRAY.Refusal key), never throw, and leave a refused state as it was.
import { describe, expect, it } from "vitest";
import { seededRoller } from "../../../../src/core/shared/roller.js";
import { stateProblem } from "../../../../src/core/shared/schema.js";
import { FACTIONS_STATE } from "../../../../src/core/turn-order/factions/state-schema.js";
import {
  factionsEngine,
  type FactionsCommand,
  type FactionsSetup,
  type FactionsState,
} from "../../../../src/core/turn-order/factions/index.js";
import { fuzzCount } from "../../../fuzz-size.js";

const COMMANDS = fuzzCount(1000);

/** mulberry32: a small seeded generator, so every run tries the same commands. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SETUPS: readonly FactionsSetup[] = [
  {
    factions: ["A", "B"],
    initiative: "A",
    players: ["A"],
    combatants: [
      { id: "a1", faction: "A", wit: 12, health: 6 },
      { id: "a2", faction: "A", wit: 4, health: 6, immuneToFear: true },
      { id: "b1", faction: "B", wit: 15, health: 6, concealed: true },
      { id: "b2", faction: "B", wit: 8, health: 6 },
    ],
    options: { fastSlow: true, declarationSeconds: 10 },
  },
  {
    // names an object's prototype answers to, as factions
    factions: ["__proto__", "constructor", "toString"],
    combatants: [
      { id: "p1", faction: "__proto__", health: 4 },
      { id: "p2", faction: "__proto__", health: 4 },
      { id: "c1", faction: "constructor", health: 4 },
      { id: "t1", faction: "toString", health: 1 },
    ],
    options: { passIsFinal: true, reactAfterActing: true },
  },
  {
    factions: ["red", "blue"],
    initiative: "blue",
    combatants: [
      { id: "r1", faction: "red", health: 3 },
      { id: "u1", faction: "blue", health: 3, able: false },
      { id: "u2", faction: "blue", health: 3, concealed: true },
    ],
    options: { ambushUsesFirstTurn: true },
  },
];

const TYPES = [
  "chooseFirst",
  "act",
  "pass",
  "endTurn",
  "spend",
  "react",
  "surrender",
  "declarationLapsed",
  "setHealth",
];
const MORE_TYPES = ["useGear", "morale", "setAble", "resume", "remove", "declareEnd", "endCombat"];
const ODD_TYPES: unknown[] = [
  "",
  "explode",
  "__proto__",
  "constructor",
  "toString",
  "hasOwnProperty",
  42,
  null,
  undefined,
  {},
];
const FIELDS = [
  "side",
  "combatant",
  "action",
  "zones",
  "complex",
  "trigger",
  "health",
  "byEnemy",
  "result",
  "able",
  "outcome",
  "victors",
];

/** Values of every wrong shape, and the names an object's prototype answers to. */
function junkValue(rnd: () => number, state: FactionsState): unknown {
  const pool: unknown[] = [
    null,
    undefined,
    [],
    ["A", "B"],
    [Object.create(null)],
    {},
    Object.create(null),
    { toString: 5 },
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER,
    Infinity,
    -Infinity,
    Number.NaN,
    -0,
    0.5,
    -3,
    true,
    false,
    "",
    "__proto__",
    "constructor",
    "toString",
    "hasOwnProperty",
    "pass",
    "Move",
    "Attack",
    "Change Armour",
    Symbol("junk"),
    10n,
    ...state.roster,
    ...state.factions,
  ];
  return pool[Math.floor(rnd() * pool.length)];
}

function junkCommand(rnd: () => number, state: FactionsState, legal: readonly FactionsCommand[]): unknown {
  const roll = rnd();
  if (roll < 0.06)
    return [null, undefined, 7, "act", [], Object.create(null), [{ type: "act" }]][Math.floor(rnd() * 7)];
  if (roll < 0.4 && legal.length > 0) {
    // a legal command with one field bent or missing
    const bent: Record<string, unknown> = { ...(legal[Math.floor(rnd() * legal.length)] as object) };
    const key = FIELDS[Math.floor(rnd() * FIELDS.length)] as string;
    if (rnd() < 0.3) delete bent[key];
    else bent[key] = junkValue(rnd, state);
    return bent;
  }
  const types = [...TYPES, ...MORE_TYPES, ...ODD_TYPES];
  const c: Record<string, unknown> = rnd() < 0.5 ? {} : (Object.create(null) as Record<string, unknown>);
  c.type = types[Math.floor(rnd() * types.length)];
  for (const key of FIELDS) if (rnd() < 0.4) c[key] = junkValue(rnd, state);
  return c;
}

describe("factions junk commands", () => {
  it(
    `FAC-01 about ${COMMANDS} commands, legal and junk ` + `mixed, seeded: nothing throws and every refusal is typed`,
    () => {
      const rnd = generator(20240601);
      const roller = seededRoller(99);
      const thrown: string[] = [];
      let accepted = 0;
      let refused = 0;
      let fights = 0;
      for (let n = 0; n < COMMANDS;) {
        const started = factionsEngine.start(SETUPS[fights % SETUPS.length] as FactionsSetup, roller);
        fights++;
        expect(started.ok).toBe(true);
        if (!started.ok) break;
        let state = started.state;
        for (; n < COMMANDS && state.phase !== "ended"; n++) {
          const legal = factionsEngine.legal(state);
          const command =
            rnd() < 0.45 && legal.length > 0 ? legal[Math.floor(rnd() * legal.length)] : junkCommand(rnd, state, legal);
          const before = JSON.stringify(state);
          try {
            const r = factionsEngine.apply(state, command as FactionsCommand, roller);
            if (r.ok) {
              accepted++;
              state = r.state;
              factionsEngine.view(state);
            } else {
              refused++;
              expect(r.key).toMatch(/^FRAY\.Refusal\.[A-Za-z]+$/);
              expect(typeof r.reason).toBe("string");
              expect(JSON.stringify(state)).toBe(before);
            }
          } catch (e) {
            thrown.push(
              `${String(e)} on ${JSON.stringify(command, (_, v: unknown) => (typeof v === "bigint" ? `${v}n` : v))}`,
            );
          }
        }
      }
      expect(thrown).toEqual([]);
      // the mix must really exercise both paths, over several fights
      expect(accepted).toBeGreaterThan(250);
      expect(refused).toBeGreaterThan(250);
      expect(fights).toBeGreaterThan(1);
    },
  );
});

describe("factions corrupted states", () => {
  it("FAC-01 a stored state bent out of shape is refused where it is read, its problem named, never thrown on", () => {
    const started = factionsEngine.start(SETUPS[0] as FactionsSetup, seededRoller(3));
    expect(started.ok).toBe(true);
    if (!started.ok) return;
    const good = started.state;
    const bare = Object.create(null) as object;
    const bends: Record<string, unknown>[] = [
      { factions: [...good.factions, bare] },
      { factions: [good.factions[0], good.factions[0]] },
      { phase: "ended", result: { reason: "x", victors: [bare] } },
      { phase: "ended", result: { reason: "x", victors: 5 } },
      { result: "over" },
      { declaration: { combatant: bare, seconds: 10 } },
      { declaration: undefined },
      { members: { ...good.members, a1: { ...good.members.a1, turn: "spent" } } },
      { members: { ...good.members, a1: { ...good.members.a1, turn: { bonus: bare, main: false, zones: 0 } } } },
    ];
    for (const bend of bends) {
      const bad = { ...(JSON.parse(JSON.stringify(good)) as FactionsState), ...bend } as FactionsState;
      expect(factionsEngine.isState(bad)).toBe(false);
      expect(stateProblem(FACTIONS_STATE, bad)).toMatch(/^(factions|result|declaration|members\.a1\.turn)/);
    }
  });
});

describe("factions junk setups", () => {
  it("FAC-01 a setup of the wrong shape is refused with a typed refusal, never thrown on", () => {
    const bare = Object.create(null) as object;
    const two = (combatants: unknown[]): unknown => ({ factions: ["A", "B"], combatants });
    const setups: unknown[] = [
      null,
      bare,
      [],
      { factions: [bare, "B"], combatants: [] },
      { factions: ["A", "A"], combatants: [] },
      two([bare]),
      two([{ id: bare, faction: "A" }]),
      two([{ id: "__proto__", faction: "A" }]),
      two([{ id: "constructor", faction: "A" }]),
      two([{ id: "x", faction: bare }]),
      two([{ id: "x", faction: "C" }]),
      two([{ id: "x", faction: "A", wit: bare }]),
      two([{ id: "x", faction: "A", health: Number.NaN }]),
      two([{ id: "x", faction: "A", health: -1 }]),
      { ...(two([]) as object), players: [bare] },
      { ...(two([]) as object), initiative: bare },
      { ...(two([]) as object), options: { declarationSeconds: bare } },
    ];
    for (const setup of setups) {
      const r = factionsEngine.start(setup as FactionsSetup, seededRoller(1));
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.key).toMatch(/^FRAY\.Refusal\.[A-Za-z]+$/);
    }
  });
});
