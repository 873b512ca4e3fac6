import { isRecord } from "../../shared/guards.js";
import { applied, refuse, type Outcome } from "../../shared/outcome.js";
import { atHalfHealthOrLess } from "./morale.js";
import type { Roller } from "../../shared/roller.js";
import { OWN_STATES } from "./own-states.js";
import type { CombatantId, SideId, TurnEvent, TurnOrderEngine } from "../types.js";
import { FRESH_FACTIONS_TURN, canMove, canPay, factionsActionKind } from "../../economy/factions.js";
import { cloneData, draftShared, edit, isCount, type Draft } from "../shared/copy-data.js";
import type { FactionsCommand, FactionsMember, FactionsOptions, FactionsSetup, FactionsState, FactionsView } from "./types.js";
import { factionsLegal } from "./legal.js";
import { FACTIONS_COPIES } from "./copies.js";
import { factionsView } from "./view.js";
import { brokenView } from "../teams/engine.js";

type S = Draft<FactionsState>;

/** Health: any finite number of 0 or more. */
function isAmount(v: unknown): v is number {
  return typeof v === "number" && Number.isFinite(v) && v >= 0;
}
type M = Draft<FactionsMember>;
type Out = Outcome<FactionsState, TurnEvent>;

export const DEFAULT_FACTIONS_OPTIONS: FactionsOptions = {
  passIsFinal: false,
  fastSlow: false,
  declarationSeconds: null,
  reactAfterActing: false,
  ambushUsesFirstTurn: false,
};

/** In the fight at all: not removed and not retreated. */
export function inFight(m: FactionsMember): boolean {
  return !m.out && !m.retreated;
}

/** May take a turn now, in this phase (FAC-02, FAC-51, FAC-57, FAC-66). */
export function canTakeTurn(state: FactionsState, m: FactionsMember): boolean {
  if (!inFight(m) || !m.able || m.surrendered || m.acted) return false;
  switch (state.phase) {
    case "ambush":
      return m.concealed;
    case "fast":
      return state.fat !== null && m.wit >= state.fat;
    case "slow":
    case "main":
      return true;
    default:
      return false;
  }
}

// These run several times a command: plain loops, no callbacks or lists made.
function hasEligible(s: FactionsState, side: SideId): boolean {
  for (const id of s.roster) {
    const m = s.members[id];
    if (m !== undefined && m.faction === side && canTakeTurn(s, m)) return true;
  }
  return false;
}

/** Someone of faction `f` is still in the fight. */
export function factionInPlay(s: FactionsState, f: SideId): boolean {
  for (const id of s.roster) {
    const m = s.members[id];
    if (m !== undefined && m.faction === f && inFight(m)) return true;
  }
  return false;
}

export function factionsInPlay(s: FactionsState): SideId[] {
  const inPlay: SideId[] = [];
  for (const f of s.factions) if (factionInPlay(s, f)) inPlay.push(f);
  return inPlay;
}

function countInPlay(s: FactionsState): number {
  let n = 0;
  for (const f of s.factions) if (factionInPlay(s, f)) n++;
  return n;
}

/** FAC-05 ruling: among three or more factions play goes round in setup order from the one chosen first. */
function nextFaction(s: S, after: SideId): SideId | null {
  const i = s.factions.indexOf(after);
  for (let k = 1; k <= s.factions.length; k++) {
    const f = s.factions[(i + k) % s.factions.length];
    if (f === undefined || !factionInPlay(s, f)) continue;
    if (s.options.passIsFinal && s.passed.includes(f)) continue;
    return f;
  }
  return null;
}

function phaseOver(s: S): boolean {
  if (s.options.passIsFinal) return factionsInPlay(s).every((f) => s.passed.includes(f));
  return s.passesInRow >= countInPlay(s); // FAC-03: all factions pass one after another
}

function recordPass(s: S, side: SideId, auto: boolean, events: TurnEvent[], roller: Roller): boolean {
  events.push(auto ? { type: "passed", round: s.round, side, auto: true } : { type: "passed", round: s.round, side });
  s.passesInRow += 1;
  if (!s.passed.includes(side)) s.passed = [...s.passed, side]; // lists are shared with the input: replaced, not pushed
  s.up = null;
  if (phaseOver(s)) {
    endPhase(s, events, roller);
    return true;
  }
  return false;
}

