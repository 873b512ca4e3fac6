import { brokenView } from "../shared/broken-view.js";
import { isTurnBudget } from "../../economy/sections.js";
import { isNonEmptyString as isText } from "../../shared/guards.js";
import { applied, refuse, type Outcome, type Refusal } from "../../shared/outcome.js";
import type { Roller } from "../../shared/roller.js";
import { trustedStates } from "../../shared/trusted.js";
import type { TurnEvent, TurnOrderEngine, TurnOrderView } from "../types.js";
import { shown } from "../../shared/shown.js";
import { declareEnd, endCombat, remove, setAble } from "./commands/gm.js";
import { act, turnStep } from "./commands/turns.js";
import { blockAtDistance, endDistanceBlock, lowerBlock } from "./commands/blocks.js";
import { checkClimbs, endClimb } from "./commands/climbs.js";
import { legalCommands } from "./legal.js";
import { settle, startRound } from "./order.js";
import { GRANTED_MOVE_WINDOWS } from "../../economy/sections.js";
import {
  DEFAULT_SECTIONS_OPTIONS,
  SECTIONS_ORDERS,
  type SectionsCombatant,
  type SectionsCommand,
  type SectionsOptions,
  type SectionsSetup,
  type SectionsState,
} from "./types.js";
import { sectionsView } from "./view.js";

type Result = Outcome<SectionsState, TurnEvent>;

/** The sections states this engine made itself (shared/trusted.ts); deliberately not exported by index.ts. */
export const OWN_STATES = trustedStates();

const MARKS = ["waiting", "acted", "lost"];

/** A state this engine made itself (no check needed), or one whose shape checks out. */
export function isSoundState(x: unknown): x is SectionsState {
  return OWN_STATES.has(x) || checkState(x) === null;
}

/**
 * A state handed back by the Foundry layer may have been edited or corrupted: check its shape
 * before trusting it, so a bad state is refused rather than thrown on or carried forward.
 */
export function checkState(x: unknown): Refusal | null {
  const bad = (why: string): Refusal => refuse("MalformedState", `the sections turn state is malformed: ${why}`);
  if (typeof x !== "object" || x === null) return bad("not an object");
  const s = x as Record<string, unknown>;
  if (s.kind !== "sections") return bad("not a sections state");
  const o = s.options as Record<string, unknown> | null;
  if (typeof o !== "object" || o === null) return bad("no options");
  if (!(SECTIONS_ORDERS as readonly unknown[]).includes(o.order)) return bad("unknown order");
  if (!(GRANTED_MOVE_WINDOWS as readonly unknown[]).includes(o.grantedMoveWindow)) return bad("unknown granted Move window");
  if (typeof s.round !== "number" || !Number.isInteger(s.round) || s.round < 1) return bad("round");
  if (!Array.isArray(s.sides) || s.sides.length < 2 || !s.sides.every(isText)) return bad("sides");
  if (new Set(s.sides).size !== s.sides.length) return bad("duplicate sides");
  if (typeof s.sideIndex !== "number" || !Number.isInteger(s.sideIndex) || s.sideIndex < 0 || s.sideIndex > s.sides.length) {
    return bad("side index");
  }
  if (!Array.isArray(s.combatants)) return bad("combatants");
  const ids = new Set<string>();
  for (const c of s.combatants as unknown[]) {
    if (typeof c !== "object" || c === null) return bad("a combatant is not an object");
    const m = c as Record<string, unknown>;
    if (!isText(m.id) || ids.has(m.id)) return bad("combatant ids");
    ids.add(m.id);
    if (typeof m.name !== "string" || !isText(m.side) || !(s.sides as string[]).includes(m.side)) return bad(`combatant ${m.id}`);
    if (typeof m.able !== "boolean" || typeof m.out !== "boolean" || !MARKS.includes(m.mark as string)) return bad(`combatant ${m.id}`);
  }
  if (s.acting === null) {
    if (s.turn !== null) return bad("a turn budget with nobody acting");
  } else {
    if (!isText(s.acting) || !ids.has(s.acting)) return bad("the acting combatant");
    if (!isTurnBudget(s.turn)) return bad("the turn budget");
  }
  if (s.result !== null) {
    const r = s.result as Record<string, unknown>;
    if (typeof r !== "object" || typeof r.outcome !== "string" || !Array.isArray(r.victors)) return bad("result");
  }
  if (!checkBlocks(s.blocks, ids)) return bad("blocks");
  if (s.distanceBlocks !== undefined && !checkDistanceBlocks(s.distanceBlocks, ids)) return bad("distance blocks");
  return s.climbs === undefined || checkClimbs(s.climbs, ids) ? null : bad("climbs");
}

