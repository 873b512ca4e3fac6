import { isRecord } from "../../shared/guards.js";
import { applied, refuse, type Outcome } from "../../shared/outcome.js";
import type { Roller } from "../../shared/roller.js";
import { OWN_STATES } from "./own-states.js";
import type { CombatantId, SideId, TurnEvent, TurnOrderEngine, TurnOrderView } from "../types.js";
import {
  DEFAULT_TEAMS_ECONOMY,
  FRESH_TEAMS_TURN,
  TEAMS_ACTIONS,
  TEAMS_REACTIONS,
  TEAMS_REACTIONS_PER_ROUND,
  actionsLeft,
  teamsActionCost,
  type TeamsTurnBudget,
} from "../../economy/teams.js";
import { cloneData, edit, isCount } from "./clone.js";
import type { TeamsCommand, TeamsMember, TeamsOptions, TeamsSetup, TeamsState } from "./types.js";
import { teamsLegal } from "./legal.js";
import { draftTeams, type MemberDraft, type StateDraft } from "./copies.js";
import { teamsView } from "./view.js";

type S = StateDraft;
type M = MemberDraft;
/** The acting member's turn budget being changed (its list of commanded allies is replaced whole). */
type TurnDraft = { -readonly [K in keyof TeamsTurnBudget]: TeamsTurnBudget[K] };

/** A turn budget's copy to change: one literal (a spread copy costs several times more), the commanded list shared. */
function copyTurn(t: TeamsTurnBudget): TurnDraft {
  return { actionsUsed: t.actionsUsed, moved: t.moved, sprinted: t.sprinted, stepped: t.stepped, commanded: t.commanded };
}
type Out = Outcome<TeamsState, TurnEvent>;

export const DEFAULT_TEAMS_OPTIONS: TeamsOptions = { ...DEFAULT_TEAMS_ECONOMY, surpriseOrder: "initiative" };

/** TEAM-03/04: the starter's team first, the attacked team next, then the rest in the GM's order. */
export function teamInitiative(starter: SideId, attacked: SideId, gmOrder: readonly SideId[] = []): SideId[] {
  const order = [starter, attacked, ...gmOrder];
  return order.filter((side, i) => order.indexOf(side) === i);
}

/** A member may be picked now: in the fight, able, not yet acted, and not surprised in a surprise round. */
export function canTakeTurn(state: TeamsState, m: TeamsMember): boolean {
  if (m.out || !m.able || m.acted) return false;
  if (state.phase === "surprise") return state.surprising.includes(m.team) || m.cannotBeSurprised;
  return state.phase === "main";
}

function sideOrder(state: TeamsState): readonly SideId[] {
  if (state.phase === "surprise" && state.options.surpriseOrder === "surprisersFirst") {
    return [...state.surprising, ...state.initiative.filter((t) => !state.surprising.includes(t))];
  }
  return state.initiative;
}

/** Someone on `side` may be picked now. */
function canPick(state: TeamsState, side: SideId): boolean {
  for (const id of state.roster) {
    const m = state.members[id];
    if (m !== undefined && m.team === side && canTakeTurn(state, m)) return true;
  }
  return false;
}

export function validTeamsState(state: unknown): state is TeamsState {
  if (!isRecord(state) || state.kind !== "teams" || !isCount(state.round)) return false;
  if (!Array.isArray(state.roster) || !Array.isArray(state.initiative) || !isRecord(state.members)) return false;
  if (!Array.isArray(state.surprising) || !isRecord(state.options) || !isRecord(state.objectives)) return false;
  if (!["surprise", "main", "ended"].includes(state.phase as string)) return false;
  const members = state.members;
  for (const id of state.roster) {
    const m = typeof id === "string" ? members[id] : undefined;
    if (!isRecord(m) || m.id !== id || typeof m.team !== "string" || !state.initiative.includes(m.team)) return false;
    if (!isCount(m.stamina) || !isCount(m.focus) || !isCount(m.reactions) || !isCount(m.attacks)) return false;
    if (typeof m.able !== "boolean" || typeof m.out !== "boolean" || typeof m.acted !== "boolean") return false;
  }
  if (Object.keys(members).length !== state.roster.length) return false;
  if (state.acting !== null && !(typeof state.acting === "string" && Object.hasOwn(members, state.acting))) return false;
  if (state.up !== null && !(typeof state.up === "string" && state.initiative.includes(state.up))) return false;
  return true;
}

