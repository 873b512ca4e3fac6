import type { TurnOrderView } from "../types.js";

/** The view of a state an engine cannot read (missing or damaged): an ended fight with nobody in it. */
export function noCombatView(): TurnOrderView {
  return {
    round: 0,
    phase: "ended",
    acting: null,
    choosing: null,
    order: [],
    status: {},
    sides: {},
    banner: { key: "FRAY.Banner.NoCombat" },
    ended: true,
  };
}