/** Put a faction up; a faction with nobody who can act passes at once, and play moves on. */
function bringUp(s: S, side: SideId, events: TurnEvent[], roller: Roller): void {
  let current: SideId | null = side;
  for (let guard = 0; current !== null && guard <= 4 * s.factions.length + 4; guard++) {
    if (hasEligible(s, current)) {
      s.up = current;
      events.push({ type: "sideUp", round: s.round, side: current });
      return;
    }
    if (recordPass(s, current, true, events, roller)) return;
    current = nextFaction(s, current);
  }
  endPhase(s, events, roller);
}

/** After a turn is used up, the next faction is up and the run of passes is broken (FAC-01, FAC-03). */
function afterTurn(s: S, faction: SideId, events: TurnEvent[], roller: Roller): void {
  s.passesInRow = 0;
  s.up = null;
  if (s.phase === "ended") return;
  const next = nextFaction(s, faction);
  if (next === null) endPhase(s, events, roller);
  else bringUp(s, next, events, roller);
}

/** When the faction up has lost everyone who could act, it passes. */
function settle(s: S, events: TurnEvent[], roller: Roller): void {
  if (s.phase === "ended" || s.phase === "morale" || s.choosingFirst || s.acting !== null || s.up === null) return;
  if (hasEligible(s, s.up)) return;
  const side = s.up;
  if (recordPass(s, side, true, events, roller)) return;
  const next = nextFaction(s, side);
  if (next === null) endPhase(s, events, roller);
  else bringUp(s, next, events, roller);
}

function openPhase(s: S, phase: "ambush" | "main" | "fast" | "slow", events: TurnEvent[], roller: Roller): void {
  s.phase = phase;
  s.up = null;
  s.passesInRow = 0;
  s.passed = [];
  s.choosingFirst = true;
  if (phase !== "main") events.push({ type: "phaseStarted", round: s.round, phase });
  // How many factions have someone who can act in this phase, and the last of them (the one, when only one has).
  let able = 0;
  let last: SideId | undefined;
  for (const f of s.factions) {
    if (!hasEligible(s, f)) continue;
    able++;
    last = f;
  }
  if (able === 0 && (phase === "fast" || phase === "ambush")) {
    // nobody can use this phase: every faction passes at once, from the holder round
    s.choosingFirst = false;
    const first = factionInPlay(s, s.holder) ? s.holder : nextFaction(s, s.holder);
    if (first === null) endPhase(s, events, roller);
    else bringUp(s, first, events, roller);
  } else if (able === 1 && last !== undefined) {
    // the holder's choice is moot when only one faction can act: the others would pass
    s.choosingFirst = false;
    bringUp(s, last, events, roller);
  }
}

function startRound(s: S, round: number, fromAmbush: boolean, events: TurnEvent[], roller: Roller): void {
  s.round = round;
  const keep = fromAmbush && s.options.ambushUsesFirstTurn; // FAC-51 ruling option
  for (const id of s.roster) {
    const m = s.members[id];
    if (!m || ((keep || !m.acted) && m.turn === null)) continue;
    const d = edit(s, id);
    d.acted = keep ? d.acted : false;
    d.turn = null;
  }
  events.push({ type: "roundStarted", round });
  if (s.options.fastSlow) {
    s.fat = roller.die(20); // FAC-65: the GM's open d20
    events.push({ type: "fastActionThreshold", round, fat: s.fat });
    openPhase(s, "fast", events, roller);
  } else {
    s.fat = null;
    openPhase(s, "main", events, roller);
  }
}

function endPhase(s: S, events: TurnEvent[], roller: Roller): void {
  const phase = s.phase;
  s.up = null;
  s.choosingFirst = false;
  if (phase === "ambush") {
    events.push({ type: "phaseEnded", round: s.round, phase });
    startRound(s, 1, true, events, roller);
  } else if (phase === "fast") {
    events.push({ type: "phaseEnded", round: s.round, phase });
    openPhase(s, "slow", events, roller);
  } else if (phase === "slow" || phase === "main") {
    if (phase === "slow") events.push({ type: "phaseEnded", round: s.round, phase });
    moralePhase(s, events, roller);
  }
}