/** The teams, in initiative order, with someone still in the fight. */
function teamsRemaining(state: TeamsState): SideId[] {
  const left: SideId[] = [];
  for (const t of state.initiative) {
    for (const id of state.roster) {
      const m = state.members[id];
      if (m !== undefined && m.team === t && !m.out) {
        left.push(t);
        break;
      }
    }
  }
  return left;
}

/**
 * Pass play on: the next team after `after` in initiative order that still has someone to act (TEAM-07),
 * skipping empty teams (TEAM-10); when nobody is left the round ends and the next begins.
 */
function advance(s: S, after: SideId | null, events: TurnEvent[]): void {
  if (s.phase === "ended" || s.acting !== null) return;
  const order = sideOrder(s);
  const start = after === null ? 0 : order.indexOf(after) + 1;
  for (let k = 0; k < order.length; k++) {
    const side = order[(start + k) % order.length];
    if (side === undefined) continue;
    if (canPick(s, side)) {
      s.up = side;
      events.push({ type: "sideUp", round: s.round, side });
      return;
    }
    if (after !== null && side !== after) events.push({ type: "sideSkipped", round: s.round, side }); // TEAM-10
  }
  // Nobody left who can act: the round is over (TEAM-07); anyone still unable loses this turn (TEAM-12).
  endRound(s, events);
}

function anyoneWaiting(s: S): boolean {
  return s.roster.some((id) => {
    const m = s.members[id];
    return m !== undefined && !m.out && !m.acted;
  });
}

function endRound(s: S, events: TurnEvent[]): void {
  // TEAM-12 ruling: a character still unable when the round ends has lost that round's turn.
  for (const id of s.roster) {
    const m = s.members[id];
    if (m && !m.out && !m.acted) events.push({ type: "turnLost", round: s.round, combatant: id, reason: m.able ? "surprised" : "unable" });
  }
  if (s.phase === "surprise") events.push({ type: "phaseEnded", round: s.round, phase: "surprise" });
  events.push({ type: "roundEnded", round: s.round });
  s.round += 1;
  s.phase = "main";
  s.up = null;
  s.lastSide = null;
  const resetAttacks = s.options.attackCountResets === "round";
  for (const id of s.roster) {
    const m = s.members[id];
    if (!m || (!m.acted && (!resetAttacks || m.attacks === 0))) continue;
    const d = edit(s, id);
    d.acted = false;
    if (resetAttacks) d.attacks = 0;
  }
  events.push({ type: "roundStarted", round: s.round });
  const order = sideOrder(s);
  for (const side of order) {
    if (canPick(s, side)) {
      s.up = side;
      events.push({ type: "sideUp", round: s.round, side });
      return;
    }
  }
  // Nobody able to act at all: wait for a setAble or the GM to end the fight.
}

/** After a change that may leave the choosing team empty, or bring someone back, put the right team up. */
function settle(s: S, events: TurnEvent[]): void {
  if (s.phase === "ended" || s.acting !== null) return;
  if (s.up !== null && canPick(s, s.up)) return;
  if (
    s.up === null &&
    !s.roster.some((id) => {
      const m = s.members[id];
      return m !== undefined && canTakeTurn(s, m);
    })
  ) {
    if (anyoneWaiting(s) || s.lastSide === null) return; // everyone left is unable: wait for them
    endRound(s, events);
    return;
  }
  const from = s.up !== null ? s.up : s.lastSide;
  s.up = null;
  advance(s, from, events);
}

function checkLastTeam(s: S, events: TurnEvent[]): void {
  const left = teamsRemaining(s);
  if (left.length <= 1) finish(s, "lastTeam", left, events);
}

function finish(s: S, reason: string, victors: readonly SideId[], events: TurnEvent[]): void {
  s.phase = "ended";
  s.up = null;
  s.acting = null;
  s.result = { reason, victors: [...victors] };
  events.push({ type: "combatEnded", reason, victors: [...victors], steps: [] });
}

