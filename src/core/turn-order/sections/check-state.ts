import { isTurnBudget } from "../../economy/sections.js";
import { refuse, type Refusal } from "../../shared/outcome.js";
import { OWN_STATES } from "./own-states.js";
import type { SectionsState } from "./types.js";

const isText = (x: unknown): x is string => typeof x === "string" && x.length > 0;
const MARKS = ["waiting", "acted", "lost"];

/** A state this engine made itself (no check needed), or one whose shape checks out. */
export function isSoundState(x: unknown): x is SectionsState {
  return OWN_STATES.has(x) || checkState(x) === null;
}

/**
 * A state handed back by the Foundry layer may have been edited or corrupted: check its shape
 * before trusting it, so a bad state is refused rather than thrown on or carried forward.
 */
export function checkState(x: unknown): Refusal | null {
  const bad = (why: string): Refusal => refuse("MalformedState", `the sections turn state is malformed: ${why}`);
  if (typeof x !== "object" || x === null) return bad("not an object");
  const s = x as Record<string, unknown>;
  if (s.kind !== "sections") return bad("not a sections state");
  const o = s.options as Record<string, unknown> | null;
  if (typeof o !== "object" || o === null) return bad("no options");
  if (o.order !== "sides" && o.order !== "fixed" && o.order !== "popcorn") return bad("unknown order");
  if (o.grantedMoveWindow !== "anytime" && o.grantedMoveWindow !== "drawToDiscard") return bad("unknown granted Move window");
  if (typeof s.round !== "number" || !Number.isInteger(s.round) || s.round < 1) return bad("round");
  if (!Array.isArray(s.sides) || s.sides.length < 2 || !s.sides.every(isText)) return bad("sides");
  if (new Set(s.sides).size !== s.sides.length) return bad("duplicate sides");
  if (typeof s.sideIndex !== "number" || !Number.isInteger(s.sideIndex) || s.sideIndex < 0 || s.sideIndex > s.sides.length) {
    return bad("side index");
  }
  if (!Array.isArray(s.combatants)) return bad("combatants");
  const ids = new Set<string>();
  for (const c of s.combatants as unknown[]) {
    if (typeof c !== "object" || c === null) return bad("a combatant is not an object");
    const m = c as Record<string, unknown>;
    if (!isText(m.id) || ids.has(m.id)) return bad("combatant ids");
    ids.add(m.id);
    if (typeof m.name !== "string" || !isText(m.side) || !(s.sides as string[]).includes(m.side)) return bad(`combatant ${m.id}`);
    if (typeof m.able !== "boolean" || typeof m.out !== "boolean" || !MARKS.includes(m.mark as string)) return bad(`combatant ${m.id}`);
  }
  if (s.acting === null) {
    if (s.turn !== null) return bad("a turn budget with nobody acting");
  } else {
    if (!isText(s.acting) || !ids.has(s.acting)) return bad("the acting combatant");
    if (!isTurnBudget(s.turn)) return bad("the turn budget");
  }
  if (s.result !== null) {
    const r = s.result as Record<string, unknown>;
    if (typeof r !== "object" || typeof r.outcome !== "string" || !Array.isArray(r.victors)) return bad("result");
  }
  return null;
}
