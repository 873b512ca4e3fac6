import { factionsAttack } from "../../../core/attack/factions/engine.js";
import type { FactionsAttackCommand, FactionsAttackState } from "../../../core/attack/factions/types.js";
import type { AttackRuleset } from "../attack-ruleset.js";
import { factionsApplyPlan } from "./apply-plan.js";
import { FACTIONS_ATTACK_ITEMS, openFactionsAttack, type FactionsCardSetup } from "./open.js";
import { factionsRoleFor } from "./role.js";
import { factionsNamedActors } from "./blast-targets.js";
import { factionsView } from "./view.js";

/** The factions rule set's attack card (factions.txt, FAC-16..47): the pipeline in src/core/attack/factions decides. */
export const factionsAttackCard: AttackRuleset<FactionsCardSetup, FactionsAttackState, FactionsAttackCommand> = {
  ruleset: "factions",
  engine: factionsAttack,
  attackItems: FACTIONS_ATTACK_ITEMS,
  // What the GM may set on a card not yet rolled: the pipeline's circumstances (the map's facts among them).
  circumstances: [
    { key: "gmCallsWitSave", kind: "flag" },
    { key: "targetVisible", kind: "flag", initial: true },
    { key: "targetAware", kind: "flag", initial: true },
    { key: "beyondHalfRange", kind: "flag" },
    { key: "moving", kind: "flag" },
    { key: "concealment", kind: "flag" },
    { key: "cover", kind: "flag" },
    { key: "barrier", kind: "flag" },
    // FAC-28: the attacker's choice, said at the table; the GM ticks it, and the pipeline checks the target.
    { key: "finalBlow", kind: "flag" },
  ],
  open: openFactionsAttack,
  // FAC-36: a blast's other targets, and those of the zones it may deviate into (FAC-39), named by the map or the user.
  namedActors: factionsNamedActors,
  actorsOf: (state) => [
    ...state.slots.map((s) => s.target.id),
    ...state.neighbours.flatMap((n) => n.targets.map((t) => t.id)),
  ],
  roleFor: factionsRoleFor,
  view: factionsView,
  applyPlan: factionsApplyPlan,
};

export { withNames } from "./view.js";
export { factionsItemPlan, gearOf, type ItemChange } from "./item-plan.js";
export { ACTOR_KEYS } from "./keys.js";
