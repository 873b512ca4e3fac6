import { isRecord } from "../../../core/shared/guards.js";
import type { UserLike } from "../../combat/fight/ports.js";
import { isRollMode, type RollMode } from "../../dice/dice-tray.js";
import { deny, type RequestAnswer } from "../../requests/request-answer.js";
import {
  openAttackCard,
  type AttackCardData,
  type CardMap,
  type MapPlace,
  type PendingCard,
} from "../data/attack-card-data.js";
import type { AttackChoice } from "../attack-ruleset.js";
import { sealedStoreOf, speaking, voidCardById, type CardRequestContext } from "./attack-request.js";
import { attackTurn, spendAttack, type AttackTurn } from "./attack-turn.js";
import { isSealedMode, publicCard, sealedView } from "../sealed/sealed-card.js";
import { deliverSealed } from "../sealed/sealed-delivery.js";
import { sealRevision } from "../sealed/sealed-seal.js";
import type { CardActorLike } from "../data/card-ports.js";
import { cardActor } from "../data/card-actor.js";
import { attackOnMap, type MapPort } from "../map/attack-map.js";
import { readMapRequest } from "../map/map-request.js";
import type { MapVerdict } from "../map/map-facts.js";
import type { Refusal } from "../../../core/shared/outcome.js";
import type { RulesetId } from "../../../core/rulesets.js";
import { othersNamed, pickedTargets, withPicked } from "./picked-targets.js";

/** The request name a sheet's Attack button (and a move card's offer) opens an attack card under. */
export const ATTACK_OPEN_REQUEST = "attackOpen";

/** What the GM's client needs beyond a step's context to open a card: the world's rule set and a way to post it. */
export interface OpenCardContext extends CardRequestContext {
  readonly ruleset: () => string;
  /** Whether a player may attack this actor: one they can see (a token not hidden, or an actor they may observe). */
  readonly mayTarget: (user: UserLike, target: CardActorLike) => boolean;
  /** Whether the table sees none of the actor's tokens (card-speaker.ts): a GM's card naming it is sealed. */
  readonly hiddenFromTable: (actor: CardActorLike) => boolean;
  /** Post a new card: its system as every client receives it (a sealed card's shell, a pending card, a whole card). */
  readonly post: (
    data: AttackCardData | PendingCard | Readonly<Record<string, unknown>>,
    speaker: { readonly actorId: string; readonly alias: string },
    /** The new message's id, when the caller chose it (a sealed card is stored under it before anyone draws it). */
    id?: string,
    /** Whispered to the GMs: only their chat logs show it (its data still reaches every client: docs/cards.md). */
    gmOnly?: boolean,
  ) => Promise<{ readonly id: string | null }>;
  /** A fresh document id (Foundry's randomID); without it a sealed card is stored once its message exists. */
  readonly newId: () => string;
  /** The world's scenes and their compiled spaces: range, reach and sight are checked there (none: not checked). */
  readonly map: MapPort;
}

interface OpenRequest {
  readonly attackerId: string;
  readonly targetId: string;
  readonly itemId: string | null;
  readonly options: Readonly<Record<string, unknown>>;
  readonly rollMode?: RollMode;
}

function isOpenRequest(r: unknown): r is OpenRequest {
  return (
    isRecord(r) &&
    typeof r.attackerId === "string" &&
    typeof r.targetId === "string" &&
    (r.itemId === null || typeof r.itemId === "string") &&
    isRecord(r.options) &&
    (r.rollMode === undefined || isRollMode(r.rollMode))
  );
}

/** How the GM's own code opens an attack, beyond what a request may say. */
interface OpenHow {
  /**
   * An offer of a token the GM hides (move-cards/): the card is kept whole on the GMs' clients, rolled blind, its
   * message a shell naming nobody, until the GM reveals it. Never read from a request.
   */
  readonly hidden?: boolean;
  /**
   * The caller has recorded the attack's reaction step in the fight (a move card's offer: reaction-step.ts), so the
   * card spends nothing more. Never read from a request.
   */
  readonly reacted?: boolean;
}

