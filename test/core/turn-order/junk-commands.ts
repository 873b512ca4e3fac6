// A seeded fuzz driver for the turn-order engines: random command sequences that mix the engine's own legal()
// commands with junk payloads. Engines must refuse junk with a typed refusal and never throw, whatever it holds.
import { expect } from "vitest";
import { seededRoller, type Roller } from "../../../src/core/shared/roller.js";
import type { TurnOrderEngine } from "../../../src/core/turn-order/types.js";

type AnyEngine = TurnOrderEngine<unknown, unknown, unknown>;
type Rec = Record<string, unknown>;

/** Values no payload field should hold: wrong types, non-numbers, prototype names, objects without a prototype. */
export const JUNK_VALUES: readonly unknown[] = [
  undefined,
  null,
  0,
  -1,
  2.5,
  NaN,
  Infinity,
  -Infinity,
  Number.MAX_SAFE_INTEGER,
  1e308,
  "",
  "__proto__",
  "constructor",
  "toString",
  "hasOwnProperty",
  true,
  false,
  [],
  ["a", "b"],
  {},
  Object.create(null),
  Symbol("junk"),
  10n,
];

/** Whole commands that are not commands at all, or name a type no engine has. */
function junkCommands(): unknown[] {
  const bare = Object.create(null) as Rec;
  bare.type = "endCombat";
  return [
    null,
    undefined,
    42,
    "act",
    [],
    [{ type: "act" }],
    {},
    Object.create(null),
    bare,
    { type: null },
    { type: 7 },
    { type: "__proto__" },
    { type: "constructor" },
    { type: "toString" },
    { type: "hasOwnProperty" },
    { type: "nap" },
    { type: Object.create(null) as unknown },
  ];
}

export interface JunkRun {
  readonly engine: AnyEngine;
  readonly setup: unknown;
  /** Command types the engine knows, and the payload fields any of them reads. */
  readonly types: readonly string[];
  readonly fields: readonly string[];
  /** Ids of the fight's combatants and sides, so junk sometimes names a real one. */
  readonly names: readonly string[];
  readonly commands: number;
  readonly seed: number;
}

export interface JunkTally {
  accepted: number;
  refused: number;
  keys: Set<string>;
}

function pickOf<T>(r: Roller, list: readonly T[]): T {
  return list[r.die(list.length) - 1] as T;
}

/** One junk command: a legal one bent (a field junk or gone), a known type with junk fields, or no command at all. */
function junk(r: Roller, run: JunkRun, legal: readonly unknown[]): unknown {
  const value = (): unknown => (r.die(4) === 1 ? pickOf(r, run.names) : pickOf(r, JUNK_VALUES));
  const kind = r.die(4);
  if (kind === 1 && legal.length > 0) {
    const c = { ...(pickOf(r, legal) as Rec) };
    const keys = Object.keys(c).filter((k) => k !== "type");
    const k = keys.length > 0 && r.die(3) > 1 ? pickOf(r, keys) : pickOf(r, run.fields);
    if (r.die(4) === 1) delete c[k];
    else c[k] = value();
    return c;
  }
  if (kind === 2) {
    const c: Rec = { type: pickOf(r, run.types) };
    for (const f of run.fields) if (r.die(2) === 1) c[f] = value();
    return c;
  }
  if (kind === 3) {
    // A known type in an object without a prototype, with its fields from a legal command.
    const c = Object.create(null) as Rec;
    Object.assign(c, legal.length > 0 ? pickOf(r, legal) : { type: pickOf(r, run.types) });
    c[pickOf(r, run.fields)] = value();
    return c;
  }
  return pickOf(r, junkCommands());
}

/**
 * Play `run.commands` commands, half legal and half junk, restarting the fight when it ends. Every answer must
 * be an outcome: accepted with a state, or refused with a FRAY.Refusal key and a reason. Nothing may throw.
 */
export function playJunk(run: JunkRun): JunkTally {
  const r = seededRoller(run.seed);
  const engine = run.engine;
  const begin = (): unknown => {
    const o = engine.start(run.setup, r);
    if (!o.ok) throw new Error(`start refused: ${o.key}`);
    return o.state;
  };
  const tally: JunkTally = { accepted: 0, refused: 0, keys: new Set() };
  let state = begin();
  for (let i = 0; i < run.commands; i++) {
    const legal = engine.legal(state);
    const command = r.die(2) === 1 && legal.length > 0 ? pickOf(r, legal) : junk(r, run, legal);
    let o: ReturnType<AnyEngine["apply"]> | undefined;
    expect(() => (o = engine.apply(state, command, r)), `command ${i}: ${describe(command)}`).not.toThrow();
    if (o === undefined) continue;
    if (o.ok) {
      tally.accepted++;
      state = o.state;
    } else {
      tally.refused++;
      tally.keys.add(o.key);
      expect(o.key, describe(command)).toMatch(/^FRAY\.Refusal\.[A-Za-z]+$/);
      expect(typeof o.reason).toBe("string");
      if (o.data !== undefined) for (const v of Object.values(o.data)) expect(["string", "number"]).toContain(typeof v);
    }
    expect(() => engine.view(state)).not.toThrow();
    if (engine.view(state).ended) state = begin();
  }
  return tally;
}

/** A command as text for a failure message, whatever it holds. */
function describe(c: unknown): string {
  try {
    return (
      JSON.stringify(c, (_k, v: unknown) => (typeof v === "bigint" || typeof v === "symbol" ? String(v) : v)) ??
      String(c)
    );
  } catch {
    return Object.prototype.toString.call(c);
  }
}
