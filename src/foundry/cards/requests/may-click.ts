import type { UserLike } from "../../combat/fight/ports.js";
import { deny, type RequestAnswer } from "../../requests/request-answer.js";
import type { CardRole } from "../attack-ruleset.js";
import type { AttackCardData } from "../data/attack-card-data.js";
import type { CardActorLike } from "../data/card-ports.js";

/**
 * The attacker's owner rolls, the target's owner reacts, the GM applies; a GM may take any step. A step named for
 * actors (a blast's target reacting, `{ owners }`) is taken only by a user who owns every one of them. `who` names the
 * attacker and target the step is for: on a card, those of its state now, never the card's first ones.
 */
export function mayClick(
  ctx: { readonly actor: (id: string) => CardActorLike | undefined },
  user: UserLike,
  who: Pick<AttackCardData, "attackerId" | "targetId">,
  role: CardRole,
): RequestAnswer | null {
  if (user.isGM) return null;
  if (role === "gm") return deny("GmOnly", "only the GM takes this step");
  if (typeof role === "object") {
    const owns =
      role.owners.length > 0 && role.owners.every((ref) => ctx.actor(ref)?.testUserPermission(user, "OWNER") === true);
    return owns
      ? null
      : deny("NotTheReactor", `${user.name ?? user.id} does not own ${role.owners.join(", ") || "this step"}`);
  }
  const actor = ctx.actor(role === "attacker" ? who.attackerId : who.targetId);
  if (actor?.testUserPermission(user, "OWNER")) return null;
  return deny(
    role === "attacker" ? "NotTheAttacker" : "NotTheTarget",
    `${user.name ?? user.id} does not own the ${role}`,
  );
}
