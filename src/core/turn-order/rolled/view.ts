import { findById } from "../shared/by-id.js";
import { sidesOf } from "../shared/sides.js";
import type { BudgetItem, CombatantId, CombatantStatus, SideId, TurnOrderView } from "../types.js";
import { hasActed, initiativeOrder, inSetupOrder, nextUp } from "./places.js";
import type { RolledState } from "./types.js";

/**
 * The tracker's view of a sound state (state-schema.ts). Banners name combatants by id: the Foundry layer
 * shows each viewer the name it may see, masking hidden combatants.
 */
export function view(state: RolledState): TurnOrderView {
  const status: Record<CombatantId, CombatantStatus> = {};
  state.combatants.forEach((c, i) => {
    status[c.id] = c.out
      ? "out"
      : state.acting === c.id
        ? "acting"
        : hasActed(state, i)
          ? "acted"
          : !c.able
            ? "unable"
            : c.delayed
              ? "delayed"
              : "ready";
  });
  const rank = (id: CombatantId): number =>
    status[id] === "acting" ? 0 : status[id] === "out" ? 3 : status[id] === "acted" ? 2 : 1;
  const order = initiativeOrder(state).sort((a, b) => rank(a) - rank(b));
  const sides: Record<SideId, { remaining: number; passed: boolean }> = {};
  for (const side of sidesOf(inSetupOrder(state))) {
    const remaining = state.combatants.filter((c, i) => c.side === side && !c.out && !hasActed(state, i)).length;
    sides[side] = { remaining, passed: false };
  }
  const name = state.acting ?? nextUp(state)?.id ?? "";
  const banner: TurnOrderView["banner"] = state.ended
    ? { key: "FRAY.Banner.CombatEnded", data: { reason: state.outcome?.reason ?? "" } }
    : state.round === 0
      ? { key: "FRAY.Banner.RoundZero", data: { name } }
      : state.acting !== null
        ? { key: "FRAY.Banner.Turn", data: { name } }
        : name !== ""
          ? { key: "FRAY.Banner.Up", data: { name } }
          : { key: "FRAY.Banner.NobodyCanAct", data: { round: state.round } };
  return {
    round: state.round,
    phase: state.ended ? "ended" : state.round === 0 ? "roundZero" : "main",
    acting: state.acting,
    choosing: null,
    order,
    status,
    sides,
    banner,
    ended: state.ended,
    budget: strainBudget(state),
    ranking: {
      key: "FRAY.Rank.Initiative",
      by: Object.fromEntries(state.combatants.map((c) => [c.id, c.initiative.total])),
    },
    ...(state.acting !== null && state.turn ? { moved: { squares: state.turn.moved } } : {}),
  };
}

/**
 * STR-10: the turn's Move (the squares left of its Speed, when it has one), its one Action and its Stance. STR-11:
 * once the Action is taken the Move is over unless the Action said otherwise, and nothing moves after the Stance.
 * STR-09: a Round Zero turn takes no actions, only a starting square (and a Stance with it).
 */
function strainBudget(state: RolledState): BudgetItem[] {
  const c = state.acting === null ? undefined : findById(state.combatants, state.acting);
  const t = state.turn;
  // STR-61: an incapacitated character's turns still come round, but it cannot move, act or take a Stance.
  if (!c || !t || !c.able) return [];
  if (state.round === 0) return [{ key: "FRAY.Budget.StartingSquare", used: c.square !== null }];
  const moveOver = t.tookStance || (t.tookAction && !t.moveAfterAction);
  const move: BudgetItem =
    c.speed === null
      ? { key: "FRAY.Budget.Move", used: moveOver }
      : { key: "FRAY.Budget.Move", left: moveOver ? 0 : Math.max(0, c.speed - t.moved), of: c.speed };
  // STR-57 ruling: a Stunned character's Action is lost, so the chip says so rather than showing it open.
  const action: BudgetItem =
    c.stunned > 0
      ? { key: "FRAY.Budget.ActionStunned", used: true }
      : { key: "FRAY.Budget.Action", used: t.tookAction };
  return [move, action, { key: "FRAY.Budget.Stance", used: t.tookStance }];
}

/**
 * What the order holds of a character's conditions (STR-61 incapacitated, STR-57 Stunned, STR-55 Loads and
 * Tolerances), or undefined when it is out of the combat.
 */
export function held(state: RolledState, id: CombatantId) {
  const c = findById(state.combatants, id);
  if (c === undefined || c.out) return undefined;
  return {
    unable: !c.able,
    stunned: c.stunned,
    stressLoad: c.stressLoad,
    stressTolerance: c.stressTolerance,
    fatigueLoad: c.fatigueLoad,
    fatigueTolerance: c.fatigueTolerance,
  } as const;
}
