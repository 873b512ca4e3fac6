import { applied, refuse, type Outcome } from "../../../shared/outcome.js";
import { replaceById } from "../../shared/by-id.js";
import type { CommandFields } from "../../shared/turn-order-engine.js";
import type { TurnEvent } from "../../types.js";
import { copyOf, make } from "../copies.js";
import type { RankedState, RankedCombatant } from "../types.js";
import { afterChange, closeTurn } from "./round.js";

type Out = Outcome<RankedState, TurnEvent>;

/** ESC-46: a unit knocked down or back on its feet. */
export function setProne(state: RankedState, c: RankedCombatant, cmd: CommandFields): Out {
  const prone = cmd.prone;
  if (typeof prone !== "boolean") return refuse("MalformedCommand", "setProne needs prone: true or false");
  if (c.prone === prone)
    return refuse(prone ? "AlreadyProne" : "NotProne", `${c.name} is ${prone ? "already" : "not"} prone`, "ESC-46", {
      name: c.name,
    });
  const next = copyOf(c);
  next.prone = prone;
  return applied(make(state, state.acting, replaceById(state.combatants, next)), [
    { type: "proneChanged", combatant: c.id, prone },
  ]);
}

export function setAble(state: RankedState, c: RankedCombatant, cmd: CommandFields): Out {
  const able = cmd.able;
  if (typeof able !== "boolean") return refuse("MalformedCommand", "setAble needs able: true or false");
  if (c.able === able)
    return refuse(
      able ? "AlreadyAble" : "AlreadyUnable",
      `${c.name} ${able ? "can already" : "already cannot"} act`,
      undefined,
      {
        name: c.name,
      },
    );
  const next = copyOf(c);
  next.able = able;
  const s = make(state, state.acting, replaceById(state.combatants, next));
  const events: TurnEvent[] = [{ type: "ableChanged", combatant: c.id, able }];
  if (!able && state.acting === c.id) return closeTurn(s, next, events);
  return able ? applied(s, events) : afterChange(s, events);
}

/** ESC-63: a unit leaves the battle (defeated unless the GM says it fled or was unwilling). */
export function remove(state: RankedState, c: RankedCombatant, cmd: CommandFields): Out {
  const reason = cmd.reason;
  if (reason !== undefined && reason !== "defeated" && reason !== "fled" && reason !== "unwilling") {
    return refuse("MalformedCommand", "remove reason is defeated, fled or unwilling", "ESC-63");
  }
  const next = copyOf(c);
  next.out = true;
  const s = make(state, state.acting, replaceById(state.combatants, next));
  const events: TurnEvent[] = [{ type: "removed", combatant: c.id, reason: reason ?? "defeated" }];
  if (state.acting === c.id) return closeTurn(s, next, events);
  return afterChange(s, events);
}
