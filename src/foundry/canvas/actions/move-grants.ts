import { noPendingGrant, type MoveGrant } from "../../../core/economy/sections.js";
import type { Refusal } from "../../../core/shared/outcome.js";
import type { SectionMoveQuery } from "../../../core/space/sections/movement-query.js";

/** SEC-07: the special movement a card grants; never the innate Move (SEC-04). */
const SPECIAL = new Set(["phase", "fly", "teleport"]);

/**
 * The Moves one run of a sections move may be made with, in the order the check tries them (null: the innate Move).
 * Phase, Fly and Teleport take a pending grant of their kind (SEC-06, SEC-07); in a fight without one they are refused
 * for want of the card, outside one the core refuses them as no innate Move. A walk, climb or swim tries the innate
 * Move first, then a Move a card grants with its Height (SEC-12): the innate one used, or too short, the card's carries
 * it.
 */
export function movesFor(
  mode: string,
  pending: readonly MoveGrant[],
  inFight: boolean,
): readonly (MoveGrant | null)[] | Refusal {
  if (SPECIAL.has(mode)) {
    const grant = pending.find((g) => g.kind === mode);
    if (grant) return [grant];
    return inFight ? noPendingGrant(mode) : [null];
  }
  const move = pending.find((g) => g.kind === "move");
  return move ? [null, move] : [null];
}

/** What a run's MoveQuery carries for the Move it is made with: a card's number and Height, or nothing (innate). */
export function grantQuery(grant: MoveGrant | null): Pick<SectionMoveQuery, "n" | "height" | "grant"> {
  if (!grant) return {};
  return { n: grant.n, grant: "granted", ...(grant.kind === "move" ? { height: grant.height } : {}) };
}

/** The pending grants once `grant` is taken (the first of the same card and kind). */
export function without(pending: readonly MoveGrant[], grant: MoveGrant): MoveGrant[] {
  const i = pending.findIndex((g) => g.source === grant.source && g.kind === grant.kind);
  return i < 0 ? [...pending] : [...pending.slice(0, i), ...pending.slice(i + 1)];
}
