import { dealing } from "../../../core/shared/dealing.js";
import { isRecord } from "../../../core/shared/guards.js";
import type { UserLike } from "../../combat/fight/ports.js";
import { isRollMode, type DiceSpeaker, type DiceTray, type RollMode } from "../../dice/dice-tray.js";
import { OneAtATime } from "../../requests/one-at-a-time.js";
import { deny, type RequestAnswer } from "../../requests/request-answer.js";
import { mayClick } from "./may-click.js";
import { carryOut, takeBack } from "./apply-plan.js";
import {
  awaitsGm,
  stepAttackCard,
  type AttackCardData,
  type CardCommand,
  type CardSpent,
} from "../data/attack-card-data.js";
import {
  cardOf,
  cardUpdate,
  isSealedMode,
  sealedView,
  sealedViewers,
  type Seal,
  type SealedStore,
} from "../sealed/sealed-card.js";
import { deliverSealed, type DeliverSealed } from "../sealed/sealed-delivery.js";
import { sealRevision } from "../sealed/sealed-seal.js";
import type { AttackRuleset, CardRole } from "../attack-ruleset.js";
import type { CardActorLike, CardMessageLike } from "../data/card-ports.js";
import { sameCommand } from "../data/same-command.js";
import { climbPort, type ClimbWorld } from "../climbs/climb-port.js";
import { climbChecks, climbFalls, NO_CHECKS, type ClimbChecks } from "../climbs/climb-checks.js";
import { madeByGm, notMadeByGm } from "../data/card-trust.js";
import {
  attackCardOf,
  isApplyStep,
  cardReaction,
  giveBackAttack,
  giveBackForUndo,
  spendAttack,
  undoingByCard,
  withoutTurnStep,
  withTurnStep,
  type CardFight,
} from "./attack-turn.js";
import type { AttackEvent } from "../../../core/attack/pipeline.js";

/** The request name an attack card's step buttons travel under. */
export const ATTACK_STEP_REQUEST = "attackStep";

type AnyCard = AttackRuleset<unknown, AttackCardData["journal"]["state"], CardCommand>;

/** How the active GM's client finds what a card request names. */
export interface CardRequestContext {
  readonly message: (id: string) => CardMessageLike | undefined;
  readonly actor: (id: string) => CardActorLike | undefined;
  readonly user: (id: string) => UserLike | undefined;
  readonly card: (ruleset: string) => AnyCard | undefined;
  /** Where the attack's dice come from (Foundry's Rolls, shown in chat); without it, from the card's seed. */
  readonly dice: DiceTray;
  /**
   * Tell the fight an actor dropped out (the turn order's setAble or remove for its combatant), as the GM. With a
   * card's id, each step names the card (`attackCard`, `cardApply`), and the steps recorded come back for its undo.
   */
  readonly dropped: (actorId: string, how: "unable" | "out", card?: string) => Promise<readonly CardSpent[] | void>;
  /** What the dice's chat message says they were rolled for ("Alric attacks the Goblin"). */
  readonly flavor: (attackerId: string, targetId: string) => string;
  /** Who a dice message speaks for: the actor (card-speaker.ts); none, or one the GM hides: the user who asked. */
  readonly speaker: (actorRef: string) => DiceSpeaker | undefined;
  /** Where this GM's client keeps sealed cards' numbers (sealed-card.ts); an in-memory store when none is given. */
  readonly sealed: SealedStore;
  /** How a private or self card's state reaches its roller alone (User#query; sealed-delivery.ts). */
  readonly deliver: DeliverSealed;
  /** The salt of each sealed card's last revision (sealed-digest.ts); an in-memory store when none is given. */
  readonly seals: SealedStore<Seal>;
  /** SEC-20: the climbers on the map, their falls and the fight's end of their climbs; none: no check is rolled. */
  readonly climbs: ClimbWorld;
  /** The started fights an attack is a step of (attack-turn.ts); an actor in none: its card stands alone. */
  readonly fight: CardFight;
}

export const sealedStoreOf = (ctx: CardRequestContext): SealedStore => ctx.sealed;

/**
 * Write a card's next state (sealed-card.ts cardUpdate, with `extra` fields of the update), then send a sealed one's
 * to its roller: the GM seals every revision (a new salt, the digest in the message) and sends it again after each
 * step.
 */
