import { isRecord } from "../shared/guards.js";
import { held as factions } from "./factions/view.js";
import { held as ranked } from "./ranked/view.js";
import { held as rolled } from "./rolled/view.js";
import { held as teams } from "./teams/view.js";
import type { CombatantId } from "./types.js";

/**
 * What a turn order holds of a combatant's conditions, in its own words (`unable`, `prone`, `surrendered`,
 * `stunned`, the Loads): each turn order reads them from its own state (its view's `held`). A sheet shows the same
 * conditions; the Foundry layer keeps the two in step (foundry/statuses/fight-conditions.ts).
 */
type Held = Readonly<Record<string, boolean | number>>;

type HeldOf = (state: never, id: CombatantId) => Held | undefined;

/** By turn order id. Sections holds none: its conditions are read by its cards. */
const HELD: Readonly<Record<string, HeldOf>> = { teams, ranked, factions, rolled };

/** What the turn order `engineId` holds for `combatant` in a sound `state`; undefined when it is not in the fight. */
export function heldOf(engineId: string, state: unknown, combatant: CombatantId): Held | undefined {
  if (!Object.hasOwn(HELD, engineId) || !isRecord(state)) return undefined;
  return (HELD[engineId] as (state: unknown, id: CombatantId) => Held | undefined)(state, combatant);
}
