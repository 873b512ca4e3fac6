import { refuse, type Refusal } from "../../../shared/outcome.js";

/** STR-38/39: the defence is chosen with the declaration, before the roll, so the card has no reaction to take. */
export function react(): Refusal {
  return refuse(
    "DefenceAlreadyChosen",
    "the defender chooses its defence before the attack is rolled, with the declaration",
    "STR-38",
  );
}
