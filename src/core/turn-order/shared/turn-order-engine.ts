import { isRecord } from "../../shared/guards.js";
import { refuse, type Outcome } from "../../shared/outcome.js";
import type { Roller } from "../../shared/roller.js";
import { stateCheck, type StateSchema } from "../../shared/schema.js";
import type { CombatantId, HeldConditions, TurnEvent, TurnOrderEngine, TurnOrderView } from "../types.js";

/** A command once its shape is known: an object with a type; every other field is still untrusted. */
export type CommandFields = Readonly<Record<string, unknown>> & { readonly type: string };

/**
 * The handler of one command type: the command's other fields are still untrusted, and it refuses what does not fit.
 */
export type CommandHandler<S, C> = (state: S, command: C, roller: Roller) => Outcome<S, TurnEvent>;

/** One handler for every command type of a turn order, as the attack pipelines have theirs. */
type CommandHandlers<S, C extends { readonly type: string }> = {
  readonly [T in C["type"]]: CommandHandler<S, Extract<C, { readonly type: T }>>;
};

/** apply, as a turn order's legal() may try candidates on it. */
type Apply<S, C> = (state: S, command: C, roller: Roller) => Outcome<S, TurnEvent>;

/** How a turn order's refusals name its fight. */
export interface FightWords {
  /** What its rule text calls a fight: "battle", "combat", "fight". */
  readonly fight: string;
  /** The clause that ends the fight and takes combatants out of it, when the text has one. */
  readonly endClause?: string;
}

/** What each turn order brings, in the same order in each engine.ts. */
interface TurnOrderParts<Setup, S, C extends { readonly type: string }, V extends TurnOrderView> {
  readonly id: string;
  readonly words: FightWords;
  /** The stored state as data: `isState`, the one check of a stored state, is derived from it (state-schema.ts). */
  readonly schema: StateSchema<S>;
  readonly start: (setup: Setup, roller: Roller) => Outcome<S, TurnEvent>;
  /** Whether the fight is over: every command is then refused, and none is legal. */
  readonly ended: (state: S) => boolean;
  readonly commands: CommandHandlers<S, C>;
  /** Every command apply would accept now, in a fight still going on; it may try candidates on `apply`. */
  readonly legal: (state: S, apply: Apply<S, C>) => C[];
  readonly view: (state: S) => V;
  readonly held: (state: S, combatant: CombatantId) => HeldConditions | undefined;
}

/**
 * Every turn order's engine object. `apply` checks what it cannot trust, the command: an object with a type, in a
 * fight still going on, of a type the order has; then the type's handler judges its fields.
 */
export function turnOrderEngine<Setup, S, C extends { readonly type: string }, V extends TurnOrderView>(
  parts: TurnOrderParts<Setup, S, C, V>,
): TurnOrderEngine<Setup, S, C, V> {
  const { id, words, ended, legal } = parts;
  // A table with no prototype: a type such as "constructor" or "__proto__" names no handler, with no own-key test.
  const handlers = Object.assign(Object.create(null), parts.commands) as Readonly<
    Record<string, CommandHandler<S, C> | undefined>
  >;
  const apply = (state: S, command: C, roller: Roller): Outcome<S, TurnEvent> => {
    if (!isRecord(command) || typeof command.type !== "string")
      return refuse("MalformedCommand", "a command is an object with a type");
    if (ended(state)) return refuse("CombatOver", `the ${words.fight} is over`, words.endClause);
    const type = command.type;
    const handler = handlers[type];
    if (handler === undefined)
      return refuse("UnknownCommand", `the ${id} turn order has no command ${type}`, undefined, { type });
    return handler(state, command, roller);
  };
  return {
    id,
    start: parts.start,
    isState: stateCheck(parts.schema),
    apply,
    legal: (state) => (ended(state) ? [] : legal(state, apply)),
    view: parts.view,
    held: parts.held,
  };
}