function endTurnOf(s: S, m: M, events: TurnEvent[]): void {
  m.acted = true;
  m.turn = null;
  s.acting = null;
  s.lastSide = m.team;
  for (const id of s.roster) {
    if (s.members[id]?.granted) edit(s, id).granted = 0;
  }
  events.push({ type: "turnEnded", round: s.round, combatant: m.id });
  s.up = null;
  advance(s, m.team, events);
}

function start(setup: TeamsSetup): Out {
  if (!isRecord(setup) || !Array.isArray(setup.initiative) || !Array.isArray(setup.combatants)) {
    return refuse("MalformedSetup", "the teams setup needs an initiative list and a combatant list");
  }
  const teams = setup.initiative;
  if (teams.length < 2 || teams.some((t) => typeof t !== "string") || new Set(teams).size !== teams.length) {
    return refuse("MalformedSetup", "the initiative must list at least two distinct teams", "TEAM-03");
  }
  const members: Record<string, M> = {};
  const roster: string[] = [];
  for (const c of setup.combatants as readonly unknown[]) {
    if (!isRecord(c) || typeof c.id !== "string" || c.id === "" || c.id in members || typeof c.team !== "string") {
      return refuse("MalformedSetup", "every combatant needs a unique id");
    }
    const team = c.team;
    if (!teams.includes(team))
      return refuse("UnknownSide", `combatant ${c.id} is on a team not in the initiative`, "TEAM-03", { side: String(c.team) });
    const stamina = c.stamina ?? 0;
    const focus = c.focus ?? 0;
    if (!isCount(stamina) || !isCount(focus))
      return refuse("MalformedSetup", `stamina and focus of ${c.id} must be whole numbers of 0 or more`);
    members[c.id] = {
      id: c.id,
      team,
      able: c.able !== false,
      out: false,
      acted: false,
      cannotBeSurprised: c.cannotBeSurprised === true,
      stamina,
      focus,
      reactions: TEAMS_REACTIONS_PER_ROUND,
      attacks: 0,
      turn: null,
      extended: null,
      untilNextTurn: [],
      granted: 0,
    };
    roster.push(c.id);
  }
  const surprising = setup.surprise ?? [];
  if (!Array.isArray(surprising) || surprising.some((t) => !teams.includes(t))) {
    return refuse("UnknownSide", "a surprising team is not in the initiative", "TEAM-14");
  }
  const options: TeamsOptions = { ...DEFAULT_TEAMS_OPTIONS, ...(isRecord(setup.options) ? setup.options : {}) };
  if (
    !isCount(options.commandActions) ||
    !["round", "turn"].includes(options.attackCountResets) ||
    !["initiative", "surprisersFirst"].includes(options.surpriseOrder)
  ) {
    return refuse("MalformedSetup", "an option has a value it cannot take");
  }
  const objectives: Record<string, string> = {};
  for (const t of teams) objectives[t] = "";
  if (setup.objectives !== undefined) {
    if (!isRecord(setup.objectives)) return refuse("MalformedSetup", "objectives map each team to words", "TEAM-01");
    for (const [side, objective] of Object.entries(setup.objectives)) {
      if (!teams.includes(side)) return refuse("UnknownSide", `objective for a team not in the fight: ${side}`, "TEAM-01", { side });
      if (typeof objective !== "string") return refuse("MalformedSetup", "an objective is a piece of text", "TEAM-01");
      objectives[side] = objective;
    }
  }
  // Built fresh above, all but the options: those are copied whole, as they may hold the caller's values.
  const s: S = {
    kind: "teams",
    round: 1,
    phase: surprising.length > 0 ? "surprise" : "main",
    initiative: [...teams],
    surprising: [...surprising],
    roster,
    members,
    up: null,
    acting: null,
    lastSide: null,
    result: null,
    objectives,
    options: cloneData(options),
  };
  const events: TurnEvent[] = [{ type: "combatStarted" }, { type: "roundStarted", round: 1 }];
  if (s.phase === "surprise") events.push({ type: "phaseStarted", round: 1, phase: "surprise" });
  for (const side of sideOrder(s)) {
    if (canPick(s, side)) {
      s.up = side;
      events.push({ type: "sideUp", round: 1, side });
      break;
    }
  }
  if (s.up === null && roster.length > 0 && s.phase === "surprise") {
    // A surprise round nobody can use passes straight to normal rounds.
    endRound(s, events);
  }
  return applied(s as TeamsState, events);
}

