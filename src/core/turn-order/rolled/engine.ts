import { rollDice, type DiceRoll } from "../../dice/dice-roll.js";
import { isStrainTurn } from "../../economy/strain.js";
import { isNonEmptyString, isRecord, isStringArray, isWholeNumber } from "../../shared/guards.js";
import { applied, refuse, type Outcome, type Refusal } from "../../shared/outcome.js";
import type { Roller } from "../../shared/roller.js";
import { trustedStates } from "../../shared/trusted.js";
import { findById } from "../shared/by-id.js";
import { shown } from "../../shared/shown.js";
import { type CommandFields, type Dispatch } from "../shared/dispatch.js";
import { dispatchedEngine, endingCommands } from "../shared/dispatched-engine.js";
import { rankDescending, TIE_BREAKS } from "../shared/initiative-order.js";
import { END_WHEN, sidesOf } from "../shared/sides.js";
import type { CombatantId, TurnEvent, TurnOrderEngine } from "../types.js";
import { remove, setAble, setLoads } from "./commands/gm.js";
import { position } from "./commands/position.js";
import { declareEnd, endCombat, newRound } from "./commands/round.js";
import { spend } from "./commands/spend.js";
import { act, delay, endTurn } from "./commands/turns.js";
import { legal } from "./legal.js";
import { nextUp } from "./places.js";
import { isAreas } from "./squares.js";
import {
  DELAY_LIMITS,
  LOAD_KEYS,
  ROUND_ZERO,
  ROLLED_DEFAULTS,
  type RolledCombatant,
  type RolledCombatantSetup,
  type RolledCommand,
  type RolledOptions,
  type RolledSetup,
  type RolledState,
} from "./types.js";
import { view } from "./view.js";
import { INITIATIVE_DICE } from "./initiative-dice.js";

type Out = Outcome<RolledState, TurnEvent>;

/** The rolled states this engine made itself (shared/trusted.ts); deliberately not exported by index.ts. */
export const OWN_STATES = trustedStates();

/** The commands for one combatant in the fight (shared/dispatch.ts). */
function forCombatant(state: RolledState, c: RolledCombatant, cmd: CommandFields): Out | undefined {
  switch (cmd.type) {
    case "act":
      return act(state, c);
    case "endTurn":
      return endTurn(state, c);
    case "delay":
      return delay(state, c, cmd);
    case "position":
      return position(state, c, cmd);
    case "spend":
      return spend(state, c, cmd);
    case "setLoads":
      return setLoads(state, c, cmd);
    case "setAble":
      return setAble(state, c, cmd);
    case "remove":
      return remove(state, c);
    default:
      return undefined;
  }
}

const COMMANDS: Dispatch<RolledState, RolledCombatant> = {
  order: "rolled",
  fight: "combat",
  endClause: "STR-04",
  forFight: endingCommands(declareEnd, endCombat),
  forCombatant,
};

/** Strain turn order: 2d6 + Initiative once, Round Zero, fixed order changed only by Delay, Move/Action/Stance turns. */
export const rolledEngine: TurnOrderEngine<RolledSetup, RolledState, RolledCommand> = dispatchedEngine({
  id: "rolled",
  own: OWN_STATES,
  isState: isRolledState,
  start,
  commands: COMMANDS,
  legal,
  view,
});

function start(setup: RolledSetup, roller: Roller): Out {
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
  if (!isRecord(setup) || !Array.isArray(setup.combatants)) return refuse("MalformedSetup", "setup needs a combatants list");
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
    if (load >= 0) return refuse("MalformedSetup", `${LOAD_KEYS[load] as string} of ${c.id} must be a whole number >= 0`);
    if (c.stance !== undefined && !isNonEmptyString(c.stance)) return refuse("MalformedSetup", `stance of ${c.id} must be a name`);
  }
  const combatants = raw as RolledCombatantSetup[];
  const ids = combatants.map((c) => c.id);
  const dup = ids.find((id, i) => ids.indexOf(id) !== i);
  if (dup !== undefined) return refuse("DuplicateCombatant", `combatant ${dup} is listed twice`, undefined, { id: dup });
  if (sidesOf(combatants).length < 2) return refuse("NeedTwoSides", "a combat needs characters on at least two sides", "STR-04");
  return null;
}

/** The place in LOAD_KEYS of the first Load given that is not a whole number >= 0, or -1 (a Load left out is fine). */
function badLoad(stressLoad: unknown, stressTolerance: unknown, fatigueLoad: unknown, fatigueTolerance: unknown): number {
  if (!loadOk(stressLoad)) return 0;
  if (!loadOk(stressTolerance)) return 1;
  if (!loadOk(fatigueLoad)) return 2;
  return loadOk(fatigueTolerance) ? -1 : 3;
}

const loadOk = (v: unknown): boolean => v === undefined || (isWholeNumber(v) && v >= 0);

