import type { SideId, TurnEvent } from "../types.js";
import type { FactionsDraft as S } from "./copies.js";
import { countInPlay, factionsInPlay } from "./in-play.js";

/** The fight is over: its result, and FAC-61's durability rolls for the gear of everyone who used it. */
export function finish(s: S, reason: string, victors: readonly SideId[], events: TurnEvent[]): void {
  s.phase = "ended";
  s.up = null;
  s.acting = null;
  s.choosingFirst = false;
  s.declaration = null;
  s.moraleDue = [];
  s.moraleFailed = [];
  s.result = { reason, victors: [...victors] };
  const used = s.roster.filter((id) => s.members[id]?.gearUsed);
  const steps = used.length > 0 ? [{ type: "durabilityRolls", combatants: used }] : [];
  events.push({ type: "combatEnded", reason, victors: [...victors], steps });
}

/** The fight ends when one faction or none is left in it; true when it did. */
export function checkLastFaction(s: S, events: TurnEvent[]): boolean {
  if (countInPlay(s) > 1) return false;
  finish(s, "lastFaction", factionsInPlay(s), events);
  return true;
}
