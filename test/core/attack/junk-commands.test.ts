import { describe, expect, it } from "vitest";
import { escalationAttack } from "../../../src/core/attack/escalation/index.js";
import { factionsAttack } from "../../../src/core/attack/factions/index.js";
import type { AttackPipeline, AttackStateBase } from "../../../src/core/attack/pipeline.js";
import { sectionsAttack } from "../../../src/core/attack/sections/index.js";
import { strainAttack } from "../../../src/core/attack/strain/index.js";
import { teamsAttack } from "../../../src/core/attack/teams/index.js";
import type { Outcome } from "../../../src/core/shared/outcome.js";
import { seededRoller, type Roller } from "../../../src/core/shared/roller.js";
import { unit, sword } from "./escalation/helpers.js";
import { fighter, setup as factionsSetup } from "./factions/fixtures.js";
import { entity, SEEN, SHOT } from "./sections/fixtures.js";
import { attackSetup } from "./strain/fixtures.js";
import { foe, spear, who } from "./teams/helpers.js";
import { fuzzCount } from "../../fuzz-size.js";

const COMMANDS = fuzzCount(500);

// Robustness: a card, a macro or a socket may send anything. Every pipeline answers junk with a typed
// refusal and never throws, whatever step the attack is at.

type AnyPipeline = AttackPipeline<unknown, AttackStateBase, unknown>;

const TYPES = [
  "declare",
  "killingStrike",
  "roll",
  "react",
  "skipReaction",
  "rollDamage",
  "apply",
  "fortify",
  "fallUnconscious",
  "heal",
  "damage",
  "removeWound",
  "disarm",
  "retrieve",
  "standUp",
  "startTurn",
  "newRound",
  "disengage",
  "setStatus",
  "summon",
  "proposeStunt",
  "answerStunt",
  "__proto__",
  "constructor",
  "toString",
  "fly",
];
const FIELDS = [
  "attacker",
  "target",
  "combatant",
  "summoner",
  "reaction",
  "by",
  "for",
  "behind",
  "agreed",
  "item",
  "amount",
  "damage",
  "pay",
  "status",
  "value",
  "weapon",
  "unit",
  "effect",
  "accept",
  "kind",
  "aim",
  "adjacent",
  "outsideTurn",
  "pool",
  "nonlethal",
  "fortify",
  "thralled",
  "toHitBonus",
  "advantages",
];

/** A small seeded generator, so a failure names the draw that caused it. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function junkValue(rand: () => number, ids: readonly string[]): unknown {
  const values: unknown[] = [
    null,
    undefined,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    1e308,
    -1,
    1.5,
    0,
    7,
    "",
    "__proto__",
    "constructor",
    "freeHit",
    "dodge",
    "intercept",
    "aa",
    true,
    false,
    [],
    [1, "a"],
    {},
    Object.create(null),
    { id: "__proto__" },
    Symbol("junk"),
    ...ids,
  ];
  return values[Math.floor(rand() * values.length)];
}

function junkCommand(rand: () => number, ids: readonly string[]): unknown {
  const r = rand();
  if (r < 0.1) return junkValue(rand, ids);
  const cmd: Record<string, unknown> = r < 0.15 ? (Object.create(null) as Record<string, unknown>) : {};
  cmd.type = rand() < 0.9 ? TYPES[Math.floor(rand() * TYPES.length)] : junkValue(rand, ids);
  const n = Math.floor(rand() * 5);
  for (let i = 0; i < n; i++) cmd[FIELDS[Math.floor(rand() * FIELDS.length)]!] = junkValue(rand, ids);
  return cmd;
}

/** One well-formed command of every type any rule set knows, to spoil one field at a time. */
const TEMPLATES: readonly Readonly<Record<string, unknown>>[] = [
  {
    type: "declare",
    attacker: "a",
    target: "b",
    weapon: sword,
    kind: "attack",
    toHitBonus: 0,
    advantages: 0,
    adjacent: [],
  },
  { type: "killingStrike", attacker: "a", target: "b" },
  { type: "react", reaction: "dodge", by: "a", item: "spear", for: "b", behind: "c", agreed: true },
  { type: "heal", target: "a", amount: 3, pool: "health" },
  { type: "damage", target: "a", amount: 3, nonlethal: false, fortify: true },
  { type: "removeWound", target: "a" },
  { type: "disarm", combatant: "a" },
  { type: "retrieve", combatant: "a", pay: "aa" },
  { type: "standUp", combatant: "a", pay: "aa", outsideTurn: true },
  { type: "startTurn", combatant: "a" },
  { type: "disengage", combatant: "a", pay: "aa" },
  { type: "setStatus", combatant: "a", status: "prone", value: true },
  { type: "summon", summoner: "a", unit: unit("s"), thralled: false },
  { type: "proposeStunt", effect: "trip" },
  { type: "answerStunt", accept: true },
  { type: "apply", damage: 3 },
];

