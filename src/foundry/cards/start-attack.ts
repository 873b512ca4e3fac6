import { formatData } from "../i18n.js";
import { currentRollMode } from "../combat/turn-client.js";
import { requests } from "../requests/register-requests.js";
import type { RequestAnswer } from "../requests/request-answer.js";
import { ATTACK_OPEN_REQUEST } from "./attack-open.js";

/**
 * An Attack button on a sheet: the attacker's owner attacks the token they target with the item. The active GM opens
 * the card (attack-open.ts), checking that this user owns the attacker.
 */
export async function startAttack(actor: Actor.Implementation, itemId: string): Promise<RequestAnswer | null> {
  const targets = [...game.user.targets];
  if (targets.length === 0) {
    ui.notifications.warn("FRAY.Card.PickTarget", { localize: true });
    return null;
  }
  if (targets.length > 1) {
    ui.notifications.warn("FRAY.Card.OneTarget", { localize: true });
    return null;
  }
  const target = targets[0]?.actor;
  if (!target?.id || !actor.id) return null;
  const answer = await requests().send(ATTACK_OPEN_REQUEST, {
    attackerId: actor.id,
    targetId: target.id,
    itemId,
    options: {},
    rollMode: currentRollMode(),
  });
  if (!answer.ok) ui.notifications.warn(game.i18n.format(answer.key, formatData(answer.data)));
  return answer;
}
