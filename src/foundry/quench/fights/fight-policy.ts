import type { TurnCommand } from "../../combat/fight/turn-command.js";

/**
 * How a test table plays a fight from the tracker's controls alone, the same way in the vitest test against fakes
 * (test/foundry/tracker/controls.test.ts) and in the Quench batch in a real world (fights-batch.ts): finish turns,
 * take the next one, and once round REMOVE_AFTER_ROUND is over remove the losing side's fighters one by one (they
 * fell), which ends the fight. Pure: it picks from the commands the rendered controls carry.
 */

/** The controls a table presses, most wanted first, when nobody is being removed. */
const CLICK_PREFERENCE: readonly string[] = ["endTurn", "discard", "draw", "position", "act", "chooseFirst", "pass"];

/** After this round of the core's count, the losing side's fighters fall one by one. */
const REMOVE_AFTER_ROUND = 2;

/** A runaway fight stops the player after this many clicks. */
export const MAX_CLICKS = 400;

interface FightMoment {
  /** The round in the core's view. */
  readonly round: number;
  /** Whether a combatant is on the side that loses (its fighters are removed). */
  readonly losing: (combatantId: string) => boolean;
}

/** The control to press next among those offered, or undefined when none of them carries the fight on. */
export function nextControl(offered: readonly TurnCommand[], at: FightMoment): TurnCommand | undefined {
  if (at.round > REMOVE_AFTER_ROUND) {
    const removing = offered.find((c) => c.type === "remove" && c.combatant !== undefined && at.losing(c.combatant));
    if (removing) return removing;
  }
  for (const type of CLICK_PREFERENCE) {
    const found = offered.find((c) => c.type === type);
    if (found) return found;
  }
  return undefined;
}

/** The message a player gives when nextControl finds nothing to press. */
export function stuckMessage(mode: string, offered: readonly TurnCommand[], round: number): string {
  return `${mode}: no control to go on with in round ${round}: ${offered.map((c) => c.type).join(", ") || "none"}`;
}
