import { turnOrderEngine, type FightWords } from "../shared/turn-order-engine.js";
import type { TurnOrderEngine } from "../types.js";
import { declareEnd, endCombat, remove, setAble, setObjective } from "./commands/gm.js";
import { react } from "./commands/react.js";
import { abandon, spend } from "./commands/spend.js";
import { act, endTurn } from "./commands/turns.js";
import { legal } from "./legal.js";
import { start } from "./start.js";
import { TEAMS_STATE } from "./state-schema.js";
import type { TeamsCommand, TeamsSetup, TeamsState } from "./types.js";
import { held, view } from "./view.js";

const WORDS: FightWords = { fight: "fight", endClause: "TEAM-01" };

/** The teams turn order: teams alternate, each picking its next member (TEAM-03..07); three actions a turn. */
export const teamsEngine: TurnOrderEngine<TeamsSetup, TeamsState, TeamsCommand> = turnOrderEngine({
  id: "teams",
  words: WORDS,
  schema: TEAMS_STATE,
  start,
  ended: (state: TeamsState) => state.phase === "ended",
  commands: { act, endTurn, spend, abandon, react, setAble, remove, setObjective, declareEnd, endCombat },
  legal,
  view,
  held,
});
