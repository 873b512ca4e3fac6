import { teamsAttack } from "../../../core/attack/teams/engine.js";
import type { TeamsAttackState, TeamsCommand, TeamsSetup } from "../../../core/attack/teams/types.js";
import type { AttackRuleset } from "../attack-ruleset.js";
import { teamsApplyPlan } from "./apply-plan.js";
import { openTeamsAttack, TEAMS_ATTACK_ITEMS } from "./open.js";
import { teamsRoleFor } from "./role.js";
import { teamsView } from "./view.js";

export type { TeamsApplyPlan } from "./apply-plan.js";
export type { TeamsCardOptions } from "./card-options.js";

/** The teams rule set's attack card: the sheets' data in, the pipeline's steps and events out in teams.txt's words. */
export const teamsAttackCard: AttackRuleset<TeamsSetup, TeamsAttackState, TeamsCommand> = {
  ruleset: "teams",
  engine: teamsAttack,
  attackItems: TEAMS_ATTACK_ITEMS,
  // What the GM may set on a card not yet rolled: the pipeline's circumstances (the map's facts among them).
  circumstances: [
    { key: "advantages", kind: "count" },
    { key: "disadvantages", kind: "count" },
    { key: "flanking", kind: "flag" },
    { key: "sneak", kind: "flag" },
    { key: "targetGuarding", kind: "flag" },
    { key: "targetInCover", kind: "flag" },
  ],
  open: openTeamsAttack,
  roleFor: teamsRoleFor,
  view: teamsView,
  applyPlan: teamsApplyPlan,
};
