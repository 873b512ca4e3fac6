import { turnOrderEngine, type FightWords } from "../shared/turn-order-engine.js";
import type { TurnOrderEngine } from "../types.js";
import { blockAtDistance, endDistanceBlock, lowerBlock } from "./commands/blocks.js";
import { endClimb } from "./commands/climbs.js";
import { interrupt } from "./commands/interrupts.js";
import { declareEnd, endCombat, remove, setAble } from "./commands/gm.js";
import { act, turnStep } from "./commands/turns.js";
import { legal } from "./legal.js";
import { start } from "./start.js";
import { SECTIONS_STATE } from "./state-schema.js";
import type { SectionsCommand, SectionsSetup, SectionsState } from "./types.js";
import { held, view } from "./view.js";

const WORDS: FightWords = { fight: "fight" };

/** The sections (Triptycho) turn order: see docs/rulings.md for the order options. */
export const sectionsEngine: TurnOrderEngine<SectionsSetup, SectionsState, SectionsCommand> = turnOrderEngine({
  id: "sections",
  words: WORDS,
  schema: SECTIONS_STATE,
  start,
  ended: (state: SectionsState) => state.result !== null,
  commands: {
    act,
    // A turn's steps, in the order SEC-05 takes them: one handler walks them.
    draw: turnStep,
    spend: turnStep,
    move: turnStep,
    discard: turnStep,
    endTurn: turnStep,
    lowerBlock,
    blockAtDistance,
    endDistanceBlock,
    endClimb,
    interrupt,
    setAble,
    remove,
    declareEnd,
    endCombat,
  },
  legal,
  view,
  held,
});
