import type { RulesetId } from "../../../core/rulesets.js";
import { valueAt } from "../../../core/shared/guards.js";
import type { Refusal } from "../../../core/shared/outcome.js";
import type { MoveMode } from "../../../core/space/movement.js";
import { mayMoveBy } from "../../../core/space/movement-sources.js";
import type { FeatItemLike } from "../../data/specs/escalation/escalation-feats.js";
import { sectionsCard } from "../../data/specs/sections/sections-card.js";
import { strainAbility } from "../../data/specs/strain/strain-ability.js";

/** A tags field as an item holds it: Foundry prepares a SetField as a Set, its source is an array. */
const hasTag = (v: unknown, tag: string): boolean =>
  v instanceof Set ? v.has(tag) : Array.isArray(v) && v.includes(tag);

const SPECIAL: readonly MoveMode[] = ["phase", "fly", "teleport"];

/**
 * The ways of moving an actor's items give it, read from its rule set's item data (untrusted): strain, an ability
 * tagged Teleport (STR-22); sections, a card whose movement is Phase, Fly or Teleport (SEC-07). None elsewhere.
 */
export function givenMovement(items: Iterable<FeatItemLike> | undefined, ruleset: RulesetId): MoveMode[] {
  const out = new Set<MoveMode>();
  for (const item of items ?? []) {
    if (ruleset === "strain" && item.type === strainAbility.type && hasTag(valueAt(item.system, "tags"), "teleport"))
      out.add("teleport");
    const kind = valueAt(item.system, "movement.kind");
    if (ruleset === "sections" && item.type === sectionsCard.type && SPECIAL.includes(kind as MoveMode))
      out.add(kind as MoveMode);
  }
  return [...out];
}

/** An actor as a move's check reads its items (a token's actor, or none). */
type ActorItems = { readonly items?: { readonly contents: readonly FeatItemLike[] } } | null | undefined;

/**
 * The core's refusal of the first way of moving in `modes` the mover may not take (movement-sources.ts), or null:
 * what its actor's items give it and, in a fight (`pending` given), the kinds of the Moves the cards played this turn
 * still grant it (SEC-06).
 */
export function unownedMovement(
  ruleset: RulesetId,
  actor: ActorItems,
  modes: Iterable<MoveMode>,
  pending?: readonly { readonly kind: string }[],
): Refusal | null {
  const held = {
    given: givenMovement(actor?.items?.contents, ruleset),
    ...(pending ? { granted: pending.map((g) => g.kind as MoveMode) } : {}),
  };
  for (const mode of modes) {
    const refusal = mayMoveBy(ruleset, mode, held);
    if (refusal) return refusal;
  }
  return null;
}
