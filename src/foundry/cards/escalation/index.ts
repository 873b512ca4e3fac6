import { escalationAttack } from "../../../core/attack/escalation/engine.js";
import type {
  EscalationAttackState,
  EscalationCommand,
  EscalationSetup,
} from "../../../core/attack/escalation/types.js";
import type { AttackRuleset } from "../attack-ruleset.js";
import { applyPlan } from "./apply-plan.js";
import { open } from "./open.js";
import { ESCALATION_ATTACK_ITEMS } from "./read-item.js";
import { roleFor } from "./role.js";
import { view } from "./view.js";

/** The escalation attack card: opened from a unit's weapon or spell, played by escalation's pipeline. */
export const escalationAttackCard: AttackRuleset<EscalationSetup, EscalationAttackState, EscalationCommand> = {
  ruleset: "escalation",
  engine: escalationAttack,
  attackItems: ESCALATION_ATTACK_ITEMS,
  // What the GM may set on a card not yet rolled: the pipeline's circumstances (the map's facts among them).
  circumstances: [
    { key: "toHitBonus", kind: "bonus" },
    { key: "flanking", kind: "flag" },
    { key: "undetected", kind: "flag" },
    { key: "inMeleeZone", kind: "flag" },
  ],
  open,
  roleFor,
  view,
  applyPlan,
};
