import type { GridCell } from "../../../core/space/grid/grid-cell.js";
import type { MoveSceneLike } from "../../canvas/move-check.js";
import type { TokenLike } from "../../canvas/mover-data.js";
import { cellOf, insideRegion, type CellFrame } from "../../canvas/rasterise-scene.js";
import type { XY } from "../../canvas/scene-ports.js";
import type { SceneSpace } from "../../canvas/scene-space.js";

type PlaceSpace = Extract<SceneSpace, { model: "sections" | "zones" }>;

/** A token's centre: its top-left corner plus half its size in grid spaces. */
function centreOf(scene: MoveSceneLike, t: TokenLike): XY {
  const size = scene.grid.size;
  return { x: t.x + ((t.width ?? 1) * size) / 2, y: t.y + ((t.height ?? 1) * size) / 2 };
}

/** The core grid's cell under a token's centre; null off the scene's rectangle. */
export function cellOfToken(scene: MoveSceneLike, frame: CellFrame, t: TokenLike): GridCell | null {
  const o = scene.grid.getOffset(centreOf(scene, t));
  return cellOf(frame, o) < 0 ? null : { x: o.j - frame.j0, y: o.i - frame.i0 };
}

/** The section or zone a token stands in (its centre, as Foundry's region membership counts), or null outside all. */
export function placeOfToken(scene: MoveSceneLike, space: PlaceSpace, t: TokenLike): string | null {
  const p = centreOf(scene, t);
  const owners = space.model === "sections" ? space.cellSection : space.cellZone;
  if (owners && space.frame) return owners[cellOf(space.frame, scene.grid.getOffset(p))] ?? null;
  // Gridless: the smallest region of the model's kind holding the point owns it (as the move check reads it).
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
