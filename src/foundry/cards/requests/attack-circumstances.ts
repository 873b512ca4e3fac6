import { isRecord } from "../../../core/shared/guards.js";
import { deny, type RequestAnswer } from "../../requests/request-answer.js";
import {
  circumstanceValue,
  takesCircumstances,
  type AttackCardData,
  type CardMap,
  type Declared,
} from "../data/attack-card-data.js";
import { onTop, openCard, readMap, type OpenCardContext } from "./attack-open.js";
import { cardActor } from "../data/card-actor.js";
import type { CardActorLike, CardMessageLike } from "../data/card-ports.js";
import { mayClick } from "./may-click.js";
import { perCard, sealedStoreOf, writeCard } from "./attack-request.js";
import { cardOf, sealedViewers } from "../sealed/sealed-card.js";
import type { UserLike } from "../../combat/fight/ports.js";
import { madeByGm, notMadeByGm } from "../data/card-trust.js";
import { CIRCUMSTANCE_LIMIT, type Circumstance } from "../attack-ruleset.js";

/** The request name the GM's circumstances form on an attack card travels under. */
export const ATTACK_CIRCUMSTANCES_REQUEST = "attackCircumstances";

/**
 * How the GM's client takes a player's declared circumstances: `trusted` (the world setting "Trust players'
 * circumstances") skips the GM's answer, and the player rolls at once.
 */
export interface CircumstancesHow {
  readonly trusted?: boolean;
}

/**
 * The GM's handler: the GM sets or answers, the attacker's owner declares. In the same line as the card's clicks, so
 * a roll and a change of circumstances cannot interleave.
 */
export function handleAttackCircumstances(
  ctx: OpenCardContext,
  payload: unknown,
  senderId: string,
  how: CircumstancesHow = {},
): Promise<RequestAnswer> {
  const id = isRecord(payload) && typeof payload.messageId === "string" ? payload.messageId : "";
  return perCard.run(id, () => setCircumstances(ctx, payload, senderId, how));
}

type Refused = Extract<RequestAnswer, { ok: false }>;

/** A declaration carries these and nothing else: a forged "confirmed" flag or answer is refused, not ignored. */
const DECLARATION_KEYS = new Set(["messageId", "revision", "options"]);

/**
 * The given values, each one of the card's circumstances of the right kind, within what a card takes (a count of 0
 * or more, a whole number, at most its `max`); a refusal names the first that is not.
 */
function readGiven(
  list: readonly Circumstance[],
  given: unknown,
): { readonly values: Record<string, boolean | number> } | Refused {
  const no = (name: string, reason: string, data?: Record<string, string>) => deny(name, reason, data) as Refused;
  if (!isRecord(given)) return no("BadRequest", "the circumstances are not a record");
  const out: Record<string, boolean | number> = {};
  for (const [key, value] of Object.entries(given)) {
    const c = list.find((x) => x.key === key);
    if (!c) return no("BadCircumstance", `${key} is not a circumstance of this card`, { key });
    const max = c.max ?? CIRCUMSTANCE_LIMIT;
    const fits =
      c.kind === "flag"
        ? typeof value === "boolean"
        : Number.isSafeInteger(value) &&
          (value as number) <= max &&
          (value as number) >= (c.kind === "bonus" ? -max : 0);
    if (!fits) return no("BadCircumstance", `${key} cannot be ${String(value)}`, { key });
    out[key] = value as boolean | number;
  }
  return { values: out };
}

