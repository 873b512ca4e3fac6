import type { SectionsAttackCommand, SectionsAttackState } from "../../../core/attack/sections/index.js";
import type { CardRole } from "../attack-ruleset.js";

/**
 * Who clicks: the attacker's owner rolls the Hit and the Damage. The only reaction is an Intercept (SEC-47), chosen
 * by the entity Blocking the border, who is neither attacker nor target: its owner clicks it (the GM may too).
 * Closing the window unused stays the GM's: several Blockers may each still choose. `reactorOf` names the Interceptor.
 */
export function roleFor(command: SectionsAttackCommand, _state: SectionsAttackState): CardRole {
  switch (command.type) {
    case "roll":
    case "rollDamage":
      return "attacker";
    case "react":
      // SEC-47: the Interceptor's own owner (the GM may too).
      return { owners: [command.by] };
    default:
      return "gm";
  }
}

/** The actor whose owner may send this reaction (the Interceptor), or null. */
export function reactorOf(command: SectionsAttackCommand): string | null {
  return command.type === "react" ? command.by : null;
}
