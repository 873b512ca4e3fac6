import { dealing, withDealtDice } from "../../core/shared/dealing.js";
import {
  isRolledEffect,
  resolveMoveEffect,
  type EffectOutcome,
  type MoveEffect,
} from "../../core/space/move-effects.js";
import type { DiceCup, DiceSpeaker, DiceTray, RollMode } from "../dice/dice-tray.js";
import { isSealedMode, sealedViewers, type Seal, type SealedStore } from "../cards/sealed/sealed-card.js";
import { deliverSealed, type DeliverSealed } from "../cards/sealed/sealed-delivery.js";
import { sealRevision } from "../cards/sealed/sealed-seal.js";
import { MOVE_CARD_TYPE, type MoveCardData } from "./move-card-data.js";

/** A token's actor as a move card names it: its UUID (an unlinked token's own actor) and its name. */
export interface CardActorRef {
  readonly ref: string;
  readonly name: string;
}

/** The active GM's hands for posting the cards a move causes. */
export interface MoveCardPostContext {
  /** The actor of a token on a scene (the effects name tokens by id), or undefined for a token without one. */
  readonly actorOf: (sceneId: string, tokenId: string) => CardActorRef | undefined;
  /** Foundry's Rolls for the dice (a seeded fake in tests). */
  readonly dice: DiceTray;
  readonly post: (
    data: MoveCardData | Readonly<Record<string, unknown>>,
    speaker: { readonly actorId: string; readonly alias: string },
    /** The new message's id, when the caller chose it (a sealed card is stored under it before anyone draws it). */
    id?: string,
    /** Whispered to the GMs: only their chat logs show it (its data still reaches every client: docs/cards.md). */
    gmOnly?: boolean,
  ) => Promise<{ readonly id: string | null }>;
  /** Whether a token on a scene is hidden by the GM: a card naming it goes to the GMs alone, its dice blind. */
  readonly hidden: (sceneId: string, tokenId: string) => boolean;
  /** What the dice's chat message says they were rolled for. */
  readonly flavor: (effect: MoveEffect, mover: string) => string;
  /**
   * Who a dice message speaks for: the actor (cards/data/card-speaker.ts); none, or one the GM hides: the mover's user.
   */
  readonly speaker: (actorRef: string) => DiceSpeaker | undefined;
  /**
   * Where the GM's client keeps sealed move cards, a fresh message id, and the way to their roller (as attack cards).
   */
  readonly sealed: SealedStore<MoveCardData>;
  readonly newId: () => string;
  readonly deliver: DeliverSealed;
  /** The salt of each sealed card's last revision (cards/sealed/sealed-digest.ts). */
  readonly seals: SealedStore<Seal>;
}

/**
 * The shell every client receives of a sealed move card: what the move caused, not its dice's outcome (nor the dice a
 * descent or a climb rolled when the move was checked); its digest.
 */
export function sealedMoveShell(data: MoveCardData, viewers: readonly string[], digest = ""): Record<string, unknown> {
  const { revision = 0, ...shown } = data;
  return {
    ...shown,
    effect: unrolled(data.effect),
    outcome: null,
    applied: null,
    sealed: { revision, title: { key: "", data: {} }, viewers, digest },
  };
}

/**
 * The shell every client receives of a card about a token the GM hides: nothing of the move, no actor, no scene, no
 * dice; its revision and digest. Foundry sends a message's data to every client, whispered or not (docs/cards.md).
 */
export function hiddenMoveShell(revision: number, digest = ""): Record<string, unknown> {
  return {
    effect: null,
    sceneId: "",
    moverRef: "",
    byRef: "",
    rollMode: "blindroll",
    outcome: null,
    applied: null,
    taken: null,
    declined: false,
    hidden: true,
    sealed: { revision, title: { key: "", data: {} }, viewers: [], digest },
  };
}

/** A hidden token's card speaks for nobody: Foundry shows its author (the GM) instead. */
const NOBODY = { actorId: "", alias: "" };

/** An effect without the dice rolled with it: a descent's contest, a climb's checks. */
function unrolled(effect: MoveEffect): MoveEffect {
  if (effect.kind === "climb") return { ...effect, checks: [] };
  if (effect.kind !== "descent" || !effect.roll) return effect;
  const { roll: _sealed, ...rest } = effect;
  return rest;
}

/**
 * Post a card sealed: a rolled effect's with a roll mode not public (its outcome in the GM's store and its roller's
 * client), or any card about a hidden token (the whole card in the GM's store alone, whispered to the GMs, its shell
 * naming nobody). The message is a shell with the digest of the card, sealed under the id chosen for it (without one,
 * its roller could not keep it). No dice message: Foundry sends a private roll's message, its rolls included, to all.
 */
