import { rollDice } from "../../dice/dice-roll.js";
import { isRecord, isStringArray } from "../../shared/guards.js";
import { applied, refuse, type Refusal } from "../../shared/outcome.js";
import type { Roller } from "../../shared/roller.js";
import { trustedStates } from "../../shared/trusted.js";
import type { TurnEvent, TurnOrderEngine } from "../types.js";
import { cloneData, isCount } from "../shared/copy-data.js";
import { brokenView } from "../shared/broken-view.js";
import { spend } from "./commands/actions.js";
import { useGear } from "./commands/gear.js";
import { declareEnd, endCombat, remove, setAble } from "./commands/gm.js";
import { setHealth } from "./commands/health.js";
import { chooseFirst } from "./commands/initiative.js";
import { morale, rollMorale } from "./commands/morale.js";
import { pass } from "./commands/pass.js";
import { react } from "./commands/reactions.js";
import { surrender } from "./commands/surrender.js";
import { act, declarationLapsed, endTurn } from "./commands/turns.js";
import type { FactionsDraft as S } from "./copies.js";
import { factionsLegal } from "./legal.js";
import { isAmount } from "./payload.js";
import { openPhase, startRound } from "./phases.js";
import type {
  FactionsCommand,
  FactionsCommandOf,
  FactionsMember,
  FactionsOptions,
  FactionsOutcome,
  FactionsSetup,
  FactionsState,
  FactionsView,
} from "./types.js";
import { factionsView } from "./view.js";
import { DEFAULT_FACTIONS_OPTIONS } from "./options.js";

/** The factions states this engine made itself (shared/trusted.ts); deliberately not exported by index.ts. */
export const OWN_STATES = trustedStates();

const MEMBER_FLAGS = ["able", "out", "retreated", "surrendered", "moraleExempt", "acted", "gearUsed", "concealed", "immuneToFear"] as const;
const PHASES: readonly string[] = ["ambush", "main", "fast", "slow", "morale", "ended"];

export function validFactionsState(state: unknown): state is FactionsState {
  if (!isRecord(state) || state.kind !== "factions" || !isCount(state.round) || !isCount(state.passesInRow)) return false;
  if (!Array.isArray(state.roster) || !Array.isArray(state.factions) || !isRecord(state.members) || !isRecord(state.options)) return false;
  if (
    !Array.isArray(state.passed) ||
    !Array.isArray(state.moraleDue) ||
    !Array.isArray(state.moraleFailed) ||
    !Array.isArray(state.players) ||
    !isRecord(state.startNumbers)
  )
    return false;
  if (!PHASES.includes(state.phase as string) || !isStringArray(state.factions) || new Set(state.factions).size !== state.factions.length)
    return false;
  if (typeof state.holder !== "string" || !state.factions.includes(state.holder) || typeof state.choosingFirst !== "boolean") return false;
  const members = state.members;
  for (const id of state.roster) {
    const m = typeof id === "string" ? members[id] : undefined;
    if (!isRecord(m) || m.id !== id || typeof m.faction !== "string" || !state.factions.includes(m.faction)) return false;
    if (typeof m.wit !== "number" || !isAmount(m.health) || !isAmount(m.maxHealth)) return false;
    for (const k of MEMBER_FLAGS) {
      if (typeof m[k] !== "boolean") return false;
    }
    if (m.turn !== null && !isTurnBudget(m.turn)) return false;
  }
  if (Object.keys(members).length !== state.roster.length) return false;
  if (state.acting !== null && !(typeof state.acting === "string" && Object.hasOwn(members, state.acting))) return false;
  if (state.up !== null && !(typeof state.up === "string" && state.factions.includes(state.up))) return false;
  if (state.fat !== null && !isCount(state.fat)) return false;
  return isDeclaration(state.declaration) && isResult(state.result);
}

// The parts the view hands on as they are, and a turn's budget, which spend copies and adds to.

function isTurnBudget(t: unknown): boolean {
  return isRecord(t) && typeof t.bonus === "number" && typeof t.main === "boolean" && typeof t.zones === "number";
}

function isDeclaration(d: unknown): boolean {
  return d === null || (isRecord(d) && typeof d.combatant === "string" && typeof d.seconds === "number");
}

function isResult(r: unknown): boolean {
  return r === null || (isRecord(r) && typeof r.reason === "string" && isStringArray(r.victors));
}