/** FAC-53..56: who must check morale at the end of this round. */
export function moraleCandidates(s: FactionsState): { side: SideId; combatants: CombatantId[]; reason: string }[] {
  const due: { side: SideId; combatants: CombatantId[]; reason: string }[] = [];
  for (const f of s.factions) {
    const start = s.startNumbers[f] ?? 0;
    // FAC-53 ruling: still standing means in the fight, able and not surrendered. Subject: not immune, not exempt.
    let standing = 0;
    const subject: CombatantId[] = [];
    let first: FactionsMember | undefined;
    for (const id of s.roster) {
      const m = s.members[id];
      if (m === undefined || m.faction !== f || !inFight(m) || !m.able || m.surrendered) continue;
      standing++;
      if (m.immuneToFear || m.moraleExempt) continue;
      subject.push(m.id);
      first ??= m;
    }
    if (first === undefined) continue;
    if (start >= 2 && standing * 2 <= start) due.push({ side: f, combatants: subject, reason: "group" });
    else if (start === 1 && atHalfHealthOrLess(first)) due.push({ side: f, combatants: [first.id], reason: "alone" });
  }
  return due;
}

function moralePhase(s: S, events: TurnEvent[], roller: Roller): void {
  const due = moraleCandidates(s);
  if (due.length === 0) {
    closeRound(s, events, roller);
    return;
  }
  s.phase = "morale";
  events.push({ type: "phaseStarted", round: s.round, phase: "morale" });
  for (const d of due) events.push({ type: "moraleDue", round: s.round, side: d.side, combatants: d.combatants, reason: d.reason });
  const moraleDue: CombatantId[] = [];
  for (const d of due) moraleDue.push(...d.combatants);
  s.moraleDue = moraleDue;
}

function closeRound(s: S, events: TurnEvent[], roller: Roller): void {
  if (s.phase === "morale") events.push({ type: "phaseEnded", round: s.round, phase: "morale" });
  s.moraleDue = [];
  events.push({ type: "roundEnded", round: s.round });
  startRound(s, s.round + 1, false, events, roller);
}

function finish(s: S, reason: string, victors: readonly SideId[], events: TurnEvent[]): void {
  s.phase = "ended";
  s.up = null;
  s.acting = null;
  s.choosingFirst = false;
  s.declaration = null;
  s.moraleDue = [];
  s.result = { reason, victors: [...victors] };
  const used = s.roster.filter((id) => s.members[id]?.gearUsed);
  // FAC-61: a durability roll for the gear of everyone who used it
  const steps = used.length > 0 ? [{ type: "durabilityRolls", combatants: used }] : [];
  events.push({ type: "combatEnded", reason, victors: [...victors], steps });
}

function checkLastFaction(s: S, events: TurnEvent[]): boolean {
  if (countInPlay(s) > 1) return false;
  finish(s, "lastFaction", factionsInPlay(s), events);
  return true;
}

const MEMBER_FLAGS = ["able", "out", "retreated", "surrendered", "moraleExempt", "acted", "gearUsed", "concealed", "immuneToFear"] as const;
const PHASES: readonly string[] = ["ambush", "main", "fast", "slow", "morale", "ended"];

export function validFactionsState(state: unknown): state is FactionsState {
  if (!isRecord(state) || state.kind !== "factions" || !isCount(state.round) || !isCount(state.passesInRow)) return false;
  if (!Array.isArray(state.roster) || !Array.isArray(state.factions) || !isRecord(state.members) || !isRecord(state.options)) return false;
  if (!Array.isArray(state.passed) || !Array.isArray(state.moraleDue) || !Array.isArray(state.players) || !isRecord(state.startNumbers))
    return false;
  if (!PHASES.includes(state.phase as string)) return false;
  if (typeof state.holder !== "string" || !state.factions.includes(state.holder) || typeof state.choosingFirst !== "boolean") return false;
  const members = state.members;
  for (const id of state.roster) {
    const m = typeof id === "string" ? members[id] : undefined;
    if (!isRecord(m) || m.id !== id || typeof m.faction !== "string" || !state.factions.includes(m.faction)) return false;
    if (typeof m.wit !== "number" || !isAmount(m.health) || !isAmount(m.maxHealth)) return false;
    for (const k of MEMBER_FLAGS) {
      if (typeof m[k] !== "boolean") return false;
    }
  }
  if (Object.keys(members).length !== state.roster.length) return false;
  if (state.acting !== null && !(typeof state.acting === "string" && Object.hasOwn(members, state.acting))) return false;
  if (state.up !== null && !(typeof state.up === "string" && state.factions.includes(state.up))) return false;
  if (state.fat !== null && !isCount(state.fat)) return false;
  return true;
}

