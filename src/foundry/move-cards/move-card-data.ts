import { isRecord } from "../../core/shared/guards.js";
import { readMoveEffect, type EffectOutcome, type MoveEffect } from "../../core/space/move-effects.js";
import type { AppliedRecord } from "../cards/data/attack-card-data.js";
import { isRollMode, type RollMode } from "../dice/dice-tray.js";
import type { AuthorLike } from "../cards/data/card-ports.js";
import { madeByGm } from "../cards/data/card-trust.js";
import { readSealed, type SealedStore } from "../cards/sealed/sealed-card.js";

/** The ChatMessage subtype of the cards a move causes (system.json documentTypes, CONFIG.ChatMessage.dataModels). */
export const MOVE_CARD_TYPE = "moveEffect";

/**
 * What a move card's button asks: apply the dice's outcome, undo that, take or decline the offered attack, or reveal a
 * sealed card.
 */
export const MOVE_CARD_ACTIONS = ["apply", "undo", "take", "decline", "reveal"] as const;
export type MoveCardAction = (typeof MOVE_CARD_ACTIONS)[number];

/**
 * A move card's system data: what the move caused (a fall or descent roll to apply, or a free hit or opportunity
 * attack offered), the actors it names (by UUID, like the attack card), the dice's outcome, what applying wrote (for
 * the GM's undo) and the attack card an offer opened. Only the active GM writes it.
 */
export interface MoveCardData {
  readonly effect: MoveEffect;
  readonly sceneId: string;
  /** The mover's actor. */
  readonly moverRef: string;
  /** For an offer: the enemy's actor who may attack ("" otherwise). */
  readonly byRef: string;
  readonly rollMode: RollMode;
  readonly outcome: EffectOutcome | null;
  readonly applied: AppliedRecord | null;
  /** For an offer: the attack card it opened, once taken. */
  readonly taken: string | null;
  /** A sealed card's revision (sealed-card.ts): each apply, undo or reveal raises it. */
  readonly revision?: number;
  /** For an offer: its attacker's owner (or the GM) let it go (FAC-23: the interrupted mover may go on). */
  readonly declined?: boolean;
  /** About a token the GM hides: the whole card is on the GMs' clients, its message a shell naming nobody. */
  readonly hidden?: boolean;
}

/** Whether a card holds up no interrupted move (FAC-23): a rolled effect, or an offer taken or declined. */
export function offerSettled(data: MoveCardData | null): boolean {
  if (!data) return true;
  const offer = data.effect.kind === "free-hit" || data.effect.kind === "opportunity-attack";
  return !offer || data.taken !== null || data.declined === true;
}

const isOutcome = (v: unknown): v is EffectOutcome =>
  isRecord(v) &&
  ((v.kind === "fall" && typeof v.damage === "number" && Array.isArray(v.dice)) ||
    (v.kind === "descent" &&
      (v.result === "success" || v.result === "failure") &&
      typeof v.slowed === "number" &&
      typeof v.dazed === "number"));

// The fight steps a defeat sent (absent on a card applied before they were kept): each a combat and a combatant.
const isFightSteps = (v: unknown): boolean =>
  v === undefined ||
  v === null ||
  (Array.isArray(v) &&
    v.every((s) => isRecord(s) && typeof s.combatId === "string" && typeof s.combatant === "string"));

const isApplied = (v: unknown): v is AppliedRecord =>
  isRecord(v) && Array.isArray(v.actors) && Array.isArray(v.statuses) && isFightSteps(v.fight);

/** A stored move card read without trusting it: its data, or null when it is not a move card. */
export function readMoveCard(system: unknown): MoveCardData | null {
  if (!isRecord(system)) return null;
  const effect = readMoveEffect(system.effect);
  const { sceneId, moverRef, byRef, rollMode, outcome, applied, taken, revision } = system;
  if (
    !effect ||
    typeof sceneId !== "string" ||
    typeof moverRef !== "string" ||
    moverRef === "" ||
    typeof byRef !== "string"
  )
    return null;
  if (!isRollMode(rollMode)) return null;
  if (outcome !== null && outcome !== undefined && !isOutcome(outcome)) return null;
  if (applied !== null && applied !== undefined && !isApplied(applied)) return null;
  const offer = effect.kind === "free-hit" || effect.kind === "opportunity-attack";
  if (offer && byRef === "") return null;
  return {
    effect,
    sceneId,
    moverRef,
    byRef,
    rollMode,
    outcome: outcome ?? null,
    applied: applied ?? null,
    taken: typeof taken === "string" && taken !== "" ? taken : null,
    ...(typeof revision === "number" ? { revision } : {}),
    ...(system.declined === true ? { declined: true } : {}),
    ...(system.hidden === true ? { hidden: true } : {}),
  };
}

/**
 * Whether a sealed card's state is the one its message shows (SealedKind.matches): the same mover on the same scene,
 * or for a hidden token's card, whose shell names neither, a hidden one (the digest binds the rest).
 */
export function moveCardMatches(data: MoveCardData, system: unknown): boolean {
  const shell = isRecord(system) ? system : {};
  if (shell.hidden === true || data.hidden === true) return shell.hidden === true && data.hidden === true;
  return data.moverRef === shell.moverRef && data.sceneId === shell.sceneId;
}

/**
 * The card a message holds on the GM's client: a sealed one's from the GM's store, else the message's own data. Null
 * for a message that is no move card, or that no GM made (cards/data/card-trust.ts).
 */
export function gmMoveCard(
  message:
    | {
        readonly id: string | null;
        readonly type: string;
        readonly system: unknown;
        readonly author: AuthorLike | null;
      }
    | undefined,
  store: SealedStore<MoveCardData> | undefined,
): MoveCardData | null {
  if (!message || message.type !== MOVE_CARD_TYPE || !madeByGm(message)) return null;
  return readSealed(message.system) ? (store?.get(message.id ?? "") ?? null) : readMoveCard(message.system);
}
