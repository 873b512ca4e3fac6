import type { Roller } from "../../../core/shared/roller.js";

/**
 * A roller that shows every die's highest face. The card runs the apply step with it to say what applying will
 * do: whatever comes before a roll is certain, and a roll's number to reach does not depend on its dice.
 */
export function probeRoller(): Roller {
  return {
    die: (sides) => sides,
    state: () => ({ kind: "scripted", values: [], next: 0 }),
  };
}