function member(state: TeamsState, id: unknown): TeamsMember | undefined {
  // Own properties only: an id such as "__proto__" or "constructor" is unknown, not read off the prototype.
  return typeof id === "string" && Object.hasOwn(state.members, id) ? state.members[id] : undefined;
}

function unknown(id: unknown): Out {
  return refuse("UnknownCombatant", `there is no combatant ${String(id)} in this fight`, undefined, { id: String(id) });
}

function apply(state: TeamsState, command: TeamsCommand, roller: Roller): Out {
  if (!OWN_STATES.sound(state, validTeamsState)) return refuse("MalformedState", "the teams state is not one this engine made");
  return OWN_STATES.keep(applyTrusted(state, command, roller));
}

/** apply() for a state already checked: legal() checks once, then tries every candidate. */
function applyTrusted(state: TeamsState, command: TeamsCommand, _roller: Roller): Out {
  if (!isRecord(command) || typeof command.type !== "string") return refuse("UnknownCommand", "a command needs a type");
  if (state.phase === "ended") return refuse("CombatOver", "the fight is over", "TEAM-01");
  switch (command.type) {
    case "act":
      return act(state, command.combatant);
    case "endTurn":
      return endTurn(state, command.combatant);
    case "spend":
      return spend(state, command);
    case "abandon":
      return abandon(state, command.combatant);
    case "react":
      return react(state, command);
    case "setAble":
      return setAble(state, command.combatant, command.able);
    case "remove":
      return remove(state, command.combatant);
    case "setObjective":
      return setObjective(state, command.side, command.objective);
    case "declareEnd":
      return declareEnd(state, command.outcome, command.victors);
    case "endCombat": {
      const s = draftTeams(state);
      const events: TurnEvent[] = [];
      finish(s, "endCombat", [], events);
      return applied(s as TeamsState, events);
    }
    default:
      return refuse("UnknownCommand", `the teams engine has no command ${String((command as { type: unknown }).type)}`);
  }
}

function act(state: TeamsState, id: CombatantId): Out {
  const m = member(state, id);
  if (!m) return unknown(id);
  if (state.acting !== null) return refuse("TurnInProgress", `${state.acting} is still taking a turn`, "TEAM-07", { name: state.acting });
  if (m.out) return refuse("OutOfFight", `${id} is out of the fight`, "TEAM-01", { name: id });
  if (m.acted) return refuse("AlreadyActed", `${id} has already had a turn this round`, "TEAM-06", { name: id });
  if (!m.able) return refuse("CannotAct", `${id} cannot act`, "TEAM-12", { name: id });
  if (state.phase === "surprise" && !canTakeTurn(state, m))
    return refuse("Surprised", `${id} is surprised and cannot act this round`, "TEAM-14", { name: id });
  if (m.team !== state.up) return refuse("NotYourTurn", `it is not team ${m.team}'s turn to pick`, "TEAM-07", { name: id, side: m.team });
  const s = draftTeams(state);
  const d = edit(s, id);
  d.turn = copyTurn(FRESH_TEAMS_TURN);
  d.reactions = TEAMS_REACTIONS_PER_ROUND; // TEAM-35 ruling: recovered at the start of its own turn
  d.untilNextTurn = [];
  if (s.options.attackCountResets === "turn") d.attacks = 0;
  s.acting = id;
  s.up = null;
  return applied(s as TeamsState, [{ type: "turnStarted", round: s.round, combatant: id }]);
}

function endTurn(state: TeamsState, id: CombatantId): Out {
  const m = member(state, id);
  if (!m) return unknown(id);
  if (state.acting !== id) return refuse("NotYourTurn", `${id} is not taking a turn`, "TEAM-07", { name: id });
  const s = draftTeams(state);
  const events: TurnEvent[] = [];
  endTurnOf(s, edit(s, id), events);
  return applied(s as TeamsState, events);
}

