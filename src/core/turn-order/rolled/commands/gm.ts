import { isWholeNumber } from "../../../shared/guards.js";
import { applied, refuse, type Outcome } from "../../../shared/outcome.js";
import { replaceById } from "../../shared/by-id.js";
import type { CommandFields } from "../../shared/turn-order-engine.js";
import type { TurnEvent } from "../../types.js";
import { marked } from "../copies.js";
import { LOAD_KEYS, type RolledCombatant, type RolledState } from "../types.js";
import { afterChange, closeTurn } from "./round.js";

type Out = Outcome<RolledState, TurnEvent>;

/** STR-55: the GM sets a character's Stress and Fatigue Loads and Tolerances. */
export function setLoads(state: RolledState, c: RolledCombatant, cmd: CommandFields): Out {
  let next = c;
  let any = false;
  for (const k of LOAD_KEYS) {
    const v = cmd[k];
    if (v === undefined) continue;
    if (!isWholeNumber(v) || v < 0) return refuse("BadLoad", `${k} must be a whole number >= 0`, "STR-55", { key: k });
    next = { ...next, [k]: v };
    any = true;
  }
  if (!any)
    return refuse(
      "MalformedCommand",
      "setLoads needs at least one of stressLoad, stressTolerance, fatigueLoad, fatigueTolerance",
    );
  return applied({ ...state, combatants: replaceById(state.combatants, next) }, [
    {
      type: "loadsChanged",
      combatant: c.id,
      stressLoad: next.stressLoad,
      stressTolerance: next.stressTolerance,
      fatigueLoad: next.fatigueLoad,
      fatigueTolerance: next.fatigueTolerance,
    },
  ]);
}

export function setAble(state: RolledState, c: RolledCombatant, cmd: CommandFields): Out {
  const able = cmd.able;
  if (typeof able !== "boolean") return refuse("MalformedCommand", "setAble needs able: true or false");
  if (c.able === able)
    return refuse(
      able ? "AlreadyAble" : "AlreadyUnable",
      `${c.name} is ${able ? "not" : "already"} incapacitated`,
      "STR-61",
      {
        name: c.name,
      },
    );
  const s = { ...state, combatants: replaceById(state.combatants, marked(c, c.delayed, able, c.out)) };
  // STR-61/62: an incapacitated character keeps its turns (they only tick down); STR-04 may end the combat.
  return afterChange(s, [{ type: "ableChanged", combatant: c.id, able }]);
}

/**
 * STR-57: the Stunned stacks a failed Panic Roll gives, set by the GM or the character's sheet. They change nobody's
 * standing (STR-04): a Stunned character still stands, only its Action is lost (docs/rulings.md).
 */
export function setStunned(state: RolledState, c: RolledCombatant, cmd: CommandFields): Out {
  const stunned = cmd.stunned;
  if (!isWholeNumber(stunned) || stunned < 0)
    return refuse("BadStunned", "stunned must be a whole number >= 0", "STR-57", { name: c.name });
  if (stunned === c.stunned)
    return refuse("NoChange", `${c.name} already has ${stunned} Stunned`, undefined, { name: c.name });
  const next = marked(c, c.delayed, c.able, c.out, stunned);
  return applied({ ...state, combatants: replaceById(state.combatants, next) }, [
    { type: "stunnedChanged", combatant: c.id, stunned },
  ]);
}

/** STR-04: a character leaves the combat. */
export function remove(state: RolledState, c: RolledCombatant): Out {
  const next = marked(c, c.delayed, c.able, true);
  const s = { ...state, combatants: replaceById(state.combatants, next) };
  const events: TurnEvent[] = [{ type: "removed", combatant: c.id }];
  if (state.acting === c.id) return closeTurn(s, next, events, true);
  return afterChange(s, events);
}
