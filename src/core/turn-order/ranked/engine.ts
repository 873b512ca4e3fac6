import { forCombatant } from "../shared/combatant-command.js";
import { turnOrderEngine, type FightWords } from "../shared/turn-order-engine.js";
import type { TurnOrderEngine } from "../types.js";
import { remove, setAble, setProne } from "./commands/gm.js";
import { declareEnd, endCombat } from "./commands/round.js";
import { freeHit, spendCommand } from "./commands/spend.js";
import { act, delay, endTurn } from "./commands/turns.js";
import { legal } from "./legal.js";
import { start } from "./start.js";
import { RANKED_STATE } from "./state-schema.js";
import type { RankedCombatant, RankedCommand, RankedSetup, RankedState } from "./types.js";
import { held, view } from "./view.js";

const WORDS: FightWords = { fight: "battle", endClause: "ESC-63" };
const unit = forCombatant<RankedState, RankedCombatant>(WORDS);

/** Escalation turn order: Agility ranking, 1 AA / 1 MA / 2 BA turns, free hit slots, team wipe-out ends it. */
export const rankedEngine: TurnOrderEngine<RankedSetup, RankedState, RankedCommand> = turnOrderEngine({
  id: "ranked",
  words: WORDS,
  schema: RANKED_STATE,
  start,
  ended: (state: RankedState) => state.ended,
  commands: {
    act: unit(act),
    endTurn: unit(endTurn),
    delay: unit(delay),
    spend: unit(spendCommand),
    freeHit: unit(freeHit),
    setProne: unit(setProne),
    setAble: unit(setAble),
    remove: unit(remove),
    declareEnd,
    endCombat,
  },
  legal,
  view,
  held,
});
