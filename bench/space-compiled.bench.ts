// Compile once per scene change, then let a query cost what its path costs (issue 14, Speed). Each variant runs in
// a fresh process and prints two figures per query: the first call on a map object never seen before (compiling
// included, as after a scene change) and the steady state (the same map again, as on every drag update).
import createGraph from "ngraph.graph";
import ngraphPath from "ngraph.path";
import { seededRoller } from "../src/core/shared/roller.js";
import {
  gridOptions,
  queryGridMove,
  type GridCell,
  type GridMap,
  type GridState,
} from "../src/core/space/grid/index.js";
import { stepPrice } from "../src/core/space/grid/step-cost.js";
import { NEIGHBOUR_STEPS } from "../src/core/space/grid/distance.js";
import {
  compileMap,
  queryMove,
  type BorderDef,
  type SectionDef,
  type SectionMap,
  type SectionsBattle,
} from "../src/core/space/sections/index.js";
import { sectionsSpaceEngine } from "../src/core/space/sections/sections-space-engine.js";
import { deriveSections } from "../src/foundry/canvas/space/derive-sections.js";
import type { RegionSpace } from "../src/foundry/canvas/regions/region-data.js";
import type { SceneCells } from "../src/foundry/canvas/space/scene-cells.js";
import { medianMs, type BenchFigure } from "./measure.js";

export const variants = [
  "sections-100",
  "sections-1000",
  "sections-10000",
  "grid-50",
  "grid-200",
  "grid-500",
  "scene-1000",
  "ngraph-200",
];

/** Median of `run` on `copies` map objects never seen before, each made (unmeasured) by `fresh`. */
function firstCallMs<M>(fresh: () => M, run: (m: M) => unknown, copies = 15): number {
  run(fresh()); // the code itself warmed once, so the figure is the map's first call and not the JIT's
  const times: number[] = [];
  for (let i = 0; i < copies; i++) {
    const m = fresh();
    const t0 = performance.now();
    run(m);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

function sectionsMap(w: number, h: number): SectionMap {
  let seed = 12345;
  const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const sections: SectionDef[] = [];
  const borders: BorderDef[] = [];
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) sections.push({ id: `r${x}_${y}`, lighting: rnd() < 0.7 ? "lit" : "shadowy" });
  const border = (a: string, b: string) => {
    const r = rnd();
    borders.push({
      id: `${a}|${b}`,
      a,
      b,
      kind: r < 0.1 ? "hard" : "soft",
      ...(r > 0.95 ? { height: r > 0.975 ? 1 : -1 } : {}),
    });
  };
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      if (x + 1 < w) border(`r${x}_${y}`, `r${x + 1}_${y}`);
      if (y + 1 < h) border(`r${x}_${y}`, `r${x}_${y + 1}`);
    }
  return { sections, borders };
}

function sectionsFigures(count: number): BenchFigure[] {
  const w = Math.round(Math.sqrt(count));
  const h = Math.round(count / w);
  const map = sectionsMap(w, h);
  const copy = (): SectionMap => ({ sections: [...map.sections], borders: [...map.borders] });
  const c = compileMap(map);
  if (!c.ok) throw new Error(c.reason);
  const entities = { m: { id: "m", side: "pc", section: "r0_0" } };
  const far = queryMove(
    c.graph,
    { map, entities, blocks: [] },
    { mover: "m", mode: "phase", n: 1e6, to: `r${w - 1}_${h - 1}` },
  );
  if (!far.ok) throw new Error(`bench setup: ${far.reason}`);
  const path = far.path.slice(0, 9);
  // one drag update as the canvas check makes it: the scene's compiled map asked for, then the path validated
  const drag = (m: SectionMap) => {
    const g = compileMap(m);
    if (!g.ok) throw new Error(g.reason);
    const battle: SectionsBattle = { map: g.graph.map, entities, blocks: [] };
    return queryMove(g.graph, battle, { mover: "m", mode: "phase", n: 8, path });
  };
  const start = (m: SectionMap) => {
    const s = sectionsSpaceEngine.start({ map: m, entities: [entities.m] }, seededRoller(1));
    if (!s.ok) throw new Error(s.reason);
    return s.state;
  };
  const state = start(map);
  const cmd = { type: "move" as const, query: { mover: "m", mode: "phase" as const, n: 8, path } };
  const roller = seededRoller(1);
  const label = count.toLocaleString("en");
  return [
    { name: `sections ${label}: drag update validated, first call`, value: firstCallMs(copy, drag), unit: "ms" },
    { name: `sections ${label}: drag update validated, steady`, value: medianMs(() => drag(map), 200, 20), unit: "ms" },
    {
      name: `sections ${label}: engine move command, first call`,
      value: firstCallMs(
        () => start(copy()),
        (s) => sectionsSpaceEngine.apply(s, cmd, roller),
      ),
      unit: "ms",
    },
    {
      name: `sections ${label}: engine move command, steady`,
      value: medianMs(() => sectionsSpaceEngine.apply(state, cmd, roller), 200, 20),
      unit: "ms",
    },
  ];
}