/** The options with the circumstances set: a dotted key writes into its group ("sight.attackerSeesTarget"). */
function withCircumstances(
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
 * The card's options with the new values: the map read again where it was read at opening, as the first open reads it
 * (the tokens may have moved, a feat or a zone changed), with the options that are not the map's on top. A card opened
 * before those were kept apart takes the new values on its old options, as it did. A player's declaration reads the
 * map as their attack did: a target the GM has hidden since is refused.
 */
async function rereadMap(
  ctx: OpenCardContext,
  data: AttackCardData,
  attacker: CardActorLike,
  values: Readonly<Record<string, boolean | number>>,
  seesHidden: boolean,
): Promise<Refused | { options: Record<string, unknown>; keep: Partial<AttackCardData> }> {
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
  const read = await readMap(ctx, data.place ?? {}, seesHidden ? who : { ...who, seesHidden: false });
  if ("ok" in read) return read;
  const { verdict, place } = read;
  const map: CardMap = verdict.checked ? "checked" : "unchecked";
  return { options: onTop(verdict.checked ? verdict.options : {}, given), keep: { map, given, place } };
}

/** The card whose circumstances a request names, as the GM's client holds it; a refusal says why there is none. */
function cardNamed(
  ctx: OpenCardContext,
  messageId: string,
): Refused | { message: CardMessageLike; data: AttackCardData; sealed: boolean } {
  const message = ctx.message(messageId);
  if (message?.type === "attack" && !madeByGm(message)) return notMadeByGm() as Refused;
  const found = message && message.type === "attack" ? cardOf(message.system, sealedStoreOf(ctx), messageId) : null;
  if (found?.sealed && !found.data)
    return deny("SealedElsewhere", "this blind card's numbers are on another GM's client") as Refused;
  if (!message || !found?.data) return deny("UnknownCard", `no attack card ${messageId}`) as Refused;
  return { message, data: found.data, sealed: found.sealed };
}

/**
 * Who may send these circumstances: a GM sets or answers; the attacker's owner declares (on a sealed card, only one
 * who may see it), with nothing in the request but the card, its revision and the values. Anyone else is refused.
 */
function mayDeclare(
  ctx: OpenCardContext,
  user: UserLike,
  data: AttackCardData,
  sealed: boolean,
  payload: Record<string, unknown>,
): Refused | null {
  if (user.isGM) return null;
  const state = data.journal.state;
  const denied = mayClick(ctx, user, { attackerId: state.attacker, targetId: state.target }, "attacker");
  if (denied) return denied as Refused;
  if (sealed && !sealedViewers(data.rollMode, data.roller).includes(user.id ?? ""))
    return deny("SealedCard", "only the GM and its roller declare on a sealed card") as Refused;
  const extra = Object.keys(payload).find((k) => !DECLARATION_KEYS.has(k));
  return extra === undefined ? null : (deny("BadRequest", `${extra} is no part of a declaration`) as Refused);
}

/**
 * What the card says of declared circumstances after this request: a player's declaration waits for the GM (or is
 * trusted); the GM's answer confirms it when it changes none of the card's values, else it changes it.
 */
function declaredAfter(
  list: readonly Circumstance[],
  data: AttackCardData,
  user: UserLike,
  values: Readonly<Record<string, boolean | number>>,
  how: CircumstancesHow,
): Declared | null {
  if (!user.isGM) return { by: user.id ?? "", values, answer: how.trusted ? "trusted" : "awaiting" };
  const was = data.declared ?? null;
  if (!was) return null;
  const changes = Object.entries(values).some(([key, value]) => {
    const c = list.find((x) => x.key === key);
    return c !== undefined && circumstanceValue(c, data.options ?? {}) !== value;
  });
  return { ...was, answer: changes ? "changed" : was.answer === "awaiting" ? "confirmed" : was.answer };
}

/**
 * The GM sets circumstances on a card not yet rolled, or the attacker's owner declares them: the attack is opened
 * again from the actors as they are, with the card's options and these on top, and written over the card with a new
 * revision (a click made against the old card is stale). A declaration waits for the GM's answer before any roll.
 */
async function setCircumstances(
  ctx: OpenCardContext,
  payload: unknown,
  senderId: string,
  how: CircumstancesHow,
): Promise<RequestAnswer> {
  if (!isRecord(payload) || typeof payload.messageId !== "string" || !Number.isInteger(payload.revision))
    return deny("BadRequest", "the request is not a card's circumstances");
  const user = ctx.user(senderId);
  if (!user) return deny("UnknownUser", `no user ${senderId}`);
  const named = cardNamed(ctx, payload.messageId);
  if ("ok" in named) return named;
  const { message, data, sealed } = named;
  const card = ctx.card(data.ruleset);
  if (!card) return deny("UnknownRuleset", `no attack card for ${data.ruleset}`);
  const denied = mayDeclare(ctx, user, data, sealed, payload);
  if (denied) return denied;
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
  const list = card.circumstances ?? [];
  const given = readGiven(list, payload.options);
  if (!("values" in given)) return given;
  const attacker = ctx.actor(data.attackerId);
  const target = ctx.actor(data.targetId);
  if (!attacker || !target) return deny("UnknownActor", "the attacker or the target is gone");
  const reread = await rereadMap(ctx, data, attacker, given.values, user.isGM);
  if ("ok" in reread) return reread;
  const choice = {
    attacker: cardActor(attacker, data.attackerId),
    target: cardActor(target, data.targetId),
    itemId: data.itemId,
    options: reread.options,
  };
  const revision = data.journal.revision + 1;
  const declared = declaredAfter(list, data, user, given.values, how);
  return openCard(ctx, card, choice, data.rollMode, user.id ?? "", async (opened) => {
    const next = {
      ...opened,
      ...reread.keep,
      ...(data.roller ? { roller: data.roller } : {}),
      ...(declared ? { declared } : {}),
      // The turn step the attack spent stays the card's, for its undo.
      ...(data.spent ? { spent: data.spent } : {}),
      journal: { ...opened.journal, revision: Math.max(revision, opened.journal.revision) },
    };
    await writeCard(ctx, card, message, next);
    return message;
  });
}
