/**
 * FAC-23: once the attack is resolved, the interrupted character's turn resumes only if it is still alive and
 * conscious.
 */
export function resumesAfterOpportunity(character: { readonly alive: boolean; readonly conscious: boolean }): boolean {
  return character.alive && character.conscious;
}
