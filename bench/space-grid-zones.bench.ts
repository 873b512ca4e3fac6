// Grid and zone movement speed: one ~10-step move validated, a cheapest path with Speed ~30 on a 200x200 map,
// and queries on a zone graph. Targets: validation < 1 ms, cheapest path < 5 ms.
import { seededRoller } from "../src/core/shared/roller.js";
import {
  gridOptions,
  queryGridMove,
  type GridCell,
  type GridMap,
  type GridPiece,
  type GridState,
} from "../src/core/space/grid/index.js";
import {
  queryZoneMove,
  rangedBlast,
  zoneOptions,
  type ZoneMap,
  type ZoneState,
} from "../src/core/space/zones/index.js";
import { medianMs, type BenchFigure } from "./measure.js";

function randomMap(size: number, seed: number): GridMap {
  const r = seededRoller(seed);
  const n = size * size;
  const elevation = Array.from({ length: n }, () => r.die(3) - 2); // -1..+1 mostly, with drops of 2 here and there
  for (let i = 0; i < n / 50; i++) elevation[r.die(n) - 1] = r.die(5) - 1; // some steep spots up to +4
  const difficult = Array.from({ length: n }, () => (r.die(6) === 1 ? 1 : 0));
  return { width: size, height: size, elevation, difficult };
}

export default function (): BenchFigure[] {
  const map = randomMap(200, 7);
  const mover: GridPiece = { id: "a", side: "pc", cell: { x: 50, y: 50 }, speed: 30, spent: 0 };
  const enemies: GridPiece[] = Array.from({ length: 20 }, (_, i) => ({
    id: `e${i}`,
    side: "npc",
    cell: { x: 60 + ((i * 7) % 30), y: 45 + ((i * 11) % 20) },
    speed: 6,
    spent: 0,
  }));
  const state: GridState = { map, pieces: [mover, ...enemies] };
  const options = gridOptions("strain");
  const ctx = { options };

  // a legal ~10-step path: the cheapest path to a square 10 away, then validated as given
  const seedPath = queryGridMove(
    { map, pieces: [{ ...mover, speed: 100 }] },
    { mover: "a", mode: "walk", to: { x: 60, y: 40 } },
    ctx,
  );
  const path: readonly GridCell[] = seedPath.ok ? seedPath.path : [mover.cell];
  const tenState: GridState = {
    map,
    pieces: [
      { ...mover, speed: 100 },
      ...enemies.filter((e) => !path.some((p) => p.x === e.cell.x && p.y === e.cell.y)),
    ],
  };
  const validate = medianMs(() => queryGridMove(tenState, { mover: "a", mode: "walk", path }, ctx), 200, 20);

  const target = { x: 72, y: 62 };
  const found = queryGridMove(state, { mover: "a", mode: "walk", to: target }, ctx);
  const cheapest = medianMs(() => queryGridMove(state, { mover: "a", mode: "walk", to: target }, ctx), 100, 10);
  // worst case: an unreachable square makes the search exhaust everything within Speed 30
  const exhaust = medianMs(
    () => queryGridMove(state, { mover: "a", mode: "walk", to: { x: 190, y: 190 } }, ctx),
    50,
    5,
  );
  const teams = gridOptions("teams");
  const teamsPath = medianMs(
    () => queryGridMove(state, { mover: "a", mode: "walk", to: target }, { options: teams }),
    100,
    10,
  );

  // zone graph: 100 zones in a 10x10 lattice (4 neighbours each)
  const zones: ZoneMap = {
    zones: Array.from({ length: 100 }, (_, i) => {
      const x = i % 10;
      const y = Math.floor(i / 10);
      const ns: string[] = [];
      if (x > 0) ns.push(`z${i - 1}`);
      if (x < 9) ns.push(`z${i + 1}`);
      if (y > 0) ns.push(`z${i - 10}`);
      if (y < 9) ns.push(`z${i + 10}`);
      return { id: `z${i}`, neighbours: ns };
    }),
  };
  const zs: ZoneState = {
    map: zones,
    characters: Array.from({ length: 30 }, (_, i) => ({
      id: `c${i}`,
      faction: i % 2 ? "red" : "blue",
      at: { zone: `z${(i * 37) % 100}` },
      moved: 0,
    })),
  };
  const zoneMove = medianMs(
    () => queryZoneMove(zs, { mover: "c0", mode: "walk", to: { zone: "z1" } }, zoneOptions()),
    200,
    20,
  );
  const zoneFar = medianMs(
    () => queryZoneMove(zs, { mover: "c0", mode: "walk", to: { zone: "z99" } }, zoneOptions({ zonesPerTurn: 100 })),
    50,
    5,
  );
  const roller = seededRoller(3);
  const blast = medianMs(() => rangedBlast(zs, "c0", "z55", 20, false, roller), 200, 20);

  return [
    { name: `grid 200x200: validate a ${path.length - 1}-step path (target < 1 ms)`, value: validate, unit: "ms" },
    {
      name:
        `grid 200x200: cheapest path, Speed ` +
        `30, ${found.ok ? `found cost ${found.cost}` : "not found"} (target < 5 ms)`,
      value: cheapest,
      unit: "ms",
    },
    { name: "grid 200x200: cheapest path, Speed 30, unreachable (worst case)", value: exhaust, unit: "ms" },
    { name: "grid 200x200: cheapest path, teams 2 m diagonals", value: teamsPath, unit: "ms" },
    { name: "zones 100 (10x10 lattice): one-zone move", value: zoneMove, unit: "ms" },
    { name: "zones 100: cheapest path corner to corner", value: zoneFar, unit: "ms" },
    { name: "zones 100: missed ranged blast with deviation", value: blast, unit: "ms" },
  ];
}
