import { canPay, zonesLeft } from "../../economy/factions.js";
import type { BudgetItem, CombatantId, CombatantStatus, SideId, TurnOrderView } from "../types.js";
import type { FactionsState, FactionsView } from "./types.js";
import { canTakeTurn, inFight } from "./in-play.js";

/** `rec[key] = value` as an own entry, even for the key "__proto__" (an assignment would set the prototype). */
function ownEntry<T>(rec: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(rec, key, { value, writable: true, enumerable: true, configurable: true });
}

/** What the tracker shows for a factions fight: the phase, who is up, the FAT and the declaration timer. */
export function view(state: FactionsState): FactionsView {
  const status: Record<CombatantId, CombatantStatus> = {};
  const wit: Record<CombatantId, number> = {};
  const sides: Record<SideId, { remaining: number; passed: boolean }> = {};
  // Who is ready, by the faction's place in the list: a faction may be named "__proto__" or "constructor".
  const ready: CombatantId[][] = [];
  for (const f of state.factions) {
    ownEntry(sides, f, { remaining: 0, passed: state.passed.includes(f) });
    ready.push([]);
  }
  for (const id of state.roster) {
    const m = state.members[id];
    if (!m) continue;
    let st: CombatantStatus;
    if (!inFight(m)) st = "out";
    else if (state.acting === id) st = "acting";
    else if (m.acted) st = "acted";
    else if (!m.able || m.surrendered) st = "unable";
    else if (canTakeTurn(state, m)) st = "ready";
    else st = "delayed"; // waits for a later phase (slow phase, or after the ambush)
    ownEntry(status, id, st);
    ownEntry(wit, id, m.wit);
    if (st === "ready") {
      ready[state.factions.indexOf(m.faction)]?.push(id);
      const side = Object.hasOwn(sides, m.faction) ? sides[m.faction] : undefined;
      if (side) side.remaining += 1;
    }
  }
  const order: CombatantId[] = state.acting !== null ? [state.acting] : [];
  const from = state.up ?? state.holder;
  const i = Math.max(0, state.factions.indexOf(from));
  const queues = state.factions.map((_, k) => [...(ready[(i + k) % state.factions.length] ?? [])]);
  while (queues.some((q) => q.length > 0))
    for (const q of queues) {
      const next = q.shift();
      if (next !== undefined) order.push(next);
    }
  for (const id of state.roster) if (!order.includes(id)) order.push(id);
  let banner: FactionsView["banner"];
  if (state.phase === "ended")
    banner = { key: "FRAY.Banner.CombatOver", data: { victors: (state.result?.victors ?? []).join(", ") } };
  else if (state.phase === "morale")
    banner = { key: "FRAY.Banner.MoralePhase", data: { count: state.moraleDue.length } };
  else if (state.acting !== null) banner = { key: "FRAY.Banner.Turn", data: { name: state.acting } };
  else if (state.choosingFirst) banner = { key: "FRAY.Banner.InitiativeChooses", data: { side: state.holder } };
  else if (state.phase === "fast")
    banner = { key: "FRAY.Banner.FastPhase", data: { threshold: state.fat ?? 0, side: state.up ?? "" } };
  else if (state.phase === "slow") banner = { key: "FRAY.Banner.SlowPhase", data: { side: state.up ?? "" } };
  else if (state.phase === "ambush") banner = { key: "FRAY.Banner.Ambush", data: { side: state.up ?? "" } };
  else banner = { key: "FRAY.Banner.SideChooses", data: { side: state.up ?? "" } };
  return {
    round: state.round,
    phase: state.phase,
    acting: state.acting,
    choosing: state.choosingFirst ? state.holder : state.up,
    order,
    status,
    sides,
    banner,
    ended: state.phase === "ended",
    fat: state.fat,
    holder: state.holder,
    declaration: state.declaration,
    moraleFailed: state.moraleFailed,
    wit,
    budget: factionsBudget(state),
    ...movedOf(state),
  };
}

/** FAC-07: the part of its one zone the acting character has moved this turn. */
function movedOf(state: FactionsState): Pick<TurnOrderView, "moved"> {
  const m =
    state.acting !== null && Object.hasOwn(state.members, state.acting) ? state.members[state.acting] : undefined;
  return m?.turn ? { moved: { zones: m.turn.zones } } : {};
}

/**
 * FAC-06: a turn's two action slots (one bonus action, and one main action or a second bonus action), whether the
 * main action can still be taken, and the part of its one zone of movement left (FAC-07: split as it likes).
 */
function factionsBudget(state: FactionsState): BudgetItem[] {
  const m =
    state.acting !== null && Object.hasOwn(state.members, state.acting) ? state.members[state.acting] : undefined;
  const t = m?.turn;
  if (!t) return [];
  return [
    { key: "FRAY.Budget.Actions", left: Math.max(0, 2 - t.bonus - (t.main ? 1 : 0)), of: 2 },
    { key: "FRAY.Budget.MainAction", used: !canPay(t, "main") },
    { key: "FRAY.Budget.Zone", left: zonesLeft(t), of: 1 },
  ];
}

/** What the order holds of a character's conditions (unable; FAC-57 surrendered); undefined when out of the fight. */
export function held(
  state: FactionsState,
  id: CombatantId,
): { readonly unable: boolean; readonly surrendered: boolean } | undefined {
  const m = Object.hasOwn(state.members, id) ? state.members[id] : undefined;
  return m === undefined || !inFight(m) ? undefined : { unable: !m.able, surrendered: m.surrendered };
}