export async function writeCard(
  ctx: CardRequestContext,
  card: AnyCard,
  message: CardMessageLike,
  data: AttackCardData,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const id = message.id ?? "";
  const seal = isSealedMode(data.rollMode)
    ? await sealRevision(ctx.seals, "attack", id, data.journal.revision, data)
    : null;
  await message.update({ ...cardUpdate(card, data, sealedStoreOf(ctx), id, seal?.digest), ...extra });
  if (seal) await deliverSealed(ctx.deliver, sealedView(card, data), "attack", id, data, seal.salt);
}

interface StepRequest {
  readonly messageId: string;
  readonly command: CardCommand;
  readonly revision: number;
  readonly rollMode?: RollMode;
}

function isStepRequest(r: unknown): r is StepRequest {
  return (
    isRecord(r) &&
    typeof r.messageId === "string" &&
    Number.isInteger(r.revision) &&
    isRecord(r.command) &&
    typeof r.command.type === "string" &&
    (r.rollMode === undefined || isRollMode(r.rollMode))
  );
}

/** A card's clicks and answers, one at a time per card message. */
export const perCard = new OneAtATime();

/** The GM's handler for a card's click: `senderId` is Foundry's server's word; one click at a time per card. */
export function handleAttackStep(ctx: CardRequestContext, payload: unknown, senderId: string): Promise<RequestAnswer> {
  const id = isStepRequest(payload) ? payload.messageId : "";
  return perCard.run(id, () => step(ctx, payload, senderId));
}

type Refused = Extract<RequestAnswer, { ok: false }>;
const refused = (...args: Parameters<typeof deny>): Refused => deny(...args) as Refused;

/** The card a step names, as this GM's client holds it, and who clicked: or why the click is no step of it. */
function cardClicked(ctx: CardRequestContext, request: StepRequest, senderId: string) {
  const user = ctx.user(senderId);
  if (!user) return refused("UnknownUser", `no user ${senderId}`);
  const message = ctx.message(request.messageId);
  if (!message || message.type !== "attack") return refused("UnknownCard", `no attack card ${request.messageId}`);
  // A player may write a message of this type with any data: only a card the GM's client made is read at all.
  if (!madeByGm(message)) return notMadeByGm() as Refused;
  const found = cardOf(message.system, sealedStoreOf(ctx), request.messageId);
  if (found.sealed && !found.data)
    return refused("SealedElsewhere", "this blind card's numbers are on another GM's client");
  const data = found.data;
  if (!data) return refused("UnknownCard", `no attack card ${request.messageId}`);
  const card = ctx.card(data.ruleset);
  if (!card) return refused("UnknownRuleset", `no attack card for ${data.ruleset}`);
  // A sealed card's state is on this GM's client (and a private one's on its roller's): its steps are theirs, as on
  // any card (the roller's own, the GM's), and the GM reveals it when the table may see. The target's owner may not
  // see a private card: the GM takes the target's steps, or reveals it.
  if (found.sealed && !user.isGM && !sealedViewers(data.rollMode, data.roller).includes(user.id ?? ""))
    return refused("SealedCard", "only the GM and its roller take the steps of a sealed card");
  return { user, message, found, data, card };
}

