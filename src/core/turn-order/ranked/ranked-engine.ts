import { findById, replaceById } from "./by-id.js";
import {
  FULL_TURN,
  NO_ACTIONS,
  NO_BOOSTS,
  PAYMENT_NAMES,
  USES,
  boostOf,
  freeHitSlots,
  isActions,
  isPayment,
  isUse,
  minus,
  pay,
  plus,
  PAYMENTS,
} from "../../economy/escalation.js";
import { applied, refuse, type Outcome, type Refusal } from "../../shared/outcome.js";
import type { Roller } from "../../shared/roller.js";
import { OWN_STATES } from "./own-states.js";
import type { CombatantId, CombatantStatus, EndOfCombatStep, SideId, TurnEvent, TurnOrderEngine, TurnOrderView } from "../types.js";
import { isNonEmptyString, isRecord, isStringArray, isWholeNumber } from "../../shared/guards.js";
import { placeAfter, rankDescending } from "./initiative-order.js";
import {
  RANKED_DEFAULTS,
  type RankedCombatant,
  type RankedCommand,
  type RankedOptions,
  type RankedSetup,
  type RankedState,
} from "./ranked-types.js";
import { sidesOf, victorsAmong } from "./sides.js";

type Out = Outcome<RankedState, TurnEvent>;
type Combatants = readonly RankedCombatant[];

/** Escalation turn order: Agility ranking, 1 AA / 1 MA / 2 BA turns, free hit slots, team wipe-out ends it. */
export const rankedEngine: TurnOrderEngine<RankedSetup, RankedState, RankedCommand> = {
  id: "ranked",
  start: (setup, roller) => OWN_STATES.keep(start(setup, roller), isRankedState),
  isState: (s): s is RankedState => OWN_STATES.sound(s, isRankedState),
  apply,
  legal,
  view,
};

