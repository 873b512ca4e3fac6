import { boonBaneTotal } from "../../dice/boon-bane.js";
import type { Refusal } from "../../shared/outcome.js";
import type { Roller } from "../../shared/roller.js";
import type { StrainCharacter } from "./character.js";
import { becomeIncapacitated, incapacityRollRefused, panicked, panicRollRefused, passesIncapacityRoll, passesPanicRoll } from "./loads.js";

// The Panic and Incapacity Rolls for the encounter simulator: the same dice as panicRoll and incapacityRoll (2d6 plus
// the modifier, no Boon or Bane) and the same character after, without the roll kept or events. The character comes
// back unchanged (the same object) when the roll is passed. A property test holds them to the full rolls.

/** STR-57: panicRoll's character after the roll, or its refusal. */
export function quickPanicRoll(c: StrainCharacter, roller: Roller): StrainCharacter | Refusal {
  const no = panicRollRefused(c);
  if (no) return no;
  return passesPanicRoll(c, boonBaneTotal(roller, 0, c.resolve)) ? c : panicked(c);
}

/** STR-60: incapacityRoll's character after the roll, or its refusal. */
export function quickIncapacityRoll(c: StrainCharacter, roller: Roller): StrainCharacter | Refusal {
  const no = incapacityRollRefused(c);
  if (no) return no;
  return passesIncapacityRoll(c, boonBaneTotal(roller, 0, c.resilience)) ? c : becomeIncapacitated(c).state;
}
