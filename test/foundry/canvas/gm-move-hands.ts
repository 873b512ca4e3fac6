import { MoveApprovals } from "../../../src/foundry/canvas/moves/move-audit.js";
import { MoveInterruptions } from "../../../src/foundry/canvas/moves/move-interruptions.js";
import type { MoveRequestContext } from "../../../src/foundry/canvas/moves/move-request.js";
import { COMBAT_MODES } from "../../../src/foundry/rulesets/index.js";
import { FakeDiceTray } from "../../fakes/foundry-dice.js";
import { gmTurnHands } from "../combat/gm-turn-hands.js";

type Hands = Pick<
  MoveRequestContext,
  "approvals" | "now" | "turns" | "effects" | "dice" | "interruptions" | "offerSettled"
>;

/**
 * What register-canvas.ts gives the active GM's move context beside the scene, user, rule set, spaces and fight, in
 * a world with no combat: a fresh ledger of allowed moves, a clock, the turn request path (no combat to find), a
 * chat that posts no card, seeded dice, and no interrupted move. A test overrides the part it is about.
 */
export function gmMoveHands(parts: Partial<Hands> = {}): Hands {
  return {
    approvals: new MoveApprovals(),
    now: () => 1_000,
    turns: { combat: () => undefined, user: () => undefined, mode: (id) => COMBAT_MODES[id], ...gmTurnHands() },
    effects: () => Promise.resolve([]),
    dice: new FakeDiceTray(7),
    interruptions: new MoveInterruptions(),
    offerSettled: () => true,
    ...parts,
  };
}
