import type { RulesetId } from "../../core/rulesets.js";
import type { Refusal } from "../../core/shared/outcome.js";
import type { SimMembers } from "../../sim/index.js";
import type { AttackRuleset, CardActor } from "../cards/attack-ruleset.js";
import type { CombatMode } from "../combat/fight/combat-mode.js";
import type { ModelMetadata } from "../data/model-metadata.js";

/** How a rule set's movement chapter reads a scene: sections and borders, zones, or the square grid with elevation. */
export type RulesetSpace = "sections" | "zones" | "grid";

/**
 * Everything Fray knows of one rule set, in one place (docs/architecture.md, "One manifest per rule set"). The
 * registries, CONFIG and the tests' tables are derived from the five manifests (index.ts), never written beside them.
 */
export interface RulesetManifest<R extends RulesetId = RulesetId> {
  /** Its id in src/core/rulesets.ts: the name of its chapter in the rule texts. */
  readonly id: R;
  /** The combat type a new combat of its worlds takes, with the turn order's engine (a GM may pick another). */
  readonly combat: CombatMode;
  /** The space model of its scenes, unless a scene names another; its attacks are judged on this model only. */
  readonly space: RulesetSpace;
  /** Its actor and item types (data/specs/), in the order a GM is offered them. */
  readonly actors: readonly ModelMetadata<"Actor">[];
  readonly items: readonly ModelMetadata<"Item">[];
  /** Its attack card (cards/<id>/), with the pipeline it runs (core/attack/<id>/). */
  readonly attackCard: AttackRuleset;
  /** Its odds reader (odds/members/<id>.ts): an actor as the simulator's member, read by its attack card's readers. */
  readonly memberReader: (actor: CardActor) => SimMembers[R] | Refusal;
  /** Foundry's own statuses its worlds keep beside its actors' conditions: "dead", and any its cards set. */
  readonly keptStatuses: readonly string[];
}

// The cards' own types are narrower than the shared contract's; the request handler checks every command against the
// pipeline's legal() before it reaches them.
export const widenCard = (card: unknown) => card as AttackRuleset;