async function postSealed(
  ctx: MoveCardPostContext,
  data: MoveCardData,
  speaker: { readonly actorId: string; readonly alias: string },
  userId: string,
  hidden: boolean,
): Promise<string | null> {
  const viewers = hidden ? [] : sealedViewers(data.rollMode, userId);
  const sealed: MoveCardData = { ...data, revision: 0, ...(hidden ? { hidden: true } : {}) };
  const id = ctx.newId();
  ctx.sealed.set(id, sealed);
  const seal = await sealRevision(ctx.seals, MOVE_CARD_TYPE, id, 0, sealed);
  const shell = hidden ? hiddenMoveShell(0, seal.digest) : sealedMoveShell(sealed, viewers, seal.digest);
  const message = await ctx.post(shell, hidden ? NOBODY : speaker, id, hidden);
  if (!message.id) return null;
  if (message.id !== id) ctx.sealed.set(message.id, sealed);
  else await deliverSealed(ctx.deliver, { viewers, revision: 0 }, MOVE_CARD_TYPE, message.id, sealed, seal.salt);
  return message.id;
}

/**
 * Post one card per effect of a made move: a fall or descent is rolled at once with real dice, the core computing the
 * outcome from them (the GM applies it from the card); a descent rolled when the move was checked (STR-26) keeps that
 * roll, whose dice (`checked`, the check's cup) are shown with its card; a free hit or opportunity attack is offered
 * to the enemy's owner. `userId` is the mover's user, for whom the dice are shown with `rollMode`. Returns the posted
 * messages' ids.
 */
export async function postMoveEffects(
  ctx: MoveCardPostContext,
  sceneId: string,
  effects: readonly MoveEffect[],
  userId: string,
  checked?: DiceCup,
  rollMode: RollMode = "publicroll",
): Promise<string[]> {
  const posted: string[] = [];
  let checkedShown = false;
  for (const effect of effects) {
    const mover = ctx.actorOf(sceneId, effect.mover);
    // A token without an actor has no sheet to hurt; an offer needs an actor on both sides.
    if (!mover) continue;
    const by = "by" in effect ? ctx.actorOf(sceneId, effect.by) : undefined;
    if ("by" in effect && !by) continue;
    let outcome: EffectOutcome | null = null;
    // A token the GM hides is not named to players: its card is whispered to the GMs, its dice rolled blind.
    const secret = ctx.hidden(sceneId, effect.mover) || ("by" in effect && ctx.hidden(sceneId, effect.by));
    const mode: RollMode = secret ? "blindroll" : rollMode;
    // A descent contest (STR-26) or a climb's checks (SEC-15) rolled when the move was checked: their dice are the
    // check's.
    const rolledAlready = (effect.kind === "descent" && effect.roll !== undefined) || effect.kind === "climb";
    const cup = rolledAlready && checked && !checkedShown ? checked : isRolledEffect(effect) ? ctx.dice.cup() : null;
    if (cup === checked) checkedShown = true;
    if (cup && isRolledEffect(effect)) {
      const dealt = await dealing(
        (dice) => withDealtDice(dice, (roller) => resolveMoveEffect(effect, roller)),
        (sides) => cup.draw(sides),
      );
      if (!dealt.outcome.ok) continue;
      outcome = dealt.outcome.state;
    }
    const data: MoveCardData = {
      effect,
      sceneId,
      moverRef: mover.ref,
      byRef: by?.ref ?? "",
      rollMode: mode,
      outcome,
      applied: null,
      taken: null,
    };
    const speaker = by ? { actorId: by.ref, alias: by.name } : { actorId: mover.ref, alias: mover.name };
    // A hidden token's card is sealed whatever it holds, an offer too: its message must name nobody.
    if (secret || (cup && isSealedMode(mode))) {
      // No dice message for a sealed card: its 3D dice roll on this (the GM's) client alone.
      await cup?.showHere(userId, [effect, outcome]);
      const id = await postSealed(ctx, data, speaker, userId, secret);
      if (id) posted.push(id);
      continue;
    }
    const message = await ctx.post(data, speaker);
    if (message.id) posted.push(message.id);
    // The dice are the mover's (a fall, a descent, a climb's checks): an offer rolls none.
    const said = ctx.speaker(mover.ref);
    await cup?.show(
      { flavor: ctx.flavor(effect, mover.name), rollMode: mode, userId, ...(said ? { speaker: said } : {}) },
      [effect, outcome],
    );
  }
  return posted;
}
