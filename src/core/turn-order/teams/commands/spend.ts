import {
  TEAMS_ACTIONS,
  actionsLeft,
  teamsActionCost,
  type ExtendedAction,
  type TeamsTurnBudget,
} from "../../../economy/teams.js";
import { applied, refuse, type Outcome, type Refusal } from "../../../shared/outcome.js";
import { isCount } from "../../shared/copy-data.js";
import type { CombatantId, TurnEvent } from "../../types.js";
import { copyTurn, draftTeams, editMember, type MemberDraft, type StateDraft } from "../copies.js";
import { member, unknown } from "../member.js";
import { endTurnOf } from "../order.js";
import type { TeamsCommand, TeamsMember, TeamsOptions, TeamsState } from "../types.js";

type Out = Outcome<TeamsState, TurnEvent>;
type Spend = Extract<TeamsCommand, { type: "spend" }>;

/** TEAM-17: the acting member spends actions (or a commanded ally its granted one, TEAM-19). */
export function spend(state: TeamsState, c: Spend): Out {
  const m = member(state, c.combatant);
  if (!m) return unknown(c.combatant);
  const bad = nameOrCostRefusal(c);
  if (bad) return bad;
  if (state.acting !== c.combatant) return spendGranted(state, m, c);
  const turn = m.turn;
  if (!turn) return refuse("MalformedState", "the acting combatant has no turn budget");
  if (m.extended) return continueExtended(state, m, turn, m.extended, c);
  return startAction(state, m, turn, c);
}

/** The action must be named, and only a custom action may give its own cost. */
function nameOrCostRefusal(c: Spend): Refusal | undefined {
  if (typeof c.action !== "string" || c.action === "")
    return refuse("UnknownAction", "an action needs a name", "TEAM-17");
  // Names such as "__proto__" or "toString" would be read off the action table's prototype (and cost NaN).
  if (c.action in Object.prototype)
    return refuse("UnknownAction", `there is no action ${c.action}`, "TEAM-17", { action: c.action });
  if (c.cost !== undefined && !(isCount(c.cost) && c.cost >= 1))
    return refuse("BadCost", "an action costs a whole number of actions, 1 or more", "TEAM-17");
  if (c.cost !== undefined && TEAMS_ACTIONS[c.action])
    return refuse("BadCost", `${c.action} has a fixed cost`, TEAMS_ACTIONS[c.action]?.clause);
  return undefined;
}

/** TEAM-32/34: an unfinished action takes the turn's actions until it is paid; nothing else may be started first. */
function continueExtended(
  state: TeamsState,
  m: TeamsMember,
  turn: TeamsTurnBudget,
  ext: ExtendedAction,
  c: Spend,
): Out {
  if (c.action !== ext.action) {
    return refuse("ExtendedActionPending", `${m.id} must finish ${ext.action} or abandon it first`, "TEAM-34", {
      name: m.id,
      action: ext.action,
    });
  }
  const left = actionsLeft(turn);
  if (left === 0) return refuse("NoActionsLeft", `${m.id} has no actions left this turn`, "TEAM-17", { name: m.id });
  const s = draftTeams(state);
  const d = editMember(s, m.id);
  // The member copy shares its turn budget with the state it came from: this turn's budget is copied to change.
  const dt = copyTurn(turn);
  d.turn = dt;
  const pay = Math.min(left, ext.cost - ext.paid);
  dt.actionsUsed += pay;
  if (ext.paid + pay >= ext.cost) {
    d.extended = null;
    return applied(s as TeamsState, completeAction(s, d, ext.action, c.target, "completed"));
  }
  d.extended = { ...ext, paid: ext.paid + pay };
  return applied(s as TeamsState, [{ type: "actionSpent", combatant: d.id, action: ext.action, detail: "continued" }]);
}

/** A new action: its conditions, its stamina and focus, then paid now or started as an extended action (TEAM-32). */
function startAction(state: TeamsState, m: TeamsMember, turn: TeamsTurnBudget, c: Spend): Out {
  const bad = movementRefusal(m, turn, c, state.options) ?? targetRefusal(state, m, turn, c);
  if (bad) return bad;
  const rule = TEAMS_ACTIONS[c.action];
  const cost = teamsActionCost(c.action, c.cost, state.options);
  const left = actionsLeft(turn);
  const stamina = rule?.stamina ?? 0;
  const focus = rule?.focus ?? 0;
  if (m.stamina < stamina)
    return refuse("NotEnoughStamina", `${m.id} needs ${stamina} stamina`, rule?.clause, {
      name: m.id,
      needed: stamina,
    });
  if (m.focus < focus)
    return refuse("NotEnoughFocus", `${m.id} needs ${focus} focus`, rule?.clause, { name: m.id, needed: focus });
  if (cost > 0 && left === 0)
    return refuse("NoActionsLeft", `${m.id} has no actions left this turn`, "TEAM-17", { name: m.id });
  const s = draftTeams(state);
  const d = editMember(s, m.id);
  const dt = copyTurn(turn);
  d.turn = dt;
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
    return applied(s as TeamsState, [{ type: "actionSpent", combatant: d.id, action: c.action, detail: "started" }]);
  }
  dt.actionsUsed += cost;
  return applied(s as TeamsState, completeAction(s, d, c.action, c.target, cost === 0 ? "free" : undefined));
}

