import { isRecord } from "../../../core/shared/guards.js";
import { deny, type RequestAnswer } from "../../requests/request-answer.js";
import { takesCircumstances, type AttackCardData, type CardMap } from "../data/attack-card-data.js";
import { onTop, openCard, readMap, type OpenCardContext } from "./attack-open.js";
import { cardActor } from "../data/card-actor.js";
import type { CardActorLike } from "../data/card-ports.js";
import { perCard, sealedStoreOf, writeCard } from "./attack-request.js";
import { cardOf } from "../sealed/sealed-card.js";
import { madeByGm, notMadeByGm } from "../data/card-trust.js";
import type { Circumstance } from "../attack-ruleset.js";

/** The request name the GM's circumstances form on an attack card travels under. */
export const ATTACK_CIRCUMSTANCES_REQUEST = "attackCircumstances";

/**
 * The GM's handler: in the same line as the card's clicks, so a roll and a change of circumstances cannot interleave.
 */
export function handleAttackCircumstances(
  ctx: OpenCardContext,
  payload: unknown,
  senderId: string,
): Promise<RequestAnswer> {
  const id = isRecord(payload) && typeof payload.messageId === "string" ? payload.messageId : "";
  return perCard.run(id, () => setCircumstances(ctx, payload, senderId));
}

/** The given values, each one of the card's circumstances of the right kind; a refusal names the first that is not. */
function readGiven(
  list: readonly Circumstance[],
  given: unknown,
): { readonly values: Record<string, boolean | number> } | Extract<RequestAnswer, { ok: false }> {
  const no = (name: string, reason: string, data?: Record<string, string>) =>
    deny(name, reason, data) as Extract<RequestAnswer, { ok: false }>;
  if (!isRecord(given)) return no("BadRequest", "the circumstances are not a record");
  const out: Record<string, boolean | number> = {};
  for (const [key, value] of Object.entries(given)) {
    const c = list.find((x) => x.key === key);
    if (!c) return no("BadCircumstance", `${key} is not a circumstance of this card`, { key });
    const fits =
      c.kind === "flag"
        ? typeof value === "boolean"
        : Number.isSafeInteger(value) && (c.kind === "bonus" || (value as number) >= 0);
    if (!fits) return no("BadCircumstance", `${key} cannot be ${String(value)}`, { key });
    out[key] = value as boolean | number;
  }
  return { values: out };
}

/** The options with the circumstances set: a dotted key writes into its group ("sight.attackerSeesTarget"). */
export function withCircumstances(
  options: Readonly<Record<string, unknown>>,
  given: Readonly<Record<string, boolean | number>>,
): Record<string, unknown> {
  const out: Record<string, unknown> = structuredClone(options);
  for (const [key, value] of Object.entries(given)) {
    const [head, tail] = key.split(".", 2) as [string, string | undefined];
    if (tail === undefined) out[head] = value;
    else out[head] = { ...(isRecord(out[head]) ? out[head] : {}), [tail]: value };
  }
  return out;
}

/**
 * The card's options with the GM's new values: the map read again where it was read at opening, as the first open
 * reads it (the tokens may have moved, a feat or a zone changed), with the options that are not the map's on top. A
 * card opened before those were kept apart takes the new values on its old options, as it did.
 */
async function rereadMap(
  ctx: OpenCardContext,
  data: AttackCardData,
  attacker: CardActorLike,
  values: Readonly<Record<string, boolean | number>>,
): Promise<
  Extract<RequestAnswer, { ok: false }> | { options: Record<string, unknown>; keep: Partial<AttackCardData> }
> {
  if (data.given === undefined)
    return { options: withCircumstances(data.options ?? {}, values), keep: data.map ? { map: data.map } : {} };
  const given = onTop(data.given, withCircumstances({}, values));
  const who = {
    ruleset: data.ruleset,
    attacker,
    attackerRef: data.attackerId,
    targetRef: data.targetId,
    itemId: data.itemId,
  };
  const read = await readMap(ctx, data.place ?? {}, who);
  if ("ok" in read) return read;
  const { verdict, place } = read;
  const map: CardMap = verdict.checked ? "checked" : "unchecked";
  return { options: onTop(verdict.checked ? verdict.options : {}, given), keep: { map, given, place } };
}

/**
 * The GM sets circumstances on a card not yet rolled: the attack is opened again from the actors as they are, with
 * the card's options and these on top, and written over the card with a new revision (a click made against the old
 * card is stale). A player or an observer is refused, whatever their request says.
 */
async function setCircumstances(ctx: OpenCardContext, payload: unknown, senderId: string): Promise<RequestAnswer> {
  if (!isRecord(payload) || typeof payload.messageId !== "string" || !Number.isInteger(payload.revision))
    return deny("BadRequest", "the request is not a card's circumstances");
  const user = ctx.user(senderId);
  if (!user) return deny("UnknownUser", `no user ${senderId}`);
  if (!user.isGM) return deny("GmOnly", "only the GM sets an attack's circumstances");
  const message = ctx.message(payload.messageId);
  if (message?.type === "attack" && !madeByGm(message)) return notMadeByGm();
  const store = sealedStoreOf(ctx);
  const found = message && message.type === "attack" ? cardOf(message.system, store, payload.messageId) : null;
  if (found?.sealed && !found.data)
    return deny("SealedElsewhere", "this blind card's numbers are on another GM's client");
  const data = found?.data;
  if (!message || !data) return deny("UnknownCard", `no attack card ${payload.messageId}`);
  const card = ctx.card(data.ruleset);
  if (!card) return deny("UnknownRuleset", `no attack card for ${data.ruleset}`);
  if (!takesCircumstances(data)) return deny("CardRolled", "the card has been rolled: undo to its opening first");
  if (payload.revision !== data.journal.revision)
    return deny(
      "StaleRevision",
      `made against revision ${String(payload.revision)}, the card is at ${data.journal.revision}`,
      {
        expected: payload.revision as number,
        actual: data.journal.revision,
      },
    );
  const given = readGiven(card.circumstances ?? [], payload.options);
  if (!("values" in given)) return given;
  const attacker = ctx.actor(data.attackerId);
  const target = ctx.actor(data.targetId);
  if (!attacker || !target) return deny("UnknownActor", "the attacker or the target is gone");
  const reread = await rereadMap(ctx, data, attacker, given.values);
  if ("ok" in reread) return reread;
  const choice = {
    attacker: cardActor(attacker, data.attackerId),
    target: cardActor(target, data.targetId),
    itemId: data.itemId,
    options: reread.options,
  };
  const revision = data.journal.revision + 1;
  return openCard(ctx, card, choice, data.rollMode, user.id ?? "", async (opened) => {
    const next = {
      ...opened,
      ...reread.keep,
      ...(data.roller ? { roller: data.roller } : {}),
      journal: { ...opened.journal, revision: Math.max(revision, opened.journal.revision) },
    };
    await writeCard(ctx, card, message, next);
    return message;
  });
}
