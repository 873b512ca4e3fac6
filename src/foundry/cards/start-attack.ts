import { formatData } from "../i18n.js";
import { currentRollMode } from "../combat/requests/turn-client.js";
import { requests } from "../requests/register-requests.js";
import type { RequestAnswer } from "../requests/request-answer.js";
import { ATTACK_OPEN_REQUEST } from "./requests/attack-open.js";
import { theGame, type GamePort } from "../game/game-port.js";

/**
 * An Attack button on a sheet: the attacker's owner attacks the token they target with the item. The active GM opens
 * the card (attack-open.ts), checking that this user owns the attacker.
 */
export async function startAttack(
  actor: Actor.Implementation,
  itemId: string | null,
  against?: Actor.Implementation,
  options: Readonly<Record<string, unknown>> = {},
): Promise<RequestAnswer | null> {
  const targeted = against ? [] : targetedTokens();
  const targetToken = targeted[0] ?? null;
  const target = against ?? targetToken?.actor ?? null;
  if (!target?.id || !actor.id) return null;
  // FAC-36: several targeted tokens are a blast's targets where no map says them (the GM checks each,
  // picked-targets.ts).
  const others = targeted.map((t) => t.actor?.uuid).filter((u): u is string => typeof u === "string");
  const answer = await requests().send(ATTACK_OPEN_REQUEST, {
    // Where the user says the attack happens; the GM checks that these tokens stand for these actors, and reads the
    // map.
    map: mapPart(actor, targetToken),
    // By UUID: an unlinked token's actor (most adversaries) is its own, not the sidebar actor of the same id.
    attackerId: actor.uuid,
    targetId: target.uuid,
    ...(others.length > 1 ? { targetIds: others } : {}),
    itemId,
    options,
    rollMode: currentRollMode(),
  });
  if (!answer.ok) ui.notifications.warn(answer.key, { format: formatData(answer.data) });
  return answer;
}

/** The tokens this user targets (the first is the attack's target), or none with a warning saying what to do. */
function targetedTokens(game: Pick<GamePort, "user"> = theGame()): Token.Implementation[] {
  const targets = [...game.user.targets];
  if (targets.length === 0) ui.notifications.warn("FRAY.Card.PickTarget", { localize: true });
  return targets;
}

/**
 * The target's scene and token, and the attacker's token there (a controlled one first): names only, checked by the GM.
 */
function mapPart(actor: Actor.Implementation, target: Token.Implementation | null): Record<string, string> {
  const scene = target?.document.parent;
  if (!target?.id || !scene?.id) return {};
  const mine = actor.getActiveTokens(false, true).filter((t) => t.parent?.id === scene.id);
  const attacker = mine.find((t) => t.object?.controlled) ?? mine[0];
  return { sceneId: scene.id, targetTokenId: target.id, ...(attacker?.id ? { attackerTokenId: attacker.id } : {}) };
}