function gridMap(size: number, seed: number): GridMap {
  const r = seededRoller(seed);
  const n = size * size;
  const elevation = Array.from({ length: n }, () => r.die(3) - 2);
  for (let i = 0; i < n / 50; i++) elevation[r.die(n) - 1] = r.die(5) - 1;
  const difficult = Array.from({ length: n }, () => (r.die(6) === 1 ? 1 : 0));
  return { width: size, height: size, elevation, difficult };
}

function gridFigures(size: number): BenchFigure[] {
  const map = gridMap(size, 7);
  const copy = (): GridMap => ({ ...map, elevation: [...map.elevation], difficult: [...map.difficult] });
  const q = Math.floor(size / 4);
  const from = { x: q, y: q };
  const to = { x: Math.min(size - 1, q + 10), y: Math.max(0, q - 8) };
  const options = { options: gridOptions("strain") };
  const state = (m: GridMap, speed: number): GridState => ({
    map: m,
    pieces: [{ id: "a", side: "pc", cell: from, speed, spent: 0 }],
  });
  const seedPath = queryGridMove(state(map, 100), { mover: "a", mode: "walk", to }, options);
  if (!seedPath.ok) throw new Error(`bench setup: ${seedPath.reason}`);
  const path = seedPath.path;
  const drag = (m: GridMap) => queryGridMove(state(m, 100), { mover: "a", mode: "walk", path }, options);
  const cheapest = (m: GridMap) => queryGridMove(state(m, 30), { mover: "a", mode: "walk", to }, options);
  const label = `${size}x${size}`;
  return [
    {
      name: `grid ${label}: drag update (${path.length - 1} steps) validated, first call`,
      value: firstCallMs(copy, drag),
      unit: "ms",
    },
    { name: `grid ${label}: drag update validated, steady`, value: medianMs(() => drag(map), 200, 20), unit: "ms" },
    { name: `grid ${label}: cheapest path, Speed 30, first call`, value: firstCallMs(copy, cheapest), unit: "ms" },
    {
      name: `grid ${label}: cheapest path, Speed 30, steady`,
      value: medianMs(() => cheapest(map), 200, 20),
      unit: "ms",
    },
  ];
}

