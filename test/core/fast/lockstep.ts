// The fast runs (src/core/fast) against their engine's apply(), command by command, state by state: the same
// command on the same state gives the same refusal, or the same next state, from the same dice. apply()'s states
// stay untouched.
import fc from "fast-check";
import { expect } from "vitest";
import type { Refusal } from "../../../src/core/shared/outcome.js";
import { rollerFromState, seededRoller, type Roller } from "../../../src/core/shared/roller.js";
import type { TurnOrderEngine } from "../../../src/core/turn-order/types.js";

/** A fast run as the tests drive it: the state now, and a command done on it (null) or apply()'s refusal. */
export interface FastRunLike<State, Command> {
  readonly state: State;
  apply(cmd: Command, roller: Roller): Refusal | null;
}

/** What a lockstep drive saw: commands compared, how many apply() accepted and refused, and the fights ended. */
export interface Tally {
  commands: number;
  accepted: number;
  refused: number;
  ended: number;
  /** Command types accepted at least once. */
  readonly types: Set<string>;
}

export const newTally = (): Tally => ({ commands: 0, accepted: 0, refused: 0, ended: 0, types: new Set() });

/**
 * One command on both sides: apply() on `state`, the run's apply on its own state (which must equal `state`), from
 * copies of the same roller. Returns apply()'s outcome. Fails the test on any difference: the answer, the state
 * after, the dice drawn, or a change to the state apply() was given.
 */
export function twinStep<State, Command>(
  engine: TurnOrderEngine<unknown, State, Command>,
  state: State,
  run: FastRunLike<State, Command>,
  command: Command,
  roller: Roller,
  tally: Tally,
): ReturnType<TurnOrderEngine<unknown, State, Command>["apply"]> {
  const twinRoller = rollerFromState(roller.state());
  const before = JSON.stringify(state);
  const o = engine.apply(state, command, roller);
  const bad = run.apply(command, twinRoller);
  const what = JSON.stringify(command);
  tally.commands++;
  // apply() never changes its input, and the working state shares nothing with it that the fast run changes.
  expect(JSON.stringify(state), what).toBe(before);
  expect(twinRoller.state(), `${what}: the same dice`).toStrictEqual(roller.state());
  if (!o.ok) {
    tally.refused++;
    expect(bad, what).toStrictEqual(o);
    expect(run.state, `${what}: refused, the working state is unchanged`).toStrictEqual(state);
    return o;
  }
  tally.accepted++;
  tally.types.add((command as { type: string }).type);
  if (bad !== null) expect.fail(`the fast run refused ${what} that apply accepted: ${bad.reason}`);
  expect(run.state, what).toStrictEqual(o.state);
  return o;
}

/**
 * Applies each command `next` gives to the engine's state and to the run's, in lockstep (twinStep), from `start`,
 * which is never changed.
 */
export function lockstep<State, Command>(
  engine: TurnOrderEngine<unknown, State, Command>,
  start: State,
  fast: (s: State) => FastRunLike<State, Command>,
  next: (s: State, i: number) => Command | undefined,
  tally: Tally,
  ended: (s: State) => boolean,
  seed = 0,
): void {
  const before = structuredClone(start);
  const run = fast(start);
  let s = start;
  for (let i = 0; ; i++) {
    const cmd = next(s, i);
    if (cmd === undefined) break;
    // The same dice for both: commands that roll roll alike.
    const o = twinStep(engine, s, run, cmd, seededRoller(seed + i), tally);
    if (o.ok) s = o.state;
  }
  if (ended(s)) tally.ended++;
  expect(start).toEqual(before);
}

/**
 * The next command of a random drive: mostly one legal() offers (picked by `picks`), now and then any command at all.
 */
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
    fc.oneof(
      { weight: 7, arbitrary: fc.record({ legal: fc.nat() }) },
      { weight: 1, arbitrary: fc.record({ any: anyCommand }) },
    ),
    { minLength: 20, maxLength: 200 },
  );
}

/** Random drives from random setups (`numRuns` of them), each held in lockstep; the tally says what was compared. */
export function randomLockstep<Setup, State, Command>(
  engine: TurnOrderEngine<Setup, State, Command>,
  setups: fc.Arbitrary<Setup>,
  idsOf: (setup: Setup) => string[],
  anyCommand: (ids: readonly string[]) => fc.Arbitrary<unknown>,
  fast: (s: State) => FastRunLike<State, Command>,
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
          fast,
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
  fast: (s: State) => FastRunLike<State, Command>,
  ended: (s: State) => boolean,
  play: (engine: TurnOrderEngine<Setup, State, Command>, roller: Roller) => unknown,
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
    lockstep(engine as TurnOrderEngine<unknown, State, Command>, first, fast, (_, i) => sent[i], tally, ended);
  }
  return tally;
}
