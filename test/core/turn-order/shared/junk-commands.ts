// Fuzz harness shared by the ranked and rolled junk-command tests: seeded, deterministic sequences that mix
// the commands legal() offers with junk payloads. An engine must answer every one with an outcome (never a
// throw), and every refusal must carry its FRAY.Refusal key.
import { expect } from "vitest";
import type { Outcome } from "../../../../src/core/shared/outcome.js";
import { seededRoller, type Roller } from "../../../../src/core/shared/roller.js";
import type { TurnEvent, TurnOrderEngine } from "../../../../src/core/turn-order/types.js";

type Rec = Record<string, unknown>;

function bare(fields: Rec = {}): Rec {
  return Object.assign(Object.create(null) as Rec, fields);
}

/**
 * Field values no well-formed command carries (symbols too: the Foundry layer sends JSON, but a refusal must not care).
 */
const JUNK_VALUES: readonly (() => unknown)[] = [
  () => null,
  () => undefined,
  () => true,
  () => 0,
  () => -1,
  () => 1.5,
  () => NaN,
  () => Infinity,
  () => -Infinity,
  () => 1e308,
  () => Number.MAX_SAFE_INTEGER + 2,
  () => "",
  () => "__proto__",
  () => "constructor",
  () => "toString",
  () => "hasOwnProperty",
  () => "x".repeat(5000),
  () => [],
  () => [1, "a", null],
  () => ({}),
  () => bare(),
  () => bare({ x: 1, y: 2 }),
  () => ({ x: bare(), y: [] }),
  // String() throws on these (no prototype to convert with): the spots a refusal must not convert.
  () => bare({ type: "act" }),
  () => [bare()],
  () => Symbol("junk"),
  () => Symbol.iterator,
];

/** Whole commands that are not commands, or name no known type. */
const JUNK_COMMANDS: readonly ((ids: readonly string[]) => unknown)[] = [
  () => null,
  () => undefined,
  () => 42,
  () => "act",
  () => [],
  () => [{ type: "act" }],
  () => ({}),
  () => bare(),
  (ids) => bare({ type: "act", combatant: ids[0] }),
  () => ({ type: 5 }),
  () => ({ type: null }),
  () => ({ type: bare() }),
  () => ({ type: Symbol("act") }),
  (ids) => ({ type: "__proto__", combatant: ids[0] }),
  (ids) => ({ type: "constructor", combatant: ids[0] }),
  (ids) => ({ type: "toString", combatant: ids[0] }),
  (ids) => ({ type: "hasOwnProperty", combatant: ids[0] }),
  () => ({ type: "__proto__" }),
  () => ({ type: "constructor" }),
  (ids) => ({ type: "bogus", combatant: ids[0] }),
  () => ({ type: "bogus" }),
  // JSON.parse makes "__proto__" an own field, as a command read from a socket would carry it.
  () => JSON.parse('{"type":"act","__proto__":{"combatant":"ghost"}}') as unknown,
];

export interface JunkRun {
  readonly commands: number;
  readonly accepted: number;
  readonly refused: number;
  readonly fights: number;
  /** Each refusal key seen, with how often. */
  readonly keys: ReadonlyMap<string, number>;
  /** What threw, with the command that made it throw (expected empty). */
  readonly throws: readonly string[];
}

function pick<T>(r: Roller, list: readonly T[]): T {
  return list[r.die(list.length) - 1] as T;
}

function describeCommand(cmd: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(cmd) ?? typeof cmd;
  } catch {
    text = Object.prototype.toString.call(cmd);
  }
  return text.length > 300 ? `${text.slice(0, 300)}...` : text;
}

/** Commands that end the fight or take someone out of it: offered less often, so that fights last. */
const ENDING = ["declareEnd", "endCombat", "remove"];

/** A legal command with one field replaced by junk, removed, or its combatant a stranger. */
function mangle(r: Roller, legal: Rec, ids: readonly string[]): unknown {
  const cmd: Rec = { ...legal };
  // Mostly a field the command has (its payload, where the engine reads untrusted values), sometimes another.
  const own = Object.keys(cmd).filter((k) => k !== "type");
  const key = own.length > 0 && r.die(4) > 1 ? pick(r, own) : pick(r, ["type", "combatant", "after", "extra"]);
  switch (r.die(5)) {
    case 1:
      delete cmd[key];
      return cmd;
    case 2:
      cmd.combatant = pick(r, ["ghost", "__proto__", "constructor", "toString", "", ...ids]);
      return cmd;
    case 3:
      return bare(cmd);
    default:
      cmd[key] = pick(r, JUNK_VALUES)();
      return cmd;
  }
}

