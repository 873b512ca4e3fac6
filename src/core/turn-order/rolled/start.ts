import { rollDice, type DiceRoll } from "../../dice/dice-roll.js";
import { isList, isNonEmptyString, isRecord, isWholeNumber } from "../../shared/guards.js";
import { applied, refuse, type Outcome, type Refusal } from "../../shared/outcome.js";
import type { Roller } from "../../shared/roller.js";
import { shown } from "../../shared/shown.js";
import { findById } from "../shared/by-id.js";
import { rankDescending } from "../shared/initiative-order.js";
import { sidesOf } from "../shared/sides.js";
import type { CombatantId, TurnEvent } from "../types.js";
import { newRound } from "./commands/round.js";
import { INITIATIVE_DICE } from "./initiative-dice.js";
import { readOptions } from "./options.js";
import { nextUp } from "./places.js";
import { isAreas } from "./squares.js";
import {
  LOAD_KEYS,
  type RolledCombatant,
  type RolledCombatantSetup,
  type RolledSetup,
  type RolledState,
} from "./types.js";

type Out = Outcome<RolledState, TurnEvent>;

/** STR-02/03/09: the fight's first state, initiative rolled, and Round Zero started. */
export function start(setup: RolledSetup, roller: Roller): Out {
  const events: TurnEvent[] = [{ type: "combatStarted" }];
  const state = startState(setup, roller, events);
  if ("ok" in state) return state;
  events.push({ type: "roundStarted", round: 0 });
  if (nextUp(state) === null) return newRound(state, [...events, { type: "roundEnded", round: 0 }]);
  return applied(state, events);
}

/**
 * STR-02/03: the state start builds from `setup`, before Round Zero is looked at, or start's refusal. The initiative
 * rolls go into `events`.
 */
function startState(setup: RolledSetup, roller: Roller, events: TurnEvent[]): RolledState | Refusal {
  if (!isRecord(setup) || !isList(setup.combatants)) return refuse("MalformedSetup", "setup needs a combatants list");
  const options = readOptions(setup.options);
  if (!options) return refuse("MalformedSetup", "unknown or wrongly typed options");
  const startingAreas = setup.startingAreas ?? {};
  if (!isAreas(startingAreas)) return refuse("MalformedSetup", "startingAreas maps a side to a list of {x, y} squares");
  const bad = badCombatants(setup.combatants as unknown[]);
  if (bad) return bad;
  const listed = rollInitiative(setup.combatants, roller, events);
  if ("ok" in listed) return listed;
  const entries = setup.combatants.map((c, i) => ({
    id: c.id,
    score: (listed[i] as RolledCombatant).initiative.total,
    modifier: c.initiative,
    side: c.side,
    listed: i,
  }));
  let order: CombatantId[];
  try {
    order = rankDescending(entries, options.ties, roller);
  } catch (e) {
    return rollerFailed(e);
  }
  // STR-03: the combatants in that order.
  const combatants = order.map((id) => findById(listed, id) as RolledCombatant);
  const state: RolledState = {
    engine: "rolled",
    options,
    startingAreas,
    round: 0,
    acting: null,
    turn: null,
    turnAt: 0,
    delaysThisRound: 0,
    combatants,
    ended: false,
    outcome: null,
  };
  return state;
}

/** The setup's combatant list refused, or null when every entry is well formed, its ids unique and two sides named. */
function badCombatants(raw: unknown[]): Refusal | null {
  for (const c of raw) {
    if (!isRecord(c) || !isNonEmptyString(c.id) || !isNonEmptyString(c.side) || !isWholeNumber(c.initiative)) {
      return refuse("MalformedSetup", "each combatant needs an id, a side and a whole-number Initiative modifier");
    }
    if (c.speed !== undefined && !(isWholeNumber(c.speed) && c.speed >= 0))
      return refuse("MalformedSetup", `speed of ${c.id} must be a whole number >= 0`);
    // The Loads read by name (a read under a key held in a variable is a keyed load, and every fight starts here).
    const load = badLoad(c.stressLoad, c.stressTolerance, c.fatigueLoad, c.fatigueTolerance);
    if (load >= 0)
      return refuse("MalformedSetup", `${LOAD_KEYS[load] as string} of ${c.id} must be a whole number >= 0`);
    if (!loadOk(c.stunned)) return refuse("MalformedSetup", `stunned of ${c.id} must be a whole number >= 0`);
    if (c.able !== undefined && typeof c.able !== "boolean")
      return refuse("MalformedSetup", `able of ${c.id} must be true or false`);
    if (c.stance !== undefined && !isNonEmptyString(c.stance))
      return refuse("MalformedSetup", `stance of ${c.id} must be a name`);
  }
  const combatants = raw as RolledCombatantSetup[];
  const ids = combatants.map((c) => c.id);
  const dup = ids.find((id, i) => ids.indexOf(id) !== i);
  if (dup !== undefined)
    return refuse("DuplicateCombatant", `combatant ${dup} is listed twice`, undefined, { id: dup });
  if (sidesOf(combatants).length < 2)
    return refuse("NeedTwoSides", "a combat needs characters on at least two sides", "STR-04");
  return null;
}

/** The place in LOAD_KEYS of the first Load given that is not a whole number >= 0, or -1 (a Load left out is fine). */
function badLoad(
  stressLoad: unknown,
  stressTolerance: unknown,
  fatigueLoad: unknown,
  fatigueTolerance: unknown,
): number {
  if (!loadOk(stressLoad)) return 0;
  if (!loadOk(stressTolerance)) return 1;
  if (!loadOk(fatigueLoad)) return 2;
  return loadOk(fatigueTolerance) ? -1 : 3;
}

const loadOk = (v: unknown): boolean => v === undefined || (isWholeNumber(v) && v >= 0);

/** STR-02: everyone rolls 2d6 + Initiative modifier once, in setup order; the rolls go into `events`. */
function rollInitiative(
  setup: readonly RolledCombatantSetup[],
  roller: Roller,
  events: TurnEvent[],
): RolledCombatant[] | Refusal {
  const listed: RolledCombatant[] = [];
  for (const c of setup) {
    let roll: DiceRoll;
    try {
      roll = rollDice(roller, INITIATIVE_DICE.count, INITIATIVE_DICE.sides, c.initiative);
    } catch (e) {
      return rollerFailed(e);
    }
    events.push({ type: "initiativeRolled", combatant: c.id, roll, total: roll.total });
    listed.push({
      id: c.id,
      listed: listed.length,
      name: typeof c.name === "string" && c.name !== "" ? c.name : c.id,
      side: c.side,
      initiativeModifier: c.initiative,
      initiative: roll,
      speed: c.speed ?? null,
      able: c.able !== false,
      out: false,
      delayed: false,
      stressLoad: c.stressLoad ?? 0,
      stressTolerance: c.stressTolerance ?? 0,
      fatigueLoad: c.fatigueLoad ?? 0,
      fatigueTolerance: c.fatigueTolerance ?? 0,
      stunned: c.stunned ?? 0,
      square: null,
      stance: c.stance ?? null,
    });
  }
  return listed;
}

function rollerFailed(e: unknown): Refusal {
  return refuse(
    "RollerFailed",
    `initiative could not be rolled: ${e instanceof Error ? e.message : shown(e)}`,
    "STR-02",
  );
}
