import type { SectionsCombatant, SectionsState } from "./types.js";

type Writable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * Copies made by one literal each, in start's field order, then edited: every state and combatant has one
 * shape (spreads with overrides gave many shapes, and slow copies, on every command: bench/diary.md).
 */
export function copyState(s: SectionsState): Writable<SectionsState> {
  return {
    kind: s.kind,
    options: s.options,
    round: s.round,
    sides: s.sides,
    combatants: s.combatants,
    sideIndex: s.sideIndex,
    acting: s.acting,
    turn: s.turn,
    result: s.result,
    blocks: s.blocks,
    distanceBlocks: s.distanceBlocks ?? [],
    climbs: s.climbs ?? [],
    interrupted: s.interrupted ?? [],
  };
}

// The state with one field replaced, one function per field: a store under a key handed in as a value took a few
// per cent of a simulated fight (bench/diary.md).

export function withTurn(s: SectionsState, turn: SectionsState["turn"]): SectionsState {
  const n = copyState(s);
  n.turn = turn;
  return n;
}

export function withCombatants(s: SectionsState, combatants: SectionsState["combatants"]): SectionsState {
  const n = copyState(s);
  n.combatants = combatants;
  return n;
}

export function withBlocks(s: SectionsState, blocks: SectionsState["blocks"]): SectionsState {
  const n = copyState(s);
  n.blocks = blocks;
  return n;
}

export function withSideIndex(s: SectionsState, sideIndex: number): SectionsState {
  const n = copyState(s);
  n.sideIndex = sideIndex;
  return n;
}

/** The combatant with its round mark set: one literal in start's field order (the hot path of every turn's end). */
export function marked(c: SectionsCombatant, mark: SectionsCombatant["mark"]): SectionsCombatant {
  return { id: c.id, name: c.name, side: c.side, able: c.able, out: c.out, mark };
}

/** The list with the combatant of id `id` marked: a loop, not a map with a closure, as every turn ends through it. */
export function markedAmong(
  list: readonly SectionsCombatant[],
  id: string,
  mark: SectionsCombatant["mark"],
): SectionsCombatant[] {
  const next = list.slice();
  for (let i = 0; i < next.length; i++) {
    const c = next[i] as SectionsCombatant;
    if (c.id === id) next[i] = marked(c, mark);
  }
  return next;
}

/** The combatant with one field replaced. */
export function combatantWith<K extends keyof SectionsCombatant>(
  c: SectionsCombatant,
  key: K,
  value: SectionsCombatant[K],
): SectionsCombatant {
  const n: Writable<SectionsCombatant> = {
    id: c.id,
    name: c.name,
    side: c.side,
    able: c.able,
    out: c.out,
    mark: c.mark,
  };
  n[key] = value;
  return n;
}

export function withDistanceBlocks(s: SectionsState, distanceBlocks: SectionsState["distanceBlocks"]): SectionsState {
  const n = copyState(s);
  n.distanceBlocks = distanceBlocks;
  return n;
}

export function withClimbs(s: SectionsState, climbs: SectionsState["climbs"]): SectionsState {
  const n = copyState(s);
  n.climbs = climbs;
  return n;
}