function start(setup: FactionsSetup, roller: Roller): Out {
  if (!isRecord(setup) || !Array.isArray(setup.factions) || !Array.isArray(setup.combatants)) {
    return refuse("MalformedSetup", "the factions setup needs a faction list and a combatant list");
  }
  const factions = setup.factions as unknown[];
  if (factions.length < 2 || factions.some((f) => typeof f !== "string") || new Set(factions).size !== factions.length) {
    return refuse("MalformedSetup", "a fight needs at least two distinct factions", "FAC-01");
  }
  const sides = factions as string[];
  const members: Record<string, FactionsMember> = {};
  const roster: string[] = [];
  const startNumbers: Record<string, number> = Object.fromEntries(sides.map((f) => [f, 0]));
  for (const c of setup.combatants as readonly unknown[]) {
    if (!isRecord(c) || typeof c.id !== "string" || c.id === "" || c.id in members || typeof c.faction !== "string") {
      return refuse("MalformedSetup", "every combatant needs a unique id and a faction");
    }
    const faction = c.faction;
    if (!sides.includes(faction))
      return refuse("UnknownSide", `combatant ${c.id} is in a faction not in the fight`, "FAC-01", { side: faction });
    const wit = c.wit ?? 0;
    const given = c.maxHealth ?? c.health ?? 0;
    const health = c.health ?? given;
    if (typeof wit !== "number" || !Number.isFinite(wit) || !isAmount(health) || !isAmount(given)) {
      return refuse("MalformedSetup", `WIT and health of ${c.id} must be numbers, health 0 or more`);
    }
    const maxHealth = Math.max(given, health); // a character above its maximum (a boost) counts that as its maximum
    members[c.id] = {
      id: c.id,
      faction,
      wit,
      health,
      maxHealth,
      immuneToFear: c.immuneToFear === true,
      concealed: c.concealed === true,
      able: c.able !== false,
      out: false,
      retreated: false,
      surrendered: false,
      moraleExempt: false,
      acted: false,
      gearUsed: false,
      turn: null,
    };
    startNumbers[faction] = (startNumbers[faction] ?? 0) + 1;
    roster.push(c.id);
  }
  const options: FactionsOptions = { ...DEFAULT_FACTIONS_OPTIONS, ...(isRecord(setup.options) ? setup.options : {}) };
  const ds = options.declarationSeconds;
  if (ds !== null && !(typeof ds === "number" && ds > 0 && Number.isFinite(ds)))
    return refuse("MalformedSetup", "the declaration timer needs a positive number of seconds", "FAC-71");
  const players = setup.players ?? [];
  if (!Array.isArray(players) || players.some((p) => !sides.includes(p)))
    return refuse("UnknownSide", "a Players' faction is not in the fight", "FAC-71");
  if (setup.initiative !== undefined && !sides.includes(setup.initiative))
    return refuse("UnknownSide", "the initiative holder is not in the fight", "FAC-05");
  const events: TurnEvent[] = [{ type: "combatStarted" }];
  const random = setup.initiative === undefined;
  const holder = setup.initiative ?? (sides[roller.die(sides.length) - 1] as string); // FAC-05: at random when unclear
  events.push({ type: "initiativeAssigned", side: holder, random });
  // Built from fresh objects; only what is the caller's (the faction list, options' values) is copied.
  const s: S = {
    kind: "factions",
    round: 0,
    phase: "main",
    factions: sides.slice(),
    players: [...players],
    holder,
    roster,
    members,
    startNumbers,
    choosingFirst: false,
    up: null,
    acting: null,
    passesInRow: 0,
    passed: [],
    fat: null,
    moraleDue: [],
    declaration: null,
    result: null,
    options: cloneData(options),
  };
  if (roster.some((id) => members[id]?.concealed)) {
    openPhase(s, "ambush", events, roller); // FAC-51: the ambushers' bonus turn
  } else {
    startRound(s, 1, false, events, roller);
  }
  return applied(s as FactionsState, events);
}

function member(state: FactionsState, id: unknown): FactionsMember | undefined {
  // Own properties only: an id such as "__proto__" or "constructor" is unknown, not read off the prototype.
  return typeof id === "string" && Object.hasOwn(state.members, id) ? state.members[id] : undefined;
}

function unknown(id: unknown): Out {
  return refuse("UnknownCombatant", `there is no combatant ${String(id)} in this fight`, undefined, { id: String(id) });
}

function unknownSide(side: unknown): Out {
  return refuse("UnknownSide", `there is no faction ${String(side)} in this fight`, "FAC-01", { side: String(side) });
}

function inRound(state: FactionsState): boolean {
  return state.phase === "ambush" || state.phase === "main" || state.phase === "fast" || state.phase === "slow";
}

function apply(state: FactionsState, command: FactionsCommand, roller: Roller): Out {
  if (!OWN_STATES.sound(state, validFactionsState)) return refuse("MalformedState", "the factions state is not one this engine made");
  return OWN_STATES.keep(applyTrusted(state, command, roller));
}

