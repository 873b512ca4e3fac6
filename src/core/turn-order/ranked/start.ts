import { freeHitSlots, NO_ACTIONS, NO_BOOSTS } from "../../economy/escalation.js";
import { isNonEmptyString, isRecord, isWholeNumber } from "../../shared/guards.js";
import { applied, refuse, type Outcome } from "../../shared/outcome.js";
import type { Roller } from "../../shared/roller.js";
import { shown } from "../../shared/shown.js";
import { findById } from "../shared/by-id.js";
import { rankDescending } from "../shared/initiative-order.js";
import { sidesOf } from "../shared/sides.js";
import type { CombatantId, TurnEvent } from "../types.js";
import { readOptions } from "./options.js";
import type { RankedCombatant, RankedSetup, RankedState } from "./types.js";

type Out = Outcome<RankedState, TurnEvent>;

/** ESC-01/02: the battle's first state, its units ranked by Agility, initiators last. */
export function start(setup: RankedSetup, roller: Roller): Out {
  if (!isRecord(setup) || !Array.isArray(setup.combatants))
    return refuse("MalformedSetup", "setup needs a combatants list");
  const options = readOptions(setup.options);
  if (!options) return refuse("MalformedSetup", "unknown or wrongly typed options");
  const combatants: RankedCombatant[] = [];
  for (const c of setup.combatants as unknown[]) {
    if (!isRecord(c) || !isNonEmptyString(c.id) || !isNonEmptyString(c.side) || !isWholeNumber(c.agility)) {
      return refuse("MalformedSetup", "each combatant needs an id, a side and a whole-number Agility modifier");
    }
    if (findById(combatants, c.id))
      return refuse("DuplicateCombatant", `combatant ${c.id} is listed twice`, undefined, { id: c.id });
    combatants.push({
      id: c.id,
      name: typeof c.name === "string" && c.name !== "" ? c.name : c.id,
      side: c.side,
      agility: c.agility,
      able: true,
      out: false,
      acted: false,
      delayed: false,
      left: NO_ACTIONS,
      owed: NO_ACTIONS,
      freeHitsLeft: freeHitSlots(c.agility),
      disengaged: false,
      prone: c.prone === true,
      boosts: NO_BOOSTS,
    });
  }
  if (sidesOf(combatants).length < 2)
    return refuse("NeedTwoSides", "a battle needs units on at least two sides", "ESC-63");
  let rankOrder: CombatantId[];
  try {
    rankOrder = ranking(setup, options.ties, roller);
  } catch (e) {
    // A scripted roller that runs out (or any failing roller) is refused, not thrown through.
    return refuse(
      "RollerFailed",
      `the tie roll-off could not be rolled: ${e instanceof Error ? e.message : shown(e)}`,
      "ESC-01",
    );
  }
  const state: RankedState = {
    engine: "ranked",
    options,
    round: 1,
    rankOrder,
    order: rankOrder,
    acting: null,
    combatants,
    ended: false,
    outcome: null,
  };
  return applied(state, [{ type: "combatStarted" }, { type: "roundStarted", round: 1 }]);
}

/**
 * ESC-01: the units by Agility, highest first; ESC-02: initiators go last, ranked the same way among themselves
 * (ruling).
 */
function ranking(setup: RankedSetup, ties: RankedState["options"]["ties"], roller: Roller): CombatantId[] {
  const entries = setup.combatants.map((c, listed) => ({
    id: c.id,
    score: c.agility,
    modifier: c.agility,
    side: c.side,
    listed,
  }));
  const initiators = new Set(setup.combatants.filter((c) => c.initiator === true).map((c) => c.id));
  // Without initiators the second ranking is of nobody (no dice): the first ranks everyone.
  if (initiators.size === 0) return rankDescending(entries, ties, roller);
  return [
    ...rankDescending(
      entries.filter((e) => !initiators.has(e.id)),
      ties,
      roller,
    ),
    ...rankDescending(
      entries.filter((e) => initiators.has(e.id)),
      ties,
      roller,
    ),
  ];
}
