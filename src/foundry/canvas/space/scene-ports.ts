/**
 * The few Foundry v13 shapes the canvas room reads, as structural types: the real Scene, RegionDocument, Wall and
 * BaseGrid fit them (tsc checks where they are passed in), and the fakes in test/fakes/foundry-scene.ts implement
 * exactly these.
 */
export interface Offset {
  readonly i: number;
  readonly j: number;
}

export interface XY {
  readonly x: number;
  readonly y: number;
}

/** `scene.grid`, a BaseGrid: pixels to grid offsets (i row, j column) and back. */
export interface GridLike {
  readonly size: number;
  readonly isGridless: boolean;
  readonly isSquare: boolean;
  getOffset(coords: XY): Offset;
  getCenterPoint(coords: Offset): XY;
  getAdjacentOffsets(coords: Offset): Offset[];
  /** The offsets a straight move passes through, both ends included. */
  getDirectPath(waypoints: Offset[]): Offset[];
}

export interface BehaviourLike {
  readonly type: string;
  readonly disabled: boolean;
  readonly system: unknown;
}

export interface RegionLike {
  readonly id: string | null;
  readonly name: string;
  readonly bounds: { readonly x: number; readonly y: number; readonly width: number; readonly height: number };
  readonly elevation: { readonly bottom: number | null; readonly top: number | null };
  testPoint(point: { x: number; y: number; elevation: number }): boolean;
  readonly behaviors: { readonly contents: readonly BehaviourLike[] };
}

export interface WallLike {
  readonly c: readonly number[];
  readonly move: number | null;
  readonly door: number | null;
  readonly ds: number | null;
}

export interface SceneDimensionsLike {
  readonly sceneX: number;
  readonly sceneY: number;
  readonly sceneWidth: number;
  readonly sceneHeight: number;
  readonly size: number;
}

export interface SceneLike {
  readonly id: string | null;
  readonly grid: GridLike;
  readonly dimensions: SceneDimensionsLike;
  readonly regions: { readonly contents: readonly RegionLike[] };
  readonly walls: { readonly contents: readonly WallLike[] };
  readonly flags: unknown;
}
