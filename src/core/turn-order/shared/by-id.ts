/**
 * The ranked and rolled states keep their combatants in a list (the setup's order for ranked, the initiative order
 * for rolled): a list reads and copies several times faster than a record keyed by id. Ids are compared as plain
 * strings, so "constructor" or "__proto__" are only names.
 */
export function findById<C extends { readonly id: string }>(list: readonly C[], id: string): C | undefined {
  for (let i = 0; i < list.length; i++) {
    const c = list[i] as C;
    if (c.id === id) return c;
  }
  return undefined;
}

/** The list with `c` in place of the combatant of the same id. */
export function replaceById<C extends { readonly id: string }>(list: readonly C[], c: C): C[] {
  const next = list.slice();
  for (let i = 0; i < next.length; i++) {
    if ((next[i] as C).id === c.id) next[i] = c;
  }
  return next;
}

/**
 * The combatant a quick run's command names, still in the fight (ranked and rolled quick runs): the one the last
 * command named is kept with the list it was found in, since a turn's commands all name the acting combatant.
 */
export class LastNamed<C extends { readonly id: string; readonly out: boolean }> {
  private last: C | undefined = undefined;
  private lastIn: readonly C[] | null = null;

  /** The combatant `cmd` names in `s` (a well-formed command, the fight not ended), else undefined. */
  find(s: { readonly ended: boolean; readonly combatants: readonly C[] }, cmd: unknown): C | undefined {
    const who = typeof cmd === "object" && cmd !== null && !s.ended ? (cmd as { combatant?: unknown }).combatant : undefined;
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
