import type { TurnRequestContext } from "../../../src/foundry/combat/requests/turn-request.js";
import { FakeDiceTray } from "../../fakes/foundry-dice.js";
import { FakeHooks } from "../../fakes/foundry-combat.js";

type Hands = Omit<TurnRequestContext, "combat" | "user" | "mode">;

/**
 * What gmContext (combat/requests/turn-client.ts) gives the active GM's turn requests beside the combats, users and
 * combat modes, in a quiet world: Foundry's Hooks with no module listening, Foundry's default CONFIG.time (no seconds
 * a round or a turn), seeded dice, the command's type as the roll's flavour, no speaker, no listener of undone or
 * recorded steps, no card on any actor, and no review. A test overrides the part it is about.
 */
export function gmTurnHands(parts: Partial<Hands> = {}): Hands {
  return {
    hooks: new FakeHooks(),
    time: () => ({ roundTime: 0, turnTime: 0 }),
    dice: new FakeDiceTray(7),
    flavor: (_combat, command) => command.type,
    speaker: () => undefined,
    onUndone: () => undefined,
    onRecorded: () => undefined,
    cardPlay: () => null,
    review: (_combat, command) => command,
    ...parts,
  };
}
