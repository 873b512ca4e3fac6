import type { CardRole } from "../attack-ruleset.js";

/** Whose click each step waits on: the attacker's owner rolls, the target's owner reacts, the GM applies. */
const ROLES: Readonly<Record<string, CardRole>> = {
  roll: "attacker",
  rollDamage: "attacker",
  react: "target",
  skipReaction: "target",
  apply: "gm",
};

/** The role for a command; any other command is the GM's. */
export function roleFor(command: { readonly type: string }): CardRole {
  return Object.hasOwn(ROLES, command.type) ? ROLES[command.type]! : "gm";
}
