import { strainAttack } from "../../../core/attack/strain/engine.js";
import type { StrainAttackCommand, StrainAttackState } from "../../../core/attack/strain/types.js";
import type { AttackRuleset } from "../attack-ruleset.js";
import { applyPlan } from "./apply-plan.js";
import { ask } from "./ask.js";
import { abilityAttack, open, STRAIN_ATTACK_ITEMS } from "./open.js";
import { roleFor } from "./role.js";
import type { StrainCardSetup } from "./setup.js";
import { view } from "./view.js";

/**
 * The strain rule set's attack card: an Attack-type ability against the defence the target chose (STR-36..44,
 * STR-55..61).
 */
export const strainAttackCard: AttackRuleset<StrainCardSetup, StrainAttackState, StrainAttackCommand> = {
  ruleset: "strain",
  engine: strainAttack,
  attackItems: STRAIN_ATTACK_ITEMS,
  // What the GM may set on a card not yet rolled: the pipeline's circumstances (the map's facts among them).
  circumstances: [
    { key: "boons", kind: "count" },
    { key: "banes", kind: "count" },
    { key: "adjacentEnemies", kind: "count", max: 8 }, // STR-42: a square has eight neighbours
    { key: "cover", kind: "flag" },
  ],
  // STR-13: only an Attack-type ability attacks; a Stance or a Buff has no card to open.
  attacksWith: (item) => abilityAttack(item) !== null,
  ask,
  open,
  roleFor,
  view,
  applyPlan,
};
