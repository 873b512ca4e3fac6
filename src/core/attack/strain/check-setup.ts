import { requireInteger, requireNonNegativeInteger } from "../pipeline.js";
import { refuse, type Refusal } from "../../shared/outcome.js";
import { shown } from "../../shared/shown.js";
import { checkCharacter } from "./character.js";
import type { StrainAttackOptions, StrainAttackSetup } from "./types.js";

const DEALS: readonly unknown[] = ["fatigue", "stress"];
const KINDS: readonly unknown[] = ["physical", "mental"];
const READINGS: readonly unknown[] = ["keepTwo", "flat"];
const TIES: readonly unknown[] = ["defender", "attacker"];
const FLAGS = ["ranged", "finisher", "cover", "overexertTag"] as const;

function malformed(what: string, clause?: string): Refusal {
  return refuse("MalformedAttack", `the attack declaration's ${what}`, clause);
}

/**
 * The declaration's shape, as the other pipelines' starts check theirs: both characters, what the attack deals
 * (STR-55), its kind (STR-37), the counts of Boons, Banes, adjacent enemies and Overexert Stress, the flags, and
 * the table's dice reading (STR-41 ruling). A value the rules cannot read is refused here, never rolled with.
 */
export function checkSetup(setup: StrainAttackSetup, options: StrainAttackOptions): Refusal | null {
  const bad =
    checkCharacter(setup.attacker, "attacker") ??
    checkCharacter(setup.target, "target") ??
    requireNonNegativeInteger(setup.instances, "instances", "STR-55") ??
    requireNonNegativeInteger(setup.adjacentEnemies, "adjacentEnemies", "STR-42") ??
    requireNonNegativeInteger(setup.overexert, "overexert", "STR-44") ??
    requireNonNegativeInteger(setup.boons, "boons") ??
    requireNonNegativeInteger(setup.banes, "banes") ??
    requireInteger(options.evasionCriticalMargin, "evasionCriticalMargin");
  if (bad) return bad;
  if (!KINDS.includes(setup.kind)) return malformed("kind is Physical or Mental", "STR-37");
  if (!DEALS.includes(setup.deals)) return malformed(`deals Fatigue or Stress, not ${shown(setup.deals)}`, "STR-55");
  if (typeof setup.art !== "string" || setup.art === "")
    return malformed("Art is named (basic for a Basic Attack)", "STR-36");
  for (const f of FLAGS) if (typeof setup[f] !== "boolean") return malformed(`${f} is true or false`);
  if (!READINGS.includes(options.boonBane))
    return malformed(`Boon and Bane reading ${shown(options.boonBane)} is unknown`, "STR-41");
  if (!TIES.includes(options.tiesFavour)) return malformed(`ties favour the defender or the attacker`, "STR-41");
  return null;
}
