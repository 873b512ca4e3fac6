import { boostOf, FULL_TURN, isPayment, isUse, minus, pay, PAYMENTS, plus } from "../../../economy/escalation.js";
import { applied, refuse, type Outcome, type Refusal } from "../../../shared/outcome.js";
import { replaceById } from "../../shared/by-id.js";
import type { CommandFields } from "../../shared/turn-order-engine.js";
import { shown } from "../../../shared/shown.js";
import type { TurnEvent } from "../../types.js";
import { copyOf, make, type Writable } from "../copies.js";
import { notYourTurn } from "../next-up.js";
import type { RankedCombatant, RankedState } from "../types.js";

type Out = Outcome<RankedState, TurnEvent>;

/** The spend command: legal() also asks spend() directly whether an action and a payment would be accepted. */
export function spendCommand(state: RankedState, c: RankedCombatant, cmd: CommandFields): Out {
  return spend(state, c, cmd.action, cmd.pay);
}

/** ESC-05: pay for an action on the unit's turn; off-turn only standing up, from the next turn (ESC-48). */
export function spend(state: RankedState, c: RankedCombatant, action: unknown, payment: unknown): Out {
  // One copy, edited field by field: named stores stay fast where a copy per field, by a variable key, did not.
  const next = copyOf(c);
  const no = spendOn(state, c, action, payment, next);
  if (no) return no;
  return applied(make(state, state.acting, replaceById(state.combatants, next)), [
    { type: "actionSpent", combatant: c.id, action: action as string, detail: payment as string },
  ]);
}

/**
 * The spend's refusal, or null with `next` (c's copy, or c itself where the caller owns it) edited as the
 * spend leaves the unit. Every field of `c` it reads is read before `next` is written.
 */
export function spendOn(
  state: RankedState,
  c: RankedCombatant,
  action: unknown,
  payment: unknown,
  next: Writable<RankedCombatant>,
): Refusal | null {
  if (!isUse(action)) return refuse("UnknownAction", `no such action: ${shown(action)}`, "ESC-05");
  if (!isPayment(payment)) return refuse("UnknownPayment", `no such way to pay: ${shown(payment)}`, "ESC-05");
  if (!c.able) return refuse("CannotAct", `${c.name} cannot act`, undefined, { name: c.name });
  if (action === "standUp" && !c.prone) return refuse("NotProne", `${c.name} is not prone`, "ESC-47", { name: c.name });
  if (action === "disengage" && c.disengaged)
    return refuse("AlreadyDisengaged", `${c.name} is already disengaged this round`, "ESC-43", { name: c.name });
  let left = c.left;
  let owed = c.owed;
  if (state.acting === c.id) {
    const paid = pay(c.left, action, payment);
    if ("ok" in paid) return paid;
    left = paid;
  } else if (action === "standUp" && payment !== "granted") {
    // ESC-48: off-turn, the chosen action comes from the next turn, which must still have it.
    const left = pay(minus(FULL_TURN, c.owed), action, payment);
    if ("ok" in left && left.key !== "FRAY.Refusal.NoActionsLeft") return left;
    if ("ok" in left)
      return refuse("NextTurnHasNoAction", `${c.name}'s next turn has no ${payment} left to stand up with`, "ESC-48", {
        name: c.name,
        payment,
      });
    owed = plus(c.owed, PAYMENTS[payment].cost);
  } else {
    return notYourTurn(state, c);
  }
  const boost = boostOf(action);
  const boosts = boost ? { ...c.boosts, [boost]: c.boosts[boost] + 1 } : c.boosts;
  next.left = left;
  next.owed = owed;
  if (action === "standUp") next.prone = false;
  if (action === "disengage") next.disengaged = true;
  next.boosts = boosts;
  return null;
}

/** ESC-42: a Free Hit takes one of the round's slots, on or off the unit's turn. */
export function freeHit(state: RankedState, c: RankedCombatant): Out {
  if (!c.able) return refuse("CannotAct", `${c.name} cannot act`, undefined, { name: c.name });
  if (c.freeHitsLeft <= 0)
    return refuse("NoFreeHitSlots", `${c.name} has no Free Hit Slots left this round`, "ESC-42", { name: c.name });
  const next = copyOf(c);
  spendFreeHitSlot(next);
  return applied(make(state, state.acting, replaceById(state.combatants, next)), [
    { type: "freeHit", round: state.round, combatant: c.id, slotsLeft: next.freeHitsLeft },
  ]);
}

/** ESC-42: one of the round's Free Hit Slots taken (edited in place). */
export function spendFreeHitSlot(n: Writable<RankedCombatant>): void {
  n.freeHitsLeft = n.freeHitsLeft - 1;
}
