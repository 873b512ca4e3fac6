import { refuse, type Outcome } from "../../shared/outcome.js";
import type { Roller } from "../../shared/roller.js";
import type { TurnEvent } from "../types.js";
import { findById } from "./by-id.js";
import type { CommandFields, CommandHandler, FightWords } from "./turn-order-engine.js";

/** The state and combatant fields the prelude reads (ranked, rolled: combatants in a list). */
interface Fight<C> {
  readonly combatants: readonly C[];
}
interface Member {
  readonly id: string;
  readonly name: string;
  readonly out: boolean;
}

/** A handler for a combatant the prelude found in the fight and not out of it. */
type MemberHandler<S, C> = (state: S, c: C, command: CommandFields, roller: Roller) => Outcome<S, TurnEvent>;

/**
 * The commands of ranked and rolled that act for one combatant share a prelude: the combatant the command names is
 * found (refused when unknown or out), then handed to the handler. Refusals read the combatant only once it is a
 * string.
 */
export function forCombatant<S extends Fight<C>, C extends Member>(words: FightWords) {
  const { fight, endClause } = words;
  return <K>(handler: MemberHandler<S, C>): CommandHandler<S, K> =>
    (state, command, roller) => {
      const cmd = command as unknown as CommandFields;
      const who = cmd.combatant;
      if (typeof who !== "string") return refuse("MalformedCommand", `${cmd.type} needs a combatant id`);
      const c = findById(state.combatants, who);
      if (!c) return refuse("UnknownCombatant", `no combatant ${who} in this ${fight}`, undefined, { id: who });
      if (c.out) return refuse("CombatantOut", `${c.name} is out of the ${fight}`, endClause, { name: c.name });
      return handler(state, c, cmd, roller);
    };
}
