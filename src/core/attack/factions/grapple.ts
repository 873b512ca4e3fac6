import { applied, refuse, type Outcome } from "../../shared/outcome.js";
import type { AttackEvent } from "../pipeline.js";
import type { FactionsCharacter } from "./character.js";

/** Holder and held after a change, as a pair. */
export interface Hold {
  readonly holder: FactionsCharacter;
  readonly held: FactionsCharacter;
}

function checkHold(h: Hold): ReturnType<typeof refuse> | null {
  if (h.holder.grabbing !== h.held.id || h.held.grabbedBy !== h.holder.id) {
    return refuse("NotGrabbing", `${h.holder.id} is not holding ${h.held.id}`, "FAC-44", {
      name: h.holder.id,
      target: h.held.id,
    });
  }
  return null;
}

/** FAC-44: a grapple that lands: the target is grabbed (entangled while held). */
export function grab(holder: FactionsCharacter, held: FactionsCharacter): Hold {
  return { holder: { ...holder, grabbing: held.id }, held: { ...held, grabbedBy: holder.id } };
}

/** FAC-45: doing anything other than moving with or attacking the held character frees it. */
export function release(h: Hold): Outcome<Hold, AttackEvent> {
  const bad = checkHold(h);
  if (bad) return bad;
  return applied({ holder: { ...h.holder, grabbing: null }, held: { ...h.held, grabbedBy: null } }, [
    { type: "released", holder: h.holder.id, held: h.held.id, clause: "FAC-45" },
  ]);
}

/** FAC-46: shove the held character: it is freed and moved half a zone and/or pushed into a hazard in its zone. */
export function shove(h: Hold, into: "halfZone" | "hazard" | "both"): Outcome<Hold, AttackEvent> {
  const freed = release(h);
  if (!freed.ok) return freed;
  return applied(freed.state, [
    ...freed.events,
    { type: "shoved", holder: h.holder.id, held: h.held.id, into, clause: "FAC-46" },
  ]);
}

/** FAC-57: spend the turn to surrender. */
export function surrender(c: FactionsCharacter): Outcome<FactionsCharacter, AttackEvent> {
  if (c.turnUsed)
    return refuse("AlreadyActed", `${c.id} has already used its turn this round`, "FAC-57", { name: c.id });
  if (c.dead || c.incapacitated)
    return refuse("CannotAct", `${c.id} is down and cannot surrender`, "FAC-57", { name: c.id });
  return applied({ ...c, surrendering: true, turnUsed: true }, [
    { type: "surrendered", combatant: c.id, clause: "FAC-57" },
  ]);
}
