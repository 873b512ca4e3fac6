import type { GridCell } from "../../../core/space/grid/grid-cell.js";
import type { TokenLike } from "./mover-data.js";
import { cellOf, insideRegion, type CellFrame } from "../space/rasterise-scene.js";
import type { SceneLike, XY } from "../space/scene-ports.js";
import type { SceneSpace } from "../space/scene-space.js";

export type PlaceSpace = Extract<SceneSpace, { model: "sections" | "zones" }>;

/** The token's centre when its top-left corner is at `p` (its size in grid spaces). */
export const centreOf = (token: TokenLike, size: number) => (p: XY) => ({
  x: p.x + ((token.width ?? 1) * size) / 2,
  y: p.y + ((token.height ?? 1) * size) / 2,
});

/** The core grid's cell under a token's centre; null off the scene's rectangle. */
export function cellOfToken(scene: SceneLike, frame: CellFrame, t: TokenLike): GridCell | null {
  const o = scene.grid.getOffset(centreOf(t, scene.grid.size)(t));
  return cellOf(frame, o) < 0 ? null : { x: o.j - frame.j0, y: o.i - frame.i0 };
}

/** The section or zone at a point of a gridless scene: the smallest region of that kind holding it. */
export function regionAt(scene: SceneLike, space: PlaceSpace, p: XY): string | null {
  const kind = space.model === "sections" ? "section" : "zone";
  const ids = new Set(space.regions.filter((r) => r[kind] !== undefined).map((r) => r.id));
  let best: { id: string; area: number } | null = null;
  for (const region of scene.regions.contents) {
    if (!region.id || !ids.has(region.id) || !insideRegion(region, p)) continue;
    const area = region.bounds.width * region.bounds.height;
    if (!best || area < best.area || (area === best.area && region.id < best.id)) best = { id: region.id, area };
  }
  return best?.id ?? null;
}

/** The section or zone a token stands in (its centre, as Foundry's region membership counts), or null outside all. */
export function placeOfToken(scene: SceneLike, space: PlaceSpace, t: TokenLike): string | null {
  const p = centreOf(t, scene.grid.size)(t);
  const owners = space.model === "sections" ? space.cellSection : space.cellZone;
  if (!owners || !space.frame) return regionAt(scene, space, p);
  return owners[cellOf(space.frame, scene.grid.getOffset(p))] ?? null;
}
