import {
  sectionsAttack,
  type SectionsAttackCommand,
  type SectionsAttackSetup,
  type SectionsAttackState,
} from "../../../core/attack/sections/index.js";
import type { AttackRuleset } from "../attack-ruleset.js";
import { applyPlan } from "./apply-plan.js";
import { ATTACK_ITEMS, open } from "./open.js";
import { reactorOf, roleFor } from "./roles.js";
import { view } from "./view.js";

/** The sections attack card: Hit die against Miss die, an Intercept, the Damage die (src/core/attack/sections). */
export const sectionsAttackCard: AttackRuleset<SectionsAttackSetup, SectionsAttackState, SectionsAttackCommand> = {
  ruleset: "sections",
  engine: sectionsAttack,
  attackItems: ATTACK_ITEMS,
  // What the GM may set on a card not yet rolled: the pipeline's circumstances (the map's facts among them).
  circumstances: [
    { key: "sight.attackerSeesTarget", kind: "flag", initial: true },
    { key: "sight.targetSeesAttacker", kind: "flag", initial: true },
    { key: "crossesDistanceBlock", kind: "flag" },
    { key: "targetUnderwater", kind: "flag" },
  ],
  open,
  roleFor,
  reactorOf,
  view,
  applyPlan,
};
