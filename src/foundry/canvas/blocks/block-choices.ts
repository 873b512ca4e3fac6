import type { MoveSceneLike } from "../check/move-check.js";
import type { TokenLike } from "../check/mover-data.js";
import type { SceneSpace } from "../space/scene-space.js";
import { placeOfToken } from "../check/token-place.js";

/** One border a blocker may Block (SEC-42): the map's border id, the blocker's section, and the section beyond. */
interface BlockChoice {
  readonly border: string;
  readonly from: string;
  /** The region's name of the section across the border, as the control says it. */
  readonly toName: string;
}

const nameOf = (scene: Pick<MoveSceneLike, "regions">, id: string) =>
  scene.regions.contents.find((r) => r.id === id)?.name ?? id;

/**
 * SEC-42: the borders of the section the token stands in, one choice each, named by the section beyond; null when the
 * token stands on no sections map (a table Blocking without one spends the Phase and names no border).
 */
export function blockChoices(scene: MoveSceneLike, space: SceneSpace, token: TokenLike): BlockChoice[] | null {
  if (space.model !== "sections") return null;
  const from = placeOfToken(scene, space, token);
  if (from === null) return null;
  const out: BlockChoice[] = [];
  for (const b of space.graph.map.borders) {
    if (b.a !== from && b.b !== from) continue;
    out.push({ border: b.id, from, toName: nameOf(scene, b.a === from ? b.b : b.a) });
  }
  return out.sort((x, y) => x.toName.localeCompare(y.toName));
}

/**
 * The name of the section across `border` from `from`, as the tracker says where a Block stands; the id when unknown.
 */
export function acrossName(
  scene: Pick<MoveSceneLike, "regions">,
  space: SceneSpace,
  border: string,
  from: string,
): string | null {
  if (space.model !== "sections") return null;
  const b = space.graph.map.borders.find((x) => x.id === border);
  if (!b || (b.a !== from && b.b !== from)) return null;
  return nameOf(scene, b.a === from ? b.b : b.a);
}

/**
 * SEC-46: a border by the names of the two sections it lies between ("Hall – Yard"); null when the map has none such.
 */
export function betweenName(scene: Pick<MoveSceneLike, "regions">, space: SceneSpace, border: string): string | null {
  if (space.model !== "sections") return null;
  const b = space.graph.map.borders.find((x) => x.id === border);
  return b ? [nameOf(scene, b.a), nameOf(scene, b.b)].sort((x, y) => x.localeCompare(y)).join(" – ") : null;
}

/** SEC-46: every border of the map, as a Block at a distance may name it, sorted by its sections' names. */
export function distanceBlockChoices(scene: Pick<MoveSceneLike, "regions">, space: SceneSpace): string[] {
  if (space.model !== "sections") return [];
  const named = space.graph.map.borders.map((b) => ({ id: b.id, name: betweenName(scene, space, b.id) ?? b.id }));
  return named.sort((x, y) => x.name.localeCompare(y.name)).map((x) => x.id);
}
