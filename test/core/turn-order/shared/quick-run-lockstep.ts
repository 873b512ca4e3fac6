// The quick runs (each turn order's quick-run.ts) against the engine's apply(), command by command, state by state.
import fc from "fast-check";
import { isDeepStrictEqual } from "node:util";
import { expect } from "vitest";
import type { Refusal } from "../../../../src/core/shared/outcome.js";
import { seededRoller } from "../../../../src/core/shared/roller.js";
import type { TurnOrderEngine } from "../../../../src/core/turn-order/types.js";

export interface QuickRunLike<State, Command> {
  readonly state: State;
  apply(cmd: Command, roller: import("../../../../src/core/shared/roller.js").Roller): Refusal | null;
}

/** What a lockstep drive saw: commands compared, how many the engine accepted, and how many fights ended. */
export interface Tally {
  commands: number;
  accepted: number;
  ended: number;
}

export const newTally = (): Tally => ({ commands: 0, accepted: 0, ended: 0 });

/**
 * Applies each command to the engine's state and to the quick run's: both accept it or both refuse it with the same
 * refusal, and their states are then deeply equal. The state handed in is never changed (checked at the end).
 */
export function lockstep<State, Command>(
  engine: TurnOrderEngine<unknown, State, Command>,
  start: State,
  quick: (s: State) => QuickRunLike<State, Command>,
  next: (s: State, i: number) => Command | undefined,
  tally: Tally,
  ended: (s: State) => boolean,
  seed = 0,
): void {
  const before = structuredClone(start);
  const run = quick(start);
  let s = start;
  for (let i = 0; ; i++) {
    const cmd = next(s, i);
    if (cmd === undefined) break;
    // The same dice for both: commands that roll (none of the quick ones) roll alike.
    const o = engine.apply(s, cmd, seededRoller(seed + i));
    const q = run.apply(cmd, seededRoller(seed + i));
    tally.commands++;
    if (o.ok) {
      tally.accepted++;
      if (q !== null) expect.fail(`quick run refused ${JSON.stringify(cmd)} that apply accepted: ${q.reason}`);
      s = o.state;
    } else expect(q, JSON.stringify(cmd)).toEqual(o);
    if (!isDeepStrictEqual(run.state, s)) expect(run.state, `after ${JSON.stringify(cmd)}`).toEqual(s);
  }
  if (ended(s)) tally.ended++;
  expect(start).toEqual(before);
}

/** The next command of a random drive: mostly one legal() offers (picked by `picks`), now and then any command at all. */
export function randomDrive<State, Command>(
  engine: TurnOrderEngine<unknown, State, Command>,
  steps: readonly ({ legal: number } | { any: unknown })[],
): (s: State, i: number) => Command | undefined {
  return (s, i) => {
    const step = steps[i];
    if (step === undefined) return undefined;
    if ("any" in step) return step.any as Command;
    // Commands that can end the fight are taken one time in ten, so fights run for several rounds.
    const all = engine.legal(s);
    const flow = step.legal % 10 === 0 ? all : all.filter((c) => !ending(c));
    const legal = flow.length > 0 ? flow : all;
    return legal.length === 0 ? undefined : legal[Math.floor(step.legal / 10) % legal.length];
  };
}

function ending(c: unknown): boolean {
  const { type, able } = c as { type?: string; able?: unknown };
  return type === "declareEnd" || type === "endCombat" || type === "remove" || (type === "setAble" && able === false);
}

/** Steps for randomDrive: `anyCommand` drawn about one time in eight. */
export function driveSteps(anyCommand: fc.Arbitrary<unknown>): fc.Arbitrary<({ legal: number } | { any: unknown })[]> {
  return fc.array(
    fc.oneof({ weight: 7, arbitrary: fc.record({ legal: fc.nat() }) }, { weight: 1, arbitrary: fc.record({ any: anyCommand }) }),
    { minLength: 20, maxLength: 200 },
  );
}

/** Random drives from random setups (`numRuns` of them), each held in lockstep; the tally says what was compared. */
export function randomLockstep<Setup, State, Command>(
  engine: TurnOrderEngine<Setup, State, Command>,
  setups: fc.Arbitrary<Setup>,
  idsOf: (setup: Setup) => string[],
  anyCommand: (ids: readonly string[]) => fc.Arbitrary<unknown>,
  quick: (s: State) => QuickRunLike<State, Command>,
  ended: (s: State) => boolean,
  numRuns: number,
): Tally {
  const tally = newTally();
  fc.assert(
    fc.property(
      setups.chain((setup) => fc.tuple(fc.constant(setup), fc.nat(1000), driveSteps(anyCommand(idsOf(setup))))),
      ([setup, seed, steps]) => {
        const o = engine.start(setup, seededRoller(seed));
        if (!o.ok) throw new Error(o.reason);
        lockstep(
          engine as TurnOrderEngine<unknown, State, Command>,
          o.state,
          quick,
          randomDrive(engine as never, steps),
          tally,
          ended,
          seed,
        );
      },
    ),
    { numRuns },
  );
  return tally;
}

/**
 * The simulator's own fights, `fights` of them from one seeded roller: each is played through apply() (`play` hands
 * the fight an engine other than the rule set's own, which records its first state and every command), then its
 * commands are replayed from that state in lockstep.
 */
export function replayedFights<Setup, State, Command>(
  engine: TurnOrderEngine<Setup, State, Command>,
  quick: (s: State) => QuickRunLike<State, Command>,
  ended: (s: State) => boolean,
  play: (engine: TurnOrderEngine<Setup, State, Command>, roller: import("../../../../src/core/shared/roller.js").Roller) => unknown,
  fights: number,
): Tally {
  const tally = newTally();
  const roller = seededRoller(16);
  for (let f = 0; f < fights; f++) {
    const sent: Command[] = [];
    let first: State | null = null;
    const recording: TurnOrderEngine<Setup, State, Command> = {
      ...engine,
      start(setup, r) {
        const o = engine.start(setup, r);
        if (o.ok) first = o.state;
        return o;
      },
      apply(s, cmd, r) {
        sent.push(cmd);
        return engine.apply(s, cmd, r);
      },
    };
    const r = play(recording, roller) as { ok?: false; reason?: string };
    if (r.ok === false) throw new Error(r.reason);
    if (first === null) throw new Error("the fight did not start");
    lockstep(engine as TurnOrderEngine<unknown, State, Command>, first, quick, (_, i) => sent[i], tally, ended);
  }
  return tally;
}