/** The pure part of a scene change on a 1,000-region scene (40 x 25 square regions of 5 x 5 cells, some walls). */
function sceneFigures(): BenchFigure[] {
  const W = 40;
  const H = 25;
  const K = 5;
  const columns = W * K;
  const rows = H * K;
  const tags: string[][] = [];
  for (let i = 0; i < columns * rows; i++) {
    const x = i % columns;
    const y = (i - x) / columns;
    tags.push([`s${Math.floor(x / K)}_${Math.floor(y / K)}`]);
  }
  const cells: SceneCells = { columns, rows, regions: tags };
  const regions: RegionSpace[] = [];
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++)
      regions.push({
        id: `s${x}_${y}`,
        section: {
          height: (x * 7 + y * 3) % 5 === 0 ? 1 : 0,
          lighting: "lit",
          water: false,
          terrain: "normal",
          borders: [],
        },
      });
  // a wall along every fourth region edge, with a doorway in every other one
  const wallBetween = (a: number, b: number) => (a * 31 + b * 17) % 4 === 0;
  const rebuild = () => {
    const d = deriveSections(cells, regions, wallBetween);
    const g = compileMap(d.map);
    if (!g.ok) throw new Error(g.reason);
    return g;
  };
  return [
    {
      name: "scene of 1,000 regions (25,000 cells): border graph rebuilt (target < 50 ms)",
      value: medianMs(rebuild, 20, 3),
      unit: "ms",
    },
  ];
}

/** Fray's grid search beside ngraph.path's A* (Chebyshev heuristic) on the same 200x200 graph and step costs. */
function ngraphFigures(): BenchFigure[] {
  const size = 200;
  const map = gridMap(size, 7);
  const options = gridOptions("strain");
  const graph = createGraph<{ x: number; y: number }, number>();
  for (let i = 0; i < size * size; i++) graph.addNode(i, { x: i % size, y: Math.floor(i / size) });
  for (let i = 0; i < size * size; i++) {
    const x = i % size;
    const y = (i - x) / size;
    for (const d of NEIGHBOUR_STEPS) {
      const nx = x + d.x;
      const ny = y + d.y;
      if (nx < 0 || ny < 0 || nx >= size || ny >= size) continue;
      const j = ny * size + nx;
      graph.addLink(i, j, stepPrice(map, i, j, options, true, false).cost);
    }
  }
  const finder = ngraphPath.aStar(graph, {
    oriented: true,
    distance: (_a, _b, link) => link.data,
    heuristic: (a, b) => Math.max(Math.abs(a.data.x - b.data.x), Math.abs(a.data.y - b.data.y)),
  });
  const costOf = (nodes: { id: string | number }[]): number => {
    let c = 0;
    // ngraph.path lists the path from the goal back to the start
    for (let k = nodes.length - 1; k > 0; k--) c += graph.getLink(nodes[k]!.id, nodes[k - 1]!.id)!.data;
    return c;
  };
  const idx = (c: GridCell) => c.y * size + c.x;
  const pair = (name: string, from: GridCell, to: GridCell, speed: number): BenchFigure[] => {
    const state: GridState = { map, pieces: [{ id: "a", side: "pc", cell: from, speed, spent: 0 }] };
    const fray = () => queryGridMove(state, { mover: "a", mode: "walk", to }, { options });
    const lib = () => finder.find(idx(from), idx(to));
    const f = fray();
    const libCost = costOf(lib());
    if (!f.ok || f.cost !== libCost)
      throw new Error(`bench: the two searches disagree (${f.ok ? f.cost : f.reason} vs ${libCost})`);
    const runs = speed < 1e6 ? 200 : 30;
    const tf = medianMs(fray, runs, 10);
    const tl = medianMs(lib, runs, 10);
    return [
      { name: `${name}, cost ${f.cost}: Fray`, value: tf, unit: "ms" },
      { name: `${name}: ngraph.path A*`, value: tl, unit: "ms" },
      { name: `${name}: ngraph.path / Fray (> 1: Fray faster)`, value: tl / tf, unit: "x" },
    ];
  };
  return [
    ...pair("grid 200x200 budgeted path (Speed 30)", { x: 50, y: 50 }, { x: 72, y: 62 }, 30),
    ...pair("grid 200x200 corner to corner, unbounded", { x: 0, y: 0 }, { x: size - 1, y: size - 1 }, 1e9),
  ];
}

export default function (variant = "sections-1000"): BenchFigure[] {
  const [kind, n] = variant.split("-") as [string, string];
  if (kind === "sections") return sectionsFigures(Number(n));
  if (kind === "grid") return gridFigures(Number(n));
  if (kind === "scene") return sceneFigures();
  return ngraphFigures();
}
