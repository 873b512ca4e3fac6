import { isNonEmptyString, own } from "../../../shared/guards.js";
import { applied, refuse, type Outcome } from "../../../shared/outcome.js";
import { replaceById } from "../../shared/by-id.js";
import type { CommandFields } from "../../shared/turn-order-engine.js";
import type { TurnEvent } from "../../types.js";
import { notYourTurn } from "../places.js";
import { isSquare } from "../squares.js";
import type { RolledCombatant, RolledState } from "../types.js";

type Out = Outcome<RolledState, TurnEvent>;

/** STR-09: on its Round Zero turn a character picks a starting square in its Starting Area and enters a Stance. */
export function position(state: RolledState, c: RolledCombatant, cmd: CommandFields): Out {
  const square = cmd.square;
  const stance = cmd.stance;
  if (!isSquare(square)) return refuse("MalformedCommand", "position needs a square {x, y} of whole numbers");
  if (stance !== undefined && !isNonEmptyString(stance)) return refuse("MalformedCommand", "a Stance needs a name");
  if (state.round !== 0) return refuse("NotRoundZero", "starting squares are picked in Round Zero", "STR-09");
  if (state.acting !== c.id) return notYourTurn(state, c, "STR-09");
  if (!c.able) return refuse("Incapacitated", `${c.name} is incapacitated`, "STR-61", { name: c.name });
  const area = own(state.startingAreas, c.side);
  if (area && !area.some((q) => q.x === square.x && q.y === square.y)) {
    return refuse("OutsideStartingArea", `(${square.x}, ${square.y}) is outside the Starting Area`, "STR-09", {
      x: square.x,
      y: square.y,
    });
  }
  const next = { ...c, square: { x: square.x, y: square.y }, stance: stance ?? c.stance };
  return applied({ ...state, combatants: replaceById(state.combatants, next) }, [
    { type: "positioned", combatant: c.id, square: next.square, stance: next.stance },
  ]);
}
