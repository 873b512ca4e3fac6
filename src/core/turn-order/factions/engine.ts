import { turnOrderEngine, type FightWords } from "../shared/turn-order-engine.js";
import type { TurnOrderEngine } from "../types.js";
import { spend } from "./commands/actions.js";
import { useGear } from "./commands/gear.js";
import { declareEnd, endCombat, remove, setAble } from "./commands/gm.js";
import { setHealth } from "./commands/health.js";
import { chooseFirst } from "./commands/initiative.js";
import { morale, rollMorale } from "./commands/morale.js";
import { pass } from "./commands/pass.js";
import { react } from "./commands/reactions.js";
import { resume, surrender } from "./commands/surrender.js";
import { act, declarationLapsed, endTurn } from "./commands/turns.js";
import { legal } from "./legal.js";
import { start } from "./start.js";
import { FACTIONS_STATE } from "./state-schema.js";
import type { FactionsCommand, FactionsSetup, FactionsState, FactionsView } from "./types.js";
import { held, view } from "./view.js";

const WORDS: FightWords = { fight: "fight" };

/**
 * The factions turn order: factions alternate turns or pass (FAC-03..05), with morale, ambushes and fast and slow
 * phases.
 */
export const factionsEngine: TurnOrderEngine<FactionsSetup, FactionsState, FactionsCommand, FactionsView> =
  turnOrderEngine({
    id: "factions",
    words: WORDS,
    schema: FACTIONS_STATE,
    start,
    ended: (state: FactionsState) => state.phase === "ended",
    commands: {
      chooseFirst,
      act,
      pass,
      endTurn,
      spend,
      react,
      surrender,
      resume,
      declarationLapsed,
      setHealth,
      useGear,
      morale,
      rollMorale,
      setAble,
      remove,
      declareEnd,
      endCombat,
    },
    legal,
    view,
    held,
  });
