/**
 * States an engine made itself, so its apply() can skip the full shape check for them.
 *
 * Every engine checks the shape of the state it is handed: a state stored by the Foundry layer may have been
 * edited or corrupted, and must be refused rather than thrown on. A state the same engine returned a moment
 * ago passed that check (or was built by the engine from one that did) and needs no second one. Each engine
 * keeps its own `TrustedStates`: `start` and `apply` mark what they return (both build it from input they read), and `apply`,
 * `legal` and `view` skip the check for a marked state.
 *
 * - The mark is the object's identity: a state read back from JSON, or copied with a spread, is a new object.
 *   It is checked once, and the state apply makes from it is trusted from then on.
 * - Each engine has its own marks, so one engine's state handed to another is still checked.
 * - Only the last few states an engine made are remembered (a fight applies each command to the state the
 *   previous one returned). An older state is simply checked again: forgetting costs time, never safety.
 *   A WeakMap or WeakSet would remember every state, but costs about 160 ns a mark, a tenth of a command.
 * - Callers must never mutate a state in place (reducers never do; the types are readonly). A state edited in
 *   place keeps its mark, and the engine would then act on whatever was written into it. Copy, then edit.
 *   Nothing is frozen: Object.freeze on every command costs more than the check it saves.
 */
export interface TrustedStates {
  /** Remember `state` as one this engine made; returns it. */
  mark<T>(state: T): T;
  /** True when `state` is one of the last states marked (and so has the shape the engine checks). */
  has(state: unknown): boolean;
  /** A state this engine made, or else one its full shape check accepts. */
  sound<S>(state: unknown, check: (s: unknown) => s is S): state is S;
  /**
   * The outcome, with its state marked when accepted. With `check` (for start's first state) the state is
   * checked once before it is trusted: the trusted path only ever begins from a checked state.
   */
  keep<O extends { readonly ok: boolean; readonly state?: unknown }>(outcome: O, check?: (s: unknown) => boolean): O;
}

/** How many recent states each engine remembers: enough for a fight, its legal() and a test's twin run. */
const REMEMBERED = 4;

export function trustedStates(): TrustedStates {
  const ring: (object | null)[] = [null, null, null, null];
  let next = 0;
  const has = (state: unknown): boolean =>
    state !== null && (ring[0] === state || ring[1] === state || ring[2] === state || ring[3] === state);
  return {
    mark<T>(state: T): T {
      // A state marked again goes in again: the slot it takes is the newest, so it is forgotten last.
      if (typeof state === "object" && state !== null) {
        ring[next] = state;
        next = (next + 1) % REMEMBERED;
      }
      return state;
    },
    has,
    sound<S>(state: unknown, check: (s: unknown) => s is S): state is S {
      return has(state) || check(state);
    },
    keep(outcome, check) {
      if (outcome.ok && typeof outcome.state === "object" && outcome.state !== null && (!check || check(outcome.state))) {
        ring[next] = outcome.state;
        next = (next + 1) % REMEMBERED;
      }
      return outcome;
    },
  };
}
