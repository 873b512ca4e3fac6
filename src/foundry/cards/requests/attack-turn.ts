import { commandsOf } from "../../../core/shared/journal.js";
import {
  attacksBefore,
  attackStepNow,
  cardReactionCost,
  type AttackStep,
  type AttackWay,
} from "../../../core/turn-order/attack-cost.js";
import type { Engine } from "../../../core/shared/engine.js";
import type { Refusal } from "../../../core/shared/outcome.js";
import { seededRoller } from "../../../core/shared/roller.js";
import type { TurnEvent } from "../../../core/turn-order/types.js";
import { currentJournal, readFight } from "../../combat/fight/journal.js";
import type { CombatLike } from "../../combat/fight/ports.js";
import type { TurnCommand } from "../../combat/fight/turn-command.js";
import { handleTurnRequest, type TurnRequestContext } from "../../combat/requests/turn-request.js";
import { deny, type RequestAnswer } from "../../requests/request-answer.js";
import type { AttackCardData, CardCommand, CardSpent } from "../data/attack-card-data.js";

/** The fights an attack card can be a step of: where an actor fights now, and the one turn request path. */
export interface CardFight {
  /** The started combat in which the actor (as a card names it) has a combatant, and that combatant. */
  readonly of: (actorRef: string) => { readonly combat: CombatLike; readonly combatant: string } | undefined;
  readonly turns: TurnRequestContext;
}

/** The step an attack spends now in its attacker's fight, and the revision it was judged at. */
export interface AttackTurn {
  readonly spent: CardSpent;
  readonly command: TurnCommand;
  readonly revision: number;
  /** TEAM-54: the attacks the attacker made before this one, where the turn order counts them. */
  readonly attacksBefore: number | null;
}

type Refused = Extract<RequestAnswer, { ok: false }>;

/**
 * The turn step the attack spends, judged now by the fight's own turn order (core/turn-order/attack-cost.ts): null
 * when the attacker fights in no begun fight (the card stands alone), the rule's refusal when the turn has nothing left
 * for it or it is not the attacker's turn. Nothing is written yet.
 */
export function attackTurn(
  fight: CardFight,
  attackerRef: string,
  way: AttackWay = "turn",
): AttackTurn | Refused | null {
  return judged(fight, attackerRef, (engine, state, order, combatant) => ({
    step: attackStepNow(engine, state, order, combatant, way),
    attacksBefore: attacksBefore(order, state, combatant),
  }));
}

/**
 * The turn step a reaction taken on a card spends (FAC-14 the reactor's turn, ESC-42 a Free Hit Slot), judged now by
 * the fight's turn order: null where it counts none, or the reactor fights in no begun fight.
 */
function reactionTurn(
  fight: CardFight,
  reactorRef: string,
  reaction: string,
  free: boolean,
): AttackTurn | Refused | null {
  return judged(fight, reactorRef, (engine, state, order, combatant) => {
    const step = cardReactionCost(order, combatant, reaction, free);
    if (!step) return null;
    const tried = engine.apply(state, step, seededRoller(1));
    return { step: tried.ok ? step : tried, attacksBefore: null };
  });
}

type Judge = (
  engine: Engine<unknown, unknown, AttackStep, TurnEvent>,
  state: unknown,
  order: string,
  combatant: string,
) => { readonly step: AttackStep | Refusal; readonly attacksBefore: number | null } | null;

/** The fight the actor is in, read without trusting it, and the step `judge` finds there. */
function judged(fight: CardFight, actorRef: string, judge: Judge): AttackTurn | Refused | null {
  const at = fight.of(actorRef);
  if (!at) return null;
  const stored = readFight(at.combat.system);
  if (stored.kind === "none") return null;
  const damaged = deny("FightDamaged", "the stored fight is damaged; the GM can rebuild or restart it") as Refused;
  if (stored.kind === "damaged") return damaged;
  const mode = fight.turns.mode(stored.journal.engine);
  if (!mode) return deny("UnknownMode", `no turn order engine ${stored.journal.engine}`) as Refused;
  const journal = currentJournal(mode, stored.journal);
  if (!journal) return damaged;
  if (mode.engine.view(journal.state).ended) return null;
  const engine = mode.engine as unknown as Engine<unknown, unknown, AttackStep, TurnEvent>;
  const found = judge(engine, journal.state, mode.id, at.combatant);
  if (!found) return null;
  const { step } = found;
  if ("ok" in step) return { ok: false, key: step.key, reason: step.reason, ...(step.data ? { data: step.data } : {}) };
  return {
    spent: { combatId: at.combat.id ?? "", combatant: at.combatant },
    command: step,
    revision: journal.revision,
    attacksBefore: found.attacksBefore,
  };
}

