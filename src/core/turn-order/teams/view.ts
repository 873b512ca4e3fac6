import { actionsLeft, TEAMS_ACTIONS_PER_TURN } from "../../economy/teams.js";
import type { BudgetItem, CombatantId, CombatantStatus, SideId, TurnOrderView } from "../types.js";
import type { TeamsState } from "./types.js";
import { canTakeTurn } from "./order.js";

/** What the tracker shows for a teams fight: who acts, which team picks, who is left on each team. */
export function view(state: TeamsState): TurnOrderView {
  const status: Record<CombatantId, CombatantStatus> = {};
  const sides: Record<SideId, { remaining: number; passed: boolean }> = {};
  for (const side of state.initiative) sides[side] = { remaining: 0, passed: false };
  const waiting: Record<SideId, CombatantId[]> = {};
  for (const id of state.roster) {
    const m = state.members[id];
    if (!m) continue;
    let st: CombatantStatus;
    if (m.out) st = "out";
    else if (state.acting === id) st = "acting";
    else if (m.acted) st = "acted";
    else if (!canTakeTurn(state, m)) st = "unable";
    else st = "ready";
    status[id] = st;
    if (st === "ready") {
      (waiting[m.team] ??= []).push(id);
      const side = sides[m.team];
      if (side) side.remaining += 1;
    }
  }
  for (const side of Object.values(sides)) side.passed = side.remaining === 0;
  // Display order: the acting member, then the teams' waiting members alternating from the team up next.
  const order: CombatantId[] = state.acting !== null ? [state.acting] : [];
  const from = state.up ?? state.lastSide;
  const startAt = from === null ? 0 : state.initiative.indexOf(from) + (state.up !== null ? 0 : 1);
  const rotated = state.initiative.map((_, i) => state.initiative[(startAt + i) % state.initiative.length] as SideId);
  const queues = rotated.map((t) => [...(waiting[t] ?? [])]);
  while (queues.some((q) => q.length > 0))
    for (const q of queues) {
      const next = q.shift();
      if (next !== undefined) order.push(next);
    }
  for (const id of state.roster) if (!order.includes(id)) order.push(id);
  let banner: TurnOrderView["banner"];
  if (state.phase === "ended")
    banner = { key: "FRAY.Banner.CombatOver", data: { victors: (state.result?.victors ?? []).join(", ") } };
  else if (state.acting !== null) banner = { key: "FRAY.Banner.Turn", data: { name: state.acting } };
  else if (state.up !== null && state.phase === "surprise")
    banner = { key: "FRAY.Banner.Surprise", data: { side: state.up } };
  else if (state.up !== null) banner = { key: "FRAY.Banner.SideChooses", data: { side: state.up } };
  else banner = { key: "FRAY.Banner.NobodyCanAct", data: { round: state.round } };
  return {
    round: state.round,
    phase: state.phase,
    acting: state.acting,
    choosing: state.up,
    order,
    status,
    sides,
    banner,
    ended: state.phase === "ended",
    budget: teamsBudget(state),
  };
}

/** TEAM-17: the actions left of the turn's three; TEAM-35: the reactions it has now (TEAM-27 Wait adds one). */
function teamsBudget(state: TeamsState): BudgetItem[] {
  const m =
    state.acting !== null && Object.hasOwn(state.members, state.acting) ? state.members[state.acting] : undefined;
  if (!m?.turn) return [];
  return [
    { key: "FRAY.Budget.Actions", left: actionsLeft(m.turn), of: TEAMS_ACTIONS_PER_TURN },
    { key: "FRAY.Budget.Reactions", count: m.reactions },
  ];
}

/** What the order holds of a member's conditions (TEAM-12: unable to act), or undefined when it is not in the fight. */
export function held(state: TeamsState, id: CombatantId): { readonly unable: boolean } | undefined {
  const m = Object.hasOwn(state.members, id) ? state.members[id] : undefined;
  return m === undefined || m.out ? undefined : { unable: !m.able };
}
