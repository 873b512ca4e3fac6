import { attackEngine } from "../shared/attack-engine.js";
import { isAttackState } from "../shared/attack-state.js";
import { legal } from "./legal.js";
import { apply } from "./steps/apply.js";
import { rollDamage } from "./steps/damage.js";
import { start } from "./steps/declare.js";
import { react } from "./steps/reaction.js";
import { roll } from "./steps/to-hit.js";
import type { StrainAttackCommand, StrainAttackSetup, StrainAttackState } from "./types.js";

const RECORDS = ["options", "setup", "attackerData", "targetData"] as const;

/** The strain attack: 2d6 + Art against 2d6 + the chosen defence, with Boons and Banes (see rulings). */
export const strainAttack = attackEngine<StrainAttackSetup, StrainAttackState, StrainAttackCommand>({
  id: "strain.attack",
  start,
  isState: (state) => isAttackState(state, RECORDS),
  shapes: { roll: {}, react: { reaction: "string" }, rollDamage: {}, apply: {} },
  handlers: { roll, react, rollDamage, apply },
  legal,
});
