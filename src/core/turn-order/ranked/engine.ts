import { freeHitSlots, NO_ACTIONS, NO_BOOSTS } from "../../economy/escalation.js";
import { isNonEmptyString, isRecord, isStringArray, isWholeNumber } from "../../shared/guards.js";
import { applied, refuse, type Outcome } from "../../shared/outcome.js";
import type { Roller } from "../../shared/roller.js";
import { trustedStates } from "../../shared/trusted.js";
import { findById } from "../shared/by-id.js";
import { shown } from "../../shared/shown.js";
import { type CommandFields, type Dispatch } from "../shared/dispatch.js";
import { dispatchedEngine, endingCommands } from "../shared/dispatched-engine.js";
import { rankDescending } from "../shared/initiative-order.js";
import { END_WHEN, sidesOf } from "../shared/sides.js";
import type { CombatantId, TurnEvent, TurnOrderEngine } from "../types.js";
import { declareEnd, endCombat } from "./commands/round.js";
import { freeHit, spendCommand } from "./commands/spend.js";
import { remove, setAble, setProne } from "./commands/gm.js";
import { act, delay, endTurn } from "./commands/turns.js";
import { legal } from "./legal.js";
import {
  RANKED_DEFAULTS,
  RANKED_TIE_BREAKS,
  type RankedCombatant,
  type RankedCommand,
  type RankedOptions,
  type RankedSetup,
  type RankedState,
} from "./types.js";
import { view } from "./view.js";

type Out = Outcome<RankedState, TurnEvent>;

/** The ranked states this engine made itself (shared/trusted.ts); deliberately not exported by index.ts. */
export const OWN_STATES = trustedStates();

/** The commands for one combatant in the fight (shared/dispatch.ts). */
function forCombatant(state: RankedState, c: RankedCombatant, cmd: CommandFields): Out | undefined {
  switch (cmd.type) {
    case "act":
      return act(state, c);
    case "endTurn":
      return endTurn(state, c);
    case "delay":
      return delay(state, c, cmd);
    case "spend":
      return spendCommand(state, c, cmd);
    case "freeHit":
      return freeHit(state, c);
    case "setProne":
      return setProne(state, c, cmd);
    case "setAble":
      return setAble(state, c, cmd);
    case "remove":
      return remove(state, c, cmd);
    default:
      return undefined;
  }
}

const COMMANDS: Dispatch<RankedState, RankedCombatant> = {
  order: "ranked",
  fight: "battle",
  endClause: "ESC-63",
  forFight: endingCommands(declareEnd, endCombat),
  forCombatant,
};

/** Escalation turn order: Agility ranking, 1 AA / 1 MA / 2 BA turns, free hit slots, team wipe-out ends it. */
export const rankedEngine: TurnOrderEngine<RankedSetup, RankedState, RankedCommand> = dispatchedEngine({
  id: "ranked",
  own: OWN_STATES,
  isState: isRankedState,
  start,
  commands: COMMANDS,
  legal,
  view,
});

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
    // Without initiators the second ranking is of nobody (no dice): the first ranks everyone.
    rankOrder =
      initiators.size === 0
        ? rankDescending(entries, options.ties, roller)
        : [
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
    return refuse("RollerFailed", `the tie roll-off could not be rolled: ${e instanceof Error ? e.message : shown(e)}`, "ESC-01");
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
  if (!(RANKED_TIE_BREAKS as readonly unknown[]).includes(o.ties)) return null;
  if (typeof o.delayKeepsPlace !== "boolean") return null;
  if (!(END_WHEN as readonly unknown[]).includes(o.endWhen)) return null;
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