type Spend = Extract<TeamsCommand, { type: "spend" }>;

function spend(state: TeamsState, c: Spend): Out {
  const m = member(state, c.combatant);
  if (!m) return unknown(c.combatant);
  if (typeof c.action !== "string" || c.action === "") return refuse("UnknownAction", "an action needs a name", "TEAM-17");
  // Names such as "__proto__" or "toString" would be read off the action table's prototype (and cost NaN).
  if (c.action in Object.prototype) return refuse("UnknownAction", `there is no action ${c.action}`, "TEAM-17", { action: c.action });
  if (c.cost !== undefined && !(isCount(c.cost) && c.cost >= 1))
    return refuse("BadCost", "an action costs a whole number of actions, 1 or more", "TEAM-17");
  if (c.cost !== undefined && TEAMS_ACTIONS[c.action])
    return refuse("BadCost", `${c.action} has a fixed cost`, TEAMS_ACTIONS[c.action]?.clause);
  if (state.acting !== c.combatant) return spendGranted(state, m, c);
  const turn = m.turn;
  if (!turn) return refuse("MalformedState", "the acting combatant has no turn budget");
  const rule = TEAMS_ACTIONS[c.action];
  const opts = state.options;
  const left = actionsLeft(turn);
  // TEAM-34: an unfinished action must be finished (or abandoned) before anything else.
  if (m.extended && c.action !== m.extended.action) {
    return refuse("ExtendedActionPending", `${c.combatant} must finish ${m.extended.action} or abandon it first`, "TEAM-34", {
      name: c.combatant,
      action: m.extended.action,
    });
  }
  const s = draftTeams(state);
  const d = edit(s, c.combatant);
  // The member copy shares its turn budget with the state it came from: this turn's budget is copied to change.
  const dt = copyTurn(turn);
  d.turn = dt;
  const events: TurnEvent[] = [];
  if (m.extended) {
    if (left === 0) return refuse("NoActionsLeft", `${c.combatant} has no actions left this turn`, "TEAM-17", { name: c.combatant });
    const ext = m.extended;
    const pay = Math.min(left, ext.cost - ext.paid);
    dt.actionsUsed += pay;
    if (ext.paid + pay >= ext.cost) {
      d.extended = null;
      completeAction(s, d, ext.action, c.target, events, "completed");
    } else {
      d.extended = { ...ext, paid: ext.paid + pay };
      events.push({ type: "actionSpent", combatant: d.id, action: ext.action, detail: "continued" });
    }
    return applied(s as TeamsState, events);
  }
  const cost = teamsActionCost(c.action, c.cost, opts);
  // Per-action conditions before anything is paid.
  if (c.action === "Move") {
    if (turn.moved) return refuse("AlreadyMoved", `${c.combatant} has already moved this turn`, "TEAM-20", { name: c.combatant });
    if (turn.stepped && !opts.stepWithMove)
      return refuse("AlreadyStepped", `${c.combatant} has stepped instead of moving this turn`, "TEAM-31", { name: c.combatant });
  }
  if (c.action === "Step") {
    if (turn.stepped) return refuse("AlreadyStepped", `${c.combatant} has already stepped this turn`, "TEAM-31", { name: c.combatant });
    if (turn.moved && !opts.stepWithMove)
      return refuse("AlreadyMoved", `a Step replaces a move and ${c.combatant} has moved`, "TEAM-31", { name: c.combatant });
  }
  if (c.action === "Sprint") {
    if (!turn.moved) return refuse("SprintBeforeMove", `${c.combatant} must move before sprinting`, "TEAM-21", { name: c.combatant });
    if (turn.sprinted && !opts.sprintRepeatable)
      return refuse("AlreadySprinted", `${c.combatant} has already sprinted this turn`, "TEAM-21", { name: c.combatant });
  }
  if (c.action === "Command") {
    const ally = member(state, c.target);
    if (!ally) return c.target === undefined ? refuse("NoTarget", "Command needs an ally to command", "TEAM-19") : unknown(c.target);
    if (ally.id === m.id || ally.team !== m.team)
      return refuse("NotAnAlly", `${String(c.target)} is not an ally of ${m.id}`, "TEAM-19", { name: ally.id });
    if (ally.out || !ally.able) return refuse("CannotAct", `${ally.id} cannot act`, "TEAM-12", { name: ally.id });
    if (turn.commanded.includes(ally.id))
      return refuse("AlreadyCommanded", `${m.id} has already commanded ${ally.id} this turn`, "TEAM-19", { name: ally.id });
  } else if (c.target !== undefined && c.action !== "Resuscitate" && !member(state, c.target)) {
    return unknown(c.target);
  }
  if (c.action === "Resuscitate" && c.target !== undefined && !member(state, c.target)) return unknown(c.target);
  const stamina = rule?.stamina ?? 0;
  const focus = rule?.focus ?? 0;
  if (m.stamina < stamina)
    return refuse("NotEnoughStamina", `${m.id} needs ${stamina} stamina`, rule?.clause, { name: m.id, needed: stamina });
  if (m.focus < focus) return refuse("NotEnoughFocus", `${m.id} needs ${focus} focus`, rule?.clause, { name: m.id, needed: focus });
  if (cost > 0 && left === 0) return refuse("NoActionsLeft", `${m.id} has no actions left this turn`, "TEAM-17", { name: m.id });
  d.stamina -= stamina;
  d.focus -= focus;
  if (c.action === "Move") dt.moved = true;
  if (c.action === "Step") dt.stepped = true;
  if (c.action === "Sprint") dt.sprinted = true;
  if (c.action === "Command" && c.target !== undefined) dt.commanded = [...turn.commanded, c.target];
  if (cost > left) {
    // TEAM-32: start it now, pay the rest from later turns; nothing happens until it is paid.
    dt.actionsUsed += left;
    d.extended = { action: c.action, cost, paid: left, startedRound: s.round };
    events.push({ type: "actionSpent", combatant: d.id, action: c.action, detail: "started" });
    return applied(s as TeamsState, events);
  }
  dt.actionsUsed += cost;
  completeAction(s, d, c.action, c.target, events, cost === 0 ? "free" : undefined);
  return applied(s as TeamsState, events);
}

