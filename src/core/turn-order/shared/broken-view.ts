import type { TurnOrderView } from "../types.js";

/**
 * The view of a state an engine cannot read (missing, damaged, or stored in a shape it does not know): nobody to act
 * and a banner that says so. Every turn order shows the same one, so the tracker has one case to handle.
 */
export function brokenView(): TurnOrderView {
  return {
    round: 0,
    phase: "broken",
    acting: null,
    choosing: null,
    order: [],
    status: {},
    sides: {},
    banner: { key: "FRAY.Banner.BrokenState" },
    ended: true,
  };
}
