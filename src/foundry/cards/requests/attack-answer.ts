import { isRecord } from "../../../core/shared/guards.js";
import { deny, type RequestAnswer } from "../../requests/request-answer.js";
import { readPendingCard } from "../data/attack-card-data.js";
import { openCard, type OpenCardContext } from "./attack-open.js";
import { cardActor } from "../data/card-actor.js";
import { mayClick } from "./may-click.js";
import { perCard, writeCard } from "./attack-request.js";
import { madeByGm, notMadeByGm } from "../data/card-trust.js";

/** The request name a pending attack card's answer travels under. */
export const ATTACK_ANSWER_REQUEST = "attackAnswer";

/** The GM's handler for an answer: only the one asked (or a GM) answers, only with an answer offered, only once. */
export function handleAttackAnswer(ctx: OpenCardContext, payload: unknown, senderId: string): Promise<RequestAnswer> {
  const id = isRecord(payload) && typeof payload.messageId === "string" ? payload.messageId : "";
  // In the same line as the card's clicks: an answer and a click cannot interleave on one card.
  return perCard.run(id, () => answer(ctx, payload, senderId));
}

async function answer(ctx: OpenCardContext, payload: unknown, senderId: string): Promise<RequestAnswer> {
  if (!isRecord(payload) || typeof payload.messageId !== "string" || typeof payload.value !== "string")
    return deny("BadRequest", "the request is not an answer");
  const user = ctx.user(senderId);
  if (!user) return deny("UnknownUser", `no user ${senderId}`);
  const message = ctx.message(payload.messageId);
  if (message && message.type === "attack" && !madeByGm(message)) return notMadeByGm();
  const waiting = message && message.type === "attack" ? readPendingCard(message.system) : null;
  if (!message || !waiting) return deny("NothingAsked", "the card is not waiting for an answer");
  const { question, options } = waiting.pending;
  const denied = mayClick(ctx, user, waiting, question.role);
  if (denied) return denied;
  if (!question.answers.some((a) => a.value === payload.value))
    return deny("NotAsked", `${payload.value} is not an answer offered`);
  const card = ctx.card(waiting.ruleset);
  const attacker = ctx.actor(waiting.attackerId);
  const target = ctx.actor(waiting.targetId);
  if (!card) return deny("UnknownRuleset", `no attack card for ${waiting.ruleset}`);
  if (!attacker || !target) return deny("UnknownActor", "the attacker or the target is gone");
  const choice = {
    attacker: cardActor(attacker, waiting.attackerId),
    target: cardActor(target, waiting.targetId),
    itemId: waiting.itemId,
    options: { ...options, [question.option]: payload.value },
  };
  return openCard(ctx, card, choice, waiting.rollMode, user.id ?? "", async (data) => {
    // The answer is not the map's: it stays on top when a change of circumstances reads the map again.
    const given = waiting.given ? { given: { ...waiting.given, [question.option]: payload.value } } : {};
    const opened = {
      ...data,
      ...(waiting.map ? { map: waiting.map } : {}),
      ...given,
      ...(waiting.place ? { place: waiting.place } : {}),
      ...(waiting.roller ? { roller: waiting.roller } : {}),
      ...(waiting.spent ? { spent: waiting.spent } : {}),
    };
    await writeCard(ctx, card, message, opened, { "system.pending": null });
    return message;
  });
}