/** Actions whose effect lasts until the member's next turn. */
const UNTIL_NEXT_TURN: readonly string[] = ["Guard", "Seek Cover", "Ready an Action", "Wait"];

/** The effects of an action once it is fully paid. */
function completeAction(s: S, d: M, action: string, target: CombatantId | undefined, events: TurnEvent[], detail?: string): void {
  const e: { type: "actionSpent"; combatant: string; action: string; detail?: string } = { type: "actionSpent", combatant: d.id, action };
  if (detail !== undefined) e.detail = detail;
  events.push(e);
  if (action === "Attack") d.attacks += 1; // TEAM-54: the attack module reads this count
  if (action === "Command" && target !== undefined) {
    if (s.members[target]) edit(s, target).granted += 1;
    events.push({ type: "commanded", combatant: d.id, ally: target });
  }
  if (action === "Wait") d.reactions += 1; // TEAM-27
  if (action === "Ready an Action" && !s.options.readyUsesReaction) d.reactions += 1; // TEAM-23 ruling
  if (UNTIL_NEXT_TURN.includes(action)) d.untilNextTurn = [...d.untilNextTurn, action];
  if (TEAMS_ACTIONS[action]?.endsTurn && s.acting === d.id) endTurnOf(s, d, events);
}

/** TEAM-19: an ally's Command lets this member take one action during the commander's turn. */
function spendGranted(state: TeamsState, m: TeamsMember, c: Spend): Out {
  if (m.granted <= 0) return refuse("NotYourTurn", `${m.id} is not taking a turn`, "TEAM-07", { name: m.id });
  const rule = TEAMS_ACTIONS[c.action];
  const cost = teamsActionCost(c.action, c.cost, state.options);
  if (cost !== 1 || rule?.endsTurn || c.action === "Command" || c.action === "Sprint") {
    return refuse("NotAGrantedAction", `a Command grants one single action, not ${c.action}`, "TEAM-19", { action: c.action });
  }
  if (c.target !== undefined && !member(state, c.target)) return unknown(c.target);
  const s = draftTeams(state);
  const d = edit(s, m.id);
  d.granted -= 1;
  const events: TurnEvent[] = [];
  completeAction(s, d, c.action, c.target, events, "commanded");
  return applied(s as TeamsState, events);
}

