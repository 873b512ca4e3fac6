import { refuse, type Outcome } from "../../shared/outcome.js";
import type { Roller } from "../../shared/roller.js";
import type { TrustedStates } from "../../shared/trusted.js";
import type { TurnEvent, TurnOrderEngine, TurnOrderView } from "../types.js";
import { brokenView } from "./broken-view.js";
import { dispatch, type CommandFields, type Dispatch, type Fight, type FightRoute, type Member } from "./dispatch.js";

/** What a turn order brings when its apply() is the shared dispatch prelude (ranked, rolled). */
export interface DispatchedParts<Setup, S, Cmd, C> {
  readonly id: string;
  /** The engine's own trust ring (shared/trusted.ts), exported by its engine.ts for the trusted-paths test. */
  readonly own: TrustedStates;
  /** The full shape check, run on states the engine did not make itself. */
  readonly isState: (s: unknown) => s is S;
  readonly start: (setup: Setup, roller: Roller) => Outcome<S, TurnEvent>;
  readonly commands: Dispatch<S, C>;
  readonly legal: (s: S) => Cmd[];
  readonly view: (s: S) => TurnOrderView;
}

/**
 * The engine object of a dispatched turn order: every entry point checks the state (or trusts one the engine made),
 * apply runs the dispatch prelude, and what it returns is marked as the engine's own.
 */
export function dispatchedEngine<Setup, S extends Fight<C>, Cmd, C extends Member>(
  p: DispatchedParts<Setup, S, Cmd, C>,
): TurnOrderEngine<Setup, S, Cmd> {
  const { own, isState } = p;
  return {
    id: p.id,
    // A state start built from a setup it read is the engine's own, like apply's: trusted without a second check.
    start: (setup, roller) => own.keep(p.start(setup, roller)),
    isState: (s): s is S => own.sound(s, isState),
    apply: (state, command) => {
      if (!own.sound(state, isState)) return refuse("MalformedState", "the turn-order state is missing or damaged");
      return own.keep(dispatch(p.commands, state, command));
    },
    legal: (state) => (own.sound(state, isState) && !state.ended ? p.legal(state) : []),
    view: (state) => (own.sound(state, isState) ? p.view(state) : brokenView()),
  };
}

/** The fight-wide commands every dispatched order has: declareEnd and endCombat, from its own round.ts. */
export function endingCommands<S>(
  declareEnd: (state: S, cmd: CommandFields) => Outcome<S, TurnEvent>,
  endCombat: (state: S) => Outcome<S, TurnEvent>,
): FightRoute<S> {
  return (state, cmd) => {
    switch (cmd.type) {
      case "declareEnd":
        return declareEnd(state, cmd);
      case "endCombat":
        return endCombat(state);
      default:
        return undefined;
    }
  };
}
