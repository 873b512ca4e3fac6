import type {
  BehaviourLike,
  GridLike,
  Offset,
  RegionLike,
  SceneDimensionsLike,
  WallLike,
  XY,
} from "../../src/foundry/canvas/space/scene-ports.js";
import type { MoveSceneLike } from "../../src/foundry/canvas/check/move-check.js";
import type { TokenLike } from "../../src/foundry/canvas/check/mover-data.js";

/**
 * Small honest fakes of the v13 scene documents the canvas room reads (scene-ports.ts). The square grid answers as
 * v13's common/grid/square.mjs does: offset i is the row and j the column of the pixel, centres are half a cell in, a
 * cell has 8 adjacent offsets, and a direct path steps through the 8-connected cells of the line, both ends included.
 * A region tests a point as client/documents/region.mjs `testPoint` does. Movement is foundry-token-movement.ts.
 */
export class FakeSquareGrid implements GridLike {
  readonly isGridless = false;
  readonly isSquare = true;
  constructor(readonly size = 100) {}
  getOffset(c: XY): Offset {
    return { i: Math.floor(c.y / this.size), j: Math.floor(c.x / this.size) };
  }
  getCenterPoint(o: Offset): XY {
    return { x: (o.j + 0.5) * this.size, y: (o.i + 0.5) * this.size };
  }
  getAdjacentOffsets(o: Offset): Offset[] {
    const out: Offset[] = [];
    for (let di = -1; di <= 1; di++)
      for (let dj = -1; dj <= 1; dj++) if (di || dj) out.push({ i: o.i + di, j: o.j + dj });
    return out;
  }
  getDirectPath(waypoints: Offset[]): Offset[] {
    const out: Offset[] = [];
    for (let k = 0; k < waypoints.length; k++) {
      const a = waypoints[k]!;
      if (k === 0) out.push({ ...a });
      const b = waypoints[k + 1];
      if (!b) break;
      const di = b.i - a.i;
      const dj = b.j - a.j;
      const n = Math.max(Math.abs(di), Math.abs(dj));
      for (let s = 1; s <= n; s++) out.push({ i: a.i + Math.round((di * s) / n), j: a.j + Math.round((dj * s) / n) });
    }
    return out;
  }
}

/** v13's GridlessGrid: no cells; an offset is the pixel itself. */
export class FakeGridlessGrid implements GridLike {
  readonly isGridless = true;
  readonly isSquare = false;
  constructor(readonly size = 100) {}
  getOffset(c: XY): Offset {
    return { i: c.y, j: c.x };
  }
  getCenterPoint(o: Offset): XY {
    return { x: o.j, y: o.i };
  }
  getAdjacentOffsets(): Offset[] {
    return [];
  }
  getDirectPath(waypoints: Offset[]): Offset[] {
    return waypoints.map((w) => ({ ...w }));
  }
}

export type ShapeData =
  | { type: "rectangle"; x: number; y: number; width: number; height: number; hole?: boolean }
  | { type: "ellipse"; x: number; y: number; radiusX: number; radiusY: number; hole?: boolean }
  | { type: "polygon"; points: number[]; hole?: boolean };

function inShape(s: ShapeData, p: XY): boolean {
  if (s.type === "rectangle") return p.x >= s.x && p.x <= s.x + s.width && p.y >= s.y && p.y <= s.y + s.height;
  if (s.type === "ellipse") return ((p.x - s.x) / s.radiusX) ** 2 + ((p.y - s.y) / s.radiusY) ** 2 <= 1;
  let inside = false;
  const pts = s.points;
  for (let a = 0, b = pts.length - 2; a < pts.length; b = a, a += 2) {
    const [xa, ya, xb, yb] = [pts[a]!, pts[a + 1]!, pts[b]!, pts[b + 1]!];
    if (ya > p.y !== yb > p.y && p.x < ((xb - xa) * (p.y - ya)) / (yb - ya) + xa) inside = !inside;
  }
  return inside;
}

