import { shown } from "../../shared/shown.js";
import { applied, refuse, type Outcome } from "../../shared/outcome.js";

/**
 * An entity's incantation as plain data (SEC-60..SEC-67).
 * `startWindow` is open from the start-of-turn charge (SEC-62) until the entity declines or plays;
 * beginning to incant again before the turn ends keeps the charges (SEC-65).
 */
export interface IncantationState {
  readonly incanting: boolean;
  readonly charges: number;
  readonly startWindow: boolean;
}

export type IncantationEvent =
  | { readonly type: "actionSpent"; readonly action: string; readonly detail: string }
  | { readonly type: "incantingBegun"; readonly charges: number }
  | { readonly type: "chargeGained"; readonly charges: number; readonly source: string }
  | {
      readonly type: "incantationPlayed";
      readonly cost: number;
      readonly spent: number;
      readonly actionPhaseSpent: boolean;
    }
  | { readonly type: "chargesLost"; readonly lost: number; readonly reason: string }
  | { readonly type: "incantingBroken"; readonly lost: number };

export const NOT_INCANTING: IncantationState = { incanting: false, charges: 0, startWindow: false };

/** What the turn allows right now, sent by the turn-order layer. */
export interface IncantationTurn {
  readonly actionPhaseAvailable: boolean;
  readonly climbing: boolean;
}

/**
 * SEC-61: spend the Action Phase to begin incanting. SEC-65 ruling: beginning again to keep
 * charges is the same act and costs the Action Phase again. SEC-19: not while climbing.
 */
export function beginIncanting(
  s: IncantationState,
  turn: IncantationTurn,
): Outcome<IncantationState, IncantationEvent> {
  if (turn.climbing) return refuse("ClimbingCannotIncant", "a climbing entity cannot perform Incantations", "SEC-19");
  if (s.incanting) return refuse("AlreadyIncanting", "the entity is already incanting", "SEC-61");
  if (!turn.actionPhaseAvailable)
    return refuse("NoActionPhase", "beginning to incant spends the Action Phase, already spent", "SEC-61");
  return applied({ incanting: true, charges: s.charges, startWindow: false }, [
    { type: "actionSpent", action: "actionPhase", detail: "incant" },
    { type: "incantingBegun", charges: s.charges },
  ]);
}

/**
 * SEC-62: at the start of its turn an entity still incanting gains 1 charge and stops incanting until it begins again.
 */
export function startTurn(s: IncantationState): Outcome<IncantationState, IncantationEvent> {
  if (!s.incanting) return applied({ ...s, startWindow: false });
  const charges = s.charges + 1;
  return applied({ incanting: false, charges, startWindow: true }, [
    { type: "chargeGained", charges, source: "startOfTurn" },
  ]);
}

/** SEC-66: charges from other effects during the turn; they can be played only by spending the Action Phase. */
export function gainCharges(
  s: IncantationState,
  amount: number,
  source: string,
): Outcome<IncantationState, IncantationEvent> {
  if (!Number.isInteger(amount) || amount < 0) {
    return refuse("NegativeValue", `charges gained must be a whole number of zero or more, got ${amount}`, "SEC-66", {
      name: "charges",
      value: shown(amount),
    });
  }
  const charges = s.charges + amount;
  return applied({ ...s, charges, startWindow: false }, [{ type: "chargeGained", charges, source }]);
}

/** SEC-65: the entity declines to play at the start of its turn; the window closes, charges stay for now. */
export function declineCharges(s: IncantationState): IncantationState {
  return { ...s, startWindow: false };
}

/**
 * Play an Action with Incantation `cost` (SEC-60). In the start-of-turn window it is free (SEC-62);
 * otherwise it costs the Action Phase (SEC-66). Either way every charge is spent (SEC-63).
 */
export function playIncantation(
  s: IncantationState,
  cost: number,
  turn: IncantationTurn,
): Outcome<IncantationState, IncantationEvent> {
  if (!Number.isInteger(cost) || cost < 0) {
    return refuse(
      "NegativeValue",
      `an Incantation value must be a whole number of zero or more, got ${cost}`,
      "SEC-60",
      {
        name: "Incantation",
        value: shown(cost),
      },
    );
  }
  if (turn.climbing) return refuse("ClimbingCannotIncant", "a climbing entity cannot perform Incantations", "SEC-19");
  if (s.charges < cost) {
    return refuse("NotEnoughCharges", `the Action needs ${cost} charges and the entity has ${s.charges}`, "SEC-60", {
      cost,
      charges: s.charges,
    });
  }
  const free = s.startWindow;
  if (!free && !turn.actionPhaseAvailable) {
    return refuse(
      "NoActionPhase",
      "playing an Incantation outside the start of the turn spends the Action Phase, already spent",
      "SEC-66",
    );
  }
  const events: IncantationEvent[] = [];
  if (!free) events.push({ type: "actionSpent", action: "actionPhase", detail: "incantation" });
  events.push({ type: "incantationPlayed", cost, spent: s.charges, actionPhaseSpent: !free });
  return applied({ incanting: false, charges: 0, startWindow: false }, events);
}

/** SEC-65: at the end of its turn an entity that has not begun incanting again loses its charges. */
export function endTurn(s: IncantationState): Outcome<IncantationState, IncantationEvent> {
  if (s.incanting || s.charges === 0) return applied({ ...s, startWindow: false });
  return applied({ incanting: false, charges: 0, startWindow: false }, [
    { type: "chargesLost", lost: s.charges, reason: "notRenewed" },
  ]);
}

/** SEC-67: damage while incanting or holding charges ends the incanting and loses every charge. */
export function breakIncanting(s: IncantationState): Outcome<IncantationState, IncantationEvent> {
  if (!s.incanting && s.charges === 0) return applied(s);
  return applied(NOT_INCANTING, [{ type: "incantingBroken", lost: s.charges }]);
}