function abandon(state: TeamsState, id: CombatantId): Out {
  const m = member(state, id);
  if (!m) return unknown(id);
  if (state.acting !== id) return refuse("NotYourTurn", `${id} is not taking a turn`, "TEAM-33", { name: id });
  if (!m.extended) return refuse("NothingToAbandon", `${id} has no unfinished action`, "TEAM-33", { name: id });
  if (!state.options.abandonSameTurn && m.extended.startedRound === state.round) {
    return refuse("AbandonLater", `${id} may abandon ${m.extended.action} only on a later turn`, "TEAM-33", { name: id });
  }
  const s = draftTeams(state);
  const d = edit(s, id);
  const action = m.extended.action;
  d.extended = null;
  return applied(s as TeamsState, [{ type: "actionAbandoned", combatant: id, action }]);
}

type React = Extract<TeamsCommand, { type: "react" }>;

function react(state: TeamsState, c: React): Out {
  const m = member(state, c.combatant);
  if (!m) return unknown(c.combatant);
  if (m.out) return refuse("OutOfFight", `${m.id} is out of the fight`, "TEAM-01", { name: m.id });
  if (!m.able) return refuse("CannotAct", `${m.id} cannot react`, "TEAM-12", { name: m.id });
  // TEAM-14: in the surprise round only the surprising team (and those who cannot be surprised) act at all
  if (state.phase === "surprise" && !state.surprising.includes(m.team) && !m.cannotBeSurprised) {
    return refuse("Surprised", `${m.id} is surprised and cannot react this round`, "TEAM-14", { name: m.id });
  }
  const readied = c.reaction === "Ready an Action";
  const cost = typeof c.reaction === "string" && Object.hasOwn(TEAMS_REACTIONS, c.reaction) ? TEAMS_REACTIONS[c.reaction] : undefined;
  if (!cost && !readied)
    return refuse("UnknownReaction", `there is no reaction ${String(c.reaction)}`, "TEAM-35", { action: String(c.reaction) });
  if (readied && !m.untilNextTurn.includes("Ready an Action"))
    return refuse("NothingReadied", `${m.id} has no readied action`, "TEAM-23", { name: m.id });
  const free = c.free === true;
  if (!free && m.reactions <= 0) return refuse("NoReactionsLeft", `${m.id} has used its reaction`, "TEAM-35", { name: m.id });
  const stamina = cost?.stamina ?? 0;
  const focus = cost?.focus ?? 0;
  if (m.stamina < stamina)
    return refuse("NotEnoughStamina", `${m.id} needs ${stamina} stamina`, undefined, { name: m.id, needed: stamina });
  if (m.focus < focus) return refuse("NotEnoughFocus", `${m.id} needs ${focus} focus`, undefined, { name: m.id, needed: focus });
  const s = draftTeams(state);
  const d = edit(s, m.id);
  if (!free) d.reactions -= 1; // TEAM-28: free reactions do not count
  d.stamina -= stamina;
  d.focus -= focus;
  if (readied) d.untilNextTurn = d.untilNextTurn.filter((e) => e !== "Ready an Action");
  return applied(s as TeamsState, [{ type: "reacted", combatant: m.id, reaction: c.reaction, free }]);
}

