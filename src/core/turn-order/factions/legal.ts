import type { Outcome } from "../../shared/outcome.js";
import type { Roller } from "../../shared/roller.js";
import type { TurnEvent } from "../types.js";
import { FACTIONS_BONUS_ACTIONS, FACTIONS_MAIN_ACTIONS, FACTIONS_SWAP, zonesLeft } from "../../economy/factions.js";
import type { FactionsCommand, FactionsState } from "./types.js";

/** legal() only tries candidates; a round it would open rolls on this throwaway roller. */
const probe: Roller = {
  die: () => 1,
  state: () => ({ kind: "scripted", values: [], next: 0 }),
};

/**
 * Every command the engine would accept now, found by trying each candidate so the list cannot
 * disagree with apply(). Parametric commands are listed once: Move for the rest of the zone,
 * setHealth one lower, and main actions by their listed names (any other name is a main action too).
 */
export function legal(
  state: FactionsState,
  apply: (s: FactionsState, c: FactionsCommand, r: Roller) => Outcome<FactionsState, TurnEvent>,
): FactionsCommand[] {
  if (state.phase === "ended") return [];
  const c: FactionsCommand[] = [];
  for (const side of state.factions) c.push({ type: "chooseFirst", side }, { type: "pass", side });
  for (const id of state.roster) c.push({ type: "act", combatant: id }, { type: "surrender", combatant: id });
  const acting = state.acting;
  if (acting !== null) {
    const turn = state.members[acting]?.turn;
    c.push({ type: "endTurn", combatant: acting }, { type: "declarationLapsed", combatant: acting });
    for (const action of [...Object.keys(FACTIONS_BONUS_ACTIONS), ...FACTIONS_MAIN_ACTIONS, FACTIONS_SWAP])
      c.push({ type: "spend", combatant: acting, action });
    c.push({ type: "spend", combatant: acting, action: "Interact", complex: true });
    if (turn && zonesLeft(turn) > 0)
      c.push({ type: "spend", combatant: acting, action: "Move", zones: zonesLeft(turn) });
  }
  for (const id of state.roster) {
    const m = state.members[id];
    if (!m) continue;
    c.push({ type: "react", combatant: id, trigger: "attacked" });
    c.push({ type: "rollMorale", combatant: id });
    for (const result of ["pass", "surrender", "retreat"] as const) c.push({ type: "morale", combatant: id, result });
    if (m.health > 0) c.push({ type: "setHealth", combatant: id, health: m.health - 1 });
    c.push(
      { type: "useGear", combatant: id },
      { type: "setAble", combatant: id, able: !m.able },
      { type: "resume", combatant: id },
      { type: "remove", combatant: id },
    );
  }
  for (const side of state.factions) c.push({ type: "declareEnd", outcome: "victory", victors: [side] });
  c.push({ type: "endCombat" });
  return c.filter((cmd) => apply(state, cmd, probe).ok);
}
