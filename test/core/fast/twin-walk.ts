// Seeded walks and the simulator's fights with a fast run as apply()'s twin, every command held to apply() by
// lockstep.ts twinStep: for the teams and factions runs, whose every command is the engine's own.
import { expect } from "vitest";
import type { Refusal } from "../../../src/core/shared/outcome.js";
import { rollerFromState, seededRoller, type Roller } from "../../../src/core/shared/roller.js";
import type { TurnOrderEngine } from "../../../src/core/turn-order/types.js";
import { newTally, twinStep, type FastRunLike, type Tally } from "./lockstep.js";

/** An engine and its fast run, as the walk makes runs. */
export interface FastRunOf<Setup, State, Command> {
  readonly engine: TurnOrderEngine<Setup, State, Command>;
  /** The run of a fight started as start() starts it. */
  readonly started: (setup: Setup, roller: Roller) => FastRunLike<State, Command> | Refusal;
  /** A run on a working copy of a state. */
  readonly of: (state: State) => FastRunLike<State, Command> | Refusal;
}

const isRefusal = (x: unknown): x is Refusal =>
  typeof x === "object" && x !== null && (x as { ok?: unknown }).ok === false;

/** Values a bent command may carry: names of the fight, and junk. */
const BENT: readonly unknown[] = [undefined, null, -1, 0, 2.5, "", "__proto__", "nobody", true, [], {}];

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
 * again when a fight ends (`more` adds candidates). Every other fight's run is on a copy of apply()'s start state,
 * the rest start() as the run's own.
 */
export function twinWalk<Setup, State, Command>(
  fr: FastRunOf<Setup, State, Command>,
  setups: readonly Setup[],
  names: readonly string[],
  commands: number,
  seed: number,
  /** Commands legal() does not list (free text, custom costs) to try as well, for a state. */
  more: (state: State) => readonly Command[] = () => [],
): Tally {
  const pickRoller = seededRoller(seed);
  const roller = seededRoller(seed + 1);
  const tally = newTally();
  const engine = fr.engine as TurnOrderEngine<unknown, State, Command>;
  let fight = 0;
  const begin = (): { state: State; run: FastRunLike<State, Command> } => {
    const setup = setups[fight % setups.length] as Setup;
    const twinRoller = rollerFromState(roller.state());
    const o = fr.engine.start(setup, roller);
    if (!o.ok) throw new Error(`start refused: ${o.reason}`);
    const run = fight % 2 === 0 ? fr.started(setup, twinRoller) : fr.of(o.state);
    if (isRefusal(run)) throw new Error(`no fast run: ${run.reason}`);
    if (fight % 2 === 0) expect(twinRoller.state()).toStrictEqual(roller.state());
    expect(run.state).toStrictEqual(o.state);
    fight++;
    return { state: o.state, run };
  };
  let { state, run } = begin();
  for (let i = 0; i < commands; i++) {
    const legal = [...fr.engine.legal(state), ...more(state)];
    // A fight nobody can move on (every engine has endCombat) is ended by the GM.
    const command =
      legal.length === 0
        ? ({ type: "endCombat" } as Command)
        : pickRoller.die(4) > 1
          ? pick(pickRoller, legal)
          : bent(pickRoller, legal, names);
    const o = twinStep(engine, state, run, command, roller, tally);
    if (o.ok) state = o.state;
    if (fr.engine.view(state).ended) ({ state, run } = begin());
  }
  return tally;
}

/**
 * The engine as it is, each command also applied to a fast run on a twin of the state it is applied to (a fresh run
 * whenever a state comes that is not the last one this engine gave: a new fight, or one resumed).
 */
export function twinEngine<Setup, State, Command>(
  fr: FastRunOf<Setup, State, Command>,
  tally: Tally,
): TurnOrderEngine<Setup, State, Command> {
  let last: State | null = null;
  let run: FastRunLike<State, Command> | null = null;
  return {
    ...fr.engine,
    apply(state: State, command: Command, roller: Roller) {
      if (state !== last || run === null) {
        const r = fr.of(state);
        if (isRefusal(r)) throw new Error(`no fast run: ${r.reason}`);
        run = r;
      }
      const o = twinStep(fr.engine as TurnOrderEngine<unknown, State, Command>, state, run, command, roller, tally);
      last = o.ok ? o.state : state;
      return o;
    },
  };
}
