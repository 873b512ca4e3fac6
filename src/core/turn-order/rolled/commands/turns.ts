import { FRESH_TURN, panicRollDue } from "../../../economy/strain.js";
import { applied, refuse, type Outcome } from "../../../shared/outcome.js";
import { findById } from "../../shared/by-id.js";
import type { CommandFields } from "../../shared/turn-order-engine.js";
import type { TurnEvent } from "../../types.js";
import { make, marked } from "../copies.js";
import { hasActed, laterThan, nextUp, notYourTurn } from "../places.js";
import type { RolledCombatant, RolledState } from "../types.js";
import { closeTurn } from "./round.js";

type Out = Outcome<RolledState, TurnEvent>;

export function act(state: RolledState, c: RolledCombatant): Out {
  // The next one up has not acted and nobody is acting: the refusals are only worked out for anyone else.
  if (nextUp(state) !== c) return notActing(state, c);
  const events: TurnEvent[] = [{ type: "turnStarted", round: state.round, combatant: c.id }];
  // STR-10a: flag the Panic Roll; the roll itself belongs to the attack module.
  if (state.round > 0 && panicRollDue(c.stressLoad, c.stressTolerance)) {
    events.push({
      type: "panicRollDue",
      round: state.round,
      combatant: c.id,
      stressLoad: c.stressLoad,
      stressTolerance: c.stressTolerance,
    });
  }
  return applied(make(state, c.id, FRESH_TURN, state.combatants), events);
}

/** Why `c`, not the next one up, cannot start a turn (in the order the refusals are checked). */
function notActing(state: RolledState, c: RolledCombatant): Out {
  if (state.acting === c.id)
    return refuse("AlreadyActing", `${c.name} is already taking a turn`, "STR-03", { name: c.name });
  if (hasActed(state, state.combatants.indexOf(c)))
    return refuse("AlreadyActed", `${c.name} has already taken a turn this round`, "STR-03", { name: c.name });
  return notYourTurn(state, c);
}

export function endTurn(state: RolledState, c: RolledCombatant): Out {
  if (state.acting !== c.id) return notYourTurn(state, c);
  // Ending a turn changes nobody's standing, so STR-04 cannot newly hold: every command that does change it checked.
  return closeTurn(state, c, null, false);
}

export function delay(state: RolledState, c: RolledCombatant, cmd: CommandFields): Out {
  const after = cmd.after;
  if (after !== null && typeof after !== "string")
    return refuse("MalformedCommand", "delay needs after: a combatant id or null");
  if (state.acting === c.id)
    return refuse("TurnAlreadyStarted", `${c.name} has already started the turn and can no longer delay it`, "STR-06", {
      name: c.name,
    });
  if (hasActed(state, state.combatants.indexOf(c)))
    return refuse("AlreadyActed", `${c.name} has already taken a turn this round`, "STR-03", { name: c.name });
  if (c.delayed)
    return refuse("AlreadyDelayed", `${c.name} has already delayed this round`, "STR-07", { name: c.name });
  if (state.options.delayLimit === "perRound" && state.delaysThisRound > 0) {
    return refuse("RoundDelayUsed", "someone has already delayed this round", "STR-07");
  }
  if (nextUp(state) !== c) return notYourTurn(state, c);
  const cs = state.combatants;
  const mine = cs.indexOf(c);
  let to = cs.length - 1;
  if (after === null) {
    if (!laterThan(state, mine).length)
      return refuse("NothingLater", `${c.name} is already last to act this round`, "STR-06", { name: c.name });
  } else {
    const t = findById(cs, after);
    if (!t) return refuse("UnknownCombatant", `no combatant ${after} in this combat`, undefined, { id: after });
    to = cs.indexOf(t);
    if (t.out || hasActed(state, to) || to <= mine) {
      return refuse("DelayNotLater", `${c.name} can only delay to a later point in the initiative order`, "STR-06", {
        name: c.name,
        after: t.name,
      });
    }
  }
  // STR-06: the new place, just after `after` (or last), holds for the rest of the combat.
  // Everyone between moves up one place, so the round's place (turnAt, at or before c's) still marks who has acted.
  const combatants = [
    ...cs.slice(0, mine),
    ...cs.slice(mine + 1, to + 1),
    marked(c, true, c.able, c.out),
    ...cs.slice(to + 1),
  ];
  return applied({ ...state, delaysThisRound: state.delaysThisRound + 1, combatants }, [
    { type: "delayed", round: state.round, combatant: c.id, after },
  ]);
}
