import { isNonEmptyString, isWholeNumber } from "../../../shared/guards.js";
import { spendAction, spendMove, spendStance, type StrainTurn } from "../../../economy/strain.js";
import { applied, refuse, type Outcome, type Refusal } from "../../../shared/outcome.js";
import { replaceById } from "../../shared/by-id.js";
import type { CommandFields } from "../../shared/turn-order-engine.js";
import { shown } from "../../../shared/shown.js";
import type { TurnEvent } from "../../types.js";
import { make } from "../copies.js";
import { notYourTurn } from "../places.js";
import type { RolledCombatant, RolledState } from "../types.js";

type Out = Outcome<RolledState, TurnEvent>;

/** STR-10: a turn's steps, Move, then Action, then Stance, each spent on the character's own turn. */
export function spend(state: RolledState, c: RolledCombatant, cmd: CommandFields): Out {
  const action = cmd.action;
  if (action !== "move" && action !== "action" && action !== "stance")
    return refuse("UnknownAction", `no such step: ${shown(action)}`, "STR-10");
  if (state.round === 0) return refuse("RoundZeroNoActions", "in Round Zero characters take no actions", "STR-09");
  // STR-39: outside its own turn a character only defends, which is not a spend.
  if (state.acting !== c.id || state.turn === null) return notYourTurn(state, c, "STR-39");
  if (!c.able)
    return refuse("Incapacitated", `${c.name} is incapacitated and cannot move, act or take Stances`, "STR-61", {
      name: c.name,
    });
  let turn: StrainTurn | Refusal;
  let next = c;
  let detail: string;
  if (action === "move") {
    if (!isWholeNumber(cmd.squares)) return refuse("MalformedCommand", "a move needs a whole number of squares");
    turn = spendMove(state.turn, cmd.squares, c.speed);
    detail = String(cmd.squares);
  } else if (action === "action") {
    // STR-57 ruling: a Stunned character takes no Action this turn.
    if (c.stunned > 0)
      return refuse("Stunned", `${c.name} is Stunned and loses the Action`, "STR-57", { name: c.name });
    if (cmd.name !== undefined && typeof cmd.name !== "string")
      return refuse("MalformedCommand", "an Action's name is text");
    if (cmd.moveAfter !== undefined && typeof cmd.moveAfter !== "boolean")
      return refuse("MalformedCommand", "moveAfter is true or false");
    turn = spendAction(state.turn, cmd.moveAfter === true);
    detail = typeof cmd.name === "string" ? cmd.name : "Action";
  } else {
    if (!isNonEmptyString(cmd.stance)) return refuse("MalformedCommand", "a Stance needs a name");
    turn = spendStance(state.turn);
    next = { ...c, stance: cmd.stance };
    detail = cmd.stance;
  }
  if ("ok" in turn) return turn;
  // Only a Stance changes the combatant; a move or an Action leaves the record as it is (shared, not copied).
  const combatants = next === c ? state.combatants : replaceById(state.combatants, next);
  return applied(make(state, state.acting, turn, combatants), [
    { type: "actionSpent", combatant: c.id, action, detail },
  ]);
}
