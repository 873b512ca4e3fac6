import { attackEngine } from "../shared/attack-engine.js";
import { isAttackState } from "../shared/attack-state.js";
import { DECLARE_FIELDS } from "../shared/command-shape.js";
import { setStatus } from "../shared/set-status.js";
import { legal } from "./legal.js";
import { apply, stayConscious } from "./steps/apply.js";
import { rollDamage } from "./steps/damage.js";
import { declare, killingStrike, start } from "./steps/declare.js";
import { heal } from "./steps/heal.js";
import { outsideDamage } from "./steps/outside-damage.js";
import { react, skipReaction } from "./steps/reaction.js";
import { newRound, startTurn } from "./steps/round.js";
import { roll } from "./steps/to-hit.js";
import type { TeamsAttackState, TeamsCommand, TeamsSetup } from "./types.js";

const RECORDS = ["options", "combatants", "defence"] as const;
const STATUSES = ["guarding", "prone", "inCover"] as const;

/** The teams attack card: declare -> rollToHit -> reactionWindow -> damage -> apply (-> fortify to stay conscious). */
export const teamsAttack = attackEngine<TeamsSetup, TeamsAttackState, TeamsCommand>({
  id: "teams-attack",
  start,
  isState: (state) => isAttackState(state, RECORDS),
  shapes: {
    declare: {
      ...DECLARE_FIELDS,
      sneak: "boolean?",
      advantages: "number?",
      disadvantages: "number?",
    },
    killingStrike: { attacker: "string", target: "string" },
    roll: {},
    react: { reaction: "string", by: "string?" },
    skipReaction: {},
    rollDamage: {},
    apply: {},
    fortify: {},
    fallUnconscious: {},
    heal: { target: "string", amount: "number" },
    damage: { target: "string", amount: "number" },
    setStatus: { combatant: "string", status: "string" },
    startTurn: { combatant: "string" },
    newRound: {},
  },
  handlers: {
    declare,
    killingStrike,
    roll,
    react,
    skipReaction,
    rollDamage,
    apply,
    fortify: stayConscious,
    fallUnconscious: stayConscious,
    heal,
    damage: outsideDamage,
    setStatus: (state, command) => setStatus(state, command, STATUSES),
    startTurn,
    newRound,
  },
  legal,
});