function start(setup: RankedSetup, roller: Roller): Out {
  if (!isRecord(setup) || !Array.isArray(setup.combatants)) return refuse("MalformedSetup", "setup needs a combatants list");
  const options = readOptions(setup.options);
  if (!options) return refuse("MalformedSetup", "unknown or wrongly typed options");
  const combatants: RankedCombatant[] = [];
  for (const c of setup.combatants as unknown[]) {
    if (!isRecord(c) || !isNonEmptyString(c.id) || !isNonEmptyString(c.side) || !isWholeNumber(c.agility)) {
      return refuse("MalformedSetup", "each combatant needs an id, a side and a whole-number Agility modifier");
    }
    if (findById(combatants, c.id)) return refuse("DuplicateCombatant", `combatant ${c.id} is listed twice`, undefined, { id: c.id });
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
  if (sidesOf(combatants).length < 2) return refuse("NeedTwoSides", "a battle needs units on at least two sides", "ESC-63");
  const entries = setup.combatants.map((c, listed) => ({ id: c.id, score: c.agility, modifier: c.agility, side: c.side, listed }));
  // ESC-02: initiators go last; among several, the same ranking applies (ruling).
  const initiators = new Set(setup.combatants.filter((c) => c.initiator === true).map((c) => c.id));
  let rankOrder: CombatantId[];
  try {
    rankOrder = [
      ...rankDescending(
        entries.filter((e) => !initiators.has(e.id)),
        options.ties,
        roller,
      ),
      ...rankDescending(
        entries.filter((e) => initiators.has(e.id)),
        options.ties,
        roller,
      ),
    ];
  } catch (e) {
    // A scripted roller that runs out (or any failing roller) is refused, not thrown through.
    return refuse("RollerFailed", `the tie roll-off could not be rolled: ${e instanceof Error ? e.message : String(e)}`, "ESC-01");
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

function readOptions(raw: unknown): RankedOptions | null {
  if (raw === undefined) return RANKED_DEFAULTS;
  if (!isRecord(raw)) return null;
  const o = { ...RANKED_DEFAULTS, ...raw } as Record<string, unknown>;
  if (!["listed", "pcFirst", "rollOff"].includes(o.ties as string)) return null;
  if (typeof o.delayKeepsPlace !== "boolean") return null;
  if (!["oneSideLeft", "anySideDown"].includes(o.endWhen as string)) return null;
  return { ties: o.ties as RankedOptions["ties"], delayKeepsPlace: o.delayKeepsPlace, endWhen: o.endWhen as RankedOptions["endWhen"] };
}

// ---------------------------------------------------------------- shape checks

// Checked on every command, so written as plain inline tests.
const nat = (v: unknown): boolean => Number.isInteger(v) && (v as number) >= 0;
const actionsOk = (v: unknown): boolean => {
  if (typeof v !== "object" || v === null) return false;
  const a = v as Record<string, unknown>;
  return nat(a.aa) && nat(a.ma) && nat(a.ba);
};

function isCombatant(x: unknown): x is RankedCombatant {
  if (typeof x !== "object" || x === null) return false;
  const c = x as Record<string, unknown>;
  const b = c.boosts as Record<string, unknown> | null;
  return (
    typeof c.id === "string" &&
    c.id !== "" &&
    typeof c.name === "string" &&
    c.name !== "" &&
    typeof c.side === "string" &&
    c.side !== "" &&
    Number.isInteger(c.agility) &&
    typeof c.able === "boolean" &&
    typeof c.out === "boolean" &&
    typeof c.acted === "boolean" &&
    typeof c.delayed === "boolean" &&
    typeof c.disengaged === "boolean" &&
    typeof c.prone === "boolean" &&
    actionsOk(c.left) &&
    actionsOk(c.owed) &&
    nat(c.freeHitsLeft) &&
    typeof b === "object" &&
    b !== null &&
    nat(b.damage) &&
    nat(b.hit) &&
    nat(b.dodge) &&
    nat(b.move)
  );
}

function isRankedState(s: unknown): s is RankedState {
  if (!isRecord(s) || s.engine !== "ranked" || !isWholeNumber(s.round) || s.round < 1 || typeof s.ended !== "boolean") return false;
  if (readOptions(s.options) === null || !Array.isArray(s.combatants)) return false;
  if (!isStringArray(s.rankOrder) || !isStringArray(s.order)) return false;
  const cs = s.combatants as unknown[];
  if (!cs.every(isCombatant)) return false;
  const ids = new Set(cs.map((c) => c.id));
  if (ids.size !== cs.length || s.order.length !== ids.size || s.rankOrder.length !== ids.size) return false;
  // Both orders list every combatant once: nextUp and the sims rely on it.
  if (!s.order.every((id) => ids.has(id)) || !s.rankOrder.every((id) => ids.has(id))) return false;
  if (new Set(s.order).size !== ids.size || new Set(s.rankOrder).size !== ids.size) return false;
  if (s.acting !== null && (typeof s.acting !== "string" || !ids.has(s.acting))) return false;
  const o = s.outcome;
  if (o !== null && !(isRecord(o) && typeof o.reason === "string" && isStringArray(o.victors))) return false;
  return true;
}

function isCommand(c: unknown): c is { type: string; combatant?: unknown } & Record<string, unknown> {
  return isRecord(c) && typeof c.type === "string";
}

// ---------------------------------------------------------------- apply

function apply(state: RankedState, command: RankedCommand, _roller: Roller): Out {
  if (!OWN_STATES.sound(state, isRankedState)) return refuse("MalformedState", "the turn-order state is missing or damaged");
  return OWN_STATES.keep(applySound(state, command));
}

/** apply() once the state's shape is known good. */
function applySound(state: RankedState, command: RankedCommand): Out {
  if (!isCommand(command)) return refuse("MalformedCommand", "a command is an object with a type");
  if (state.ended) return refuse("CombatOver", "the battle has ended", "ESC-63");
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
  if (!c) return refuse("UnknownCombatant", `no combatant ${who} in this battle`, undefined, { id: who });
  if (c.out) return refuse("CombatantOut", `${c.name} is out of the battle`, "ESC-63", { name: c.name });
  switch (cmd.type) {
    case "act":
      return act(state, c);
    case "endTurn":
      return endTurn(state, c);
    case "delay":
      return delay(state, c, cmd.after);
    case "spend":
      return spend(state, c, cmd.action, cmd.pay);
    case "freeHit":
      return freeHit(state, c);
    case "setProne":
      return setProne(state, c, cmd.prone);
    case "setAble":
      return setAble(state, c, cmd.able);
    case "remove":
      return remove(state, c, cmd.reason);
    default:
      return refuse("UnknownCommand", `the ranked turn order has no command ${cmd.type}`, undefined, { type: cmd.type });
  }
}

type Writable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * Copies made by one literal each, in start's field order, then edited: every state and combatant has the
 * same shape for V8 (spreads with overrides left it with many shapes, and slow copies, on the hot path).
 */
function make(s: RankedState, acting: CombatantId | null, combatants: Combatants): Writable<RankedState> {
  return {
    engine: s.engine,
    options: s.options,
    round: s.round,
    rankOrder: s.rankOrder,
    order: s.order,
    acting,
    combatants,
    ended: s.ended,
    outcome: s.outcome,
  };
}

function copyOf(c: RankedCombatant): Writable<RankedCombatant> {
  return {
    id: c.id,
    name: c.name,
    side: c.side,
    agility: c.agility,
    able: c.able,
    out: c.out,
    acted: c.acted,
    delayed: c.delayed,
    left: c.left,
    owed: c.owed,
    freeHitsLeft: c.freeHitsLeft,
    disengaged: c.disengaged,
    prone: c.prone,
    boosts: c.boosts,
  };
}

function withField<K extends keyof RankedCombatant>(c: RankedCombatant, key: K, value: RankedCombatant[K]): RankedCombatant {
  const n = copyOf(c);
  n[key] = value;
  return n;
}

/** ESC-01/03/04: the next unit in this round's order that still has to act and can. */
function nextUp(state: RankedState): RankedCombatant | null {
  if (state.acting !== null) return null;
  // The order lists every combatant (the shape check makes sure of it).
  for (const id of state.order) {
    const c = findById(state.combatants, id) as RankedCombatant;
    if (!c.out && c.able && !c.acted) return c;
  }
  return null;
}

function notYourTurn(state: RankedState, c: RankedCombatant): Refusal {
  const up = nextUp(state);
  const now = state.acting ?? up?.id ?? null;
  return refuse(
    "NotYourTurn",
    `it is not ${c.name}'s turn${now ? ` (${findById(state.combatants, now)?.name ?? now} is up)` : ""}`,
    "ESC-01",
    {
      name: c.name,
    },
  );
}

function act(state: RankedState, c: RankedCombatant): Out {
  if (state.acting === c.id) return refuse("AlreadyActing", `${c.name} is already taking a turn`, "ESC-04", { name: c.name });
  if (c.acted) return refuse("AlreadyActed", `${c.name} has already taken a turn this round`, "ESC-04", { name: c.name });
  if (!c.able) return refuse("CannotAct", `${c.name} cannot act`, undefined, { name: c.name });
  if (nextUp(state)?.id !== c.id) return notYourTurn(state, c);
  // ESC-05 with ESC-48: the turn's actions, less any taken by standing up off-turn.
  const next = copyOf(c);
  next.left = minus(FULL_TURN, c.owed);
  next.owed = NO_ACTIONS;
  return applied(make(state, c.id, replaceById(state.combatants, next)), [{ type: "turnStarted", round: state.round, combatant: c.id }]);
}

function endTurn(state: RankedState, c: RankedCombatant): Out {
  if (state.acting !== c.id) return notYourTurn(state, c);
  return closeTurn(state, c, []);
}

/** The acting unit's turn ends (by choice, or because it can no longer act or is out). */
function closeTurn(state: RankedState, c: RankedCombatant, before: TurnEvent[]): Out {
  const done = copyOf(c);
  done.acted = true;
  done.left = NO_ACTIONS;
  const s = make(state, null, replaceById(state.combatants, done));
  return afterChange(s, [...before, { type: "turnEnded", round: state.round, combatant: c.id }]);
}

/** ESC-63: still in the battle. Module functions: a closure made per command costs time. */
const isIn = (c: RankedCombatant): boolean => !c.out;
const hasActed = (c: RankedCombatant): boolean => c.acted;

/** ESC-63 first, then ESC-04: end the round once nobody is left to act. */
function afterChange(s: RankedState, events: TurnEvent[]): Out {
  const victors = victorsAmong(s.combatants, isIn, s.options.endWhen);
  if (victors !== null) return finish(s, "sideDefeated", victors, events);
  const someoneActed = s.combatants.some(hasActed);
  if (s.acting !== null || nextUp(s) !== null || !someoneActed) return applied(s, events);
  return newRound(s, [...events, { type: "roundEnded", round: s.round }]);
}

function newRound(s: RankedState, events: TurnEvent[]): Out {
  const round = s.round + 1;
  // ESC-03 ruling: the delayed place reverts unless delayKeepsPlace.
  const rankOrder = s.options.delayKeepsPlace ? s.order : s.rankOrder;
  const combatants = s.combatants.map((c) => {
    // ESC-42 slots, ESC-43 disengage and ESC-09 boosts all last the round.
    const n = copyOf(c);
    n.acted = false;
    n.delayed = false;
    n.freeHitsLeft = freeHitSlots(c.agility);
    n.disengaged = false;
    n.boosts = NO_BOOSTS;
    return n;
  });
  const next = make(s, s.acting, combatants);
  next.round = round;
  next.rankOrder = rankOrder;
  next.order = rankOrder;
  return applied(next, [...events, { type: "roundStarted", round }]);
}

function delay(state: RankedState, c: RankedCombatant, after: unknown): Out {
  if (after !== null && typeof after !== "string") return refuse("MalformedCommand", "delay needs after: a combatant id or null");
  if (state.acting === c.id)
    return refuse("TurnAlreadyStarted", `${c.name} has already started the turn and can no longer delay it`, "ESC-03", { name: c.name });
  if (c.acted) return refuse("AlreadyActed", `${c.name} has already taken a turn this round`, "ESC-04", { name: c.name });
  if (c.delayed) return refuse("AlreadyDelayed", `${c.name} has already delayed this round`, "ESC-03", { name: c.name });
  if (nextUp(state)?.id !== c.id) return notYourTurn(state, c);
  const mine = state.order.indexOf(c.id);
  if (after === null) {
    const later = state.order.slice(mine + 1).some((id) => {
      const o = findById(state.combatants, id);
      return o !== undefined && !o.out && !o.acted;
    });
    if (!later) return refuse("NothingLater", `${c.name} is already last to act this round`, "ESC-03", { name: c.name });
  } else {
    const t = findById(state.combatants, after);
    if (!t) return refuse("UnknownCombatant", `no combatant ${after} in this battle`, undefined, { id: after });
    if (t.out || t.acted || state.order.indexOf(after) <= mine) {
      return refuse("DelayNotLater", `${c.name} can only delay to a later point in this round's order`, "ESC-03", {
        name: c.name,
        after: t.name,
      });
    }
  }
  const s = make(state, state.acting, replaceById(state.combatants, withField(c, "delayed", true)));
  s.order = placeAfter(state.order, c.id, after);
  return applied(s, [{ type: "delayed", round: state.round, combatant: c.id, after }]);
}

function spend(state: RankedState, c: RankedCombatant, action: unknown, payment: unknown): Out {
  if (!isUse(action)) return refuse("UnknownAction", `no such action: ${String(action)}`, "ESC-05");
  if (!isPayment(payment)) return refuse("UnknownPayment", `no such way to pay: ${String(payment)}`, "ESC-05");
  if (!c.able) return refuse("CannotAct", `${c.name} cannot act`, undefined, { name: c.name });
  if (action === "standUp" && !c.prone) return refuse("NotProne", `${c.name} is not prone`, "ESC-47", { name: c.name });
  if (action === "disengage" && c.disengaged)
    return refuse("AlreadyDisengaged", `${c.name} is already disengaged this round`, "ESC-43", { name: c.name });
  let next: RankedCombatant;
  if (state.acting === c.id) {
    const left = pay(c.left, action, payment);
    if ("ok" in left) return left;
    next = withField(c, "left", left);
  } else if (action === "standUp" && payment !== "granted") {
    // ESC-48: off-turn, the chosen action comes from the next turn, which must still have it.
    const left = pay(minus(FULL_TURN, c.owed), action, payment);
    if ("ok" in left && left.key !== "FRAY.Refusal.NoActionsLeft") return left;
    if ("ok" in left)
      return refuse("NextTurnHasNoAction", `${c.name}'s next turn has no ${payment} left to stand up with`, "ESC-48", {
        name: c.name,
        payment,
      });
    next = withField(c, "owed", plus(c.owed, PAYMENTS[payment].cost));
  } else {
    return notYourTurn(state, c);
  }
  if (action === "standUp") next = withField(next, "prone", false);
  if (action === "disengage") next = withField(next, "disengaged", true);
  const boost = boostOf(action);
  if (boost) next = withField(next, "boosts", { ...next.boosts, [boost]: next.boosts[boost] + 1 });
  return applied(make(state, state.acting, replaceById(state.combatants, next)), [
    { type: "actionSpent", combatant: c.id, action, detail: payment },
  ]);
}

function freeHit(state: RankedState, c: RankedCombatant): Out {
  if (!c.able) return refuse("CannotAct", `${c.name} cannot act`, undefined, { name: c.name });
  if (c.freeHitsLeft <= 0) return refuse("NoFreeHitSlots", `${c.name} has no Free Hit Slots left this round`, "ESC-42", { name: c.name });
  const next = withField(c, "freeHitsLeft", c.freeHitsLeft - 1);
  return applied(make(state, state.acting, replaceById(state.combatants, next)), [
    { type: "freeHit", round: state.round, combatant: c.id, slotsLeft: next.freeHitsLeft },
  ]);
}

function setProne(state: RankedState, c: RankedCombatant, prone: unknown): Out {
  if (typeof prone !== "boolean") return refuse("MalformedCommand", "setProne needs prone: true or false");
  if (c.prone === prone)
    return refuse(prone ? "AlreadyProne" : "NotProne", `${c.name} is ${prone ? "already" : "not"} prone`, "ESC-46", { name: c.name });
  return applied(make(state, state.acting, replaceById(state.combatants, withField(c, "prone", prone))), [
    { type: "proneChanged", combatant: c.id, prone },
  ]);
}

function setAble(state: RankedState, c: RankedCombatant, able: unknown): Out {
  if (typeof able !== "boolean") return refuse("MalformedCommand", "setAble needs able: true or false");
  if (c.able === able)
    return refuse(able ? "AlreadyAble" : "AlreadyUnable", `${c.name} ${able ? "can already" : "already cannot"} act`, undefined, {
      name: c.name,
    });
  const next = withField(c, "able", able);
  const s = make(state, state.acting, replaceById(state.combatants, next));
  const events: TurnEvent[] = [{ type: "ableChanged", combatant: c.id, able }];
  if (!able && state.acting === c.id) return closeTurn(s, next, events);
  return able ? applied(s, events) : afterChange(s, events);
}

function remove(state: RankedState, c: RankedCombatant, reason: unknown): Out {
  if (reason !== undefined && reason !== "defeated" && reason !== "fled" && reason !== "unwilling") {
    return refuse("MalformedCommand", "remove reason is defeated, fled or unwilling", "ESC-63");
  }
  const next = withField(c, "out", true);
  const s = make(state, state.acting, replaceById(state.combatants, next));
  const events: TurnEvent[] = [{ type: "removed", combatant: c.id, reason: reason ?? "defeated" }];
  if (state.acting === c.id) return closeTurn(s, next, events);
  return afterChange(s, events);
}

function declareEnd(state: RankedState, outcome: unknown, victors: unknown): Out {
  if (!isNonEmptyString(outcome) || !isStringArray(victors))
    return refuse("MalformedCommand", "declareEnd needs an outcome and a list of victor sides");
  const sides = sidesOf(state.combatants);
  const bad = victors.find((v) => !sides.includes(v));
  if (bad !== undefined) return refuse("UnknownSide", `no side ${bad} in this battle`, undefined, { side: bad });
  return finish(state, outcome, [...new Set(victors)], []);
}

/** ESC-63/64: the battle is over; victorious units still in it have their MP restored (ruling). */
function finish(state: RankedState, reason: string, victors: readonly SideId[], before: TurnEvent[]): Out {
  const restored = state.order.filter((id) => {
    const c = findById(state.combatants, id);
    return c !== undefined && !c.out && victors.includes(c.side);
  });
  const steps: EndOfCombatStep[] = [{ type: "restoreMp", combatants: restored }];
  const events: TurnEvent[] = [...before];
  if (state.acting !== null) events.push({ type: "turnEnded", round: state.round, combatant: state.acting });
  events.push({ type: "combatEnded", reason, victors, steps });
  const s = make(state, null, state.combatants);
  s.ended = true;
  s.outcome = { reason, victors };
  return applied(s, events);
}

// ---------------------------------------------------------------- legal and view

function legal(state: RankedState): RankedCommand[] {
  if (!OWN_STATES.sound(state, isRankedState) || state.ended) return [];
  const out: RankedCommand[] = [];
  const up = nextUp(state);
  if (up) {
    out.push({ type: "act", combatant: up.id });
    if (!up.delayed) {
      const mine = state.order.indexOf(up.id);
      const later = state.order.slice(mine + 1).filter((id) => {
        const o = findById(state.combatants, id);
        return o !== undefined && !o.out && !o.acted;
      });
      for (const id of later) out.push({ type: "delay", combatant: up.id, after: id });
      if (later.length > 0) out.push({ type: "delay", combatant: up.id, after: null });
    }
  }
  const acting = state.acting === null ? undefined : findById(state.combatants, state.acting);
  if (acting) out.push({ type: "endTurn", combatant: acting.id });
  for (const id of state.order) {
    const c = findById(state.combatants, id);
    if (!c || c.out) continue;
    if (c.able) {
      // Off-turn only standing up can be spent (ESC-48).
      for (const action of id === state.acting ? USES : c.prone ? (["standUp"] as const) : []) {
        if (action === "standUp" && !c.prone) continue;
        if (action === "disengage" && c.disengaged) continue;
        for (const p of PAYMENT_NAMES) {
          const cmd: RankedCommand = { type: "spend", combatant: id, action, pay: p };
          if (spend(state, c, action, p).ok) out.push(cmd);
        }
      }
      if (c.freeHitsLeft > 0) out.push({ type: "freeHit", combatant: id });
    }
    out.push({ type: "setProne", combatant: id, prone: !c.prone });
    out.push({ type: "setAble", combatant: id, able: !c.able });
    out.push({ type: "remove", combatant: id });
  }
  for (const side of sidesOf(state.combatants)) out.push({ type: "declareEnd", outcome: "victory", victors: [side] });
  out.push({ type: "endCombat" });
  return out;
}

function view(state: RankedState): TurnOrderView {
  if (!OWN_STATES.sound(state, isRankedState)) {
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
  for (const id of state.order) {
    const c = findById(state.combatants, id) as RankedCombatant;
    status[id] = c.out ? "out" : state.acting === id ? "acting" : c.acted ? "acted" : !c.able ? "unable" : c.delayed ? "delayed" : "ready";
  }
  const rank = (id: CombatantId): number => (status[id] === "acting" ? 0 : status[id] === "out" ? 3 : status[id] === "acted" ? 2 : 1);
  const order = [...state.order].sort((a, b) => rank(a) - rank(b));
  const sides: Record<SideId, { remaining: number; passed: boolean }> = {};
  for (const side of sidesOf(state.combatants)) {
    const remaining = state.order.filter((id) => {
      const c = findById(state.combatants, id) as RankedCombatant;
      return c.side === side && !c.out && !c.acted;
    }).length;
    sides[side] = { remaining, passed: false };
  }
  const up = nextUp(state);
  const name = (id: CombatantId): string => findById(state.combatants, id)?.name ?? id;
  const banner: TurnOrderView["banner"] = state.ended
    ? { key: "FRAY.Banner.CombatEnded", data: { reason: state.outcome?.reason ?? "" } }
    : state.acting !== null
      ? { key: "FRAY.Banner.Turn", data: { name: name(state.acting) } }
      : up
        ? { key: "FRAY.Banner.Up", data: { name: up.name } }
        : { key: "FRAY.Banner.NobodyCanAct", data: { round: state.round } };
  return {
    round: state.round,
    phase: state.ended ? "ended" : "main",
    acting: state.acting,
    choosing: null,
    order,
    status,
    sides,
    banner,
    ended: state.ended,
  };
}
