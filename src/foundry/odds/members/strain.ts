import { refuse, type Refusal } from "../../../core/shared/outcome.js";
import { valueAt } from "../../../core/shared/guards.js";
import type { CardActor } from "../../cards/attack-ruleset.js";
import { strainCharacterFrom } from "../../cards/strain/character.js";
import type { SimStrainMember } from "../../../sim/index.js";

/**
 * A strain character as the simulator's member, read by the attack card's own reader (Arts from its art items,
 * Loads, Statuses, Wounds) with the Initiative modifier the rolled turn order adds to 2d6 (STR-02).
 */
export function strainMember(actor: CardActor): SimStrainMember | Refusal {
  const c = strainCharacterFrom(actor);
  if (!c)
    return refuse("InvalidCombatant", `${actor.name} is not a readable strain character`, undefined, {
      id: actor.name,
    });
  const initiative = valueAt(actor.system, "initiative");
  return { ...c, initiative: typeof initiative === "number" && Number.isInteger(initiative) ? initiative : 0 };
}
