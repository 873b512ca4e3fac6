import { isNonEmptyString } from "../../../shared/guards.js";
import { applied, refuse, type Outcome } from "../../../shared/outcome.js";
import type { CombatantId, TurnEvent } from "../../types.js";
import { named, unknownCombatant } from "../combatant.js";
import { combatantWith, copyState, markedAmong, withCombatants } from "../copies.js";
import { endFight, settle } from "../order.js";
import { lowered } from "./blocks.js";
import { climbDropped } from "./climbs.js";
import type { SectionsCommand, SectionsState } from "../types.js";

// What the GM (or the Foundry layer for the GM) changes in a fight: who can act, who is in it, and its end.

type Result = Outcome<SectionsState, TurnEvent>;

/** The acting combatant's turn stops at once when it is taken out of play or made unable. */
function cutTurn(s: SectionsState, id: CombatantId, ev: TurnEvent[]): SectionsState {
  if (s.acting !== id) return s;
  ev.push({ type: "turnEnded", round: s.round, combatant: id });
  const n = copyState(s);
  n.acting = null;
  n.turn = null;
  n.combatants = markedAmong(s.combatants, id, "acted");
  return n;
}

export function setAble(s: SectionsState, cmd: Extract<SectionsCommand, { type: "setAble" }>): Result {
  const who = named(s, cmd.combatant);
  if (who === undefined) return unknownCombatant(cmd.combatant);
  const able: unknown = cmd.able;
  const name = who.name;
  if (typeof able !== "boolean") return refuse("MalformedCommand", "setAble needs able: true or false");
  if (who.out) return refuse("CombatantOut", `${name} is out of the fight`, undefined, { name });
  if (who.able === able)
    return refuse(
      able ? "AlreadyAble" : "AlreadyUnable",
      `${name} is already ${able ? "able" : "unable"} to act`,
      undefined,
      { name },
    );
  const ev: TurnEvent[] = [{ type: "ableChanged", round: s.round, combatant: who.id, able }];
  let next = withCombatants(
    s,
    s.combatants.map((c) => (c.id === who.id ? combatantWith(c, "able", able) : c)),
  );
  if (!able) next = cutTurn(next, who.id, ev);
  return applied(settle(next, ev), ev);
}

export function remove(s: SectionsState, cmd: Extract<SectionsCommand, { type: "remove" }>): Result {
  const who = named(s, cmd.combatant);
  if (who === undefined) return unknownCombatant(cmd.combatant);
  if (who.out) return refuse("AlreadyOut", `${who.name} is already out of the fight`, undefined, { name: who.name });
  const ev: TurnEvent[] = [];
  let next = cutTurn(s, who.id, ev);
  ev.push({ type: "combatantRemoved", round: s.round, combatant: who.id });
  // One out of the fight holds no Block.
  next = lowered(next, who.id, "removed", ev);
  next = climbDropped(next, who.id, ev);
  next = withCombatants(
    next,
    next.combatants.map((c) => (c.id === who.id ? combatantWith(c, "out", true) : c)),
  );
  return applied(settle(next, ev), ev);
}

function endNow(s: SectionsState, result: NonNullable<SectionsState["result"]>): Result {
  const ev: TurnEvent[] = [];
  return applied(endFight(s, ev, result), ev);
}

/** The GM declares the fight over: a short outcome and the sides that won it. */
export function declareEnd(s: SectionsState, cmd: Extract<SectionsCommand, { type: "declareEnd" }>): Result {
  if (!isNonEmptyString(cmd.outcome) || cmd.outcome.length > 100)
    return refuse("BadOutcome", "the declared outcome must be a short text");
  const victors = cmd.victors as unknown;
  if (
    !Array.isArray(victors) ||
    !victors.every((v) => typeof v === "string" && s.sides.includes(v)) ||
    new Set(victors).size !== victors.length
  ) {
    return refuse("UnknownSide", "the victors must be distinct sides of this fight");
  }
  return endNow(s, { reason: "declared", outcome: cmd.outcome, victors: [...(victors as string[])] });
}

/** The GM ends the fight with no victors. */
export function endCombat(s: SectionsState): Result {
  return endNow(s, { reason: "gm", outcome: "ended", victors: [] });
}