/** STR-02: everyone rolls 2d6 + Initiative modifier once, in setup order; the rolls go into `events`. */
function rollInitiative(setup: readonly RolledCombatantSetup[], roller: Roller, events: TurnEvent[]): RolledCombatant[] | Refusal {
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
      able: true,
      out: false,
      delayed: false,
      stressLoad: c.stressLoad ?? 0,
      stressTolerance: c.stressTolerance ?? 0,
      fatigueLoad: c.fatigueLoad ?? 0,
      fatigueTolerance: c.fatigueTolerance ?? 0,
      square: null,
      stance: c.stance ?? null,
    });
  }
  return listed;
}

function rollerFailed(e: unknown): Refusal {
  return refuse("RollerFailed", `initiative could not be rolled: ${e instanceof Error ? e.message : shown(e)}`, "STR-02");
}

function readOptions(raw: unknown): RolledOptions | null {
  if (raw === undefined) return ROLLED_DEFAULTS;
  if (!isRecord(raw)) return null;
  const o = { ...ROLLED_DEFAULTS, ...raw } as Record<string, unknown>;
  if (!(TIE_BREAKS as readonly unknown[]).includes(o.ties)) return null;
  if (!(ROUND_ZERO as readonly unknown[]).includes(o.roundZero)) return null;
  if (!(DELAY_LIMITS as readonly unknown[]).includes(o.delayLimit)) return null;
  if (!(END_WHEN as readonly unknown[]).includes(o.endWhen)) return null;
  if (typeof o.recoverAtZeroTolerance !== "boolean") return null;
  return {
    ties: o.ties as RolledOptions["ties"],
    roundZero: o.roundZero as RolledOptions["roundZero"],
    delayLimit: o.delayLimit as RolledOptions["delayLimit"],
    endWhen: o.endWhen as RolledOptions["endWhen"],
    recoverAtZeroTolerance: o.recoverAtZeroTolerance,
  };
}

// ---------------------------------------------------------------- shape checks

function isDiceRoll(x: unknown): x is DiceRoll {
  return isRecord(x) && typeof x.formula === "string" && Array.isArray(x.dice) && isWholeNumber(x.modifier) && isWholeNumber(x.total);
}

// Checked on every command, so written as plain inline tests.
const nat = (v: unknown): boolean => Number.isInteger(v) && (v as number) >= 0;

function isCombatant(x: unknown): x is RolledCombatant {
  if (typeof x !== "object" || x === null) return false;
  const c = x as Record<string, unknown>;
  const sq = c.square as Record<string, unknown> | null;
  return (
    typeof c.id === "string" &&
    c.id !== "" &&
    nat(c.listed) &&
    typeof c.name === "string" &&
    c.name !== "" &&
    typeof c.side === "string" &&
    c.side !== "" &&
    Number.isInteger(c.initiativeModifier) &&
    typeof c.able === "boolean" &&
    typeof c.out === "boolean" &&
    typeof c.delayed === "boolean" &&
    nat(c.stressLoad) &&
    nat(c.stressTolerance) &&
    nat(c.fatigueLoad) &&
    nat(c.fatigueTolerance) &&
    isDiceRoll(c.initiative) &&
    (c.speed === null || nat(c.speed)) &&
    (sq === null || (typeof sq === "object" && Number.isInteger(sq.x) && Number.isInteger(sq.y))) &&
    (c.stance === null || (typeof c.stance === "string" && c.stance !== ""))
  );
}

function isRolledState(s: unknown): s is RolledState {
  if (!isRecord(s) || s.engine !== "rolled" || !isWholeNumber(s.round) || s.round < 0 || typeof s.ended !== "boolean") return false;
  if (readOptions(s.options) === null || !isAreas(s.startingAreas) || !Array.isArray(s.combatants)) return false;
  if (!isWholeNumber(s.delaysThisRound) || s.delaysThisRound < 0) return false;
  const cs = s.combatants as unknown[];
  if (!isWholeNumber(s.turnAt) || s.turnAt < 0 || s.turnAt > cs.length) return false;
  if (!cs.every(isCombatant)) return false;
  const ids = new Set(cs.map((c) => c.id));
  // Each id and each setup place once (the places number the list from 0).
  const places = new Set(cs.map((c) => c.listed));
  if (ids.size !== cs.length || places.size !== cs.length || !cs.every((c) => c.listed < cs.length)) return false;
  if (s.acting === null) {
    if (s.turn !== null) return false;
  } else if (typeof s.acting !== "string" || !ids.has(s.acting) || !isStrainTurn(s.turn)) return false;
  // The one taking a turn has not had it yet this round: it stands at or after the round's place.
  else if ((cs as RolledCombatant[]).findIndex((c) => c.id === s.acting) < s.turnAt) return false;
  const o = s.outcome;
  return o === null || (isRecord(o) && typeof o.reason === "string" && isStringArray(o.victors));
}