/**
 * Record the attack's step through the one turn request path, as the attacker's owner would click it: their authority,
 * the revision it was judged at (a step recorded in between makes it stale). It names the card, so the GM's undo of
 * the step voids the card.
 */
export function spendAttack(
  fight: CardFight,
  turn: AttackTurn,
  messageId: string,
  senderId: string,
): Promise<RequestAnswer> {
  const command = { ...turn.command, attackCard: messageId };
  return handleTurnRequest(
    fight.turns,
    { combatId: turn.spent.combatId, command, revision: turn.revision },
    senderId,
    "attackCard",
  );
}

/** The card a turn step was spent for, when an attack card recorded it (read from the stored log: untrusted). */
export function attackCardOf(command: unknown): string | null {
  const id =
    typeof command === "object" && command !== null ? (command as Record<string, unknown>).attackCard : undefined;
  return typeof id === "string" && id !== "" ? id : null;
}

/**
 * The fight step a defeat on a card sends, as the GM's (remove when out, else setAble false). With the card's id it
 * names the card and says it is the apply's (`cardApply`), so the card's undo finds it and the tracker's undo of it
 * leaves the card alone. A player's request naming a card is refused (turn-request.ts, `MadeByAttackCard`).
 */
export function defeatStep(combatant: string, how: "unable" | "out", card?: string): TurnCommand {
  const step: TurnCommand = how === "out" ? { type: "remove", combatant } : { type: "setAble", combatant, able: false };
  return card ? { ...step, attackCard: card, cardApply: true } : step;
}

/** Whether a fight step was sent by a card's apply (a defeat), not spent by its attack or a reaction. */
export function isApplyStep(command: unknown): boolean {
  return typeof command === "object" && command !== null && (command as Record<string, unknown>).cardApply === true;
}

/** The refusal when other steps followed a card's in the fight, in its words: an attack card's, a move card's fall. */
type StepsFollowed = "StepsFollowedAttack" | "StepsFollowedFall";

/** Cards whose undo is giving back their own fight steps now: the fight's undo listener leaves them to it. */
export const undoingByCard = new Set<string>();

/**
 * A card's undo of its apply (an attack card's or a move card's): the defeat steps it sent each fight go back, with the
 * card's own steps recorded after them (a reaction's), when nothing else followed them; else refused, naming the
 * tracker's undo (ruling in docs/cards.md). Every fight is checked before any step goes back. A step already undone has
 * nothing to give back. The fight's undo listener leaves the card to it meanwhile.
 */
export async function giveBackApplied(
  turns: TurnRequestContext,
  steps: readonly CardSpent[],
  messageId: string,
  senderId: string,
  followed: StepsFollowed = "StepsFollowedAttack",
): Promise<RequestAnswer> {
  undoingByCard.add(messageId);
  try {
    return await giveBackSteps(turns, steps, messageId, senderId, followed);
  } finally {
    undoingByCard.delete(messageId);
  }
}

async function giveBackSteps(
  turns: TurnRequestContext,
  steps: readonly CardSpent[],
  messageId: string,
  senderId: string,
  followed: StepsFollowed,
): Promise<RequestAnswer> {
  const backs: { combatId: string; count: number }[] = [];
  for (const combatId of new Set(steps.map((s) => s.combatId))) {
    const combat = turns.combat(combatId);
    const stored = combat ? readFight(combat.system) : null;
    if (!combat || stored?.kind !== "sound") continue;
    const log = commandsOf<unknown>(stored.journal);
    const first = log.findIndex((c) => attackCardOf(c) === messageId && isApplyStep(c));
    if (first < 0) continue;
    const others = log.slice(first).filter((c) => attackCardOf(c) !== messageId).length;
    if (others > 0)
      return deny(followed, "steps followed this card's defeat in the fight: undo them in the tracker first", {
        steps: others,
      });
    backs.push({ combatId, count: log.length - first });
  }
  for (const { combatId, count } of backs)
    for (let n = 0; n < count; n++) {
      const stored = readFight(turns.combat(combatId)?.system);
      if (stored.kind !== "sound") break;
      const undo = { combatId, command: { type: "undo" }, revision: stored.journal.revision };
      const back = await handleTurnRequest(turns, undo, senderId);
      if (!back.ok) return back;
    }
  return { ok: true };
}