/** A command of a known type with every payload field drawn at random, junk or not. */
function junkPayload(r: Roller, types: readonly string[], fields: readonly string[], ids: readonly string[]): unknown {
  const cmd: Rec = { type: pick(r, types) };
  if (r.die(4) > 1) cmd.combatant = r.die(4) > 1 ? pick(r, ids) : pick(r, JUNK_VALUES)();
  for (const f of fields) if (r.die(2) === 1) cmd[f] = pick(r, JUNK_VALUES)();
  return cmd;
}

export interface JunkHarness<Setup, State, Command> {
  readonly engine: TurnOrderEngine<Setup, State, Command>;
  /** A valid setup for fight number `n` (varied so several kinds of fight are played). */
  readonly setup: (n: number) => Setup;
  readonly ids: (setup: Setup) => readonly string[];
  /** Every command type the engine knows, and every payload field any of them reads. */
  readonly types: readonly string[];
  readonly fields: readonly string[];
}

/**
 * Plays `commands` commands from `seed`: 3 in 8 offered by legal(), the rest legal ones mangled, known types with
 * junk payloads, and junk commands. A fight that ends is followed by a new one (after two commands sent to
 * the ended state). legal() and view() run on every state reached.
 */
export function playJunk<Setup, State, Command>(
  h: JunkHarness<Setup, State, Command>,
  seed: number,
  commands: number,
): JunkRun {
  const r = seededRoller(seed);
  const keys = new Map<string, number>();
  const throws: string[] = [];
  let accepted = 0;
  let refused = 0;
  let fights = 0;
  let setup = h.setup(fights);
  let ids = h.ids(setup);
  const begin = (): State => {
    const o = h.engine.start(setup, seededRoller(seed + fights));
    if (!o.ok) throw new Error(`setup refused: ${o.reason}`);
    fights++;
    return o.state;
  };
  let state = begin();
  let afterEnd = 0;
  for (let i = 0; i < commands; i++) {
    const offered = h.engine.legal(state) as unknown as Rec[];
    const lasting = offered.filter((c) => !ENDING.includes(c.type as string));
    const legal = lasting.length > 0 && r.die(6) > 1 ? lasting : offered;
    h.engine.view(state);
    let cmd: unknown;
    const kind = r.die(8);
    if (kind <= 3 && legal.length > 0) cmd = pick(r, legal);
    else if (kind <= 5 && legal.length > 0) cmd = mangle(r, pick(r, legal), ids);
    else if (kind <= 7) cmd = junkPayload(r, h.types, h.fields, ids);
    else cmd = pick(r, JUNK_COMMANDS)(ids);
    let out: Outcome<State, TurnEvent>;
    try {
      out = h.engine.apply(state, cmd as Command, seededRoller(seed + i));
    } catch (e) {
      throws.push(`${describeCommand(cmd)}: ${e instanceof Error ? e.message : "?"}`);
      continue;
    }
    if (out.ok) {
      accepted++;
      state = out.state;
    } else {
      refused++;
      expect(out.key, describeCommand(cmd)).toMatch(/^FRAY\.Refusal\.[A-Za-z]+$/);
      expect(typeof out.reason === "string" && out.reason.length > 0, describeCommand(cmd)).toBe(true);
      keys.set(out.key, (keys.get(out.key) ?? 0) + 1);
    }
    if (h.engine.view(state).ended && ++afterEnd > 2) {
      setup = h.setup(fights);
      ids = h.ids(setup);
      state = begin();
      afterEnd = 0;
    }
  }
  return { commands, accepted, refused, fights, keys, throws };
}

/** Setups that are not setups, or carry junk where a combatant's fields go: start must refuse them, not throw. */
export function junkSetups(valid: Rec): unknown[] {
  const first = (valid.combatants as Rec[])[0] as Rec;
  const withFirst = (c: unknown): Rec => ({ ...valid, combatants: [c, ...(valid.combatants as Rec[]).slice(1)] });
  const out: unknown[] = [null, undefined, 7, "setup", [], {}, bare(), { combatants: bare() }, { combatants: [null] }];
  out.push(
    { ...valid, options: bare({ ties: bare() }) },
    { ...valid, options: [] },
    { ...valid, startingAreas: bare({ pc: bare() }) },
  );
  for (const key of Object.keys(first)) for (const v of JUNK_VALUES) out.push(withFirst({ ...first, [key]: v() }));
  out.push(withFirst(bare(first)), withFirst(bare()));
  return out;
}