async function step(ctx: CardRequestContext, request: unknown, senderId: string): Promise<RequestAnswer> {
  if (!isStepRequest(request)) return deny("BadRequest", "the request is not a card step");
  const clicked = cardClicked(ctx, request, senderId);
  if ("ok" in clicked) return clicked;
  const { user, message, found, data, card } = clicked;
  if (request.command.type === "reveal") return reveal(ctx, card, message, data, found.sealed, user, request.revision);
  if (data.voided) return deny("CardVoided", "the GM undid this attack's turn step: the card is void");
  const { command } = request;
  const state = data.journal.state;
  // The card's undo as it opened gives back its turn step and voids it (attack-turn.ts); later undos are the
  // pipeline's.
  if (command.type === "undo" && data.journal.length <= data.openingSteps && data.spent)
    return undoOpening(ctx, card, message, data, user, request.revision);
  // A player's declared circumstances wait for the GM's answer: nothing is rolled before it (attack-circumstances.ts).
  if (awaitsGm(data)) return deny("AwaitingGm", "the GM has not answered the declared circumstances");
  // A finished card takes nothing but the GM's undo (a pipeline may offer the next attack's declaration: that is a new
  // card).
  if (state.step === "done" && command.type !== "undo")
    return deny("AttackOver", "this attack has already been resolved");
  // Only what the pipeline offers now, exactly: a forged field, a prototype key or a step out of turn is no command.
  const offered = command.type === "undo" ? command : card.engine.legal(state).find((c) => sameCommand(c, command));
  if (!offered) return deny("NotOffered", `the card does not offer ${command.type} now`);
  // Who attacks now, as the pipeline says: an escalation free hit (ESC-34) swaps attacker and target on the card.
  const now = { attackerId: state.attacker, targetId: state.target };
  const role = command.type === "undo" ? "gm" : card.roleFor(offered, state);
  const denied = mayClick(ctx, user, now, role);
  if (denied) return denied;
  if (request.revision !== data.journal.revision) {
    return deny("StaleRevision", `made against revision ${request.revision}, the card is at ${data.journal.revision}`, {
      expected: request.revision,
      actual: data.journal.revision,
    });
  }
  // A reaction in a started fight spends the reactor's step there (FAC-14, ESC-42): judged now, recorded once written.
  const reaction = cardReaction(ctx.fight, data, offered);
  if (reaction && "ok" in reaction) return reaction;
  const givenBack = await giveBackForUndo(ctx.fight, data, offered, message.id ?? "", user.id ?? "");
  if (givenBack) return givenBack;
  const cup = ctx.dice.cup();
  const { outcome } = await dealing(
    (dice) => stepAttackCard(card, data, offered, dice),
    (sides) => cup.draw(sides),
  );
  if (!outcome.ok)
    return { ok: false, key: outcome.key, reason: outcome.reason, ...(outcome.data ? { data: outcome.data } : {}) };
  let next = withTurnStep(offered.type === "undo" ? withoutTurnStep(outcome.state, data) : outcome.state, reaction);
  let checks: ClimbChecks = NO_CHECKS;
  if (state.step === "apply" && next.journal.state.step === "done") {
    // Written once, when the apply step resolves the attack (teams' TEAM-67 choice may follow the apply click), from
    // the whole attack's events: what the earlier steps did (Overexert Stress, a reaction's stamina, a weapon broken
    // on the damage roll) is written with what applying did.
    const applied = await carryOut(card.applyPlan(next.journal.state, next.events), ctx.actor, (actorId, how) =>
      ctx.dropped(actorId, how, message.id ?? ""),
    );
    // SEC-20: a climber the damage reached checks at once, with this GM's dice; the card shows the check.
    checks = await climbChecks(climbPort(ctx.climbs), ctx.actor, data.place ?? {}, outcome.events, cup);
    next = { ...next, applied, events: [...next.events, ...checks.events] };
  } else if (offered.type === "undo" && data.applied) await takeBack(data.applied, ctx.actor);
  await writeCard(ctx, card, message, next);
  await showStep(ctx, { data, next, request, user, role, now, cup }, [...outcome.events, ...checks.events], checks);
  if (reaction) {
    const spent = await spendAttack(ctx.fight, reaction, message.id ?? "", user.id ?? "");
    if (!spent.ok) {
      // The fight moved on since the reaction was judged: the card is void, and the sender hears why.
      await voidCard(ctx, card, message, next);
      return spent;
    }
  }
  return { ok: true, revision: next.journal.revision };
}

interface Shown {
  readonly data: AttackCardData;
  readonly next: AttackCardData;
  readonly request: StepRequest;
  readonly user: UserLike;
  readonly role: CardRole;
  readonly now: Pick<AttackCardData, "attackerId" | "targetId">;
  readonly cup: ReturnType<CardRequestContext["dice"]["cup"]>;
}

/** A step's dice to chat (or, sealed, on this client alone), and a climber's fall it caused. */
async function showStep(
  ctx: CardRequestContext,
  s: Shown,
  made: readonly AttackEvent[],
  checks: ClimbChecks,
): Promise<void> {
  const flavor = ctx.flavor(s.data.attackerId, s.data.targetId);
  const rollMode = s.request.rollMode ?? s.data.rollMode;
  const userId = s.user.id ?? "";
  // A sealed card's dice are not posted: Foundry sends a blind roll's message, its rolls included, to every client.
  if (isSealedMode(s.next.rollMode)) await s.cup.showHere(userId, made);
  else await s.cup.show({ flavor, rollMode, userId, ...speaking(ctx, rollerOf(s.role, s.now)) }, made);
  if (checks.falls.length > 0)
    await climbFalls(
      climbPort(ctx.climbs),
      checks.falls,
      userId,
      isSealedMode(s.next.rollMode) ? s.next.rollMode : rollMode,
    );
}

