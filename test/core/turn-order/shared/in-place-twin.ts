// The in-place quick run (teams and factions quick-run.ts) against its engine's apply(), command by command: the same command on the
// same state must give the same refusal, or the same next state, from the same dice; apply()'s states stay untouched.
import { expect } from "vitest";
import { rollerFromState, seededRoller, type Roller } from "../../../../src/core/shared/roller.js";
import type { Refusal } from "../../../../src/core/shared/outcome.js";
import type { TurnOrderEngine } from "../../../../src/core/turn-order/types.js";

/** An engine's in-place quick run, as the test drives it. */
export interface FastPath<Setup, State, Command, Work> {
  readonly engine: TurnOrderEngine<Setup, State, Command>;
  /** The working state of a fight started as start() starts it. */
  readonly startWork: (setup: Setup, roller: Roller) => Work | Refusal;
  /** A working copy of a state. */
  readonly work: (state: State) => Work | Refusal;
  readonly applyInPlace: (work: Work, command: Command, roller: Roller) => Refusal | null;
  readonly stateOf: (work: Work) => State;
}

export interface TwinTally {
  accepted: number;
  refused: number;
  /** Command types accepted at least once. */
  readonly types: Set<string>;
}

const isRefusal = (x: unknown): x is Refusal => typeof x === "object" && x !== null && (x as { ok?: unknown }).ok === false;

/** Values a bent command may carry: names of the fight, and junk. */
const BENT: readonly unknown[] = [undefined, null, -1, 0, 2.5, "", "__proto__", "nobody", true, [], {}];

/**
 * One command and its twin: apply() on `state`, applyInPlace on `work` (which must equal `state`), from copies of
 * the same roller. Returns apply()'s outcome. Fails the test on any difference.
 */
export function twinStep<Setup, State, Command, Work>(
  fp: FastPath<Setup, State, Command, Work>,
  state: State,
  work: Work,
  command: Command,
  roller: Roller,
  tally: TwinTally,
): ReturnType<TurnOrderEngine<Setup, State, Command>["apply"]> {
  const twinRoller = rollerFromState(roller.state());
  const before = JSON.stringify(state);
  const o = fp.engine.apply(state, command, roller);
  const bad = fp.applyInPlace(work, command, twinRoller);
  const what = JSON.stringify(command);
  // apply() never changes its input, and the working state shares nothing with it that the fast path changes.
  expect(JSON.stringify(state), what).toBe(before);
  expect(twinRoller.state(), `${what}: the same dice`).toStrictEqual(roller.state());
  if (!o.ok) {
    tally.refused++;
    expect(bad, what).toStrictEqual(o);
    expect(fp.stateOf(work), `${what}: refused, the working state is unchanged`).toStrictEqual(state);
    return o;
  }
  tally.accepted++;
  tally.types.add((command as { type: string }).type);
  expect(bad, what).toBeNull();
  expect(fp.stateOf(work), what).toStrictEqual(o.state);
  return o;
}

function pick<T>(r: Roller, list: readonly T[]): T {
  return list[r.die(list.length) - 1] as T;
}

/** A legal command with one field bent to a name of the fight or junk, or gone. */
function bent<Command>(r: Roller, legal: readonly Command[], names: readonly string[]): Command {
  const c = { ...(pick(r, legal) as Record<string, unknown>) };
  const keys = Object.keys(c).filter((k) => k !== "type");
  const k = keys.length > 0 ? pick(r, keys) : "combatant";
  const roll = r.die(5);
  if (roll === 1) delete c[k];
  else c[k] = roll === 2 ? pick(r, BENT) : pick(r, names);
  return c as Command;
}

/**
 * Walk `commands` seeded commands (mostly legal(), some bent) through both paths, from each setup in turn, starting
 * again when a fight ends (`more` adds candidates). Every other fight's working state is a copy of apply()'s start state, the rest start() in place.
 */
export function twinWalk<Setup, State, Command, Work>(
  fp: FastPath<Setup, State, Command, Work>,
  setups: readonly Setup[],
  names: readonly string[],
  commands: number,
  seed: number,
  /** Commands legal() does not list (free text, custom costs) to try as well, for a state. */
  more: (state: State) => readonly Command[] = () => [],
): TwinTally {
  const pickRoller = seededRoller(seed);
  const roller = seededRoller(seed + 1);
  const tally: TwinTally = { accepted: 0, refused: 0, types: new Set() };
  let fight = 0;
  const begin = (): { state: State; work: Work } => {
    const setup = setups[fight % setups.length] as Setup;
    const twinRoller = rollerFromState(roller.state());
    const o = fp.engine.start(setup, roller);
    if (!o.ok) throw new Error(`start refused: ${o.reason}`);
    const w = fight % 2 === 0 ? fp.startWork(setup, twinRoller) : fp.work(o.state);
    if (isRefusal(w)) throw new Error(`no working state: ${w.reason}`);
    if (fight % 2 === 0) expect(twinRoller.state()).toStrictEqual(roller.state());
    expect(fp.stateOf(w)).toStrictEqual(o.state);
    fight++;
    return { state: o.state, work: w };
  };
  let { state, work } = begin();
  for (let i = 0; i < commands; i++) {
    const legal = [...fp.engine.legal(state), ...more(state)];
    // A fight nobody can move on (every engine has endCombat) is ended by the GM.
    const command =
      legal.length === 0
        ? ({ type: "endCombat" } as Command)
        : pickRoller.die(4) > 1
          ? pick(pickRoller, legal)
          : bent(pickRoller, legal, names);
    const o = twinStep(fp, state, work, command, roller, tally);
    if (o.ok) state = o.state;
    if (fp.engine.view(state).ended) ({ state, work } = begin());
  }
  return tally;
}

/**
 * The engine as it is, each command also applied in place to a working twin of the state it is applied to (a fresh
 * twin whenever a state comes that is not the last one this engine gave: a new fight, or one resumed).
 */
export function twinEngine<Setup, State, Command, Work>(
  fp: FastPath<Setup, State, Command, Work>,
  tally: TwinTally,
): TurnOrderEngine<Setup, State, Command> {
  let last: State | null = null;
  let work: Work | null = null;
  return {
    ...fp.engine,
    apply(state: State, command: Command, roller: Roller) {
      if (state !== last || work === null) {
        const w = fp.work(state);
        if (isRefusal(w)) throw new Error(`no working state: ${w.reason}`);
        work = w;
      }
      const o = twinStep(fp, state, work, command, roller, tally);
      last = o.ok ? o.state : state;
      return o;
    },
  };
}
