import { attackEngine } from "../shared/attack-engine.js";
import { isAttackState } from "../shared/attack-state.js";
import { legal } from "./legal.js";
import { apply } from "./steps/apply.js";
import { rollDamage } from "./steps/damage.js";
import { start } from "./steps/declare.js";
import { react, skipReaction } from "./steps/reaction.js";
import { answerStunt, proposeStunt } from "./steps/stunt.js";
import { roll } from "./steps/to-hit.js";
import type { FactionsAttackCommand, FactionsAttackSetup, FactionsAttackState } from "./types.js";

const RECORDS = ["options", "circumstances", "attackerData"] as const;

function isState(state: unknown): boolean {
  if (!isAttackState(state, RECORDS)) return false;
  const s = state as FactionsAttackState;
  return Array.isArray(s.slots) && Array.isArray(s.bystanders) && Array.isArray(s.neighbours);
}

/** The factions attack: automatic hit or WIT save, reactions, damage against armour (see rulings). */
export const factionsAttack = attackEngine<FactionsAttackSetup, FactionsAttackState, FactionsAttackCommand>({
  id: "factions.attack",
  start,
  isState,
  shapes: {
    roll: {},
    react: { reaction: "string", by: "string", behind: "string?", agreed: "boolean?", for: "string?" },
    proposeStunt: {},
    answerStunt: { accept: "boolean" },
    skipReaction: {},
    rollDamage: {},
    apply: {},
  },
  handlers: { roll, react, proposeStunt, answerStunt, skipReaction, rollDamage, apply },
  legal,
});