/** The GM undoes a card as it opened: its turn step goes back first (the engine's undo), then the card is void. */
async function undoOpening(
  ctx: CardRequestContext,
  card: AnyCard,
  message: CardMessageLike,
  data: AttackCardData,
  user: UserLike,
  revision: number,
): Promise<RequestAnswer> {
  if (!user.isGM) return deny("GmOnly", "only the GM takes this step");
  if (revision !== data.journal.revision)
    return deny("StaleRevision", `made against revision ${revision}, the card is at ${data.journal.revision}`, {
      expected: revision,
      actual: data.journal.revision,
    });
  const id = message.id ?? "";
  undoingByCard.add(id);
  try {
    const back = await giveBackAttack(ctx.fight, data.spent!, id, user.id ?? "");
    if (!back.ok) return back;
  } finally {
    undoingByCard.delete(id);
  }
  return voidCard(ctx, card, message, data);
}

/** Void a card: what it applied is taken back, and it offers nothing from then on (a higher revision). */
async function voidCard(
  ctx: CardRequestContext,
  card: AnyCard,
  message: CardMessageLike,
  data: AttackCardData,
): Promise<RequestAnswer> {
  if (data.voided) return { ok: true, revision: data.journal.revision };
  if (data.applied) await takeBack(data.applied, ctx.actor);
  const next: AttackCardData = {
    ...data,
    applied: null,
    voided: true,
    journal: { ...data.journal, revision: data.journal.revision + 1 },
  };
  await writeCard(ctx, card, message, next);
  return { ok: true, revision: next.journal.revision };
}

/**
 * The GM undid a turn step from the tracker: a step an attack card spent voids that card (one at a time with its
 * clicks). Any other step, a card not found, or one giving back its own step, is left alone.
 */
export async function voidOnUndo(ctx: CardRequestContext, command: unknown): Promise<void> {
  const id = attackCardOf(command);
  // A defeat step a card's apply sent is the fight's to undo: the combatant is back, the card stays (ruling in
  // docs/cards.md).
  if (!id || undoingByCard.has(id) || isApplyStep(command)) return;
  await perCard.run(id, () => voidCardById(ctx, id));
}

/** Void the card of this message, if it is one the GM made (a card waiting for an answer is cleared instead). */
export async function voidCardById(ctx: CardRequestContext, id: string): Promise<void> {
  const message = ctx.message(id);
  if (!message || message.type !== "attack" || !madeByGm(message)) return;
  const found = cardOf(message.system, sealedStoreOf(ctx), id);
  const card = found.data ? ctx.card(found.data.ruleset) : undefined;
  if (found.data && card) await voidCard(ctx, card, message, found.data);
  else if (!found.sealed) await message.update({ "system.pending": null, "system.voided": true });
}

/** The actor whose step it is, whose dice they are: the target's or a reactor's own step, else the attacker's. */
function rollerOf(role: CardRole, now: Pick<AttackCardData, "attackerId" | "targetId">): string {
  if (typeof role === "object") return role.owners[0] ?? now.attackerId;
  return role === "target" ? now.targetId : now.attackerId;
}

/** A dice showing's speaker, when the context names one for the actor. */
export function speaking(ctx: Pick<CardRequestContext, "speaker">, actorRef: string): { speaker?: DiceSpeaker } {
  const speaker = ctx.speaker(actorRef);
  return speaker ? { speaker } : {};
}

/** The GM reveals a sealed card: its whole data goes into the message, shown to everyone from then on. */
async function reveal(
  ctx: CardRequestContext,
  card: AnyCard,
  message: CardMessageLike,
  data: AttackCardData,
  sealed: boolean,
  user: UserLike,
  revision: number,
): Promise<RequestAnswer> {
  if (!user.isGM) return deny("GmOnly", "only the GM reveals a sealed card");
  if (!sealed) return deny("NotSealed", "this card is not sealed");
  if (revision !== data.journal.revision)
    return deny("StaleRevision", `made against revision ${revision}, the card is at ${data.journal.revision}`, {
      expected: revision,
      actual: data.journal.revision,
    });
  const { hidden, ...kept } = data;
  const shown: AttackCardData = {
    ...kept,
    rollMode: "publicroll",
    journal: { ...data.journal, revision: data.journal.revision + 1 },
  };
  // A hidden token's shell names nobody: who attacks whom with what go in too, and its whisper to the GMs is lifted.
  const named = hidden
    ? {
        "system.attackerId": data.attackerId,
        "system.targetId": data.targetId,
        "system.itemId": data.itemId,
        "system.hidden": false,
        whisper: [],
      }
    : {};
  await writeCard(ctx, card, message, shown, named);
  return { ok: true, revision: shown.journal.revision };
}
