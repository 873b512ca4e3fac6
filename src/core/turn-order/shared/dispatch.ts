import { isRecord } from "../../shared/guards.js";
import { refuse, type Outcome } from "../../shared/outcome.js";
import type { TurnEvent } from "../types.js";
import { findById } from "./by-id.js";

/** A command once its shape is known: an object with a type; every other field is still untrusted. */
export type CommandFields = Readonly<Record<string, unknown>> & { readonly type: string };

/**
 * The fight-wide commands (declareEnd, endCombat): the command run, or undefined when its type is not one of them.
 * A switch over the types, not a table of handlers: a type such as "constructor" or "__proto__" simply falls
 * through (bench/diary.md has why a table is slower).
 */
export type FightRoute<S> = (state: S, cmd: CommandFields) => Outcome<S, TurnEvent> | undefined;

/** The commands for one combatant, found in the fight and not out of it: as FightRoute, undefined for an unknown type. */
export type CombatantRoute<S, C> = (state: S, c: C, cmd: CommandFields) => Outcome<S, TurnEvent> | undefined;

/** The state and combatant fields the prelude reads. */
export interface Fight<C> {
  readonly ended: boolean;
  readonly combatants: readonly C[];
}
export interface Member {
  readonly id: string;
  readonly name: string;
  readonly out: boolean;
}

/** One turn order's commands and the words its refusals use. */
export interface Dispatch<S, C> {
  /** The order's id, for UnknownCommand ("the ranked turn order has no command ..."). */
  readonly order: string;
  /** What its rule text calls a fight ("battle", "combat"). */
  readonly fight: string;
  /** The clause that ends the fight and takes combatants out of it (CombatOver, CombatantOut). */
  readonly endClause: string;
  readonly forFight: FightRoute<S>;
  readonly forCombatant: CombatantRoute<S, C>;
}

/**
 * apply() for a sound state: the command's shape, then the fight-wide commands, then the combatant it names
 * (refused when unknown or out), then its handler. Refusals only ever read the command's type and combatant
 * once they are known to be strings.
 */
export function dispatch<S extends Fight<C>, C extends Member>(d: Dispatch<S, C>, state: S, command: unknown): Outcome<S, TurnEvent> {
  if (!isRecord(command) || typeof command.type !== "string") return refuse("MalformedCommand", "a command is an object with a type");
  if (state.ended) return refuse("CombatOver", `the ${d.fight} has ended`, d.endClause);
  const cmd = command as CommandFields;
  const type = cmd.type;
  const whole = d.forFight(state, cmd);
  if (whole !== undefined) return whole;
  const who = cmd.combatant;
  if (typeof who !== "string") return refuse("MalformedCommand", `${type} needs a combatant id`);
  const c = findById(state.combatants, who);
  if (!c) return refuse("UnknownCombatant", `no combatant ${who} in this ${d.fight}`, undefined, { id: who });
  if (c.out) return refuse("CombatantOut", `${c.name} is out of the ${d.fight}`, d.endClause, { name: c.name });
  const done = d.forCombatant(state, c, cmd);
  if (done === undefined) return refuse("UnknownCommand", `the ${d.order} turn order has no command ${type}`, undefined, { type });
  return done;
}
