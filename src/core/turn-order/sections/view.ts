import type { BudgetItem, CombatantStatus, HeldConditions, SideId, TurnOrderView } from "../types.js";
import { mayAct, nextInList, sideUp } from "./order.js";
import type { SectionsTurnBudget } from "../../economy/sections.js";
import type { SectionsCombatant, SectionsState } from "./types.js";

function status(s: SectionsState, c: SectionsCombatant): CombatantStatus {
  if (c.out) return "out";
  if (c.id === s.acting) return "acting";
  if (!c.able) return "unable";
  return c.mark === "waiting" ? "ready" : "acted";
}

/**
 * What the tracker shows: the acting combatant, then those still to go in the order they would, then the rest.
 * For a sound state: one the engine made, or one its read check passed (state-schema.ts).
 */
export function view(s: SectionsState): TurnOrderView {
  const ended = s.result !== null;
  const statuses: Record<string, CombatantStatus> = {};
  for (const c of s.combatants) statuses[c.id] = status(s, c);
  const live = s.combatants.filter((c) => !c.out);
  const pending = live.filter((c) => c.id !== s.acting && c.mark === "waiting");
  // In "sides" mode the sides still to come this round follow the one up now, in side order.
  const rank = (c: SectionsCombatant): number => {
    if (s.options.order !== "sides") return 0;
    const i = s.sides.indexOf(c.side);
    return i >= s.sideIndex ? i : i + s.sides.length;
  };
  pending.sort((a, b) => rank(a) - rank(b));
  const order = [
    ...(s.acting !== null ? [s.acting] : []),
    ...pending.map((c) => c.id),
    ...live.filter((c) => c.id !== s.acting && c.mark !== "waiting").map((c) => c.id),
    ...s.combatants.filter((c) => c.out).map((c) => c.id),
  ];
  const sides: Record<SideId, { remaining: number; passed: boolean }> = {};
  for (const side of s.sides) sides[side] = { remaining: pending.filter((c) => c.side === side).length, passed: false };
  const actingName = s.combatants.find((c) => c.id === s.acting)?.name ?? "";
  const up = sideUp(s);
  let banner: TurnOrderView["banner"];
  if (s.result !== null)
    banner = {
      key: "FRAY.Banner.SectionsCombatEnded",
      data: { outcome: s.result.outcome, victors: s.result.victors.join(", ") },
    };
  else if (s.acting !== null && s.turn !== null)
    banner = { key: `FRAY.Banner.SectionsStep.${s.turn.step}`, data: { name: actingName } };
  else if (!s.combatants.some((c) => mayAct(s, c))) banner = { key: "FRAY.Banner.SectionsNoOneAble" };
  else if (s.options.order === "sides") banner = { key: "FRAY.Banner.SectionsSideUp", data: { side: up ?? "" } };
  else if (s.options.order === "fixed")
    banner = { key: "FRAY.Banner.SectionsNextUp", data: { name: nextInList(s)?.name ?? "" } };
  else banner = { key: "FRAY.Banner.SectionsPopcorn" };
  return {
    round: s.round,
    phase: ended ? "ended" : s.turn !== null ? s.turn.step : "main",
    acting: s.acting,
    choosing: !ended && s.acting === null && up !== null && s.combatants.some((c) => mayAct(s, c)) ? up : null,
    order,
    status: statuses,
    sides,
    banner,
    ended,
    budget: sectionsBudget(s),
    ...(s.turn !== null ? { innateMoveUsed: s.turn.innateMoveUsed, grants: s.turn.grants ?? [] } : {}),
    blocks: s.blocks,
    distanceBlocks: s.distanceBlocks ?? [],
    climbs: s.climbs ?? [],
  };
}

/**
 * SEC-05: the turn's card draw, its Strategy Phase and Action Phase (spending the Action Phase gives up a Strategy
 * Phase not yet spent), the innate Move and the discard; SEC-06: the Moves granted by cards taken so far, and each
 * one still to take, by its kind and number ("Fly 2").
 */
function sectionsBudget(s: SectionsState): BudgetItem[] {
  const t = s.turn;
  if (s.acting === null || t === null) return [];
  const past = (step: SectionsTurnBudget["step"]): boolean => STEPS.indexOf(t.step) > STEPS.indexOf(step);
  const items: BudgetItem[] = [
    { key: "FRAY.Budget.Draw", used: past("draw") },
    { key: "FRAY.Budget.StrategyPhase", used: past("strategy") },
    { key: "FRAY.Budget.ActionPhase", used: past("action") },
    { key: "FRAY.Budget.InnateMove", used: t.innateMoveUsed },
  ];
  if (t.grantedMoves > 0) items.push({ key: "FRAY.Budget.GrantedMoves", count: t.grantedMoves });
  for (const g of t.grants ?? []) items.push({ key: `FRAY.Budget.Grant.${g.kind}`, count: g.n });
  items.push({ key: "FRAY.Budget.Discard", used: t.step === "discarded" });
  return items;
}

const STEPS: readonly SectionsTurnBudget["step"][] = ["draw", "strategy", "action", "discard", "discarded"];

/** Sections holds no condition in its state: its cards read them from the sheets. */
export function held(): HeldConditions {
  return {};
}