/** A well-formed command (legal now, or a template) with one field spoilt or left out. */
function spoilt(rand: () => number, good: unknown, ids: readonly string[]): unknown {
  const cmd: Record<string, unknown> = { ...(good as Record<string, unknown>) };
  const keys = Object.keys(cmd).filter((k) => k !== "type");
  if (keys.length === 0) return cmd;
  const key = keys[Math.floor(rand() * keys.length)]!;
  if (rand() < 0.2) delete cmd[key];
  else cmd[key] = junkValue(rand, ids);
  return cmd;
}

interface Case {
  readonly name: string;
  readonly pipeline: AnyPipeline;
  readonly setup: unknown;
  readonly ids: readonly string[];
}

const CASES: readonly Case[] = [
  {
    name: "escalation",
    pipeline: escalationAttack,
    setup: { combatants: [unit("a", { weapon: sword }), unit("b"), unit("c")] },
    ids: ["a", "b", "c"],
  },
  {
    name: "teams",
    pipeline: teamsAttack,
    setup: { combatants: [who("a", { weapon: spear }), who("c"), foe("b")] },
    ids: ["a", "b", "c"],
  },
  {
    name: "factions",
    pipeline: factionsAttack,
    setup: factionsSetup({ bystanders: [fighter("c")] }),
    ids: ["p1", "b1", "c"],
  },
  {
    name: "sections",
    pipeline: sectionsAttack,
    setup: {
      attacker: entity("a"),
      target: entity("t"),
      sight: SEEN,
      delivery: SHOT,
      crossesDistanceBlock: false,
      interceptors: [entity("g")],
      targetUnderwater: false,
      reachesUnderwater: false,
    },
    ids: ["a", "t", "g"],
  },
  { name: "strain", pipeline: strainAttack, setup: attackSetup(), ids: ["a", "t"] },
];

function begin(c: Case, roller: Roller): AttackStateBase {
  const o = c.pipeline.start(c.setup, roller);
  if (!o.ok) throw new Error(`${c.name} fixture refused: ${o.reason}`);
  return o.state;
}

describe("attack pipelines refuse junk, never throw", () => {
  for (const c of CASES) {
    it(`${c.name}: ${COMMANDS} commands, legal ones mixed with junk, give states or typed refusals`, () => {
      const rand = mulberry32(c.name.length * 7919);
      const roller = seededRoller(c.name.length);
      let state = begin(c, roller);
      const thrown: string[] = [];
      let refused = 0;
      let moved = 0;
      for (let i = 0; i < COMMANDS; i++) {
        // a finished single-attack card offers nothing more: the next command goes to a fresh one
        if (c.pipeline.legal(state).length === 0) state = begin(c, roller);
        const legal = c.pipeline.legal(state);
        const r = rand();
        const good =
          legal.length > 0 && rand() < 0.6
            ? legal[Math.floor(rand() * legal.length)]
            : TEMPLATES[Math.floor(rand() * TEMPLATES.length)];
        const command =
          r < 0.35 && legal.length > 0 ? good : r < 0.75 ? spoilt(rand, good, c.ids) : junkCommand(rand, c.ids);
        let o: Outcome<AttackStateBase, unknown>;
        try {
          o = c.pipeline.apply(state, command, roller);
        } catch (e) {
          thrown.push(`#${i}: ${String(e)}`);
          continue;
        }
        if (o.ok) {
          moved++;
          state = o.state;
        } else {
          refused++;
          expect(o.key).toMatch(/^FRAY\.Refusal\.\w+$/);
          expect(typeof o.reason).toBe("string");
        }
      }
      expect(thrown).toEqual([]);
      expect(refused).toBeGreaterThan(100);
      expect(moved).toBeGreaterThan(50);
    });
  }

  it("a state that is not one is refused, whatever the command", () => {
    const roller = seededRoller(1);
    for (const c of CASES)
      for (const junk of [null, 3, "state", [], Object.create(null), { step: "roll" }]) {
        const o = c.pipeline.apply(junk as AttackStateBase, { type: "roll" }, roller);
        expect(o.ok ? "" : o.key).toBe("FRAY.Refusal.MalformedAttackState");
      }
  });
});