/** apply() for a state already checked: legal() checks once, then tries every candidate. */
function applyTrusted(state: FactionsState, command: FactionsCommand, roller: Roller): Out {
  if (!isRecord(command) || typeof command.type !== "string") return refuse("UnknownCommand", "a command needs a type");
  if (state.phase === "ended") return refuse("CombatOver", "the fight is over");
  switch (command.type) {
    case "chooseFirst":
      return chooseFirst(state, command.side, roller);
    case "act":
      return act(state, command.combatant);
    case "pass":
      return pass(state, command.side, roller);
    case "endTurn":
      return endTurn(state, command.combatant, roller);
    case "spend":
      return spend(state, command);
    case "react":
      return react(state, command.combatant, command.trigger, roller);
    case "surrender":
      return surrender(state, command.combatant, roller);
    case "declarationLapsed":
      return declarationLapsed(state, command.combatant, roller);
    case "setHealth":
      return setHealth(state, command);
    case "useGear":
      return useGear(state, command.combatant);
    case "morale":
      return morale(state, command.combatant, command.result, roller);
    case "setAble":
      return setAble(state, command.combatant, command.able, roller);
    case "remove":
      return remove(state, command.combatant, roller);
    case "declareEnd": {
      if (typeof command.outcome !== "string" || command.outcome === "") return refuse("UnknownCommand", "declareEnd needs an outcome");
      if (!Array.isArray(command.victors) || command.victors.some((v) => !state.factions.includes(v)))
        return refuse("UnknownSide", "a victor is not a faction in this fight");
      const s = draftShared(state, FACTIONS_COPIES);
      const events: TurnEvent[] = [];
      finish(s, command.outcome, command.victors, events);
      return applied(s as FactionsState, events);
    }
    case "endCombat": {
      const s = draftShared(state, FACTIONS_COPIES);
      const events: TurnEvent[] = [];
      finish(s, "endCombat", [], events);
      return applied(s as FactionsState, events);
    }
    default:
      return refuse("UnknownCommand", `the factions engine has no command ${String((command as { type: unknown }).type)}`);
  }
}

function chooseFirst(state: FactionsState, side: SideId, roller: Roller): Out {
  if (!state.factions.includes(side)) return unknownSide(side);
  if (!state.choosingFirst) return refuse("FirstAlreadyChosen", "the first faction of this round has been chosen", "FAC-04");
  if (!factionInPlay(state, side))
    return refuse("OutOfFight", `faction ${side} has nobody left in the fight`, "FAC-04", { name: side, side });
  const s = draftShared(state, FACTIONS_COPIES);
  s.choosingFirst = false;
  const events: TurnEvent[] = [{ type: "firstChosen", round: s.round, side, by: s.holder }];
  bringUp(s, side, events, roller);
  return applied(s as FactionsState, events);
}

function act(state: FactionsState, id: CombatantId): Out {
  const m = member(state, id);
  if (!m) return unknown(id);
  if (!inRound(state)) return refuse("MoralePhase", "turns wait until the morale phase is over", "FAC-54");
  if (state.choosingFirst)
    return refuse("ChooseFirstFaction", `${state.holder} must first choose which faction acts first`, "FAC-04", { side: state.holder });
  if (state.acting !== null) return refuse("TurnInProgress", `${state.acting} is still taking a turn`, "FAC-01", { name: state.acting });
  if (!inFight(m)) return refuse("OutOfFight", `${id} is out of the fight`, undefined, { name: id });
  if (m.surrendered) return refuse("Surrendered", `${id} has surrendered`, "FAC-57", { name: id });
  if (m.acted) return refuse("AlreadyActed", `${id} has already used its turn this round`, "FAC-02", { name: id });
  if (!m.able) return refuse("CannotAct", `${id} cannot act`, undefined, { name: id });
  if (state.phase === "ambush" && !m.concealed)
    return refuse("NotConcealed", `only concealed characters act in the ambush turn`, "FAC-51", { name: id });
  if (state.phase === "fast" && !canTakeTurn(state, m)) {
    return refuse("TooSlow", `${id} has WIT ${m.wit}, below the fast action threshold ${state.fat ?? "?"}`, "FAC-66", {
      name: id,
      threshold: state.fat ?? 0,
    });
  }
  if (m.faction !== state.up)
    return refuse("NotYourTurn", `it is not faction ${m.faction}'s turn`, "FAC-01", { name: id, side: m.faction });
  const s = draftShared(state, FACTIONS_COPIES);
  const d = edit(s, id);
  d.turn = { ...FRESH_FACTIONS_TURN };
  s.acting = id;
  s.up = null;
  const seconds = s.options.declarationSeconds;
  if (seconds !== null && s.players.includes(d.faction)) s.declaration = { combatant: id, seconds };
  return applied(s as FactionsState, [{ type: "turnStarted", round: s.round, combatant: id }]);
}