/** The setup's combatants as members, each faction's starting numbers (FAC-05), or why they cannot fight. */
function readCombatants(
  combatants: readonly unknown[],
  sides: readonly string[],
): { members: Record<string, FactionsMember>; roster: string[]; startNumbers: Record<string, number> } | Refusal {
  const members: Record<string, FactionsMember> = {};
  const roster: string[] = [];
  const startNumbers: Record<string, number> = Object.fromEntries(sides.map((f) => [f, 0]));
  for (const c of combatants) {
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
  return { members, roster, startNumbers };
}

export function start(setup: FactionsSetup, roller: Roller): FactionsOutcome {
  if (!isRecord(setup) || !Array.isArray(setup.factions) || !Array.isArray(setup.combatants)) {
    return refuse("MalformedSetup", "the factions setup needs a faction list and a combatant list");
  }
  const factions = setup.factions as unknown[];
  if (factions.length < 2 || factions.some((f) => typeof f !== "string") || new Set(factions).size !== factions.length) {
    return refuse("MalformedSetup", "a fight needs at least two distinct factions", "FAC-01");
  }
  const sides = factions as string[];
  const read = readCombatants(setup.combatants, sides);
  if ("ok" in read) return read;
  const { members, roster, startNumbers } = read;
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
  // FAC-05: at random when unclear, one die with a face per faction; the event keeps it for the chat to name.
  const roll = setup.initiative === undefined ? rollDice(roller, 1, sides.length) : null;
  const holder = roll ? (sides[roll.total - 1] as string) : (setup.initiative as string);
  events.push(
    roll ? { type: "initiativeAssigned", side: holder, random: true, roll } : { type: "initiativeAssigned", side: holder, random: false },
  );
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
    moraleFailed: [],
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

function apply(state: FactionsState, command: FactionsCommand, roller: Roller): FactionsOutcome {
  if (!OWN_STATES.sound(state, validFactionsState)) return refuse("MalformedState", "the factions state is not one this engine made");
  return OWN_STATES.keep(applyTrusted(state, command, roller));
}

/** apply() for a state already checked: legal() checks once, then tries every candidate. */
export function applyTrusted(state: FactionsState, command: FactionsCommand, roller: Roller): FactionsOutcome {
  if (!isRecord(command) || typeof command.type !== "string") return refuse("UnknownCommand", "a command needs a type");
  if (state.phase === "ended") return refuse("CombatOver", "the fight is over");
  // A switch, not a table of handlers: "constructor" or "toString" simply falls through to the refusal.
  switch (command.type) {
    case "chooseFirst":
      return chooseFirst(state, command, roller);
    case "act":
      return act(state, command);
    case "pass":
      return pass(state, command, roller);
    case "endTurn":
      return endTurn(state, command, roller);
    case "spend":
      return spend(state, command);
    case "react":
      return react(state, command, roller);
    case "surrender":
      return surrender(state, command, roller);
    case "declarationLapsed":
      return declarationLapsed(state, command, roller);
    case "setHealth":
      return setHealth(state, command);
    case "useGear":
      return useGear(state, command);
    case "morale":
      return morale(state, command, roller);
    case "rollMorale":
      return rollMorale(state, command, roller);
    case "setAble":
      return setAble(state, command, roller);
    case "remove":
      return remove(state, command, roller);
    case "declareEnd":
      return declareEnd(state, command);
    case "endCombat":
      return endCombat(state);
    default:
      return refuse("UnknownCommand", `the factions engine has no command ${(command as { type: string }).type}`);
  }
}

export const factionsEngine: Omit<TurnOrderEngine<FactionsSetup, FactionsState, FactionsCommand>, "view"> & {
  view(state: FactionsState): FactionsView;
} = {
  id: "factions",
  // start builds its state from the setup it read: the engine's own, trusted without a second check (as apply's).
  start: (setup, roller) => OWN_STATES.keep(start(setup, roller)),
  isState: (s): s is FactionsState => OWN_STATES.sound(s, validFactionsState),
  apply,
  legal: (state: FactionsState) => (OWN_STATES.sound(state, validFactionsState) ? factionsLegal(state, applyTrusted) : []),
  view: (state: FactionsState): FactionsView =>
    OWN_STATES.sound(state, validFactionsState)
      ? factionsView(state)
      : { ...brokenView(), fat: null, holder: "", declaration: null, moraleFailed: [], wit: {} },
};
