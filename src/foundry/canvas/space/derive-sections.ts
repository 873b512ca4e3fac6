import type { BorderDef, SectionDef, SectionMap } from "../../../core/space/sections/types.js";
import type { RegionSpace, SectionData } from "../regions/region-data.js";
import { cellOwners, forEachNeighbourPair, type SceneCells, type WallBetween } from "./scene-cells.js";

/** A scene's sections map and which section each cell belongs to (null: outside every section). */
export interface DerivedSections {
  readonly map: SectionMap;
  readonly cellSection: readonly (string | null)[];
}

function sectionDef(id: string, data: SectionData): SectionDef {
  return { id, lighting: data.lighting, ...(data.water ? { water: true } : {}) };
}

/** The border between two sections, named by its two ids in order; its Height signed from `a` to `b` (SEC-11). */
function borderDef(a: string, b: string, hard: boolean, height: number): BorderDef {
  return { id: `${a}|${b}`, a, b, kind: hard ? "hard" : "soft", ...(height !== 0 ? { height } : {}) };
}

/**
 * SEC-01 on a gridded scene: every Fray section region is a section; two sections whose cells share an edge have a
 * border. The border is hard when a wall stands between every such pair of cells, and soft when at least one pair
 * is open (a doorway makes the wall passable, so it is no solid border). Its Height is the rise from `a` to `b`:
 * the Height of `b` less the Height of `a`, positive going up (SEC-11).
 */
export function deriveSections(
  cells: SceneCells,
  regions: readonly RegionSpace[],
  wallBetween: WallBetween,
): DerivedSections {
  const data = new Map<string, SectionData>();
  for (const r of regions) if (r.section) data.set(r.id, r.section);
  const cellSection = cellOwners(cells, regions, "section");
  // For each pair of sections that touch: is any crossing between them open?
  const open = new Map<string, boolean>();
  forEachNeighbourPair(cells, (p, q) => {
    const s = cellSection[p];
    const t = cellSection[q];
    if (!s || !t || s === t) return;
    const key = s < t ? `${s}|${t}` : `${t}|${s}`;
    if (open.get(key) === true) return;
    open.set(key, !wallBetween(p, q));
  });
  const borders: BorderDef[] = [];
  for (const [key, isOpen] of [...open].sort(([x], [y]) => (x < y ? -1 : 1))) {
    const [a, b] = key.split("|") as [string, string];
    borders.push(borderDef(a, b, !isOpen, data.get(b)!.height - data.get(a)!.height));
  }
  const sections = [...data].sort(([x], [y]) => (x < y ? -1 : 1)).map(([id, d]) => sectionDef(id, d));
  return { map: { sections, borders }, cellSection };
}

/**
 * SEC-01 on a gridless scene: nothing tells which regions touch, so the GM marks each border in the section
 * behaviour. A border marked from both sides is one border: hard if either side says so; its Height is the one the
 * lower id's side gives, else the other side's turned round, else the difference of the two Heights.
 * A mark naming a region that is not a section, or the region itself, is ignored.
 */
export function deriveGridlessSections(regions: readonly RegionSpace[]): SectionMap {
  const data = new Map<string, SectionData>();
  for (const r of regions) if (r.section) data.set(r.id, r.section);
  const marks = new Map<string, { hard: boolean; height: number | null }>();
  for (const [from, d] of [...data].sort(([x], [y]) => (x < y ? -1 : 1))) {
    for (const m of d.borders) {
      if (m.neighbour === from || !data.has(m.neighbour)) continue;
      const [a, b] = from < m.neighbour ? [from, m.neighbour] : [m.neighbour, from];
      const height = m.height === null ? null : from === a ? m.height : -m.height;
      const seen = marks.get(`${a}|${b}`);
      marks.set(`${a}|${b}`, { hard: (seen?.hard ?? false) || m.kind === "hard", height: seen?.height ?? height });
    }
  }
  const borders = [...marks]
    .sort(([x], [y]) => (x < y ? -1 : 1))
    .map(([key, m]) => {
      const [a, b] = key.split("|") as [string, string];
      return borderDef(a, b, m.hard, m.height ?? data.get(b)!.height - data.get(a)!.height);
    });
  const sections = [...data].sort(([x], [y]) => (x < y ? -1 : 1)).map(([id, d]) => sectionDef(id, d));
  return { sections, borders };
}