function pass(state: FactionsState, side: SideId, roller: Roller): Out {
  if (!state.factions.includes(side)) return unknownSide(side);
  if (!inRound(state)) return refuse("MoralePhase", "nobody passes during the morale phase", "FAC-54");
  if (state.choosingFirst)
    return refuse("ChooseFirstFaction", `${state.holder} must first choose which faction acts first`, "FAC-04", { side: state.holder });
  if (state.acting !== null) return refuse("TurnInProgress", `${state.acting} is still taking a turn`, "FAC-01", { name: state.acting });
  if (state.up !== side) return refuse("NotYourTurn", `faction ${side} is not up`, "FAC-01", { name: side, side });
  const s = draftShared(state, FACTIONS_COPIES);
  const events: TurnEvent[] = [];
  if (!recordPass(s, side, false, events, roller)) {
    const next = nextFaction(s, side);
    if (next === null) endPhase(s, events, roller);
    else bringUp(s, next, events, roller);
  }
  return applied(s as FactionsState, events);
}

/** The acting character's turn is used up; play passes on. */
function closeTurn(s: S, d: M, events: TurnEvent[], roller: Roller, lost?: string): void {
  d.acted = true;
  d.turn = null;
  s.acting = null;
  s.declaration = null;
  if (lost !== undefined) events.push({ type: "turnLost", round: s.round, combatant: d.id, reason: lost });
  events.push({ type: "turnEnded", round: s.round, combatant: d.id });
  afterTurn(s, d.faction, events, roller);
}

function endTurn(state: FactionsState, id: CombatantId, roller: Roller): Out {
  if (!member(state, id)) return unknown(id);
  if (state.acting !== id) return refuse("NotYourTurn", `${id} is not taking a turn`, "FAC-01", { name: id });
  const s = draftShared(state, FACTIONS_COPIES);
  const events: TurnEvent[] = [];
  closeTurn(s, edit(s, id), events, roller);
  return applied(s as FactionsState, events);
}

type Spend = Extract<FactionsCommand, { type: "spend" }>;

function spend(state: FactionsState, c: Spend): Out {
  const m = member(state, c.combatant);
  if (!m) return unknown(c.combatant);
  if (state.acting !== c.combatant || !m.turn)
    return refuse("NotYourTurn", `${c.combatant} is not taking a turn`, "FAC-06", { name: c.combatant });
  if (typeof c.action !== "string" || c.action === "") return refuse("UnknownAction", "an action needs a name", "FAC-06");
  const kind = factionsActionKind(c.action, c.complex === true);
  const turn = m.turn;
  if (kind === "forbidden") return refuse("ArmourLocked", "armour cannot be changed during a fight", "FAC-10");
  if (kind === "move") {
    const zones = c.zones ?? 1;
    if (typeof zones !== "number" || !(zones > 0) || !Number.isFinite(zones))
      return refuse("BadZones", "a move covers a positive part of a zone", "FAC-07");
    if (!canMove(turn, zones)) return refuse("NoMovementLeft", `${m.id} may move only one zone a turn`, "FAC-06", { name: m.id });
  } else if (!canPay(turn, kind)) {
    if (kind === "main") return refuse("NoMainActionLeft", `${m.id} has no main action left this turn`, "FAC-06", { name: m.id });
    return refuse("NoBonusActionLeft", `${m.id} has no bonus action left for ${c.action}`, kind === "swap" ? "FAC-09" : "FAC-06", {
      name: m.id,
    });
  }
  const s = draftShared(state, FACTIONS_COPIES);
  const d = edit(s, m.id);
  // The member copy shares its turn budget with the input state: copy it before changing it. Only its own
  // number fields change (canMove and canPay above refused a turn without them), so one level is enough.
  const t: NonNullable<M["turn"]> = { ...turn };
  d.turn = t;
  if (kind === "move") t.zones += c.zones ?? 1;
  else if (kind === "main") t.main = true;
  else t.bonus += kind === "swap" ? 2 : 1;
  if (c.action === "Attack") d.gearUsed = true; // FAC-61
  s.declaration = null; // FAC-71: the Player has declared
  const detail = kind === "move" ? `zones:${c.zones ?? 1}` : kind;
  return applied(s as FactionsState, [{ type: "actionSpent", combatant: m.id, action: c.action, detail }]);
}

