import { RULESETS } from "../../core/rulesets.js";
import { MODE_FOR_RULESET } from "../rulesets/index.js";
import { ACTOR_MODELS } from "../data/models.js";
import { FIXTURE_PREFIX, type CastMember } from "./combat-fixture.js";

/** The fights batch's two sides, in the GM's order: side A goes first where the order asks, side B loses. */
export const FIGHT_SIDES: readonly string[] = ["Side A", "Side B"];

/** Two fighters a side, as in the controls test against fakes (a1, a2 against b1, b2). */
export const FIGHT_CAST: readonly CastMember[] = ["a1", "a2", "b1", "b2"].map((key) => ({
  key,
  name: `${FIXTURE_PREFIX} Fighter ${key}`,
  side: key.startsWith("a") ? 0 : 1,
}));

/** The cast members who lose: their fighters are removed once the policy says so. */
export const LOSERS: readonly string[] = FIGHT_CAST.filter((c) => c.side === 1).map((c) => c.key);

/** The actor type a fight of a combat mode is made of: the one of the rule set that plays that mode. Pure. */
export function actorTypeFor(modeId: string): string {
  const ruleset = RULESETS.find((r) => MODE_FOR_RULESET[r] === modeId);
  const model = ACTOR_MODELS.find((m) => m.ruleset === ruleset);
  if (!model) throw new Error(`no actor type plays the combat mode ${modeId}`);
  return model.type;
}
