import type { RulesetId } from "../../../core/rulesets.js";
import type { Refusal } from "../../../core/shared/outcome.js";
import type { SimMembers } from "../../../sim/index.js";
import type { CardActor } from "../../cards/attack-ruleset.js";
import { MANIFESTS } from "../../rulesets/index.js";

type MemberReaders = { readonly [R in RulesetId]: (actor: CardActor) => SimMembers[R] | Refusal };

/**
 * Each rule set's reading of an actor as the simulator's member, through its attack card's readers (no copy of a rule):
 * the reader its manifest names.
 */
export const MEMBER_READERS: MemberReaders = Object.fromEntries(
  MANIFESTS.map((m) => [m.id, m.memberReader]),
) as MemberReaders;
