/** A deep copy of plain JSON data, so a reducer can edit its copy and never the caller's state. */
export function cloneData<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function isCount(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 0;
}

/** The writable twin of a readonly state type, for a reducer's private copy. */
export type Draft<T> = T extends readonly (infer U)[]
  ? Draft<U>[]
  : T extends object
    ? { -readonly [K in keyof T]: Draft<T[K]> }
    : T;

/** A reducer's private copy of a state that is known to be plain data: a plain recursive copy, faster than JSON. */
export function draft<T>(value: T): Draft<T> {
  return copyPlain(value) as Draft<T>;
}

function copyPlain(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copyPlain);
  if (typeof value === "object" && value !== null) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) out[key] = copyPlain((value as Record<string, unknown>)[key]);
    return out;
  }
  return value;
}

/** For each shared draft, the members record of the state it was made from. */
const originals = new WeakMap<object, Readonly<Record<string, unknown>>>();

/**
 * A copy-on-write draft of a turn-order state: top-level fields and lists are copied, members are
 * shared until `edit` copies the one about to change. Keeps a 40-combatant fight cheap per command.
 */
export function draftShared<T extends { readonly members: Readonly<Record<string, unknown>> }>(state: T): Draft<T> {
  const s: Record<string, unknown> = {};
  for (const key of Object.keys(state)) {
    const v = (state as Record<string, unknown>)[key];
    s[key] = Array.isArray(v) ? [...(v as unknown[])] : v;
  }
  s.members = { ...state.members };
  originals.set(s, state.members);
  return s as Draft<T>;
}

/** The member of a shared draft, copied first if it is still the original's. */
export function edit<M>(s: { members: Record<string, M> }, id: string): M {
  const current = s.members[id];
  const original = originals.get(s);
  if (original !== undefined && current !== undefined && (current as unknown) === original[id]) {
    const copy = copyPlain(current) as M;
    s.members[id] = copy;
    return copy;
  }
  return current as M;
}
