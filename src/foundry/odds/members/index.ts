import type { RulesetId } from "../../../core/rulesets.js";
import type { Refusal } from "../../../core/shared/outcome.js";
import type { SimMembers } from "../../../sim/index.js";
import type { CardActor } from "../../cards/attack-ruleset.js";
import { escalationMember } from "./escalation.js";
import { factionsMember } from "./factions.js";
import { sectionsMember } from "./sections.js";
import { strainMember } from "./strain.js";
import { teamsMember } from "./teams.js";

/**
 * Each rule set's reading of an actor as the simulator's member, through its attack card's readers (no copy of a rule).
 */
export const MEMBER_READERS: { readonly [R in RulesetId]: (actor: CardActor) => SimMembers[R] | Refusal } = {
  sections: sectionsMember,
  escalation: escalationMember,
  teams: teamsMember,
  strain: strainMember,
  factions: factionsMember,
};

export { escalationMember, factionsMember, sectionsMember, strainMember, teamsMember };
