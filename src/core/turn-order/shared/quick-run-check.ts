/**
 * What the teams and factions quick runs ask before they copy a state (their quick-run.ts `of`), under the name they
 * know, until the fast paths leave the rules folders (issue 27). It is the engine's read check, and the last state it
 * passed is remembered by identity: the simulator hands `of` one kept first state for every fight of a run.
 */
export interface QuickRunCheck {
  sound<S>(state: unknown, check: (s: unknown) => s is S): state is S;
}

export function quickRunCheck(): QuickRunCheck {
  let passed: unknown = null;
  return {
    sound<S>(state: unknown, check: (s: unknown) => s is S): state is S {
      if (state !== null && state === passed) return true;
      if (!check(state)) return false;
      passed = state;
      return true;
    },
  };
}