function setAble(state: TeamsState, id: CombatantId, able: boolean): Out {
  const m = member(state, id);
  if (!m) return unknown(id);
  if (typeof able !== "boolean") return refuse("UnknownCommand", "setAble needs able: true or false");
  if (m.out) return refuse("OutOfFight", `${id} is out of the fight`, "TEAM-01", { name: id });
  if (m.able === able) return refuse("NoChange", `${id} is already ${able ? "able" : "unable"} to act`, "TEAM-12", { name: id });
  const s = draftTeams(state);
  const d = edit(s, id);
  d.able = able;
  const events: TurnEvent[] = [{ type: "ableChanged", combatant: id, able }];
  if (!able && s.acting === id) {
    // TEAM-12: a character who cannot act loses the rest of its turn.
    d.acted = true;
    d.turn = null;
    s.acting = null;
    s.lastSide = d.team;
    events.push(
      { type: "turnLost", round: s.round, combatant: id, reason: "unable" },
      { type: "turnEnded", round: s.round, combatant: id },
    );
    advance(s, d.team, events);
  } else {
    settle(s, events);
  }
  return applied(s as TeamsState, events);
}

function remove(state: TeamsState, id: CombatantId): Out {
  const m = member(state, id);
  if (!m) return unknown(id);
  if (m.out) return refuse("OutOfFight", `${id} is already out of the fight`, "TEAM-01", { name: id });
  const s = draftTeams(state);
  const d = edit(s, id);
  d.out = true;
  d.turn = null;
  d.extended = null;
  const events: TurnEvent[] = [{ type: "removed", combatant: id }];
  const wasActing = s.acting === id;
  if (wasActing) {
    s.acting = null;
    s.lastSide = d.team;
    events.push(
      { type: "turnLost", round: s.round, combatant: id, reason: "removed" },
      { type: "turnEnded", round: s.round, combatant: id },
    );
  }
  checkLastTeam(s, events);
  if (s.phase !== "ended") {
    if (wasActing) advance(s, d.team, events);
    else settle(s, events);
  }
  return applied(s as TeamsState, events);
}

/** TEAM-02 ruling: the GM may change a team's objective whenever no turn is under way. */
function setObjective(state: TeamsState, side: SideId, objective: string): Out {
  if (!state.initiative.includes(side)) return refuse("UnknownSide", `there is no team ${String(side)}`, "TEAM-02", { side: String(side) });
  if (typeof objective !== "string") return refuse("UnknownCommand", "an objective is a piece of text", "TEAM-02");
  if (state.acting !== null)
    return refuse("TurnInProgress", "objectives change between turns, not during one", "TEAM-02", { name: state.acting });
  if (state.objectives[side] === objective)
    return refuse("NoChange", `team ${side} already has that objective`, "TEAM-02", { name: side, side });
  const s = draftTeams(state);
  s.objectives = { ...state.objectives, [side]: objective };
  return applied(s as TeamsState, [{ type: "objectiveChanged", round: s.round, side, objective }]);
}

function declareEnd(state: TeamsState, outcome: string, victors: readonly SideId[]): Out {
  if (typeof outcome !== "string" || outcome === "") return refuse("UnknownCommand", "declareEnd needs an outcome", "TEAM-01");
  if (!Array.isArray(victors) || victors.some((v) => !state.initiative.includes(v))) {
    return refuse("UnknownSide", "a victor is not a team in this fight", "TEAM-01");
  }
  const s = draftTeams(state);
  const events: TurnEvent[] = [];
  finish(s, outcome, victors, events);
  return applied(s as TeamsState, events);
}

/** What the tracker shows for data no engine made: nothing to act on, and a banner that says so. */
export function brokenView(): TurnOrderView {
  return {
    round: 0,
    phase: "broken",
    acting: null,
    choosing: null,
    order: [],
    status: {},
    sides: {},
    banner: { key: "FRAY.Banner.BrokenState" },
    ended: false,
  };
}

export const teamsEngine: TurnOrderEngine<TeamsSetup, TeamsState, TeamsCommand> = {
  id: "teams",
  start: (setup: TeamsSetup, _roller: Roller) => OWN_STATES.keep(start(setup), validTeamsState),
  isState: (s): s is TeamsState => OWN_STATES.sound(s, validTeamsState),
  apply,
  legal: (state: TeamsState) => (OWN_STATES.sound(state, validTeamsState) ? teamsLegal(state, applyTrusted) : []),
  view: (state: TeamsState): TurnOrderView => (OWN_STATES.sound(state, validTeamsState) ? teamsView(state) : brokenView()),
};