function react(state: FactionsState, id: CombatantId, trigger: string, roller: Roller): Out {
  const m = member(state, id);
  if (!m) return unknown(id);
  if (typeof trigger !== "string" || trigger === "") return refuse("NoTrigger", "a reaction answers a specific trigger", "FAC-14");
  if (!inRound(state) || state.phase === "ambush")
    return refuse("NoReactionNow", "nobody else acts during the ambush turn or the morale phase", "FAC-51");
  if (!inFight(m)) return refuse("OutOfFight", `${id} is out of the fight`, undefined, { name: id });
  if (!m.able) return refuse("CannotAct", `${id} cannot react`, undefined, { name: id });
  if (m.surrendered) return refuse("Surrendered", `${id} has surrendered`, "FAC-57", { name: id });
  if (state.acting === id) return refuse("AlreadyActing", `${id} is taking its turn and cannot react out of turn`, "FAC-24", { name: id });
  if (m.acted && !state.options.reactAfterActing)
    return refuse("AlreadyActed", `${id} has already used its turn this round`, "FAC-14", { name: id });
  const s = draftShared(state, FACTIONS_COPIES);
  const d = edit(s, id);
  const spent = !d.acted;
  d.acted = true; // FAC-14: the reaction uses the whole turn
  const events: TurnEvent[] = [{ type: "reacted", round: s.round, combatant: id, trigger, turnSpent: spent }];
  settle(s, events, roller);
  return applied(s as FactionsState, events);
}

function surrender(state: FactionsState, id: CombatantId, roller: Roller): Out {
  const m = member(state, id);
  if (!m) return unknown(id);
  if (m.surrendered) return refuse("Surrendered", `${id} has already surrendered`, "FAC-57", { name: id });
  const s = draftShared(state, FACTIONS_COPIES);
  const d = edit(s, id);
  const events: TurnEvent[] = [];
  if (state.acting === id) {
    d.surrendered = true;
    events.push({ type: "surrendered", round: s.round, combatant: id });
    closeTurn(s, d, events, roller);
    return applied(s as FactionsState, events);
  }
  // FAC-57: surrendering is a turn spent; take it as this faction's turn
  const asTurn = act(state, id);
  if (!asTurn.ok) return asTurn;
  const t = draftShared(asTurn.state, FACTIONS_COPIES);
  const td = edit(t, id);
  td.surrendered = true;
  const evs: TurnEvent[] = [...asTurn.events, { type: "surrendered", round: t.round, combatant: id }];
  closeTurn(t, td, evs, roller);
  return applied(t as FactionsState, evs);
}

function declarationLapsed(state: FactionsState, id: CombatantId, roller: Roller): Out {
  if (!member(state, id)) return unknown(id);
  if (state.options.declarationSeconds === null) return refuse("NoDeclarationTimer", "the chaos of combat timer is not in use", "FAC-71");
  if (state.acting !== id) return refuse("NotYourTurn", `${id} is not taking a turn`, "FAC-71", { name: id });
  if (state.declaration?.combatant !== id) return refuse("AlreadyDeclared", `${id} has declared its intent`, "FAC-71", { name: id });
  const s = draftShared(state, FACTIONS_COPIES);
  const events: TurnEvent[] = [];
  closeTurn(s, edit(s, id), events, roller, "declaration"); // FAC-71: does nothing that turn
  return applied(s as FactionsState, events);
}

type SetHealth = Extract<FactionsCommand, { type: "setHealth" }>;

function setHealth(state: FactionsState, c: SetHealth): Out {
  const m = member(state, c.combatant);
  if (!m) return unknown(c.combatant);
  if (!isAmount(c.health) || c.health > m.maxHealth)
    return refuse("BadHealth", `health must be a number from 0 to ${m.maxHealth}`, "FAC-53", { name: m.id });
  if (c.health === m.health) return refuse("NoChange", `${m.id} already has ${m.health} health`, undefined, { name: m.id });
  const s = draftShared(state, FACTIONS_COPIES);
  const d = edit(s, m.id);
  d.health = c.health;
  const events: TurnEvent[] = [{ type: "healthChanged", combatant: m.id, health: c.health }];
  if (c.health < m.health) {
    d.gearUsed = true; // FAC-61 ruling: being hit wears the armour
    if (m.surrendered && c.byEnemy !== false) {
      d.surrendered = false; // FAC-58
      events.push({ type: "resumedFighting", combatant: m.id });
    }
  }
  return applied(s as FactionsState, events);
}

