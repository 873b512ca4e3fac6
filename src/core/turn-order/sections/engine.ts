import * as economy from "../../economy/sections.js";
import { applied, refuse, type Outcome, type Refusal } from "../../shared/outcome.js";
import type { Roller } from "../../shared/roller.js";
import type { CombatantId, TurnEvent, TurnOrderEngine } from "../types.js";
import { checkState } from "./check-state.js";
import { combatantWith, copyState, stateWith } from "./copies.js";
import { OWN_STATES } from "./own-states.js";
import { legalCommands } from "./legal.js";
import { endFight, mayAct, nextInList, settle, sideUp, startRound } from "./order.js";
import {
  DEFAULT_SECTIONS_OPTIONS,
  type SectionsCombatant,
  type SectionsCommand,
  type SectionsOptions,
  type SectionsSetup,
  type SectionsState,
} from "./types.js";
import { sectionsView } from "./view.js";

type Result = Outcome<SectionsState, TurnEvent>;

const isText = (x: unknown): x is string => typeof x === "string" && x.length > 0;

/** The sections (Triptycho) turn order: see docs/rulings.md for the order options. */
export const sectionsEngine: TurnOrderEngine<SectionsSetup, SectionsState, SectionsCommand> = {
  id: "sections",
  start,
  isState: (s): s is SectionsState => OWN_STATES.has(s) || checkState(s) === null,
  apply,
  legal: legalCommands,
  view: sectionsView,
};

function start(setup: SectionsSetup, _roller?: Roller): Result {
  if (typeof setup !== "object" || setup === null || !Array.isArray(setup.combatants)) {
    return refuse("BadSetup", "a sections fight needs a list of combatants");
  }
  const options = readOptions(setup.options);
  if ("ok" in options) return options;
  const combatants: SectionsCombatant[] = [];
  const seen = new Set<string>();
  const sides: string[] = [];
  for (const c of setup.combatants as readonly unknown[]) {
    const m = (typeof c === "object" && c !== null ? c : {}) as Record<string, unknown>;
    if (!isText(m.id) || !isText(m.side)) return refuse("BadSetup", "every combatant needs an id and a side");
    if (seen.has(m.id)) return refuse("DuplicateCombatant", `combatant ${m.id} is listed twice`, undefined, { id: m.id });
    if (m.name !== undefined && typeof m.name !== "string") return refuse("BadSetup", `combatant ${m.id} has a name that is not text`);
    if (m.able !== undefined && typeof m.able !== "boolean")
      return refuse("BadSetup", `combatant ${m.id} has an able flag that is not true or false`);
    seen.add(m.id);
    if (!sides.includes(m.side)) sides.push(m.side);
    combatants.push({
      id: m.id,
      name: typeof m.name === "string" && m.name ? m.name : m.id,
      side: m.side,
      able: m.able !== false,
      out: false,
      mark: "waiting",
    });
  }
  let order = sides;
  if (setup.sideOrder !== undefined) {
    const so = setup.sideOrder as unknown;
    if (!Array.isArray(so) || so.length !== sides.length || !sides.every((x) => so.includes(x)) || new Set(so).size !== so.length) {
      return refuse("BadSideOrder", "the side order must list every side of the fight exactly once");
    }
    order = [...(so as string[])];
  }
  if (order.length < 2) return refuse("NeedTwoSides", "a fight needs combatants on at least two sides");
  const s0: SectionsState = {
    kind: "sections",
    options,
    round: 0,
    sides: order,
    combatants,
    sideIndex: 0,
    acting: null,
    turn: null,
    result: null,
  };
  const ev: TurnEvent[] = [{ type: "combatStarted" }];
  // Round 0 is never seen: starting "the next round" gives round 1 with its side announced.
  const s1 = settle(startRound(s0, ev), ev);
  // Checked once before it is trusted: the trusted path only ever begins from a checked state.
  if (checkState(s1) === null) OWN_STATES.mark(s1);
  return applied(s1, ev);
}

function readOptions(x: unknown): SectionsOptions | Refusal {
  if (x === undefined) return DEFAULT_SECTIONS_OPTIONS;
  if (typeof x !== "object" || x === null) return refuse("BadOptions", "options must be an object");
  const o = x as Record<string, unknown>;
  const order = o.order ?? DEFAULT_SECTIONS_OPTIONS.order;
  const grantedMoveWindow = o.grantedMoveWindow ?? DEFAULT_SECTIONS_OPTIONS.grantedMoveWindow;
  if (order !== "sides" && order !== "fixed" && order !== "popcorn") {
    return refuse("BadOptions", `order must be "sides", "fixed" or "popcorn", not "${String(order)}"`);
  }
  if (grantedMoveWindow !== "anytime" && grantedMoveWindow !== "drawToDiscard") {
    return refuse("BadOptions", `grantedMoveWindow must be "anytime" or "drawToDiscard", not "${String(grantedMoveWindow)}"`);
  }
  return { order, grantedMoveWindow };
}