/** Who opens the attack, on whom: the sender must own the attacker, and a player must see the target. */
function opener(
  ctx: OpenCardContext,
  payload: OpenRequest,
  senderId: string,
): Extract<RequestAnswer, { ok: false }> | { user: UserLike; attacker: CardActorLike; target: CardActorLike } {
  const no = (name: string, reason: string) => deny(name, reason) as Extract<RequestAnswer, { ok: false }>;
  const user = ctx.user(senderId);
  if (!user) return no("UnknownUser", `no user ${senderId}`);
  const attacker = ctx.actor(payload.attackerId);
  const target = ctx.actor(payload.targetId);
  if (!attacker || !target) return no("UnknownActor", "no such attacker or target");
  if (!user.isGM && !attacker.testUserPermission(user, "OWNER"))
    return no("NotTheAttacker", `${user.name ?? user.id} does not own the attacker`);
  // A player's macro cannot reach an actor the table cannot see (nor learn its name from the card).
  if (!user.isGM && !ctx.mayTarget(user, target)) return no("TargetUnseen", "the target is not one this user can see");
  return { user, attacker, target };
}

/** The GM's handler for an Attack button: the sender must own the attacker; the card is posted as the attacker's. */
export async function handleAttackOpen(
  ctx: OpenCardContext,
  payload: unknown,
  senderId: string,
  how: OpenHow = {},
): Promise<RequestAnswer> {
  if (!isOpenRequest(payload)) return deny("BadRequest", "the request is not an attack");
  const who = opener(ctx, payload, senderId);
  if ("ok" in who) return who;
  const { user, attacker, target } = who;
  const reacted = how.reacted === true;
  // Every client receives a card's data: a GM's attack from or at a token the GM hides is sealed as its offer would be.
  const hidden = how.hidden === true || (user.isGM && (ctx.hiddenFromTable(attacker) || ctx.hiddenFromTable(target)));
  const card = ctx.card(ctx.ruleset());
  if (!card) return deny("UnknownRuleset", `no attack card for ${ctx.ruleset()}`);
  const read = await mapOfAttack(ctx, card, user, payload, attacker);
  if ("ok" in read) return read;
  const { pick, verdict, place } = read;
  // In a started fight the attack is a step of it: judged now by its turn order, recorded once the card is posted.
  const turn = reacted ? null : attackTurn(ctx.fight, payload.attackerId);
  if (turn && "ok" in turn) return turn;
  const spent = turn ? { spent: turn.spent } : {};
  // FAC-36: the tokens a user targets are a blast's targets only where no map says them. TEAM-54: the fight counts
  // the attacks made before this one; a GM's own count wins.
  const given = {
    ...fightCount(card.ruleset, turn),
    ...withPicked(user.isGM ? payload.options : {}, verdict.checked ? {} : pick),
  };
  // What the map decides goes in first; a GM's own circumstances are deliberate and win.
  const options = onTop(verdict.checked ? verdict.options : {}, given);
  const map: CardMap = verdict.checked ? "checked" : "unchecked";
  const choice = {
    attacker: cardActor(attacker, payload.attackerId),
    target: cardActor(target, payload.targetId),
    itemId: payload.itemId,
    options,
  };
  // A hidden token's card is sealed blind whatever the roll mode: its dice go to no message.
  const rollMode = hidden ? "blindroll" : (payload.rollMode ?? "publicroll");
  // The player who attacks: a private or self roll's card is theirs to see (sealed-card.ts); a GM sees every card.
  const roller = user.isGM ? "" : (user.id ?? "");
  const speaker = hidden ? { actorId: "", alias: "" } : { actorId: choice.attacker.id, alias: choice.attacker.name };
  // Someone else answers first (strain's defence): the card waits for them (attack-answer.ts).
  const question = card.ask?.(choice) ?? null;
  // A card waiting for an answer names both actors to the one asked. No offered attack asks (ESC-39, FAC-23).
  if (question && hidden)
    return deny("HiddenQuestion", "a hidden token's attack cannot ask its question and stay hidden");
  if (question) {
    const { attackerId, targetId, itemId } = payload;
    const message = await ctx.post(
      {
        ruleset: card.ruleset,
        attackerId,
        targetId,
        itemId,
        rollMode,
        map,
        given,
        place,
        roller,
        ...spent,
        pending: { question, options },
      },
      speaker,
    );
    return recordAttack(ctx, turn, { ok: true, messageId: message.id ?? "" }, senderId);
  }
  const opened = await openCard(ctx, card, choice, rollMode, user.id ?? "", async (data) => {
    const full = { ...data, map, given, place, roller, ...spent, ...(hidden ? { hidden } : {}) };
    return isSealedMode(rollMode) ? postSealed(ctx, card, full, speaker) : ctx.post(publicCard(card, full), speaker);
  });
  return opened.ok ? recordAttack(ctx, turn, opened, senderId) : opened;
}

