import type { Outcome } from "../../shared/outcome.js";
import { refuse } from "../../shared/outcome.js";
import type { Roller } from "../../shared/roller.js";
import type { AttackEvent, AttackPipeline, AttackStateBase } from "../pipeline.js";
import { checkCommand, type CommandShapes } from "./command-shape.js";

/** The handler of one command type: the step it belongs to moves the attack on, or refuses. */
type StepHandler<S, C> = (state: S, command: C, roller: Roller) => Outcome<S, AttackEvent>;

/** The dispatch table: one handler for every command type of a rule set. */
type StepHandlers<S, C extends { readonly type: string }> = {
  readonly [T in C["type"]]: StepHandler<S, Extract<C, { readonly type: T }>>;
};

interface AttackEngineParts<Setup, S extends AttackStateBase, C extends { readonly type: string }> {
  readonly id: string;
  readonly start: (setup: Setup) => Outcome<S, AttackEvent>;
  /** Whether a stored state is whole enough for the handlers to read. */
  readonly isState: (state: unknown) => boolean;
  readonly shapes: CommandShapes;
  readonly handlers: StepHandlers<S, C>;
  readonly legal: (state: S) => C[];
}

/**
 * Every rule set's pipeline object: a stored state and a command from a card, a macro or a socket are
 * checked for shape once here, so the handlers read typed fields and junk is refused, never thrown on.
 */
export function attackEngine<Setup, S extends AttackStateBase, C extends { readonly type: string }>(
  parts: AttackEngineParts<Setup, S, C>,
): AttackPipeline<Setup, S, C> {
  const { id, start, isState, shapes, handlers, legal } = parts;
  const table = handlers as unknown as Readonly<Record<string, StepHandler<S, C>>>;
  return {
    id,
    start: (setup) => start(setup),
    apply(state, command, roller) {
      if (!isState(state)) return refuse("MalformedAttackState", `not a ${id} state`);
      const bad = checkCommand(command, shapes);
      if (bad) return bad;
      return table[command.type]!(state, command, roller);
    },
    legal,
  };
}
