import * as economy from "../../../economy/sections.js";
import { applied, refuse, type Outcome, type Refusal } from "../../../shared/outcome.js";
import type { CombatantId, TurnEvent } from "../../types.js";
import { shown } from "../../../shared/shown.js";
import { named, outOfFight, unknownCombatant } from "../combatant.js";
import { blockOfSpend, lowered, raised } from "./blocks.js";
import { climbedTo, climbOfMove, staysOnClimb } from "./climbs.js";
import { copyState, markedAmong, withTurn } from "../copies.js";
import { mayAct, nextInList, settle, sideUp } from "../order.js";
import type { ClimbAfterMove, SectionsCombatant, SectionsCommand, SectionsState } from "../types.js";

// A combatant's turn: starting it, its card's steps (SEC-04/05), its Moves (SEC-06), and its end.

type Result = Outcome<SectionsState, TurnEvent>;
type TurnStep = Extract<SectionsCommand, { type: "draw" | "spend" | "move" | "discard" | "endTurn" }>;

/** A combatant whom the order allows starts its turn. */
export function act(s: SectionsState, cmd: Extract<SectionsCommand, { type: "act" }>): Result {
  const who = named(s, cmd.combatant);
  if (who === undefined) return unknownCombatant(cmd.combatant);
  if (who.out) return outOfFight(who);
  const name = who.name;
  if (s.acting !== null) {
    const other = s.combatants.find((c) => c.id === s.acting)?.name ?? s.acting;
    return refuse("TurnInProgress", `${other} is taking a turn`, undefined, { name: other });
  }
  if (!who.able) return refuse("CombatantUnable", `${name} is not able to take a turn`, undefined, { name });
  if (who.mark !== "waiting")
    return refuse("AlreadyActed", `${name} has already had a turn this round`, undefined, { name });
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

/** A step of the acting combatant's turn (a granted Move may also come outside it). */
export function turnStep(s: SectionsState, cmd: TurnStep): Result {
  const who = named(s, cmd.combatant);
  if (who === undefined) return unknownCombatant(cmd.combatant);
  if (who.out) return outOfFight(who);
  if (cmd.type === "move") {
    const climb = climbOfMove(cmd);
    if (climb !== undefined && climb !== null && "ok" in climb) return climb;
    if (cmd.kind === "granted") return granted(s, who, cmd.source, cmd.movement, climb);
  }
  const turn = s.acting === who.id ? s.turn : null;
  if (turn === null) return refuse("NotYourTurn", `it is not ${who.name}'s turn`, "SEC-04", { name: who.name });
  // Each step's one event as a literal list: an empty list's first push allocates room for about 17.
  let ev: TurnEvent[];
  let next: economy.SectionsTurnBudget | Refusal;
  switch (cmd.type) {
    case "draw":
      next = economy.draw(turn);
      ev = [{ type: "cardDrawn", round: s.round, combatant: who.id }];
      break;
    case "spend":
      return spendPhase(s, who, turn, cmd);
    case "move":
      if (cmd.kind !== "innate")
        return refuse("UnknownMoveKind", `a Move is "innate" or "granted", not "${shown(cmd.kind)}"`);
      next = economy.innateMove(turn);
      if ("ok" in next) return next;
      ev = [{ type: "moveTaken", round: s.round, combatant: who.id, kind: "innate" }];
      return applied(moved(withTurn(s, next), who.id, climbOfMove(cmd) as ClimbAfterMove | undefined, ev), ev);
    case "discard":
      next = economy.discard(turn);
      ev = [{ type: "cardDiscarded", round: s.round, combatant: who.id }];
      break;
    case "endTurn":
      return endTurn(s, who.id, turn);
  }
  if ("ok" in next) return next;
  return applied(withTurn(s, next), ev);
}

/**
 * SEC-05: the Strategy Phase, then the Action Phase, each spent on one of its choices; SEC-06: a card's Move grant with
 * it.
 */
function spendPhase(
  s: SectionsState,
  who: SectionsCombatant,
  turn: economy.SectionsTurnBudget,
  cmd: Extract<SectionsCommand, { type: "spend" }>,
): Result {
  // Payload values that are not text are refused by the economy; they are handed on as text it can show.
  const given: unknown = cmd.phase;
  const spent: unknown = cmd.action;
  const phase = (typeof given === "string" ? given : shown(given)) as economy.SectionsPhase;
  const action = typeof spent === "string" ? spent : shown(spent);
  const grant = cmd.grant === undefined ? null : economy.readGrant(cmd.grant);
  if (grant && "ok" in grant) return grant;
  // SEC-06: a card may grant its Move to another entity in the fight (one still in it).
  if (grant?.to !== undefined && !s.combatants.some((c) => c.id === grant.to && !c.out))
    return refuse("UnknownCombatant", `no combatant ${grant.to} in the fight to take the Move`, "SEC-06", {
      id: grant.to,
    });
  const block = phase === "strategy" ? blockOfSpend(s, who.id, cmd) : null;
  if (block !== null && "ok" in block) return block;
  const paid = economy.spend(turn, phase, action);
  if ("ok" in paid) return paid;
  const next = grant ? economy.addGrant(paid, grant) : paid;
  const e: {
    type: string;
    round: number;
    combatant: string;
    action: string;
    phase: string;
    detail?: string;
    grant?: economy.MoveGrant;
  } = {
    type: "actionSpent",
    round: s.round,
    combatant: who.id,
    action,
    phase,
  };
  if (typeof cmd.detail === "string") e.detail = cmd.detail;
  if (grant) e.grant = grant;
  const ev: TurnEvent[] = [e];
  // SEC-42: the Strategy Phase paid for it, so the Block goes up.
  return applied(block ? raised(withTurn(s, next), block, ev) : withTurn(s, next), ev);
}

/**
 * SEC-06: a granted Move, on top of the innate one, whenever the table's window allows: it takes the pending grant of
 * a card played this turn that it names, of the kind it is made as: the player's own, or one the card grants this
 * entity ("played by the mover or by any other entity"). Grants belong to the turn in which the card was played and
 * lapse when it ends (docs/rulings.md).
 */
function granted(
  s: SectionsState,
  who: SectionsCombatant,
  source: unknown,
  movement: unknown,
  climb?: ClimbAfterMove,
): Result {
  const name = who.name;
  if (!who.able) return refuse("CombatantUnable", `${name} is not able to move`, undefined, { name });
  const ev: TurnEvent[] = [];
  const e: { type: string; round: number; combatant: string; kind: string; source?: string; movement?: string } = {
    type: "moveTaken",
    round: s.round,
    combatant: who.id,
    kind: "granted",
  };
  if (typeof source === "string") e.source = source;
  if (typeof movement === "string") e.movement = movement;
  ev.push(e);
  const grantedHere = s.turn !== null && (s.turn.grants ?? []).some((g) => g.to === who.id);
  if (s.turn !== null && s.acting !== null && (s.acting === who.id || grantedHere)) {
    const next = economy.grantedMove(s.turn, s.options.grantedMoveWindow, source, movement, who.id, s.acting);
    if ("ok" in next) return next;
    return applied(moved(withTurn(s, next), who.id, climb, ev), ev);
  }
  if (s.options.grantedMoveWindow === "drawToDiscard") {
    return refuse(
      "GrantedMoveOutsideWindow",
      `${name} can take a granted Move only between the draw and the discard of its own turn`,
      "SEC-06",
      { name },
    );
  }
  return economy.noPendingGrant(movement);
}

/**
 * After a Move: SEC-43 a Move crosses a border (SEC-03), so the mover leaves its section and its Block comes down,
 * unless it climbs on from the section it occupies (SEC-16); SEC-15/SEC-16 its climb as the Move left it.
 */
function moved(s: SectionsState, id: string, climb: ClimbAfterMove | undefined, ev: TurnEvent[]): SectionsState {
  const left = staysOnClimb(s, id, climb) ? s : lowered(s, id, "left", ev);
  return climbedTo(left, id, climb, ev);
}

/** SEC-05: a turn ends once its card is drawn; a card not yet discarded is discarded with it. */
function endTurn(s: SectionsState, id: CombatantId, turn: economy.SectionsTurnBudget): Result {
  if (turn.step === "draw") return refuse("MustDrawFirst", "draw a card before ending the turn", "SEC-05");
  const ended: TurnEvent = { type: "turnEnded", round: s.round, combatant: id };
  // A literal list, as in turnStep.
  const ev: TurnEvent[] =
    turn.step !== "discarded" ? [{ type: "cardDiscarded", round: s.round, combatant: id }, ended] : [ended];
  const after = copyState(s);
  after.acting = null;
  after.turn = null;
  after.combatants = markedAmong(s.combatants, id, "acted");
  return applied(settle(after, ev), ev);
}
