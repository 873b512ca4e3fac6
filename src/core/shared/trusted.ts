/**
 * States an engine made itself, so its apply() can skip the full shape check for them.
 *
 * Every engine checks the shape of the state it is handed: a state stored by the Foundry layer may have been
 * edited or corrupted, and must be refused rather than thrown on. A state the same engine returned a moment
 * ago passed that check (or was built from one that did) and needs no second one. `start` and `apply` mark
 * the states they return with `trust`; `apply`, `legal` and `view` ask `isTrusted` before checking.
 *
 * The mark sits on the object's identity, in a WeakMap (nothing is kept alive by it):
 * - A state read back from JSON, or copied with a spread, is a new object: it is checked once, and the state
 *   apply makes from it is trusted from then on.
 * - Each mark names the engine that made the state, so one engine's state handed to another is still checked.
 * - Callers must never mutate a state in place (reducers never do; the types are readonly). A state edited
 *   in place keeps its mark, and the engine would then act on whatever was written into it. Copy, then edit.
 *   Nothing is frozen: Object.freeze on every command costs more than the check it would replace.
 */
const madeBy = new WeakMap<object, string>();

/** Mark `state` as made by `engine` (an engine id such as "sections"); returns it, for `return trust(...)`. */
export function trust<T>(state: T, engine: string): T {
  if (typeof state === "object" && state !== null) madeBy.set(state, engine);
  return state;
}

/** True when `state` is an object `engine` itself returned from start or apply (and so has the shape it checks). */
export function isTrusted(state: unknown, engine: string): boolean {
  return typeof state === "object" && state !== null && madeBy.get(state) === engine;
}
