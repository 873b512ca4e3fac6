import { compileMap, type SectionGraph } from "../../../../src/core/space/sections/index.js";
import type {
  BorderDef,
  Lighting,
  SectionDef,
  SectionsBattle,
  SectionsEntity,
} from "../../../../src/core/space/sections/index.js";

export function sec(id: string, lighting: Lighting = "lit", extra: Partial<SectionDef> = {}): SectionDef {
  return { id, lighting, ...extra };
}
export function soft(id: string, a: string, b: string, height?: number): BorderDef {
  return height === undefined ? { id, a, b, kind: "soft" } : { id, a, b, kind: "soft", height };
}
export function hard(id: string, a: string, b: string, height?: number): BorderDef {
  return height === undefined ? { id, a, b, kind: "hard" } : { id, a, b, kind: "hard", height };
}

export function graphOf(sections: SectionDef[], borders: BorderDef[]): SectionGraph {
  const r = compileMap({ sections, borders });
  if (!r.ok) throw new Error(`fixture map refused: ${r.reason}`);
  return r.graph;
}

/** A straight hallway s0 - s1 - ... - s{n-1} of soft borders b0..b{n-2}, with optional signed Heights. */
export function hallway(n: number, heights: (number | undefined)[] = [], lighting: Lighting[] = []): SectionGraph {
  const sections = Array.from({ length: n }, (_, i) => sec(`s${i}`, lighting[i] ?? "lit"));
  const borders = Array.from({ length: n - 1 }, (_, i) => soft(`b${i}`, `s${i}`, `s${i + 1}`, heights[i]));
  return graphOf(sections, borders);
}

export function ent(id: string, section: string, side = "pc", extra: Partial<SectionsEntity> = {}): SectionsEntity {
  return { id, side, section, ...extra };
}

export function battleOf(
  graph: SectionGraph,
  entities: SectionsEntity[],
  blocks: SectionsBattle["blocks"] = [],
): SectionsBattle {
  return { map: graph.map, entities: Object.fromEntries(entities.map((e) => [e.id, e])), blocks };
}
