import { forCombatant } from "../shared/combatant-command.js";
import { turnOrderEngine, type FightWords } from "../shared/turn-order-engine.js";
import type { TurnOrderEngine } from "../types.js";
import { remove, setAble, setLoads, setStunned } from "./commands/gm.js";
import { position } from "./commands/position.js";
import { declareEnd, endCombat } from "./commands/round.js";
import { spend } from "./commands/spend.js";
import { act, delay, endTurn } from "./commands/turns.js";
import { legal } from "./legal.js";
import { start } from "./start.js";
import { ROLLED_STATE } from "./state-schema.js";
import type { RolledCombatant, RolledCommand, RolledSetup, RolledState } from "./types.js";
import { held, view } from "./view.js";

const WORDS: FightWords = { fight: "combat", endClause: "STR-04" };
const character = forCombatant<RolledState, RolledCombatant>(WORDS);

/**
 * Strain turn order: 2d6 + Initiative once, Round Zero, fixed order changed only by Delay, Move/Action/Stance turns.
 */
export const rolledEngine: TurnOrderEngine<RolledSetup, RolledState, RolledCommand> = turnOrderEngine({
  id: "rolled",
  words: WORDS,
  schema: ROLLED_STATE,
  start,
  ended: (state: RolledState) => state.ended,
  commands: {
    act: character(act),
    endTurn: character(endTurn),
    delay: character(delay),
    position: character(position),
    spend: character(spend),
    setLoads: character(setLoads),
    setAble: character(setAble),
    setStunned: character(setStunned),
    remove: character(remove),
    declareEnd,
    endCombat,
  },
  legal,
  view,
  held,
});
