import { ACTION_SPENDS, STRATEGY_SPENDS, inMoveWindow } from "../../economy/sections.js";
import { mayAct } from "./order.js";
import type { SectionsCommand, SectionsState } from "./types.js";

/**
 * Every command apply accepts now, without the optional fields (a spend's detail and Move grant) and with
 * declareEnd offered as "victory" for each side or a "draw". Written independently of apply so the
 * property tests can hold one against the other. For a sound state (state-schema.ts).
 */
export function legal(s: SectionsState): SectionsCommand[] {
  if (s.result !== null) return [];
  const out: SectionsCommand[] = [];
  const acting = s.acting;
  const t = s.turn;
  if (acting !== null && t !== null) {
    const combatant = acting;
    if (t.step === "draw") out.push({ type: "draw", combatant });
    if (t.step === "strategy")
      for (const action of STRATEGY_SPENDS) out.push({ type: "spend", combatant, phase: "strategy", action });
    if (t.step === "strategy" || t.step === "action")
      for (const action of ACTION_SPENDS) out.push({ type: "spend", combatant, phase: "action", action });
    if (inMoveWindow(t) && !t.innateMoveUsed) out.push({ type: "move", combatant, kind: "innate" });
    if (inMoveWindow(t)) out.push({ type: "discard", combatant });
    if (t.step !== "draw") out.push({ type: "endTurn", combatant });
  }
  for (const c of s.combatants) if (mayAct(s, c)) out.push({ type: "act", combatant: c.id });
  // SEC-06: each Move a card played this turn grants, still pending, as the kind it grants: its player's, or the
  // entity's the card grants it to.
  if (t !== null && acting !== null && (s.options.grantedMoveWindow === "anytime" || inMoveWindow(t)))
    for (const g of t.grants ?? []) {
      const mover = s.combatants.find((c) => c.id === (g.to ?? acting));
      if (mover && !mover.out && mover.able)
        out.push({ type: "move", combatant: mover.id, kind: "granted", source: g.source, movement: g.kind });
    }
  // SEC-43: a blocker lowers its Block whenever it likes. The Block itself goes up with the Strategy Phase's "block"
  // spend naming a border, which the map knows and this list does not.
  for (const b of s.blocks) out.push({ type: "lowerBlock", combatant: b.blocker });
  // SEC-46: a Block at a distance ends when its blocker (or the GM) says so. It goes up from an ability the
  // combatant's sheet holds, which this list does not know (the tracker offers it: canvas/tracker-blocks.ts).
  for (const b of s.distanceBlocks ?? [])
    out.push({ type: "endDistanceBlock", combatant: b.blocker, border: b.border });
  // SEC-20/SEC-24: the GM takes a climber off its climb (a fall the card rolled, or the DM's exception).
  for (const c of s.climbs ?? []) out.push({ type: "endClimb", combatant: c.climber });
  // SEC-47: an Interrupt is spent by an Intercept taken on an attack card, which knows the Blocked border; this list
  // does not offer one on its own.
  for (const c of s.combatants) if (!c.out) out.push({ type: "setAble", combatant: c.id, able: !c.able });
  for (const c of s.combatants) if (!c.out) out.push({ type: "remove", combatant: c.id });
  for (const side of s.sides) out.push({ type: "declareEnd", outcome: "victory", victors: [side] });
  out.push({ type: "declareEnd", outcome: "draw", victors: [] });
  out.push({ type: "endCombat" });
  return out;
}