function useGear(state: FactionsState, id: CombatantId): Out {
  const m = member(state, id);
  if (!m) return unknown(id);
  if (m.gearUsed) return refuse("NoChange", `${id}'s gear is already marked as used`, "FAC-61", { name: id });
  const s = draftShared(state, FACTIONS_COPIES);
  edit(s, id).gearUsed = true;
  return applied(s as FactionsState, [{ type: "gearUsed", combatant: id }]);
}

function morale(state: FactionsState, id: CombatantId, result: string, roller: Roller): Out {
  if (!member(state, id)) return unknown(id);
  if (state.phase !== "morale" || !state.moraleDue.includes(id))
    return refuse("NoMoraleDue", `${id} has no morale check due`, "FAC-54", { name: id });
  if (result !== "pass" && result !== "surrender" && result !== "retreat")
    return refuse("UnknownMoraleResult", "a morale result is pass, surrender or retreat", "FAC-55");
  const s = draftShared(state, FACTIONS_COPIES);
  const d = edit(s, id);
  if (result === "pass") d.moraleExempt = true;
  else if (result === "surrender") d.surrendered = true;
  else d.retreated = true;
  s.moraleDue = s.moraleDue.filter((x) => x !== id);
  const events: TurnEvent[] = [{ type: "moraleResult", round: s.round, combatant: id, result }];
  if (result === "retreat" && checkLastFaction(s, events)) return applied(s as FactionsState, events);
  if (s.moraleDue.length === 0) closeRound(s, events, roller);
  return applied(s as FactionsState, events);
}

function setAble(state: FactionsState, id: CombatantId, able: boolean, roller: Roller): Out {
  const m = member(state, id);
  if (!m) return unknown(id);
  if (typeof able !== "boolean") return refuse("UnknownCommand", "setAble needs able: true or false");
  if (!inFight(m)) return refuse("OutOfFight", `${id} is out of the fight`, undefined, { name: id });
  if (m.able === able) return refuse("NoChange", `${id} is already ${able ? "able" : "unable"} to act`, undefined, { name: id });
  const s = draftShared(state, FACTIONS_COPIES);
  const d = edit(s, id);
  d.able = able;
  const events: TurnEvent[] = [{ type: "ableChanged", combatant: id, able }];
  if (!able && s.acting === id) closeTurn(s, d, events, roller, "unable");
  else settle(s, events, roller);
  return applied(s as FactionsState, events);
}

function remove(state: FactionsState, id: CombatantId, roller: Roller): Out {
  const m = member(state, id);
  if (!m) return unknown(id);
  if (m.out) return refuse("OutOfFight", `${id} is already out of the fight`, undefined, { name: id });
  const s = draftShared(state, FACTIONS_COPIES);
  const d = edit(s, id);
  d.out = true;
  d.turn = null;
  const events: TurnEvent[] = [{ type: "removed", combatant: id }];
  const wasActing = s.acting === id;
  if (wasActing) {
    s.acting = null;
    s.declaration = null;
    events.push(
      { type: "turnLost", round: s.round, combatant: id, reason: "removed" },
      { type: "turnEnded", round: s.round, combatant: id },
    );
  }
  if (checkLastFaction(s, events)) return applied(s as FactionsState, events);
  if (s.phase === "morale") {
    s.moraleDue = s.moraleDue.filter((x) => x !== id);
    if (s.moraleDue.length === 0) closeRound(s, events, roller);
  } else if (wasActing) afterTurn(s, d.faction, events, roller);
  else settle(s, events, roller);
  return applied(s as FactionsState, events);
}

export const factionsEngine: Omit<TurnOrderEngine<FactionsSetup, FactionsState, FactionsCommand>, "view"> & {
  view(state: FactionsState): FactionsView;
} = {
  id: "factions",
  start: (setup, roller) => OWN_STATES.keep(start(setup, roller), validFactionsState),
  isState: (s): s is FactionsState => OWN_STATES.sound(s, validFactionsState),
  apply,
  legal: (state: FactionsState) => (OWN_STATES.sound(state, validFactionsState) ? factionsLegal(state, applyTrusted) : []),
  view: (state: FactionsState): FactionsView =>
    OWN_STATES.sound(state, validFactionsState) ? factionsView(state) : { ...brokenView(), fat: null, holder: "", declaration: null },
};
