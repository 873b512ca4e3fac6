import { boonBaneTotal } from "../../dice/boon-bane.js";
import type { Refusal } from "../../shared/outcome.js";
import type { Roller } from "../../shared/roller.js";
import type { StrainCharacter } from "./character.js";
import {
  becomeIncapacitated,
  becomeIncapacitatedInPlace,
  incapacityRollRefused,
  panicked,
  panickedInPlace,
  panicRollRefused,
  passesIncapacityRoll,
  passesPanicRoll,
  type WritableCharacter,
} from "./loads.js";

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

/**
 * quickPanicRoll on `c` itself (its owner's copy, Status record included): the refusal, or null with `c` as the roll
 * leaves it (unchanged when passed).
 */
export function panicRollInPlace(c: WritableCharacter, roller: Roller): Refusal | null {
  const no = panicRollRefused(c);
  if (no) return no;
  if (!passesPanicRoll(c, boonBaneTotal(roller, 0, c.resolve))) panickedInPlace(c);
  return null;
}

/** quickIncapacityRoll on `c` itself: the refusal, or null with `c` as the roll leaves it (unchanged when passed). */
export function incapacityRollInPlace(c: WritableCharacter, roller: Roller): Refusal | null {
  const no = incapacityRollRefused(c);
  if (no) return no;
  if (!passesIncapacityRoll(c, boonBaneTotal(roller, 0, c.resilience))) becomeIncapacitatedInPlace(c, null);
  return null;
}
