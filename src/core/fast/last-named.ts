import { findById } from "../turn-order/shared/by-id.js";

/**
 * The combatant a command names, still in the fight (the ranked and rolled fast runs). The one the last command
 * named is kept with the list it was found in, since a turn's commands all name the acting combatant.
 */
export class LastNamed<C extends { readonly id: string; readonly out: boolean }> {
  private last: C | undefined = undefined;
  private lastIn: readonly C[] | null = null;

  /** The combatant `cmd` names in `s` (a well-formed command, the fight not ended), else undefined. */
  find(s: { readonly ended: boolean; readonly combatants: readonly C[] }, cmd: unknown): C | undefined {
    const who =
      typeof cmd === "object" && cmd !== null && !s.ended ? (cmd as { combatant?: unknown }).combatant : undefined;
    if (typeof who !== "string") return undefined;
    let c = this.last;
    if (c === undefined || c.id !== who || this.lastIn !== s.combatants) {
      c = findById(s.combatants, who);
      this.last = c;
      this.lastIn = s.combatants;
    }
    return c === undefined || c.out ? undefined : c;
  }
}