function apply(state: SectionsState, command: SectionsCommand, _roller?: Roller): Result {
  if (!OWN_STATES.has(state)) {
    const broken = checkState(state);
    if (broken) return broken;
  }
  return OWN_STATES.keep(applyChecked(state, command));
}

/** apply() once the state's shape is known good. */
function applyChecked(state: SectionsState, command: SectionsCommand): Result {
  if (typeof command !== "object" || command === null || typeof (command as { type?: unknown }).type !== "string") {
    return refuse("MalformedCommand", "a command needs a type");
  }
  if (state.result !== null) return refuse("CombatOver", "the fight is over");
  const cmd = command as SectionsCommand;
  switch (cmd.type) {
    case "declareEnd":
      return declareEnd(state, cmd);
    case "endCombat":
      return endNow(state, { reason: "gm", outcome: "ended", victors: [] });
    case "act":
    case "draw":
    case "spend":
    case "move":
    case "discard":
    case "endTurn":
    case "setAble":
    case "remove":
      return withCombatant(state, cmd);
    default:
      return refuse("UnknownCommand", `the sections turn order has no command "${String((cmd as { type: string }).type)}"`);
  }
}

function endNow(s: SectionsState, result: NonNullable<SectionsState["result"]>): Result {
  const ev: TurnEvent[] = [];
  return applied(endFight(s, ev, result), ev);
}

function declareEnd(s: SectionsState, cmd: Extract<SectionsCommand, { type: "declareEnd" }>): Result {
  if (!isText(cmd.outcome) || cmd.outcome.length > 100) return refuse("BadOutcome", "the declared outcome must be a short text");
  const victors = cmd.victors as unknown;
  if (
    !Array.isArray(victors) ||
    !victors.every((v) => typeof v === "string" && s.sides.includes(v)) ||
    new Set(victors).size !== victors.length
  ) {
    return refuse("UnknownSide", "the victors must be distinct sides of this fight");
  }
  return endNow(s, { reason: "declared", outcome: cmd.outcome, victors: [...(victors as string[])] });
}

type CombatantCommand = Exclude<SectionsCommand, { type: "declareEnd" } | { type: "endCombat" }>;

function withCombatant(s: SectionsState, cmd: CombatantCommand): Result {
  const id = cmd.combatant as unknown;
  const who = typeof id === "string" ? s.combatants.find((c) => c.id === id) : undefined;
  if (who === undefined)
    return refuse("UnknownCombatant", `there is no combatant "${String(id)}" in this fight`, undefined, {
      id: String(id),
      name: String(id),
    });
  const name = who.name;
  switch (cmd.type) {
    case "setAble":
      return setAble(s, who, cmd.able);
    case "remove":
      return remove(s, who);
    default:
  }
  if (who.out) return refuse("CombatantOut", `${name} is out of the fight`, undefined, { name });
  if (cmd.type === "act") return act(s, who);
  if (cmd.type === "move" && cmd.kind === "granted") return granted(s, who, cmd.source);
  if (s.acting !== who.id || s.turn === null) return refuse("NotYourTurn", `it is not ${name}'s turn`, "SEC-04", { name });
  const turn = s.turn;
  const ev: TurnEvent[] = [];
  let next: economy.SectionsTurnBudget | Refusal;
  switch (cmd.type) {
    case "draw":
      next = economy.draw(turn);
      ev.push({ type: "cardDrawn", round: s.round, combatant: who.id });
      break;
    case "spend": {
      next = economy.spend(turn, cmd.phase, cmd.action);
      const e: { type: string; round: number; combatant: string; action: string; phase: string; detail?: string } = {
        type: "actionSpent",
        round: s.round,
        combatant: who.id,
        action: String(cmd.action),
        phase: String(cmd.phase),
      };
      if (typeof cmd.detail === "string") e.detail = cmd.detail;
      ev.push(e);
      break;
    }
    case "move":
      if (cmd.kind !== "innate") return refuse("UnknownMoveKind", `a Move is "innate" or "granted", not "${String(cmd.kind)}"`);
      next = economy.innateMove(turn);
      ev.push({ type: "moveTaken", round: s.round, combatant: who.id, kind: "innate" });
      break;
    case "discard":
      next = economy.discard(turn);
      ev.push({ type: "cardDiscarded", round: s.round, combatant: who.id });
      break;
    case "endTurn":
      return endTurn(s, who.id, turn);
    default:
      return refuse("UnknownCommand", "unknown command");
  }
  if ("ok" in next) return next;
  return applied(stateWith(s, "turn", next), ev);
}

