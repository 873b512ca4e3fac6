import { freeHitSlots, FULL_TURN } from "../../economy/escalation.js";
import { findById } from "../shared/by-id.js";
import { sidesOf } from "../shared/sides.js";
import type { BudgetItem, CombatantId, CombatantStatus, SideId, TurnOrderView } from "../types.js";
import { nextUp } from "./next-up.js";
import type { RankedCombatant, RankedState } from "./types.js";

/**
 * The tracker's view of a sound state (state-schema.ts). Banners name combatants by id: the Foundry layer
 * shows each viewer the name it may see, masking hidden combatants.
 */
export function view(state: RankedState): TurnOrderView {
  const status: Record<CombatantId, CombatantStatus> = {};
  for (const id of state.order) {
    const c = findById(state.combatants, id) as RankedCombatant;
    status[id] = c.out
      ? "out"
      : state.acting === id
        ? "acting"
        : c.acted
          ? "acted"
          : !c.able
            ? "unable"
            : c.delayed
              ? "delayed"
              : "ready";
  }
  const rank = (id: CombatantId): number =>
    status[id] === "acting" ? 0 : status[id] === "out" ? 3 : status[id] === "acted" ? 2 : 1;
  const order = [...state.order].sort((a, b) => rank(a) - rank(b));
  const sides: Record<SideId, { remaining: number; passed: boolean }> = {};
  for (const side of sidesOf(state.combatants)) {
    const remaining = state.order.filter((id) => {
      const c = findById(state.combatants, id) as RankedCombatant;
      return c.side === side && !c.out && !c.acted;
    }).length;
    sides[side] = { remaining, passed: false };
  }
  const up = nextUp(state);
  const banner: TurnOrderView["banner"] = state.ended
    ? { key: "FRAY.Banner.CombatEnded", data: { reason: state.outcome?.reason ?? "" } }
    : state.acting !== null
      ? { key: "FRAY.Banner.Turn", data: { name: state.acting } }
      : up
        ? { key: "FRAY.Banner.Up", data: { name: up.id } }
        : { key: "FRAY.Banner.NobodyCanAct", data: { round: state.round } };
  return {
    round: state.round,
    phase: state.ended ? "ended" : "main",
    acting: state.acting,
    choosing: null,
    order,
    status,
    sides,
    banner,
    ended: state.ended,
    budget: rankedBudget(state),
    ranking: { key: "FRAY.Rank.Agility", by: Object.fromEntries(state.combatants.map((c) => [c.id, c.agility])) },
    // ESC-43: what the move check needs of the acting unit's round.
    ...(state.acting !== null && findById(state.combatants, state.acting)?.disengaged ? { disengaged: true } : {}),
  };
}

/** ESC-05: the AA, MA and BAs left of the turn's 1, 1 and 2; ESC-42: the Free Hit Slots left this round. */
function rankedBudget(state: RankedState): BudgetItem[] {
  const c = state.acting === null ? undefined : findById(state.combatants, state.acting);
  if (!c) return [];
  return [
    { key: "FRAY.Budget.AttackAction", left: c.left.aa, of: FULL_TURN.aa },
    { key: "FRAY.Budget.MoveAction", left: c.left.ma, of: FULL_TURN.ma },
    { key: "FRAY.Budget.BonusActions", left: c.left.ba, of: FULL_TURN.ba },
    { key: "FRAY.Budget.FreeHitSlots", left: c.freeHitsLeft, of: freeHitSlots(c.agility) },
  ];
}

/** What the order holds of a combatant's conditions (ESC-46 prone; unable to act), or undefined when out of it. */
export function held(
  state: RankedState,
  id: CombatantId,
): { readonly unable: boolean; readonly prone: boolean } | undefined {
  const c = findById(state.combatants, id);
  return c === undefined || c.out ? undefined : { unable: !c.able, prone: c.prone };
}
