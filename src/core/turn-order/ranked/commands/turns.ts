import { FULL_TURN, minus, NO_ACTIONS } from "../../../economy/escalation.js";
import { applied, refuse, type Outcome } from "../../../shared/outcome.js";
import { findById, replaceById } from "../../shared/by-id.js";
import type { CommandFields } from "../../shared/turn-order-engine.js";
import { placeAfter } from "../../shared/initiative-order.js";
import type { TurnEvent } from "../../types.js";
import { copyOf, make, type Writable } from "../copies.js";
import { nextUp, notYourTurn } from "../next-up.js";
import type { RankedCombatant, RankedState } from "../types.js";
import { closeTurn } from "./round.js";

type Out = Outcome<RankedState, TurnEvent>;

export function act(state: RankedState, c: RankedCombatant): Out {
  if (state.acting === c.id)
    return refuse("AlreadyActing", `${c.name} is already taking a turn`, "ESC-04", { name: c.name });
  if (c.acted)
    return refuse("AlreadyActed", `${c.name} has already taken a turn this round`, "ESC-04", { name: c.name });
  if (!c.able) return refuse("CannotAct", `${c.name} cannot act`, undefined, { name: c.name });
  if (nextUp(state)?.id !== c.id) return notYourTurn(state, c);
  const next = copyOf(c);
  startTurnFor(next);
  return applied(make(state, c.id, replaceById(state.combatants, next)), [
    { type: "turnStarted", round: state.round, combatant: c.id },
  ]);
}

/**
 * ESC-05 with ESC-48: the unit's turn starts with its actions, less any taken by standing up off-turn (edited in
 * place).
 */
export function startTurnFor(n: Writable<RankedCombatant>): void {
  n.left = minus(FULL_TURN, n.owed);
  n.owed = NO_ACTIONS;
}

export function endTurn(state: RankedState, c: RankedCombatant): Out {
  if (state.acting !== c.id) return notYourTurn(state, c);
  return closeTurn(state, c, [], false);
}

export function delay(state: RankedState, c: RankedCombatant, cmd: CommandFields): Out {
  const after = cmd.after;
  if (after !== null && typeof after !== "string")
    return refuse("MalformedCommand", "delay needs after: a combatant id or null");
  if (state.acting === c.id)
    return refuse("TurnAlreadyStarted", `${c.name} has already started the turn and can no longer delay it`, "ESC-03", {
      name: c.name,
    });
  if (c.acted)
    return refuse("AlreadyActed", `${c.name} has already taken a turn this round`, "ESC-04", { name: c.name });
  if (c.delayed)
    return refuse("AlreadyDelayed", `${c.name} has already delayed this round`, "ESC-03", { name: c.name });
  if (nextUp(state)?.id !== c.id) return notYourTurn(state, c);
  const mine = state.order.indexOf(c.id);
  if (after === null) {
    const later = state.order.slice(mine + 1).some((id) => {
      const o = findById(state.combatants, id);
      return o !== undefined && !o.out && !o.acted;
    });
    if (!later)
      return refuse("NothingLater", `${c.name} is already last to act this round`, "ESC-03", { name: c.name });
  } else {
    const t = findById(state.combatants, after);
    if (!t) return refuse("UnknownCombatant", `no combatant ${after} in this battle`, undefined, { id: after });
    if (t.out || t.acted || state.order.indexOf(after) <= mine) {
      return refuse("DelayNotLater", `${c.name} can only delay to a later point in this round's order`, "ESC-03", {
        name: c.name,
        after: t.name,
      });
    }
  }
  const delayed = copyOf(c);
  delayed.delayed = true;
  const s = make(state, state.acting, replaceById(state.combatants, delayed));
  s.order = placeAfter(state.order, c.id, after);
  return applied(s, [{ type: "delayed", round: state.round, combatant: c.id, after }]);
}