/** SEC-46: Blocks at a distance of this fight's combatants, each naming a border and its ability. */
function checkDistanceBlocks(x: unknown, ids: ReadonlySet<string>): boolean {
  if (!Array.isArray(x)) return false;
  return (x as unknown[]).every((b) => {
    const m = typeof b === "object" && b !== null ? (b as Record<string, unknown>) : {};
    return isText(m.blocker) && ids.has(m.blocker) && isText(m.border) && isText(m.source);
  });
}

/** SEC-42: Blocks of this fight's combatants, each naming a border and a section, one per blocker. */
function checkBlocks(x: unknown, ids: ReadonlySet<string>): boolean {
  if (!Array.isArray(x)) return false;
  const blockers = new Set<string>();
  for (const b of x as unknown[]) {
    if (typeof b !== "object" || b === null) return false;
    const m = b as Record<string, unknown>;
    if (!isText(m.blocker) || !ids.has(m.blocker) || blockers.has(m.blocker) || !isText(m.border) || !isText(m.from)) return false;
    blockers.add(m.blocker);
  }
  return true;
}

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
    blocks: [],
    distanceBlocks: [],
    climbs: [],
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
  if (!(SECTIONS_ORDERS as readonly unknown[]).includes(order)) {
    return refuse("BadOptions", `order must be "sides", "fixed" or "popcorn", not "${shown(order)}"`);
  }
  if (!(GRANTED_MOVE_WINDOWS as readonly unknown[]).includes(grantedMoveWindow)) {
    return refuse("BadOptions", `grantedMoveWindow must be "anytime" or "drawToDiscard", not "${shown(grantedMoveWindow)}"`);
  }
  return { order: order as SectionsOptions["order"], grantedMoveWindow: grantedMoveWindow as SectionsOptions["grantedMoveWindow"] };
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
  // A switch, not a table of handlers: a type such as "constructor" or "__proto__" simply falls through to the
  // refusal.
  switch (command.type) {
    case "act":
      return act(state, command);
    case "draw":
    case "spend":
    case "move":
    case "discard":
    case "endTurn":
      return turnStep(state, command);
    case "lowerBlock":
      return lowerBlock(state, command);
    case "blockAtDistance":
      return blockAtDistance(state, command);
    case "endDistanceBlock":
      return endDistanceBlock(state, command);
    case "endClimb":
      return endClimb(state, command);
    case "setAble":
      return setAble(state, command);
    case "remove":
      return remove(state, command);
    case "declareEnd":
      return declareEnd(state, command);
    case "endCombat":
      return endCombat(state);
    default:
      return refuse("UnknownCommand", `the sections turn order has no command "${(command as { type: string }).type}"`);
  }
}

/** The sections (Triptycho) turn order: see docs/rulings.md for the order options. */
export const sectionsEngine: TurnOrderEngine<SectionsSetup, SectionsState, SectionsCommand> = {
  id: "sections",
  start,
  isState: isSoundState,
  apply,
  legal: (s: SectionsState) => (isSoundState(s) ? legalCommands(s) : []),
  view: (s: SectionsState): TurnOrderView => (isSoundState(s) ? sectionsView(s) : brokenView()),
};
