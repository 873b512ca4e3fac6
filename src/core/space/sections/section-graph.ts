import { refuse, type Refusal } from "../../shared/outcome.js";
import type { BorderDef, SectionDef, SectionMap } from "./types.js";

/**
 * One side of a border as seen from the section it leaves. `height` is signed for this direction of travel (SEC-11).
 */
export interface HalfEdge {
  readonly border: number;
  readonly to: number;
  readonly hard: boolean;
  readonly height: number;
}

/**
 * The compiled, read-only form of a SectionMap: derived data rebuilt from the JSON map, never stored in state,
 * so it may use Maps for fast look-ups (adjacency is precomputed once per map).
 */
export interface SectionGraph {
  readonly map: SectionMap;
  readonly sections: readonly SectionDef[];
  readonly borders: readonly BorderDef[];
  readonly sectionIndex: ReadonlyMap<string, number>;
  readonly borderIndex: ReadonlyMap<string, number>;
  /** adjacency[s]: every half-edge leaving section s. */
  readonly adjacency: readonly (readonly HalfEdge[])[];
  /** between[s].get(t): the half-edges from s to t (several borders may join the same two sections). */
  readonly between: readonly ReadonlyMap<number, readonly HalfEdge[]>[];
}

export type GraphOrRefusal = { readonly ok: true; readonly graph: SectionGraph } | Refusal;

const LIGHTING = new Set(["lit", "shadowy", "dark"]);

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function bad(reason: string): Refusal {
  return refuse("MalformedMap", reason, "SEC-01");
}

/**
 * Compiled maps by the map object they came from. Maps are immutable values (state is never mutated in place), so
 * the same object always compiles to the same graph: a scene is compiled once and every later query or command on
 * it costs what its path costs. The section and border arrays are kept too, so a map object whose lists were
 * swapped is compiled afresh. A WeakMap: a map no one holds any more is forgotten with it.
 */
const compiled = new WeakMap<object, { sections: unknown; borders: unknown; answer: GraphOrRefusal }>();

/** SEC-01: check a map and precompute its adjacency. Bad maps are refused, never thrown. */
export function compileMap(input: unknown): GraphOrRefusal {
  if (!isObject(input) || !Array.isArray(input.sections) || !Array.isArray(input.borders))
    return bad("a map needs a sections array and a borders array");
  const hit = compiled.get(input);
  if (hit && hit.sections === input.sections && hit.borders === input.borders) return hit.answer;
  const answer = compileFresh(input.sections as unknown[], input.borders as unknown[]);
  compiled.set(input, { sections: input.sections, borders: input.borders, answer });
  // the graph's own map is what states carry on (SectionsBattle.map): it compiles to the same graph
  if (answer.ok)
    compiled.set(answer.graph.map, { sections: answer.graph.sections, borders: answer.graph.borders, answer });
  return answer;
}

function compileFresh(inputSections: readonly unknown[], inputBorders: readonly unknown[]): GraphOrRefusal {
  const sections: SectionDef[] = [];
  const sectionIndex = new Map<string, number>();
  for (const s of inputSections) {
    if (!isObject(s) || typeof s.id !== "string" || s.id === "")
      return bad("every section needs a non-empty string id");
    if (sectionIndex.has(s.id))
      return refuse("DuplicateSectionId", `section id "${s.id}" is used twice`, "SEC-01", { id: s.id });
    if (typeof s.lighting !== "string" || !LIGHTING.has(s.lighting))
      return refuse("InvalidLighting", `section "${s.id}" must be lit, shadowy or dark`, "SEC-49", { id: s.id });
    if (s.water !== undefined && typeof s.water !== "boolean")
      return bad(`section "${s.id}": water must be true or false`);
    if (s.geometry !== undefined) {
      const g = s.geometry;
      const nums = isObject(g) && [g.x, g.y, g.w, g.h].every((n) => typeof n === "number" && Number.isFinite(n));
      if (!nums || (g as { w: number }).w < 0 || (g as { h: number }).h < 0)
        return refuse("InvalidGeometry", `section "${s.id}" has a malformed rectangle`, "SEC-30", { id: s.id });
    }
    sectionIndex.set(s.id, sections.length);
    sections.push(s as unknown as SectionDef);
  }
  const borders: BorderDef[] = [];
  const borderIndex = new Map<string, number>();
  const adjacency: HalfEdge[][] = sections.map(() => []);
  const between: Map<number, HalfEdge[]>[] = sections.map(() => new Map<number, HalfEdge[]>());
  const link = (from: number, e: HalfEdge): void => {
    adjacency[from]!.push(e);
    const list = between[from]!.get(e.to);
    if (list) list.push(e);
    else between[from]!.set(e.to, [e]);
  };
  for (const b of inputBorders) {
    if (!isObject(b) || typeof b.id !== "string" || b.id === "") return bad("every border needs a non-empty string id");
    if (borderIndex.has(b.id))
      return refuse("DuplicateBorderId", `border id "${b.id}" is used twice`, "SEC-01", { id: b.id });
    if (typeof b.a !== "string" || typeof b.b !== "string")
      return bad(`border "${b.id}" needs two section ids a and b`);
    const ia = sectionIndex.get(b.a);
    const ib = sectionIndex.get(b.b);
    if (ia === undefined || ib === undefined)
      return refuse("UnknownSection", `border "${b.id}" names a section that is not on the map`, "SEC-01", {
        id: b.id,
        section: ia === undefined ? b.a : b.b,
      });
    if (ia === ib)
      return refuse("BorderToItself", `border "${b.id}" joins section "${b.a}" to itself`, "SEC-01", { id: b.id });
    if (b.kind !== "soft" && b.kind !== "hard")
      return refuse("InvalidBorderKind", `border "${b.id}" must be soft or hard`, "SEC-01", { id: b.id });
    if (b.height !== undefined && (typeof b.height !== "number" || !Number.isInteger(b.height)))
      return refuse("InvalidHeight", `border "${b.id}" needs a whole-number Height`, "SEC-11", { id: b.id });
    const bi = borders.length;
    borderIndex.set(b.id, bi);
    borders.push(b as unknown as BorderDef);
    const h = b.height ?? 0;
    const hard = b.kind === "hard";
    link(ia, { border: bi, to: ib, hard, height: h });
    link(ib, { border: bi, to: ia, hard, height: -h });
  }
  const map: SectionMap = { sections, borders };
  return { ok: true, graph: { map, sections, borders, sectionIndex, borderIndex, adjacency, between } };
}

/** The signed Height of a border for travel from `fromSection` (SEC-11). */
export function signedHeight(border: BorderDef, fromSection: string): number {
  const h = border.height ?? 0;
  return fromSection === border.a ? h : -h;
}
