import { rollDice, type DiceRoll } from "../../dice/dice-roll.js";
import { findById, replaceById } from "../ranked/by-id.js";
import { FRESH_TURN, isStrainTurn, panicRollDue, spendAction, spendMove, spendStance, type StrainTurn } from "../../economy/strain.js";
import { applied, refuse, type Outcome, type Refusal } from "../../shared/outcome.js";
import type { Roller } from "../../shared/roller.js";
import { OWN_STATES } from "./own-states.js";
import { isNonEmptyString, isRecord, isStringArray, isWholeNumber, own } from "../../shared/guards.js";
import { rankDescending } from "../ranked/initiative-order.js";
import { overAmong, sidesOf, victorsAmong } from "../ranked/sides.js";
import type { CombatantId, CombatantStatus, EndOfCombatStep, SideId, TurnEvent, TurnOrderEngine, TurnOrderView } from "../types.js";
import {
  ROLLED_DEFAULTS,
  type RolledCombatant,
  type RolledCommand,
  type RolledOptions,
  type RolledSetup,
  type RolledState,
  type Square,
} from "./rolled-types.js";

type Out = Outcome<RolledState, TurnEvent>;

type Combatants = readonly RolledCombatant[];

/** Strain turn order: 2d6 + Initiative once, Round Zero, fixed order changed only by Delay, Move/Action/Stance turns. */
export const rolledEngine: TurnOrderEngine<RolledSetup, RolledState, RolledCommand> = {
  id: "rolled",
  start: (setup, roller) => OWN_STATES.keep(start(setup, roller), isRolledState),
  isState: (s): s is RolledState => OWN_STATES.sound(s, isRolledState),
  apply,
  legal,
  view,
};

const LOAD_KEYS = ["stressLoad", "stressTolerance", "fatigueLoad", "fatigueTolerance"] as const;

