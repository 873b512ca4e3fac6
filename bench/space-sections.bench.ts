// Sections spatial model: a generated 1,000-section map (a 40 x 25 grid with walls, Heights and water).
import { medianMs, type BenchFigure } from "./measure.js";
import {
  compileMap,
  queryMove,
  type BorderDef,
  type SectionDef,
  type SectionsBattle,
} from "../src/core/space/sections/index.js";

const W = 40;
const H = 25;

function generate(): { sections: SectionDef[]; borders: BorderDef[] } {
  let seed = 12345;
  const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const sections: SectionDef[] = [];
  const borders: BorderDef[] = [];
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++)
      sections.push({
        id: `r${x}_${y}`,
        lighting: rnd() < 0.7 ? "lit" : rnd() < 0.5 ? "shadowy" : "dark",
        water: rnd() < 0.05,
      });
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
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      if (x + 1 < W) border(`r${x}_${y}`, `r${x + 1}_${y}`);
      if (y + 1 < H) border(`r${x}_${y}`, `r${x}_${y + 1}`);
    }
  return { sections, borders };
}

export default function (): BenchFigure[] {
  const map = generate();
  // a fresh map object each time: compileMap keeps the compiled graph of a map object it has seen
  const compileTime = medianMs(() => compileMap({ sections: [...map.sections], borders: [...map.borders] }), 20, 3);
  const c = compileMap(map);
  if (!c.ok) throw new Error(c.reason);
  const g = c.graph;
  const battle: SectionsBattle = {
    map: g.map,
    entities: { m: { id: "m", side: "pc", section: "r0_0" }, foe: { id: "foe", side: "npc", section: "r20_12" } },
    blocks: [{ blocker: "foe", border: "r20_12|r21_12", atDistance: false, from: "r20_12" }],
  };
  const far = queryMove(g, battle, { mover: "m", mode: "phase", n: 200, to: `r${W - 1}_${H - 1}` });
  if (!far.ok) throw new Error(`bench setup: ${far.reason}`);
  const path = far.path.slice(0, 9);
  const validate = medianMs(() => queryMove(g, battle, { mover: "m", mode: "phase", n: 8, path }), 200, 20);
  const cheapest = medianMs(
    () => queryMove(g, battle, { mover: "m", mode: "phase", n: 200, to: `r${W - 1}_${H - 1}` }),
    100,
    10,
  );
  const cheapestWalk = medianMs(
    () => queryMove(g, battle, { mover: "m", mode: "walk", n: 200, height: 1, to: `r${W - 1}_${H - 1}` }),
    100,
    10,
  );
  return [
    { name: "compile + validate a 1,000-section map", value: compileTime, unit: "ms (median)" },
    { name: "validate one 8-border move (1,000 sections)", value: validate, unit: "ms (median)" },
    { name: "cheapest path corner to corner, Phase (1,000 sections)", value: cheapest, unit: "ms (median)" },
    { name: "cheapest path corner to corner, walk (1,000 sections)", value: cheapestWalk, unit: "ms (median)" },
  ];
}