/**
 * Where the attack is, as the GM's own map reads it, and the tokens a user picked beyond the first. The options are
 * circumstances and boosts (advantage, flanking, a to-hit bonus, sight...): the GM's to grant. A player's request
 * carries none, so a macro cannot give its attack an edge the table did not agree. FAC-36: the tokens targeted beyond
 * the first are a blast's targets where no map says them (picked-targets.ts).
 */
async function mapOfAttack(
  ctx: OpenCardContext,
  card: NonNullable<ReturnType<OpenCardContext["card"]>>,
  user: UserLike,
  payload: OpenRequest,
  attacker: CardActorLike,
) {
  const pick = pickedTargets(ctx, card, user, payload as unknown as Record<string, unknown>);
  if ("ok" in pick) return pick;
  const mapRequest = readMapRequest(payload as unknown as Record<string, unknown>);
  if (!mapRequest)
    return deny("BadRequest", "the request's map part is not one") as Extract<RequestAnswer, { ok: false }>;
  const refs = { attackerRef: payload.attackerId, targetRef: payload.targetId };
  const who = { ruleset: card.ruleset, attacker, ...refs, itemId: payload.itemId, seesHidden: user.isGM };
  const read = await readMap(ctx, mapRequest, who);
  if ("ok" in read) return read;
  const onMap = onMapOnly(read.verdict, pick, user);
  return onMap ?? { pick, verdict: read.verdict, place: read.place };
}

/** TEAM-54: a teams card's count of the attacks made before it, read from the fight (none outside one). */
function fightCount(ruleset: string, turn: AttackTurn | null): Record<string, number> {
  return ruleset === "teams" && turn && turn.attacksBefore !== null ? { attacksThisRound: turn.attacksBefore } : {};
}

/**
 * Record the posted card's turn step (attack-turn.ts). A step recorded in the fight since it was judged makes it
 * stale: the card is then void, and the sender hears why.
 */
async function recordAttack(
  ctx: CardRequestContext,
  turn: AttackTurn | null,
  posted: RequestAnswer,
  senderId: string,
): Promise<RequestAnswer> {
  const id = posted.ok && typeof posted.messageId === "string" ? posted.messageId : "";
  if (!turn || !id) return posted;
  const spent = await spendAttack(ctx.fight, turn, id, senderId);
  if (spent.ok) return posted;
  await voidCardById(ctx, id);
  return spent;
}

/**
 * Post a sealed card: its numbers stay on this GM's client under the message's id, stored and sealed first (its digest
 * in the message: sealed-digest.ts), so this client's first drawing of the new message finds them; a private or self
 * card's go to its roller too, with the salt.
 */
async function postSealed(
  ctx: OpenCardContext,
  card: NonNullable<ReturnType<OpenCardContext["card"]>>,
  full: AttackCardData,
  speaker: { readonly actorId: string; readonly alias: string },
): Promise<{ readonly id: string | null }> {
  const id = ctx.newId();
  sealedStoreOf(ctx).set(id, full);
  const seal = await sealRevision(ctx.seals, "attack", id, full.journal.revision, full);
  const message = await ctx.post(publicCard(card, full, seal.digest), speaker, id, full.hidden === true);
  if (!message.id) return message;
  let salt = seal.salt;
  if (message.id !== id) {
    // The post gave another id: the card is stored and sealed under the one it got.
    sealedStoreOf(ctx).set(message.id, full);
    const late = await sealRevision(ctx.seals, "attack", message.id, full.journal.revision, full);
    await ctx.message(message.id)?.update({ "system.sealed.digest": late.digest });
    salt = late.salt;
  }
  await deliverSealed(ctx.deliver, sealedView(card, full), "attack", message.id, full, salt);
  return message;
}

/**
 * Where the attacker stands on a map, the map alone says where the attack is: a player's attack with a token off it
 * (or at a target on no scene) is refused, not opened unchecked, and several targeted tokens are no blast's targets.
 */
function onMapOnly(
  verdict: Exclude<MapVerdict, Refusal>,
  pick: { readonly picked?: readonly string[] },
  user: UserLike,
): Extract<RequestAnswer, { ok: false }> | null {
  const no = (name: string, reason: string) => deny(name, reason) as Extract<RequestAnswer, { ok: false }>;
  if (!verdict.checked)
    return verdict.offMap && !user.isGM
      ? no("NotOnTheMap", "a token of the attack is not on the attacker's map")
      : null;
  if (pick.picked && !isRecord(verdict.options.blast))
    return no("OneTargetOnMap", "on a map, the map says who a blast hits");
  return null;
}