function start(setup: RolledSetup, roller: Roller): Out {
  if (!isRecord(setup) || !Array.isArray(setup.combatants)) return refuse("MalformedSetup", "setup needs a combatants list");
  const options = readOptions(setup.options);
  if (!options) return refuse("MalformedSetup", "unknown or wrongly typed options");
  const startingAreas = setup.startingAreas ?? {};
  if (!isAreas(startingAreas)) return refuse("MalformedSetup", "startingAreas maps a side to a list of {x, y} squares");
  const raw = setup.combatants as unknown[];
  for (const c of raw) {
    if (!isRecord(c) || !isNonEmptyString(c.id) || !isNonEmptyString(c.side) || !isWholeNumber(c.initiative)) {
      return refuse("MalformedSetup", "each combatant needs an id, a side and a whole-number Initiative modifier");
    }
    if (c.speed !== undefined && !(isWholeNumber(c.speed) && c.speed >= 0))
      return refuse("MalformedSetup", `speed of ${c.id} must be a whole number >= 0`);
    for (const k of LOAD_KEYS) {
      if (c[k] !== undefined && !(isWholeNumber(c[k]) && (c[k] as number) >= 0))
        return refuse("MalformedSetup", `${k} of ${c.id} must be a whole number >= 0`);
    }
    if (c.stance !== undefined && !isNonEmptyString(c.stance)) return refuse("MalformedSetup", `stance of ${c.id} must be a name`);
  }
  const ids = setup.combatants.map((c) => c.id);
  const dup = ids.find((id, i) => ids.indexOf(id) !== i);
  if (dup !== undefined) return refuse("DuplicateCombatant", `combatant ${dup} is listed twice`, undefined, { id: dup });
  if (sidesOf(setup.combatants).length < 2) return refuse("NeedTwoSides", "a combat needs characters on at least two sides", "STR-04");
  const events: TurnEvent[] = [{ type: "combatStarted" }];
  const listed: RolledCombatant[] = [];
  // STR-02: everyone rolls 2d6 + Initiative modifier once, in setup order.
  for (const c of setup.combatants) {
    let roll: DiceRoll;
    try {
      roll = rollDice(roller, 2, 6, c.initiative);
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
  events.push({ type: "roundStarted", round: 0 });
  if (nextUp(state) === null) return newRound(state, [...events, { type: "roundEnded", round: 0 }]);
  return applied(state, events);
}

function rollerFailed(e: unknown): Refusal {
  return refuse("RollerFailed", `initiative could not be rolled: ${e instanceof Error ? e.message : String(e)}`, "STR-02");
}

function readOptions(raw: unknown): RolledOptions | null {
  if (raw === undefined) return ROLLED_DEFAULTS;
  if (!isRecord(raw)) return null;
  const o = { ...ROLLED_DEFAULTS, ...raw } as Record<string, unknown>;
  if (!["listed", "modifier", "pcFirst", "rollOff"].includes(o.ties as string)) return null;
  if (!["everyone", "pcsOnly"].includes(o.roundZero as string)) return null;
  if (!["perCharacter", "perRound"].includes(o.delayLimit as string)) return null;
  if (!["oneSideLeft", "anySideDown"].includes(o.endWhen as string)) return null;
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

function isSquare(x: unknown): x is Square {
  return isRecord(x) && isWholeNumber(x.x) && isWholeNumber(x.y);
}

function isAreas(x: unknown): x is Record<SideId, Square[]> {
  return isRecord(x) && Object.values(x).every((a) => Array.isArray(a) && a.every(isSquare));
}

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

// ---------------------------------------------------------------- apply

function apply(state: RolledState, command: RolledCommand, _roller: Roller): Out {
  if (!OWN_STATES.sound(state, isRolledState)) return refuse("MalformedState", "the turn-order state is missing or damaged");
  return OWN_STATES.keep(applySound(state, command));
}

/** apply() once the state's shape is known good. */
function applySound(state: RolledState, command: RolledCommand): Out {
  if (typeof command !== "object" || command === null || Array.isArray(command) || typeof command.type !== "string")
    return refuse("MalformedCommand", "a command is an object with a type");
  if (state.ended) return refuse("CombatOver", "the combat has ended", "STR-04");
  const cmd = command as Record<string, unknown> & { type: string };
  switch (cmd.type) {
    case "declareEnd":
      return declareEnd(state, cmd.outcome, cmd.victors);
    case "endCombat":
      return finish(state, "endCombat", [], []);
  }
  const who = cmd.combatant;
  if (typeof who !== "string") return refuse("MalformedCommand", `${cmd.type} needs a combatant id`);
  const c = findById(state.combatants, who);
  if (!c) return refuse("UnknownCombatant", `no combatant ${who} in this combat`, undefined, { id: who });
  if (c.out) return refuse("CombatantOut", `${c.name} is out of the combat`, "STR-04", { name: c.name });
  switch (cmd.type) {
    case "act":
      return act(state, c);
    case "endTurn":
      return endTurn(state, c);
    case "delay":
      return delay(state, c, cmd.after);
    case "position":
      return position(state, c, cmd.square, cmd.stance);
    case "spend":
      return spend(state, c, cmd);
    case "setLoads":
      return setLoads(state, c, cmd);
    case "setAble":
      return setAble(state, c, cmd.able);
    case "remove":
      return remove(state, c);
    default:
      return refuse("UnknownCommand", `the rolled turn order has no command ${cmd.type}`, undefined, { type: cmd.type });
  }
}

/**
 * The state with the fields a turn changes replaced: one literal with every field in the state's own order,
 * so every state has the same shape (spreads with overrides left V8 with many shapes, and slow copies).
 */
function make(
  s: RolledState,
  acting: CombatantId | null,
  turn: StrainTurn | null,
  combatants: Combatants,
  turnAt = s.turnAt,
  round = s.round,
  delaysThisRound = s.delaysThisRound,
): RolledState {
  return {
    engine: s.engine,
    options: s.options,
    startingAreas: s.startingAreas,
    round,
    acting,
    turn,
    turnAt,
    delaysThisRound,
    combatants,
    ended: s.ended,
    outcome: s.outcome,
  };
}

/** The combatant with its flags set: one literal in the field order start gives, for the same reason as make. */
function marked(c: RolledCombatant, delayed: boolean, able: boolean, out: boolean): RolledCombatant {
  return {
    id: c.id,
    listed: c.listed,
    name: c.name,
    side: c.side,
    initiativeModifier: c.initiativeModifier,
    initiative: c.initiative,
    speed: c.speed,
    able,
    out,
    delayed,
    stressLoad: c.stressLoad,
    stressTolerance: c.stressTolerance,
    fatigueLoad: c.fatigueLoad,
    fatigueTolerance: c.fatigueTolerance,
    square: c.square,
    stance: c.stance,
  };
}

/** Takes no turn this round: out of the combat, or an NPC in Round Zero when only PCs take one (STR-09 ruling). */
function sitsOut(s: RolledState, c: RolledCombatant): boolean {
  return c.out || (s.round === 0 && s.options.roundZero === "pcsOnly" && c.side !== "pc");
}

/** STR-03: the combatant at place `i` has had its turn this round (sitting Round Zero out counts as having had it). */
function hasActed(s: RolledState, i: number): boolean {
  const c = s.combatants[i] as RolledCombatant;
  return i < s.turnAt || (!c.out && sitsOut(s, c));
}

/** The place of the next character to take a turn this round, or -1 (incapacitated ones included, STR-62). */
function nextPlace(s: RolledState): number {
  const cs = s.combatants;
  for (let i = s.turnAt; i < cs.length; i++) if (!sitsOut(s, cs[i] as RolledCombatant)) return i;
  return -1;
}

/** STR-03: the next character in initiative order yet to take its turn this round, while nobody is taking one. */
function nextUp(state: RolledState): RolledCombatant | null {
  if (state.acting !== null) return null;
  const i = nextPlace(state);
  return i < 0 ? null : (state.combatants[i] as RolledCombatant);
}

/** Who is up: the one taking a turn, else the next to take one (null when the round has nobody left). */
export function upNow(state: RolledState): RolledCombatant | null {
  return state.acting === null ? nextUp(state) : (findById(state.combatants, state.acting) ?? null);
}

function notYourTurn(state: RolledState, c: RolledCombatant, clause = "STR-03"): Refusal {
  const now = state.acting ?? nextUp(state)?.id ?? null;
  return refuse(
    "NotYourTurn",
    `it is not ${c.name}'s turn${now ? ` (${findById(state.combatants, now)?.name ?? now} is up)` : ""}`,
    clause,
    { name: c.name },
  );
}

function act(state: RolledState, c: RolledCombatant): Out {
  if (state.acting === c.id) return refuse("AlreadyActing", `${c.name} is already taking a turn`, "STR-03", { name: c.name });
  if (hasActed(state, state.combatants.indexOf(c)))
    return refuse("AlreadyActed", `${c.name} has already taken a turn this round`, "STR-03", { name: c.name });
  if (nextUp(state) !== c) return notYourTurn(state, c);
  const events: TurnEvent[] = [{ type: "turnStarted", round: state.round, combatant: c.id }];
  // STR-10a: flag the Panic Roll; the roll itself belongs to the attack module.
  if (state.round > 0 && panicRollDue(c.stressLoad, c.stressTolerance)) {
    events.push({
      type: "panicRollDue",
      round: state.round,
      combatant: c.id,
      stressLoad: c.stressLoad,
      stressTolerance: c.stressTolerance,
    });
  }
  return applied(make(state, c.id, FRESH_TURN, state.combatants), events);
}

function endTurn(state: RolledState, c: RolledCombatant): Out {
  if (state.acting !== c.id) return notYourTurn(state, c);
  // Ending a turn changes nobody's standing, so STR-04 cannot newly hold: every command that does change it checked.
  return closeTurn(state, c, [], false);
}

/** The turn of `c` (in `state`'s list) ends: the round goes on from the place after it. */
function closeTurn(state: RolledState, c: RolledCombatant, before: TurnEvent[], standingChanged: boolean): Out {
  const s = make(state, null, null, state.combatants, state.combatants.indexOf(c) + 1);
  before.push({ type: "turnEnded", round: state.round, combatant: c.id });
  return afterChange(s, before, standingChanged);
}

/** Still in the fight for STR-04: not out and not incapacitated. A module function: a closure made per command costs time. */
const standing = (c: RolledCombatant): boolean => !c.out && c.able;

/** The combatants as the setup listed them: sides and victors are named in that order. */
function inSetupOrder(s: RolledState): RolledCombatant[] {
  return [...s.combatants].sort((a, b) => a.listed - b.listed);
}

/** The initiative order, as ids (STR-03). */
export function initiativeOrder(s: RolledState): CombatantId[] {
  return s.combatants.map((c) => c.id);
}

/** STR-04 first, then STR-03: the round ends once every character in it has taken its turn. */
function afterChange(s: RolledState, events: TurnEvent[], standingChanged = true): Out {
  // The quick test first; the victors themselves (in the setup's order) only once the fight is over.
  const victors = standingChanged && isOver(s) ? victorsAmong(inSetupOrder(s), standing, s.options.endWhen) : null;
  if (victors !== null) return finish(s, "sideDown", victors, events);
  if (s.acting !== null || !roundDone(s)) return applied(s, events);
  events.push({ type: "roundEnded", round: s.round });
  return newRound(s, events);
}

/**
 * STR-04: is the fight over? The usual two sides are counted here in locals, stopping as soon as both have someone
 * standing under "oneSideLeft"; a third side hands over to the general count (overAmong). Kept in this file so the
 * check's type feedback is the rolled engine's own, not shared with the other engines in one process.
 */
function isOver(s: RolledState): boolean {
  const cs = s.combatants;
  const endWhen = s.options.endWhen;
  let first: SideId | null = null;
  let second: SideId | null = null;
  let firstUp = false;
  let secondUp = false;
  for (let i = 0; i < cs.length; i++) {
    const c = cs[i] as RolledCombatant;
    const side = c.side;
    if (first === null || side === first) {
      first = side;
      if (!firstUp && !c.out && c.able) firstUp = true;
    } else if (second === null || side === second) {
      second = side;
      if (!secondUp && !c.out && c.able) secondUp = true;
    } else return overAmong(cs, standing, endWhen);
    // Two sides standing: with "oneSideLeft" no further side can end the fight.
    if (firstUp && secondUp && endWhen === "oneSideLeft") return false;
  }
  const sides = (first === null ? 0 : 1) + (second === null ? 0 : 1);
  const up = (firstUp ? 1 : 0) + (secondUp ? 1 : 0);
  return endWhen === "anySideDown" ? sides > up : up <= 1;
}

/** STR-03: someone has taken a turn this round and nobody is left to take one. */
function roundDone(s: RolledState): boolean {
  return s.turnAt > 0 && nextPlace(s) < 0;
}

/** A new round starts at the top of the order; only this round's delays are forgotten (the places they took stay, STR-06). */
function newRound(s: RolledState, events: TurnEvent[]): Out {
  const round = s.round + 1;
  const combatants = s.delaysThisRound === 0 ? s.combatants : s.combatants.map((c) => (c.delayed ? marked(c, false, c.able, c.out) : c));
  events.push({ type: "roundStarted", round });
  return applied(make(s, s.acting, s.turn, combatants, 0, round, 0), events);
}

function delay(state: RolledState, c: RolledCombatant, after: unknown): Out {
  if (after !== null && typeof after !== "string") return refuse("MalformedCommand", "delay needs after: a combatant id or null");
  if (state.acting === c.id)
    return refuse("TurnAlreadyStarted", `${c.name} has already started the turn and can no longer delay it`, "STR-06", { name: c.name });
  if (hasActed(state, state.combatants.indexOf(c)))
    return refuse("AlreadyActed", `${c.name} has already taken a turn this round`, "STR-03", { name: c.name });
  if (c.delayed) return refuse("AlreadyDelayed", `${c.name} has already delayed this round`, "STR-07", { name: c.name });
  if (state.options.delayLimit === "perRound" && state.delaysThisRound > 0) {
    return refuse("RoundDelayUsed", "someone has already delayed this round", "STR-07");
  }
  if (nextUp(state) !== c) return notYourTurn(state, c);
  const cs = state.combatants;
  const mine = cs.indexOf(c);
  let to = cs.length - 1;
  if (after === null) {
    if (!laterThan(state, mine).length)
      return refuse("NothingLater", `${c.name} is already last to act this round`, "STR-06", { name: c.name });
  } else {
    const t = findById(cs, after);
    if (!t) return refuse("UnknownCombatant", `no combatant ${after} in this combat`, undefined, { id: after });
    to = cs.indexOf(t);
    if (t.out || hasActed(state, to) || to <= mine) {
      return refuse("DelayNotLater", `${c.name} can only delay to a later point in the initiative order`, "STR-06", {
        name: c.name,
        after: t.name,
      });
    }
  }
  // STR-06: the new place, just after `after` (or last), holds for the rest of the combat.
  // Everyone between moves up one place, so the round's place (turnAt, at or before c's) still marks who has acted.
  const combatants = [...cs.slice(0, mine), ...cs.slice(mine + 1, to + 1), marked(c, true, c.able, c.out), ...cs.slice(to + 1)];
  return applied({ ...state, delaysThisRound: state.delaysThisRound + 1, combatants }, [
    { type: "delayed", round: state.round, combatant: c.id, after },
  ]);
}

/** The ids after place `index` in the initiative order still to take a turn this round. */
function laterThan(state: RolledState, index: number): CombatantId[] {
  return state.combatants
    .slice(index + 1)
    .filter((o) => !sitsOut(state, o))
    .map((o) => o.id);
}

function position(state: RolledState, c: RolledCombatant, square: unknown, stance: unknown): Out {
  if (!isSquare(square)) return refuse("MalformedCommand", "position needs a square {x, y} of whole numbers");
  if (stance !== undefined && !isNonEmptyString(stance)) return refuse("MalformedCommand", "a Stance needs a name");
  if (state.round !== 0) return refuse("NotRoundZero", "starting squares are picked in Round Zero", "STR-09");
  if (state.acting !== c.id) return notYourTurn(state, c, "STR-09");
  if (!c.able) return refuse("Incapacitated", `${c.name} is incapacitated`, "STR-61", { name: c.name });
  const area = own(state.startingAreas, c.side);
  if (area && !area.some((q) => q.x === square.x && q.y === square.y)) {
    return refuse("OutsideStartingArea", `(${square.x}, ${square.y}) is outside the Starting Area`, "STR-09", { x: square.x, y: square.y });
  }
  const next = { ...c, square: { x: square.x, y: square.y }, stance: stance ?? c.stance };
  return applied({ ...state, combatants: replaceById(state.combatants, next) }, [
    { type: "positioned", combatant: c.id, square: next.square, stance: next.stance },
  ]);
}

function spend(state: RolledState, c: RolledCombatant, cmd: Record<string, unknown>): Out {
  const action = cmd.action;
  if (action !== "move" && action !== "action" && action !== "stance")
    return refuse("UnknownAction", `no such step: ${String(action)}`, "STR-10");
  if (state.round === 0) return refuse("RoundZeroNoActions", "in Round Zero characters take no actions", "STR-09");
  // STR-39: outside its own turn a character only defends, which is not a spend.
  if (state.acting !== c.id || state.turn === null) return notYourTurn(state, c, "STR-39");
  if (!c.able)
    return refuse("Incapacitated", `${c.name} is incapacitated and cannot move, act or take Stances`, "STR-61", { name: c.name });
  let turn: StrainTurn | Refusal;
  let next = c;
  let detail: string;
  if (action === "move") {
    if (!isWholeNumber(cmd.squares)) return refuse("MalformedCommand", "a move needs a whole number of squares");
    turn = spendMove(state.turn, cmd.squares, c.speed);
    detail = String(cmd.squares);
  } else if (action === "action") {
    if (cmd.name !== undefined && typeof cmd.name !== "string") return refuse("MalformedCommand", "an Action's name is text");
    if (cmd.moveAfter !== undefined && typeof cmd.moveAfter !== "boolean") return refuse("MalformedCommand", "moveAfter is true or false");
    turn = spendAction(state.turn, cmd.moveAfter === true);
    detail = typeof cmd.name === "string" ? cmd.name : "Action";
  } else {
    if (!isNonEmptyString(cmd.stance)) return refuse("MalformedCommand", "a Stance needs a name");
    turn = spendStance(state.turn);
    next = { ...c, stance: cmd.stance };
    detail = cmd.stance;
  }
  if ("ok" in turn) return turn;
  // Only a Stance changes the combatant; a move or an Action leaves the record as it is (shared, not copied).
  const combatants = next === c ? state.combatants : replaceById(state.combatants, next);
  return applied(make(state, state.acting, turn, combatants), [{ type: "actionSpent", combatant: c.id, action, detail }]);
}

function setLoads(state: RolledState, c: RolledCombatant, cmd: Record<string, unknown>): Out {
  let next = c;
  let any = false;
  for (const k of LOAD_KEYS) {
    const v = cmd[k];
    if (v === undefined) continue;
    if (!isWholeNumber(v) || v < 0) return refuse("BadLoad", `${k} must be a whole number >= 0`, "STR-55", { key: k });
    next = { ...next, [k]: v };
    any = true;
  }
  if (!any) return refuse("MalformedCommand", "setLoads needs at least one of stressLoad, stressTolerance, fatigueLoad, fatigueTolerance");
  return applied({ ...state, combatants: replaceById(state.combatants, next) }, [
    {
      type: "loadsChanged",
      combatant: c.id,
      stressLoad: next.stressLoad,
      stressTolerance: next.stressTolerance,
      fatigueLoad: next.fatigueLoad,
      fatigueTolerance: next.fatigueTolerance,
    },
  ]);
}

function setAble(state: RolledState, c: RolledCombatant, able: unknown): Out {
  if (typeof able !== "boolean") return refuse("MalformedCommand", "setAble needs able: true or false");
  if (c.able === able)
    return refuse(able ? "AlreadyAble" : "AlreadyUnable", `${c.name} is ${able ? "not" : "already"} incapacitated`, "STR-61", {
      name: c.name,
    });
  const s = { ...state, combatants: replaceById(state.combatants, marked(c, c.delayed, able, c.out)) };
  // STR-61/62: an incapacitated character keeps its turns (they only tick down); STR-04 may end the combat.
  return afterChange(s, [{ type: "ableChanged", combatant: c.id, able }]);
}

function remove(state: RolledState, c: RolledCombatant): Out {
  const next = marked(c, c.delayed, c.able, true);
  const s = { ...state, combatants: replaceById(state.combatants, next) };
  const events: TurnEvent[] = [{ type: "removed", combatant: c.id }];
  if (state.acting === c.id) return closeTurn(s, next, events, true);
  return afterChange(s, events);
}

function declareEnd(state: RolledState, outcome: unknown, victors: unknown): Out {
  if (!isNonEmptyString(outcome) || !isStringArray(victors))
    return refuse("MalformedCommand", "declareEnd needs an outcome and a list of victor sides");
  const sides = sidesOf(inSetupOrder(state));
  const bad = victors.find((v) => !sides.includes(v));
  if (bad !== undefined) return refuse("UnknownSide", `no side ${bad} in this combat`, undefined, { side: bad });
  return finish(state, outcome, [...new Set(victors)], []);
}

/** STR-05 with the STR-66 ruling: loads reset, tolerances recorded, incapacitated PCs recover unless at Fatigue Tolerance 0. */
function finish(state: RolledState, reason: string, victors: readonly SideId[], before: TurnEvent[]): Out {
  const all = initiativeOrder(state);
  const downPcs = state.combatants.filter((c) => c.side === "pc" && !c.out && !c.able).map((c) => c.id);
  const atZero = (id: CombatantId): boolean => (findById(state.combatants, id) as RolledCombatant).fatigueTolerance === 0;
  const staysDown = state.options.recoverAtZeroTolerance ? [] : downPcs.filter(atZero);
  const steps: EndOfCombatStep[] = [
    { type: "recover", combatants: downPcs.filter((id) => !staysDown.includes(id)) },
    { type: "resetLoads", combatants: [...all] },
    { type: "recordTolerances", combatants: [...all] },
  ];
  if (staysDown.length > 0) steps.push({ type: "staysIncapacitated", combatants: staysDown });
  const events: TurnEvent[] = [...before];
  if (state.acting !== null) events.push({ type: "turnEnded", round: state.round, combatant: state.acting });
  events.push({ type: "combatEnded", reason, victors, steps });
  return applied({ ...state, acting: null, turn: null, ended: true, outcome: { reason, victors } }, events);
}

// ---------------------------------------------------------------- legal and view

function legal(state: RolledState): RolledCommand[] {
  if (!OWN_STATES.sound(state, isRolledState) || state.ended) return [];
  const out: RolledCommand[] = [];
  const up = nextUp(state);
  if (up) {
    out.push({ type: "act", combatant: up.id });
    if (!up.delayed && !(state.options.delayLimit === "perRound" && state.delaysThisRound > 0)) {
      const later = laterThan(state, state.combatants.indexOf(up));
      for (const id of later) out.push({ type: "delay", combatant: up.id, after: id });
      if (later.length > 0) out.push({ type: "delay", combatant: up.id, after: null });
    }
  }
  const c = state.acting === null ? undefined : findById(state.combatants, state.acting);
  if (c && state.turn) {
    out.push({ type: "endTurn", combatant: c.id });
    if (c.able && state.round === 0) {
      const area = own(state.startingAreas, c.side);
      const square = area?.[0] ?? c.square ?? { x: 0, y: 0 };
      out.push({ type: "position", combatant: c.id, square, stance: c.stance ?? "Stance" });
    }
    if (c.able && state.round > 0) {
      if (!("ok" in spendMove(state.turn, 1, c.speed))) out.push({ type: "spend", combatant: c.id, action: "move", squares: 1 });
      if (!("ok" in spendAction(state.turn, false))) {
        out.push({ type: "spend", combatant: c.id, action: "action" });
        out.push({ type: "spend", combatant: c.id, action: "action", moveAfter: true });
      }
      if (!("ok" in spendStance(state.turn))) out.push({ type: "spend", combatant: c.id, action: "stance", stance: c.stance ?? "Stance" });
    }
  }
  for (const o of state.combatants) {
    if (o.out) continue;
    out.push({ type: "setLoads", combatant: o.id, stressLoad: o.stressLoad + 1 });
    out.push({ type: "setAble", combatant: o.id, able: !o.able });
    out.push({ type: "remove", combatant: o.id });
  }
  for (const side of sidesOf(inSetupOrder(state))) out.push({ type: "declareEnd", outcome: "victory", victors: [side] });
  out.push({ type: "endCombat" });
  return out;
}

function view(state: RolledState): TurnOrderView {
  if (!OWN_STATES.sound(state, isRolledState)) {
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
  const rank = (id: CombatantId): number => (status[id] === "acting" ? 0 : status[id] === "out" ? 3 : status[id] === "acted" ? 2 : 1);
  const order = initiativeOrder(state).sort((a, b) => rank(a) - rank(b));
  const sides: Record<SideId, { remaining: number; passed: boolean }> = {};
  for (const side of sidesOf(inSetupOrder(state))) {
    const remaining = state.combatants.filter((c, i) => c.side === side && !c.out && !hasActed(state, i)).length;
    sides[side] = { remaining, passed: false };
  }
  const who = state.acting ?? nextUp(state)?.id ?? null;
  const name = who === null ? "" : (findById(state.combatants, who)?.name ?? who);
  const banner: TurnOrderView["banner"] = state.ended
    ? { key: "FRAY.Banner.CombatEnded", data: { reason: state.outcome?.reason ?? "" } }
    : state.round === 0
      ? { key: "FRAY.Banner.RoundZero", data: { name } }
      : state.acting !== null
        ? { key: "FRAY.Banner.Turn", data: { name } }
        : who !== null
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
  };
}