/** TEAM-20/21/31: one Move a turn, a Step instead of it, a Sprint only after it. */
function movementRefusal(m: TeamsMember, turn: TeamsTurnBudget, c: Spend, opts: TeamsOptions): Refusal | undefined {
  const name = m.id;
  if (c.action === "Move") {
    if (turn.moved) return refuse("AlreadyMoved", `${name} has already moved this turn`, "TEAM-20", { name });
    if (turn.stepped && !opts.stepWithMove)
      return refuse("AlreadyStepped", `${name} has stepped instead of moving this turn`, "TEAM-31", { name });
  }
  if (c.action === "Step") {
    if (turn.stepped) return refuse("AlreadyStepped", `${name} has already stepped this turn`, "TEAM-31", { name });
    if (turn.moved && !opts.stepWithMove)
      return refuse("AlreadyMoved", `a Step replaces a move and ${name} has moved`, "TEAM-31", { name });
  }
  if (c.action === "Sprint") {
    if (!turn.moved) return refuse("SprintBeforeMove", `${name} must move before sprinting`, "TEAM-21", { name });
    if (turn.sprinted && !opts.sprintRepeatable)
      return refuse("AlreadySprinted", `${name} has already sprinted this turn`, "TEAM-21", { name });
  }
  return undefined;
}

/** TEAM-19: Command names an able ally not yet commanded this turn; any other target must be in the fight. */
function targetRefusal(state: TeamsState, m: TeamsMember, turn: TeamsTurnBudget, c: Spend): Out | undefined {
  if (c.action !== "Command") return c.target !== undefined && !member(state, c.target) ? unknown(c.target) : undefined;
  const ally = member(state, c.target);
  if (!ally)
    return c.target === undefined
      ? refuse("NoTarget", "Command needs an ally to command", "TEAM-19")
      : unknown(c.target);
  if (ally.id === m.id || ally.team !== m.team)
    return refuse("NotAnAlly", `${ally.id} is not an ally of ${m.id}`, "TEAM-19", { name: ally.id });
  if (ally.out || !ally.able) return refuse("CannotAct", `${ally.id} cannot act`, "TEAM-12", { name: ally.id });
  if (turn.commanded.includes(ally.id))
    return refuse("AlreadyCommanded", `${m.id} has already commanded ${ally.id} this turn`, "TEAM-19", {
      name: ally.id,
    });
  return undefined;
}

/** Actions whose effect lasts until the member's next turn. */
const UNTIL_NEXT_TURN: readonly string[] = ["Guard", "Seek Cover", "Ready an Action", "Wait"];

/**
 * The effects of an action once it is fully paid, and its events. The list starts as a literal of its first event and
 * the event is one literal with or without its detail: an empty list's first push, or a field added later, allocated
 * several times the room (a teams fight spends an action every other command).
 */
function completeAction(
  s: StateDraft,
  d: MemberDraft,
  action: string,
  target: CombatantId | undefined,
  detail?: string,
): TurnEvent[] {
  const events: TurnEvent[] = [
    detail === undefined
      ? { type: "actionSpent", combatant: d.id, action }
      : { type: "actionSpent", combatant: d.id, action, detail },
  ];
  if (action === "Attack") d.attacks += 1; // TEAM-54: the attack module reads this count
  if (action === "Command" && target !== undefined) {
    if (s.members[target]) editMember(s, target).granted += 1;
    events.push({ type: "commanded", combatant: d.id, ally: target });
  }
  if (action === "Wait") d.reactions += 1; // TEAM-27
  if (action === "Ready an Action" && !s.options.readyUsesReaction) d.reactions += 1; // TEAM-23 ruling
  if (UNTIL_NEXT_TURN.includes(action)) d.untilNextTurn = [...d.untilNextTurn, action];
  if (TEAMS_ACTIONS[action]?.endsTurn && s.acting === d.id) endTurnOf(s, d, events);
  return events;
}

/** TEAM-19: an ally's Command lets this member take one action during the commander's turn. */
function spendGranted(state: TeamsState, m: TeamsMember, c: Spend): Out {
  if (m.granted <= 0) return refuse("NotYourTurn", `${m.id} is not taking a turn`, "TEAM-07", { name: m.id });
  const rule = TEAMS_ACTIONS[c.action];
  const cost = teamsActionCost(c.action, c.cost, state.options);
  if (cost !== 1 || rule?.endsTurn || c.action === "Command" || c.action === "Sprint") {
    return refuse("NotAGrantedAction", `a Command grants one single action, not ${c.action}`, "TEAM-19", {
      action: c.action,
    });
  }
  if (c.target !== undefined && !member(state, c.target)) return unknown(c.target);
  const s = draftTeams(state);
  const d = editMember(s, m.id);
  d.granted -= 1;
  return applied(s as TeamsState, completeAction(s, d, c.action, c.target, "commanded"));
}

/** TEAM-33: an unfinished action may be given up, by default on a later turn than the one it was started in. */
export function abandon(state: TeamsState, c: Extract<TeamsCommand, { type: "abandon" }>): Out {
  const id = c.combatant;
  const m = member(state, id);
  if (!m) return unknown(id);
  if (state.acting !== id) return refuse("NotYourTurn", `${id} is not taking a turn`, "TEAM-33", { name: id });
  if (!m.extended) return refuse("NothingToAbandon", `${id} has no unfinished action`, "TEAM-33", { name: id });
  if (!state.options.abandonSameTurn && m.extended.startedRound === state.round) {
    return refuse("AbandonLater", `${id} may abandon ${m.extended.action} only on a later turn`, "TEAM-33", {
      name: id,
    });
  }
  const s = draftTeams(state);
  const d = editMember(s, id);
  const action = m.extended.action;
  d.extended = null;
  return applied(s as TeamsState, [{ type: "actionAbandoned", combatant: id, action }]);
}