/**
 * The card's undo of its turn step: the GM's undo of the fight, when that step is still the fight's last. When other
 * steps followed it, the card's undo is refused and names the tracker's undo (ruling in docs/cards.md): undoing them
 * there loses nothing, and a give-back out of order could contradict what followed. A fight gone, or a step already
 * undone, has nothing to give back.
 */
export async function giveBackAttack(
  fight: CardFight,
  spent: CardSpent,
  messageId: string,
  senderId: string,
): Promise<RequestAnswer> {
  const combat = fight.turns.combat(spent.combatId);
  const stored = combat ? readFight(combat.system) : null;
  if (!combat || stored?.kind !== "sound") return { ok: true };
  const log = commandsOf<unknown>(stored.journal);
  const at = log.findLastIndex((c) => attackCardOf(c) === messageId);
  if (at < 0) return { ok: true };
  if (at !== log.length - 1)
    return deny("StepsFollowedAttack", "steps followed this attack in the fight: undo them in the tracker first", {
      steps: log.length - 1 - at,
    });
  const undo = { combatId: spent.combatId, command: { type: "undo" }, revision: stored.journal.revision };
  return handleTurnRequest(fight.turns, undo, senderId);
}

/** The fight step a reaction taken on the card spends, judged now: the reactor named, else the target (a free hit). */
export function cardReaction(
  fight: CardFight,
  data: AttackCardData,
  command: CardCommand,
): AttackTurn | Refused | null {
  if (command.type !== "react") return null;
  const state = data.journal.state as {
    readonly target: string;
    readonly owed?: unknown;
    readonly defence?: { readonly freeReaction?: unknown };
  };
  const by = typeof command.by === "string" ? command.by : state.target;
  const reaction = String(command.reaction);
  // ESC-35: a free critical is owed even with no Free Hit Slot left, and takes none. TEAM-39: after an Intercept the
  // reactor's defence is free (the teams pipeline's own word), the Intercept itself never.
  const free = state.owed === "freeCritical" || (state.defence?.freeReaction === true && reaction !== "intercept");
  return reactionTurn(fight, by, reaction, free);
}

/** The card once a reaction's step is recorded: it keeps where, for its undo. */
export function withTurnStep(next: AttackCardData, reaction: AttackTurn | null): AttackCardData {
  if (!reaction) return next;
  return { ...next, turnSteps: [...(next.turnSteps ?? []), { ...reaction.spent, at: next.journal.length }] };
}

/**
 * The GM's undo of a card step that sent the fight steps gives them back first, when they are still the fight's last
 * (else refused, naming the tracker's undo): an apply's defeat steps, with a reaction's step recorded after them
 * (TEAM-67); else the undone reaction's step. Null when there is nothing to give back, or it was given back.
 */
export async function giveBackForUndo(
  fight: CardFight,
  data: AttackCardData,
  command: CardCommand,
  messageId: string,
  senderId: string,
): Promise<RequestAnswer | null> {
  if (command.type !== "undo") return null;
  const applied = data.applied?.fight ?? [];
  if (applied.length > 0) {
    const back = await giveBackApplied(fight.turns, applied, messageId, senderId);
    return back.ok ? null : back;
  }
  const reaction = turnStepUndone(data, command);
  if (!reaction) return null;
  undoingByCard.add(messageId);
  try {
    const back = await giveBackAttack(fight, reaction, messageId, senderId);
    return back.ok ? null : back;
  } finally {
    undoingByCard.delete(messageId);
  }
}

/** The step the card's undo takes back gave a fight step: that one, to give back first. */
function turnStepUndone(data: AttackCardData, command: CardCommand): CardSpent | null {
  if (command.type !== "undo") return null;
  return data.turnSteps?.find((s) => s.at === data.journal.length) ?? null;
}

/** The card after its undo: the undone reaction's fight step is no longer its own. */
export function withoutTurnStep(next: AttackCardData, data: AttackCardData): AttackCardData {
  const kept = (data.turnSteps ?? []).filter((s) => s.at !== data.journal.length);
  return data.turnSteps ? { ...next, turnSteps: kept } : next;
}