/**
 * Who attacks whom with what, as the map reads it: the attacker's document (for its item) and how the card names both.
 */
interface MapWho {
  readonly ruleset: string;
  readonly attacker: CardActorLike;
  readonly attackerRef: string;
  readonly targetRef: string;
  readonly itemId: string | null;
  /** False for a player's attack: a target hidden on the map is refused (a GM's reading when absent). */
  readonly seesHidden?: boolean;
}

/**
 * The map's verdict on the attack, read here, on the GM's client, from the GM's own documents: a client's word on
 * reach is never taken. A refusal is the answer to send; otherwise the verdict and where it was read.
 */
export function readMap(
  ctx: OpenCardContext,
  request: MapPlace,
  who: MapWho,
): Promise<
  Extract<RequestAnswer, { ok: false }> | { readonly verdict: Exclude<MapVerdict, Refusal>; readonly place: MapPlace }
> {
  const item = who.attacker.items.contents.find((i) => i.id !== null && i.id === who.itemId);
  const verdict = attackOnMap(ctx.map, request, {
    attackerRef: who.attackerRef,
    targetRef: who.targetRef,
    ruleset: who.ruleset as RulesetId,
    ...(who.seesHidden === undefined ? {} : { seesHidden: who.seesHidden }),
    item: item ? { id: item.id ?? "", name: item.name, type: item.type, system: item.system } : null,
  });
  if ("ok" in verdict)
    return Promise.resolve({
      ok: false,
      key: verdict.key,
      reason: verdict.reason,
      ...(verdict.data ? { data: verdict.data } : {}),
    });
  // Where the map was read, kept for a change of circumstances: the GM's own documents' ids, never the request's names
  // when the map read none (a player's made-up or padded ids would be written into the card every client receives).
  if (!verdict.checked) return Promise.resolve({ verdict, place: {} });
  // SEC-47: whoever Blocks a crossed border is offered the Intercept: the card reads them as actors, here, so that a
  // change of circumstances (which reads the map again) keeps them.
  const interceptors = (verdict.interceptors ?? [])
    .filter((ref) => ref !== who.attackerRef && ref !== who.targetRef)
    .flatMap((ref) => {
      const actor = ctx.actor(ref);
      return actor ? [cardActor(actor, ref)] : [];
    });
  const options = interceptors.length > 0 ? { ...verdict.options, interceptors } : verdict.options;
  return Promise.resolve({ verdict: { ...verdict, options }, place: verdict.place ?? {} });
}

/**
 * Options on top of the map's: a key replaces the map's, except a group (sight) whose keys replace the map's one by
 * one.
 */
export function onTop(
  map: Readonly<Record<string, unknown>>,
  given: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...map };
  for (const [key, value] of Object.entries(given)) {
    const under = out[key];
    out[key] = isRecord(under) && isRecord(value) ? { ...under, ...value } : value;
  }
  return out;
}

/** Open the attack with Foundry's dice and write it (a new message, or the one that waited for an answer). */
export async function openCard(
  ctx: CardRequestContext,
  card: NonNullable<ReturnType<CardRequestContext["card"]>>,
  choice: AttackChoice,
  rollMode: RollMode,
  userId: string,
  write: (data: AttackCardData) => Promise<{ readonly id: string | null }>,
): Promise<RequestAnswer> {
  // The other actors the options name (a blast's targets), as the GM's own documents have them.
  const others = othersNamed(ctx, card, choice.options, cardActor);
  if (!Array.isArray(others)) return others;
  const cup = ctx.dice.cup();
  const seed = Math.floor(Math.random() * 2 ** 31);
  const opened = await openAttackCard(
    card,
    others.length > 0 ? { ...choice, others } : choice,
    rollMode,
    seed,
    (sides) => cup.draw(sides),
  );
  if (!opened.ok)
    return { ok: false, key: opened.key, reason: opened.reason, ...(opened.data ? { data: opened.data } : {}) };
  const message = await write(opened.state);
  // A sealed card posts no dice: a blind roll's chat message, its rolls included, reaches every client. Its 3D dice
  // roll on this (the GM's) client alone; its roller's client shows them when the card reaches it (sealed-dice.ts).
  if (isSealedMode(rollMode)) await cup.showHere(userId, opened.events);
  else {
    const flavor = ctx.flavor(choice.attacker.id, choice.target.id);
    await cup.show({ flavor, rollMode, userId, ...speaking(ctx, choice.attacker.id) }, opened.events);
  }
  return { ok: true, messageId: message.id ?? "" };
}
