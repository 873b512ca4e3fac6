import { attackEngine } from "../shared/attack-engine.js";
import { isAttackState } from "../shared/attack-state.js";
import { DECLARE_FIELDS } from "../shared/command-shape.js";
import { setStatus } from "../shared/set-status.js";
import { legal } from "./legal.js";
import { disarm, disengage, retrieve, standUp } from "./steps/actions.js";
import { apply } from "./steps/apply.js";
import { rollDamage } from "./steps/damage.js";
import { declare, start } from "./steps/declare.js";
import { heal, removeWound } from "./steps/heal.js";
import { outsideDamage } from "./steps/outside-damage.js";
import { react, skipReaction } from "./steps/reaction.js";
import { newRound, startTurn } from "./steps/round.js";
import { summon } from "./steps/summon.js";
import { roll } from "./steps/to-hit.js";
import type { EscalationAttackState, EscalationCommand, EscalationSetup } from "./types.js";

const RECORDS = ["options", "combatants", "borrowed"] as const;
const STATUSES = ["flatFooted", "prone", "channeling"] as const;

/**
 * The escalation attack card: declare -> rollToHit -> (reactionWindow: free hit after a natural 1) -> damage -> apply.
 */
export const escalationAttack = attackEngine<EscalationSetup, EscalationAttackState, EscalationCommand>({
  id: "escalation-attack",
  start,
  isState: (state) => isAttackState(state, RECORDS),
  shapes: {
    declare: {
      ...DECLARE_FIELDS,
      undetected: "boolean?",
      inMeleeZone: "boolean?",
      kind: "string?",
      toHitBonus: "number?",
      damageBoost: "number?",
    },
    roll: {},
    react: { reaction: "string" },
    skipReaction: {},
    rollDamage: {},
    apply: {},
    heal: { target: "string", amount: "number" },
    removeWound: { target: "string" },
    damage: { target: "string", amount: "number" },
    disarm: { combatant: "string" },
    retrieve: { combatant: "string", pay: "string" },
    standUp: { combatant: "string", pay: "string", outsideTurn: "boolean?" },
    startTurn: { combatant: "string" },
    newRound: {},
    disengage: { combatant: "string", pay: "string" },
    setStatus: { combatant: "string", status: "string" },
    summon: { summoner: "string", unit: "record", thralled: "boolean?" },
  },
  handlers: {
    declare,
    roll,
    react,
    skipReaction,
    rollDamage,
    apply,
    heal,
    removeWound,
    damage: outsideDamage,
    disarm,
    retrieve,
    standUp,
    startTurn,
    newRound,
    disengage,
    setStatus: (state, command) => setStatus(state, command, STATUSES),
    summon,
  },
  legal,
});
