import { attackEngine } from "../shared/attack-engine.js";
import { isAttackState } from "../shared/attack-state.js";
import { legal } from "./legal.js";
import { apply } from "./steps/apply.js";
import { rollDamage } from "./steps/damage.js";
import { start } from "./steps/declare.js";
import { react, skipReaction } from "./steps/reaction.js";
import { roll } from "./steps/to-hit.js";
import type { SectionsAttackCommand, SectionsAttackSetup, SectionsAttackState } from "./types.js";

const RECORDS = ["options", "sight", "attackerData", "targetData"] as const;

/** The sections attack: attacker's Hit die against the target's Miss die, then the Damage die (see rulings). */
export const sectionsAttack = attackEngine<SectionsAttackSetup, SectionsAttackState, SectionsAttackCommand>({
  id: "sections.attack",
  start,
  isState: (state) => isAttackState(state, RECORDS) && Array.isArray((state as SectionsAttackState).interceptors),
  shapes: {
    roll: {},
    react: { reaction: "string", by: "string" },
    skipReaction: {},
    rollDamage: {},
    apply: { damage: "number?" },
  },
  handlers: { roll, react, skipReaction, rollDamage, apply },
  legal,
});
