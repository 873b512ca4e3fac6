import { refuse, type Refusal, type Roller } from "../core/shared/index.js";
import type { TurnOrderEngine } from "../core/index.js";
import type { FightExtras } from "./types.js";

const PLAIN = { a: "a", b: "b" } as const;

/**
 * The engine's sides for the simulator's a and b: the resumed fight's own ids, else "a" and "b" as the fights set up.
 */
export function sidesOf(extras: FightExtras): { readonly a: string; readonly b: string } {
  return extras.resume?.sides ?? PLAIN;
}

/**
 * The state a fight starts from: the resumed one when given (checked here, once, by the engine's isState: the resume is
 * where a stored state comes in), else what the engine's start gives. Started afresh or resumed, the engine runs every
 * command after.
 */
export function startOrResume<State>(
  ruleset: string,
  engine: Pick<TurnOrderEngine<unknown, State, unknown>, "isState">,
  extras: FightExtras,
  start: () => { readonly ok: true; readonly state: State } | Refusal,
): { readonly ok: true; readonly state: State } | Refusal {
  const resume = extras.resume;
  if (resume === undefined) return start();
  if (!engine.isState(resume.state))
    return refuse("SimCannotResume", `the ${ruleset} state to resume is not one its turn order accepts`, undefined, {
      reason: "the state is missing or damaged",
    });
  return { ok: true, state: resume.state };
}

/**
 * The state a fight starts from, for every rule set's fight loop: the resumed one (startOrResume), else the run's kept
 * first state (FirstStates) when the extras carry one, else start's.
 */
export function firstState<State>(
  ruleset: string,
  engine: Pick<TurnOrderEngine<unknown, State, unknown>, "isState">,
  extras: FightExtras,
  a: unknown,
  b: unknown,
  roller: Roller,
  start: (roller: Roller) => { readonly ok: true; readonly state: State } | Refusal,
): { readonly ok: true; readonly state: State } | Refusal {
  const memo = extras.firstStates;
  if (extras.resume !== undefined || memo === undefined)
    return startOrResume(ruleset, engine, extras, () => start(roller));
  return memo.of(engine, a, b, roller, start);
}
