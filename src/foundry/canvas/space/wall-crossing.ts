/** A wall as its document stores it: the segment `c` [x0, y0, x1, y1], its movement restriction and its door. */
export interface WallData {
  readonly c: readonly number[];
  /** CONST.WALL_MOVEMENT_TYPES: 0 lets movement through. */
  readonly move: number | null;
  /** CONST.WALL_DOOR_TYPES: 0 is no door. */
  readonly door: number | null;
  /** CONST.WALL_DOOR_STATES: 1 is open. */
  readonly ds: number | null;
}

export interface Point {
  readonly x: number;
  readonly y: number;
}

type Segment = readonly [number, number, number, number];

/**
 * Does a wall stop movement? One that restricts movement, unless it is an open door. A one-way wall counts as a
 * wall both ways here: the derived border is one kind for both directions (SEC-01), so it errs towards hard.
 */
export function stopsMovement(w: WallData): boolean {
  return (w.move ?? 0) !== 0 && !((w.door ?? 0) !== 0 && w.ds === 1);
}

const EPS = 1e-9;

/**
 * Do segments p-q and a-b meet (touching counts: a path squeezing through the corner where two walls meet is stopped)?
 */
export function segmentsMeet(p: Point, q: Point, s: Segment): boolean {
  const [ax, ay, bx, by] = s;
  const rx = q.x - p.x;
  const ry = q.y - p.y;
  const sx = bx - ax;
  const sy = by - ay;
  const denom = rx * sy - ry * sx;
  const qpx = ax - p.x;
  const qpy = ay - p.y;
  if (Math.abs(denom) < EPS) {
    // Parallel: they meet only when collinear and overlapping.
    if (Math.abs(qpx * ry - qpy * rx) > EPS) return false;
    const len = rx * rx + ry * ry;
    if (len < EPS) return false;
    const t0 = (qpx * rx + qpy * ry) / len;
    const t1 = t0 + (sx * rx + sy * ry) / len;
    return Math.max(t0, t1) >= -EPS && Math.min(t0, t1) <= 1 + EPS;
  }
  const t = (qpx * sy - qpy * sx) / denom;
  const u = (qpx * ry - qpy * rx) / denom;
  return t >= -EPS && t <= 1 + EPS && u >= -EPS && u <= 1 + EPS;
}

/**
 * The walls that stop movement, bucketed on a square lattice (`bucket` pixels, the grid size) so a test between two
 * neighbouring cells looks at a handful of walls, not every wall of the scene.
 */
export class WallIndex {
  readonly #bucket: number;
  readonly #cells = new Map<string, Segment[]>();

  constructor(walls: readonly WallData[], bucket: number) {
    this.#bucket = bucket > 0 ? bucket : 100;
    for (const w of walls) {
      if (!stopsMovement(w) || w.c.length < 4 || !w.c.every(Number.isFinite)) continue;
      const s = [w.c[0], w.c[1], w.c[2], w.c[3]] as unknown as Segment;
      this.#each(Math.min(s[0], s[2]), Math.min(s[1], s[3]), Math.max(s[0], s[2]), Math.max(s[1], s[3]), (key) => {
        const list = this.#cells.get(key);
        if (list) list.push(s);
        else this.#cells.set(key, [s]);
      });
    }
  }

  /** Does a wall stand in the way from p to q? */
  blocks(p: Point, q: Point): boolean {
    let hit = false;
    const seen = new Set<Segment>();
    this.#each(Math.min(p.x, q.x), Math.min(p.y, q.y), Math.max(p.x, q.x), Math.max(p.y, q.y), (key) => {
      if (hit) return;
      for (const s of this.#cells.get(key) ?? []) {
        if (seen.has(s)) continue;
        seen.add(s);
        if (segmentsMeet(p, q, s)) {
          hit = true;
          return;
        }
      }
    });
    return hit;
  }

  #each(x0: number, y0: number, x1: number, y1: number, visit: (key: string) => void): void {
    const b = this.#bucket;
    // One bucket of slack on each side: a wall lying exactly on a bucket line belongs to both.
    for (let i = Math.floor(x0 / b) - 1; i <= Math.floor(x1 / b) + 1; i++)
      for (let j = Math.floor(y0 / b) - 1; j <= Math.floor(y1 / b) + 1; j++) visit(`${i},${j}`);
  }
}