function shapeBox(s: ShapeData): [number, number, number, number] {
  if (s.type === "rectangle") return [s.x, s.y, s.x + s.width, s.y + s.height];
  if (s.type === "ellipse") return [s.x - s.radiusX, s.y - s.radiusY, s.x + s.radiusX, s.y + s.radiusY];
  const xs = s.points.filter((_, k) => k % 2 === 0);
  const ys = s.points.filter((_, k) => k % 2 === 1);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/**
 * A RegionDocument: the union of its non-hole shapes less its holes, within its elevation range (inclusive; null is
 * unbounded).
 */
export class FakeRegion implements RegionLike {
  readonly behaviors: { contents: BehaviourLike[] };
  elevation: { bottom: number | null; top: number | null } = { bottom: null, top: null };
  constructor(
    readonly id: string,
    readonly shapes: ShapeData[],
    behaviours: BehaviourLike[] = [],
    readonly name = `Region ${id}`,
  ) {
    this.behaviors = { contents: behaviours };
  }
  get bounds() {
    const boxes = this.shapes.filter((s) => !s.hole).map(shapeBox);
    const x = Math.min(...boxes.map((b) => b[0]));
    const y = Math.min(...boxes.map((b) => b[1]));
    return { x, y, width: Math.max(...boxes.map((b) => b[2])) - x, height: Math.max(...boxes.map((b) => b[3])) - y };
  }
  testPoint(p: { x: number; y: number; elevation: number }): boolean {
    const { bottom, top } = this.elevation;
    if (p.elevation < (bottom ?? -Infinity) || p.elevation > (top ?? Infinity)) return false;
    return this.shapes.some((s) => !s.hole && inShape(s, p)) && !this.shapes.some((s) => s.hole && inShape(s, p));
  }
}

/** A Wall document's movement fields: CONST.WALL_MOVEMENT_TYPES.NORMAL is 20, a door type 1, door state 1 open. */
export function fakeWall(
  c: [number, number, number, number],
  door: { door?: number; ds?: number; move?: number } = {},
): WallLike {
  return { c, move: door.move ?? 20, door: door.door ?? 0, ds: door.ds ?? 0 };
}

/**
 * A TokenDocument as the movement check reads it: top-left corner in pixels, size in grid spaces, disposition, its
 * actor's type and system data (and its items, an embedded collection with `contents`, where a test gives them), and
 * ownership by user id (a GM owns everything, as Foundry's permission test says).
 */
export class FakeToken implements TokenLike {
  width = 1;
  height = 1;
  /** v13's TokenDocument#hidden: false unless the GM hides it. */
  hidden = false;
  constructor(
    readonly id: string,
    public x: number,
    public y: number,
    readonly actor: {
      type: string;
      system: Record<string, unknown>;
      items?: { readonly contents: readonly { readonly type: string; readonly system: unknown }[] };
    } | null,
    readonly owners: readonly string[] = [],
    readonly disposition: number | null = 1,
  ) {}
  testUserPermission(user: never, permission: "OWNER"): boolean {
    const u = user as { id: string | null; isGM: boolean };
    return permission === "OWNER" && (u.isGM || (u.id !== null && this.owners.includes(u.id)));
  }
}

export class FakeScene implements MoveSceneLike {
  readonly regions: { contents: FakeRegion[] } = { contents: [] };
  readonly tokens = {
    contents: [] as FakeToken[],
    get(id: string): FakeToken | undefined {
      return this.contents.find((t) => t.id === id);
    },
  };
  readonly walls: { contents: WallLike[] } = { contents: [] };
  flags: Record<string, unknown> = {};
  readonly dimensions: SceneDimensionsLike;
  constructor(
    readonly id: string,
    readonly grid: GridLike,
    /** The scene's rectangle in cells (its padding is one cell each side, as v13 rounds padding to whole cells). */
    columns: number,
    rows: number,
    /** Where the scene's rectangle lies, when its padding is not one cell (sceneFromSource). */
    dimensions?: SceneDimensionsLike,
  ) {
    const s = grid.size;
    this.dimensions = dimensions ?? { sceneX: s, sceneY: s, sceneWidth: columns * s, sceneHeight: rows * s, size: s };
  }
}

/**
 * v13's SquareGrid#calculateDimensions: the padding on each side is `padding` times the scene's width (height),
 * rounded up to whole cells; the scene's rectangle starts there (less the background's offset, 0 here).
 */
export function squareDimensions(width: number, height: number, padding: number, size: number): SceneDimensionsLike {
  const x = Math.ceil((padding * width) / size) * size;
  const y = Math.ceil((padding * height) / size) * size;
  return { sceneX: x, sceneY: y, sceneWidth: width, sceneHeight: height, size };
}

/** A Scene's source data as a compendium holds it, the fields the canvas reads. */
export interface SceneSource {
  readonly _id: string;
  readonly width: number;
  readonly height: number;
  readonly padding: number;
  readonly grid: { readonly type: number; readonly size: number };
  readonly flags: Record<string, unknown>;
  readonly regions: readonly {
    readonly _id: string;
    readonly name: string;
    readonly shapes: readonly (ShapeData & { rotation?: number })[];
    readonly elevation: { readonly bottom: number | null; readonly top: number | null };
    readonly behaviors: readonly { readonly type: string; readonly disabled: boolean; readonly system: unknown }[];
  }[];
  readonly walls: readonly {
    readonly c: number[];
    readonly move: number;
    readonly door: number;
    readonly ds: number;
  }[];
}

/**
 * The scene a source gives once Foundry has loaded it, as the fakes model it: a square grid (CONST.GRID_TYPES.SQUARE
 * is 1; others are refused here), its regions with their shapes and behaviours, its walls, no tokens yet.
 */
export function sceneFromSource(source: SceneSource): FakeScene {
  if (source.grid.type !== 1) throw new Error(`grid type ${source.grid.type}: the fake grid is square only`);
  const size = source.grid.size;
  const dims = squareDimensions(source.width, source.height, source.padding, size);
  const scene = new FakeScene(source._id, new FakeSquareGrid(size), source.width / size, source.height / size, dims);
  scene.flags = structuredClone(source.flags);
  for (const r of source.regions) {
    const shapes = r.shapes.map(({ rotation, ...shape }) => {
      // The fake tests unrotated shapes only.
      if (rotation) throw new Error(`region ${r.name}: a rotated shape`);
      return shape;
    });
    const region = new FakeRegion(
      r._id,
      shapes,
      r.behaviors.map((b) => ({ type: b.type, disabled: b.disabled, system: structuredClone(b.system) })),
      r.name,
    );
    region.elevation = { ...r.elevation };
    scene.regions.contents.push(region);
  }
  for (const w of source.walls) scene.walls.contents.push({ c: [...w.c], move: w.move, door: w.door, ds: w.ds });
  return scene;
}

/** A rectangle of cells (column, row, width, height in cells) of a scene with its one-cell padding. */
export function cellsRect(c: number, r: number, w: number, h: number, size = 100, hole = false): ShapeData {
  return { type: "rectangle", x: (c + 1) * size, y: (r + 1) * size, width: w * size, height: h * size, hole };
}

export const section = (system: Record<string, unknown> = {}, disabled = false): BehaviourLike => ({
  type: "fray.section",
  disabled,
  system,
});
export const zone = (
  neighbours: string[] = [],
  disabled = false,
  system: Record<string, unknown> = {},
): BehaviourLike => ({
  type: "fray.zone",
  disabled,
  system: { neighbours, ...system },
});

/** A token's top-left corner when it stands on cell (column, row) of a scene with one-cell padding. */
export const at = (c: number, r: number, size = 100) => ({ x: (c + 1) * size, y: (r + 1) * size });
