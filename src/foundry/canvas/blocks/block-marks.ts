import { cellOf, offsetOf } from "../space/rasterise-scene.js";
import type { SceneBlock } from "../fight/scene-blocks.js";
import type { SceneLike, XY } from "../space/scene-ports.js";
import type { SceneSpace } from "../space/scene-space.js";

/** A straight piece of a border, in canvas pixels. */
interface BorderEdge {
  readonly a: XY;
  readonly b: XY;
}

/**
 * SEC-42: how a Block is drawn on the canvas: the border's edges (where two sections' cells meet), and a mark on the
 * middle one: its centre, the unit vector along the border, and the unit normal pointing into the section the Block
 * is held from (the side an enemy may not leave).
 */
export interface BlockMark {
  /** The blocker's token id. */
  readonly blocker: string;
  readonly border: string;
  readonly edges: readonly BorderEdge[];
  readonly centre: XY;
  readonly along: XY;
  readonly into: XY;
  /** The mark's length in pixels: one grid space. */
  readonly length: number;
  /** SEC-46: a Block at a distance works both ways: its mark has no held side. */
  readonly atDistance: boolean;
}

const unit = (v: XY): XY => {
  const n = Math.hypot(v.x, v.y) || 1;
  return { x: v.x / n, y: v.y / n };
};

/** Neighbours across an edge: the four sides of a square; a grid of another shape says its own. */
function sideNeighbours(
  scene: SceneLike,
  index: number,
  frame: NonNullable<Extract<SceneSpace, { model: "sections" }>["frame"]>,
) {
  const o = offsetOf(frame, index);
  const around = scene.grid.isSquare
    ? [
        { i: o.i, j: o.j + 1 },
        { i: o.i + 1, j: o.j },
        { i: o.i, j: o.j - 1 },
        { i: o.i - 1, j: o.j },
      ]
    : scene.grid.getAdjacentOffsets(o);
  return around.map((n) => cellOf(frame, n));
}

/** The edges where a cell of `from` meets a cell of `to`, each with the centre of its `from` cell. */
function cellEdges(scene: SceneLike, space: Extract<SceneSpace, { model: "sections" }>, from: string, to: string) {
  const out: { edge: BorderEdge; inside: XY }[] = [];
  const owners = space.cellSection;
  const frame = space.frame;
  if (!owners || !frame) return out;
  for (let k = 0; k < owners.length; k++) {
    if (owners[k] !== from) continue;
    const p = scene.grid.getCenterPoint(offsetOf(frame, k));
    for (const n of sideNeighbours(scene, k, frame)) {
      if (n < 0 || owners[n] !== to) continue;
      const q = scene.grid.getCenterPoint(offsetOf(frame, n));
      const m = { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 };
      const half = Math.hypot(q.x - p.x, q.y - p.y) / 2;
      const u = unit({ x: -(q.y - p.y), y: q.x - p.x });
      out.push({
        edge: { a: { x: m.x - u.x * half, y: m.y - u.y * half }, b: { x: m.x + u.x * half, y: m.y + u.y * half } },
        inside: p,
      });
    }
  }
  return out;
}

/** Where two regions of a gridless scene meet, as the mark takes it: half-way between their bounds' centres. */
function gridlessEdge(scene: SceneLike, from: string, to: string): { edge: BorderEdge; inside: XY }[] {
  const centre = (id: string) => {
    const b = scene.regions.contents.find((r) => r.id === id)?.bounds;
    return b ? { x: b.x + b.width / 2, y: b.y + b.height / 2 } : null;
  };
  const p = centre(from);
  const q = centre(to);
  if (!p || !q) return [];
  const m = { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 };
  const u = unit({ x: -(q.y - p.y), y: q.x - p.x });
  const half = scene.grid.size / 2;
  return [
    {
      edge: { a: { x: m.x - u.x * half, y: m.y - u.y * half }, b: { x: m.x + u.x * half, y: m.y + u.y * half } },
      inside: p,
    },
  ];
}

/**
 * SEC-42: the marks of the Blocks up on a sections scene, one per Block whose border the map still has between the
 * section it is held from and another (a border since redrawn draws nothing). Which Blocks this user may see is the
 * caller's choice (a hidden blocker's Block is not drawn for players).
 */
export function blockMarks(scene: SceneLike, space: SceneSpace, blocks: readonly SceneBlock[]): BlockMark[] {
  if (space.model !== "sections") return [];
  const out: BlockMark[] = [];
  for (const block of blocks) {
    const border = space.graph.map.borders.find((b) => b.id === block.border);
    const distant = block.atDistance === true;
    if (!border || (!distant && border.a !== block.from && border.b !== block.from)) continue;
    const from = distant ? border.a : block.from;
    const to = border.a === from ? border.b : border.a;
    const found = space.frame ? cellEdges(scene, space, from, to) : gridlessEdge(scene, from, to);
    if (found.length === 0) continue;
    const mids = found.map(({ edge }) => ({ x: (edge.a.x + edge.b.x) / 2, y: (edge.a.y + edge.b.y) / 2 }));
    const mean = {
      x: mids.reduce((s, m) => s + m.x, 0) / mids.length,
      y: mids.reduce((s, m) => s + m.y, 0) / mids.length,
    };
    // The mark sits on the edge nearest the border's middle (ties: the first in reading order).
    let best = 0;
    for (let k = 1; k < mids.length; k++)
      if (
        Math.hypot(mids[k]!.x - mean.x, mids[k]!.y - mean.y) <
        Math.hypot(mids[best]!.x - mean.x, mids[best]!.y - mean.y)
      )
        best = k;
    const { edge, inside } = found[best]!;
    const centre = mids[best]!;
    out.push({
      blocker: block.blocker,
      border: block.border,
      edges: found.map((f) => f.edge),
      centre,
      along: unit({ x: edge.b.x - edge.a.x, y: edge.b.y - edge.a.y }),
      into: unit({ x: inside.x - centre.x, y: inside.y - centre.y }),
      length: scene.grid.size,
      atDistance: distant,
    });
  }
  return out;
}

/**
 * The Canvas disposition colour's key for a token's disposition (CONST.TOKEN_DISPOSITIONS: -2 secret ... 1 friendly).
 */
export function dispositionKey(disposition: number): "FRIENDLY" | "NEUTRAL" | "HOSTILE" | "SECRET" {
  return disposition === 1 ? "FRIENDLY" : disposition === 0 ? "NEUTRAL" : disposition === -1 ? "HOSTILE" : "SECRET";
}