function act(s: SectionsState, who: SectionsCombatant): Result {
  const name = who.name;
  if (s.acting !== null) {
    const other = s.combatants.find((c) => c.id === s.acting)?.name ?? s.acting;
    return refuse("TurnInProgress", `${other} is taking a turn`, undefined, { name: other });
  }
  if (!who.able) return refuse("CombatantUnable", `${name} is not able to take a turn`, undefined, { name });
  if (who.mark !== "waiting") return refuse("AlreadyActed", `${name} has already had a turn this round`, undefined, { name });
  if (!mayAct(s, who)) {
    if (s.options.order === "sides") {
      return refuse("NotYourSidesTurn", `it is ${sideUp(s) ?? "no"} side's turn, not ${who.side}'s`, undefined, {
        name,
        side: sideUp(s) ?? "",
      });
    }
    const next = nextInList(s)?.name ?? "";
    return refuse("NotNextInOrder", `${next} goes before ${name}`, undefined, { name, next });
  }
  const n = copyState(s);
  n.acting = who.id;
  n.turn = economy.FRESH_TURN;
  return applied(n, [{ type: "turnStarted", round: s.round, combatant: who.id }]);
}

function granted(s: SectionsState, who: SectionsCombatant, source: unknown): Result {
  const name = who.name;
  if (!who.able) return refuse("CombatantUnable", `${name} is not able to move`, undefined, { name });
  const ev: TurnEvent[] = [];
  const e: { type: string; round: number; combatant: string; kind: string; source?: string } = {
    type: "moveTaken",
    round: s.round,
    combatant: who.id,
    kind: "granted",
  };
  if (typeof source === "string") e.source = source;
  ev.push(e);
  if (s.acting === who.id && s.turn !== null) {
    const next = economy.grantedMove(s.turn, s.options.grantedMoveWindow);
    if ("ok" in next) return next;
    return applied(stateWith(s, "turn", next), ev);
  }
  if (s.options.grantedMoveWindow === "drawToDiscard") {
    return refuse(
      "GrantedMoveOutsideWindow",
      `${name} can take a granted Move only between the draw and the discard of its own turn`,
      "SEC-06",
      { name },
    );
  }
  return applied(s, ev);
}

function endTurn(s: SectionsState, id: CombatantId, turn: economy.SectionsTurnBudget): Result {
  if (turn.step === "draw") return refuse("MustDrawFirst", "draw a card before ending the turn", "SEC-05");
  const ev: TurnEvent[] = [];
  if (turn.step !== "discarded") ev.push({ type: "cardDiscarded", round: s.round, combatant: id });
  ev.push({ type: "turnEnded", round: s.round, combatant: id });
  const after = copyState(s);
  after.acting = null;
  after.turn = null;
  after.combatants = s.combatants.map((c) => (c.id === id ? combatantWith(c, "mark", "acted") : c));
  return applied(settle(after, ev), ev);
}

/** The acting combatant's turn stops at once when it is taken out of play or made unable. */
function cutTurn(s: SectionsState, id: CombatantId, ev: TurnEvent[]): SectionsState {
  if (s.acting !== id) return s;
  ev.push({ type: "turnEnded", round: s.round, combatant: id });
  const n = copyState(s);
  n.acting = null;
  n.turn = null;
  n.combatants = s.combatants.map((c) => (c.id === id ? combatantWith(c, "mark", "acted") : c));
  return n;
}

function setAble(s: SectionsState, who: SectionsCombatant, able: unknown): Result {
  const name = who.name;
  if (typeof able !== "boolean") return refuse("MalformedCommand", "setAble needs able: true or false");
  if (who.out) return refuse("CombatantOut", `${name} is out of the fight`, undefined, { name });
  if (who.able === able)
    return refuse(able ? "AlreadyAble" : "AlreadyUnable", `${name} is already ${able ? "able" : "unable"} to act`, undefined, { name });
  const ev: TurnEvent[] = [{ type: "ableChanged", round: s.round, combatant: who.id, able }];
  let next = stateWith(
    s,
    "combatants",
    s.combatants.map((c) => (c.id === who.id ? combatantWith(c, "able", able) : c)),
  );
  if (!able) next = cutTurn(next, who.id, ev);
  return applied(settle(next, ev), ev);
}

function remove(s: SectionsState, who: SectionsCombatant): Result {
  if (who.out) return refuse("AlreadyOut", `${who.name} is already out of the fight`, undefined, { name: who.name });
  const ev: TurnEvent[] = [];
  let next = cutTurn(s, who.id, ev);
  ev.push({ type: "combatantRemoved", round: s.round, combatant: who.id });
  next = stateWith(
    next,
    "combatants",
    next.combatants.map((c) => (c.id === who.id ? combatantWith(c, "out", true) : c)),
  );
  return applied(settle(next, ev), ev);
}
