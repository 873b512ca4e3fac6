/** A deep copy of plain JSON data, so a reducer can edit its copy and never the caller's state. */
export function cloneData<T>(value: T): T {
  return copyPlain(value) as T;
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

function copyPlain(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copyPlain);
  if (typeof value === "object" && value !== null) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) out[key] = copyPlain((value as Record<string, unknown>)[key]);
    return out;
  }
  return value;
}

/** How a draft copies: the state's top level (members record included) and one member, each by one literal. */
export interface DraftCopies<T> {
  /** A copy of the top level with `members` already a copy of the record (members themselves shared). */
  readonly top: (state: T) => Draft<T>;
  /** A member's own copy, with its nested objects and lists copied too where the reducer edits them in place. */
  readonly member: (m: never) => unknown;
}

/**
 * The members record each recent shared draft was made from, newest last: `edit` copies a member that is still
 * the original's. A reducer's drafts live only while it runs (at most two at once: factions' surrender), so a
 * short list is enough, and cheaper than a WeakMap entry per command.
 */
const DRAFTS = 8;
const drafts: (object | null)[] = new Array<object | null>(DRAFTS).fill(null);
const originals: (Readonly<Record<string, unknown>> | null)[] = new Array<Readonly<Record<string, unknown>> | null>(
  DRAFTS,
).fill(null);
const copiers: ((m: never) => unknown)[] = new Array<(m: never) => unknown>(DRAFTS).fill(copyMember);
let newest = 0;

function slotOf(s: object): number {
  for (let k = 0, i = newest; k < DRAFTS; k++, i = (i + DRAFTS - 1) % DRAFTS) if (drafts[i] === s) return i;
  return -1;
}

/**
 * The state its holder owns, members and all, while one command runs on it, else null (`owning`). Nobody else
 * holds it, so it is its own draft: drafting it copies nothing, and its members are edited as they are.
 */
let owned: object | null = null;

/**
 * From now on `state` is its own draft (draftShared, edit), until owning(null). Its holder owns it whole: no other
 * state shares its members. The teams and factions fast runs (src/core/fast) run each command so, in a try/finally.
 * It is kept because it changes how a draft is made, never what a reducer does: every rule stays written once, and
 * apply runs as it is. A flag passed through every reducer would put the fast path back on the rules floor, and
 * commands run on copies made those fights about twice as long (bench/diary.md, issue 27).
 */
export function owning(state: object | null): void {
  owned = state;
}

/**
 * A copy-on-write draft of a turn-order state: the top level is copied and members are shared until `edit`
 * copies the one about to change. Lists and other objects at the top level are shared with the state the
 * draft was made from: a reducer replaces them (s.passed = [...s.passed, side]), never edits them in place.
 * The copies are the engine's own literals, one shape per kind of object. An owned state is its own draft.
 */
export function draftShared<T extends { readonly members: Readonly<Record<string, unknown>> }>(
  state: T,
  copies: DraftCopies<T>,
): Draft<T> {
  if (state === owned) return state as unknown as Draft<T>;
  const s = copies.top(state);
  newest = (newest + 1) % DRAFTS;
  drafts[newest] = s;
  originals[newest] = state.members;
  copiers[newest] = copies.member;
  return s;
}

/** The member of a shared draft, copied first if it is still the original's; an owned state's, as it is. */
export function edit<M>(s: { members: Record<string, M> }, id: string): M {
  const current = s.members[id];
  if (current === undefined || s === owned) return current as M;
  const i = slotOf(s);
  // A draft not found here (were a reducer ever to outlive the list) has its member copied again: the caller's
  // state stays untouched.
  const copyIt = i < 0 || current === originals[i]?.[id];
  if (!copyIt) return current;
  const copy = (i < 0 ? copyMember(current) : (copiers[i] as (m: M) => unknown)(current)) as M;
  s.members[id] = copy;
  return copy;
}

/** A member copied for editing when no engine copier is known: its own fields, and its own nested objects. */
function copyMember(m: unknown): unknown {
  const copy: Record<string, unknown> = { ...(m as Record<string, unknown>) };
  for (const key in copy) {
    const v = copy[key];
    if (typeof v === "object" && v !== null) copy[key] = copyPlain(v);
  }
  return copy;
}
