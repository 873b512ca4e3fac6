/**
 * `npx tsx tools/scene-backgrounds.ts`: draw the plain floor plan each demo scene's regions sit on, from the layouts of
 * tools/demo-scenes.mjs, and write it to assets/scenes/<layout>.webp (committed; the adventures show it). One square
 * of the plan is one grid square of the scene; Foundry stretches the image over the scene's rectangle, without its
 * padding. Drawn on a canvas in headless Chromium (the Debian `chromium` package), which also encodes the WebP.
 * PNG copies go to screenshots/ (git-ignored) to look at.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
// @ts-expect-error: a plain .mjs tool without type declarations
import { DEMO_SCENES, GRID } from "./demo-scenes.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const CHROMIUM = "/usr/bin/chromium";
const COLUMNS = 20;
const ROWS = 12;

interface Region {
  readonly name: string;
  readonly cells: readonly [number, number, number, number];
  readonly colour: string;
  readonly behaviour: { readonly system: Record<string, unknown> };
}
interface Layout {
  readonly name: string;
  readonly model: string;
  readonly image: string;
  readonly regions: readonly Region[];
  readonly walls: readonly (readonly [number, number, number, number])[];
}

/** What the page draws for one layout: the ground, each region's floor, the walls, in squares. */
export interface Plan {
  readonly name: string;
  readonly ground: string;
  readonly regions: readonly {
    name: string;
    cells: readonly number[];
    floor: string;
    mark: "water" | "rough" | "raised" | "none";
  }[];
  readonly walls: readonly (readonly number[])[];
}

/** `a` with a share `k` of `b`, both "#rrggbb". */
function mix(a: string, b: string, k: number): string {
  const rgb = (hex: string) => [0, 2, 4].map((i) => parseInt(hex.slice(1 + i, 3 + i), 16));
  const [x, y] = [rgb(a), rgb(b)];
  return `#${x
    .map((v, i) =>
      Math.round(v * (1 - k) + y[i]! * k)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

/** The floor of a region from what its rules data says: water, rough ground, raised ground, or plain floor. */
function floorOf(layout: Layout, r: Region): Plan["regions"][number] {
  const s = r.behaviour.system;
  const mark = s.water ? "water" : s.terrain === "difficult" ? "rough" : Number(s.height ?? 0) > 0 ? "raised" : "none";
  const floors: Record<string, string> = { sections: "#8d8476", zones: "#8a7f6c", grid: "#6f8a4e" };
  const raised: Record<string, string> = { sections: "#a9a08f", zones: "#a39884", grid: "#8f9a62" };
  const floor =
    mark === "water"
      ? "#4f6f86"
      : mark === "rough"
        ? "#6b6a4a"
        : mark === "raised"
          ? (raised[layout.model] ?? "#999")
          : (floors[layout.model] ?? "#888");
  return { name: r.name, cells: r.cells, floor: mix(floor, r.colour, 0.25), mark };
}

/** Every layout the demo scenes use, once each, as plans to draw. */
export function plans(): Plan[] {
  const layouts = new Map<string, Layout>();
  for (const { layout } of Object.values(DEMO_SCENES as Record<string, { layout: Layout }>))
    layouts.set(layout.image, layout);
  const grounds: Record<string, string> = { sections: "#3d3a35", zones: "#5d5448", grid: "#55703d" };
  return [...layouts.values()].map((l) => ({
    name: l.image,
    ground: grounds[l.model] ?? "#444",
    regions: l.regions.map((r) => floorOf(l, r)),
    walls: l.walls,
  }));
}

/** The page's drawing code: flagstones or grass per square, marks for water, rough and raised ground, thick walls. */
function draw(plan: Plan, grid: number, columns: number, rows: number): string {
  const canvas = document.createElement("canvas");
  canvas.width = columns * grid;
  canvas.height = rows * grid;
  const g = canvas.getContext("2d")!;
  let seed = 29;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const shade = (hex: string, k: number) => {
    const n = parseInt(hex.slice(1), 16);
    const c = [n >> 16, (n >> 8) & 255, n & 255].map((v) => Math.max(0, Math.min(255, Math.round(v * k))));
    return `rgb(${c.join(",")})`;
  };
  const squares = (x0: number, y0: number, w: number, h: number, colour: string, jitter: number) => {
    for (let c = x0; c < x0 + w; c++)
      for (let r = y0; r < y0 + h; r++) {
        g.fillStyle = shade(colour, 1 - jitter / 2 + rand() * jitter);
        g.fillRect(c * grid + 2, r * grid + 2, grid - 4, grid - 4);
      }
  };
  g.fillStyle = shade(plan.ground, 0.8);
  g.fillRect(0, 0, canvas.width, canvas.height);
  squares(0, 0, columns, rows, plan.ground, 0.12);
  for (const region of plan.regions) {
    const [c, r, w, h] = region.cells as [number, number, number, number];
    g.fillStyle = shade(region.floor, 0.7);
    g.fillRect(c * grid, r * grid, w * grid, h * grid);
    squares(c, r, w, h, region.floor, 0.16);
    g.save();
    g.beginPath();
    g.rect(c * grid, r * grid, w * grid, h * grid);
    g.clip();
    g.strokeStyle = shade(region.floor, 1.25);
    g.lineWidth = 3;
    for (let k = 0; k < w * h * 3; k++) {
      const x = (c + rand() * w) * grid;
      const y = (r + rand() * h) * grid;
      g.beginPath();
      if (region.mark === "water") {
        g.moveTo(x - 14, y);
        g.quadraticCurveTo(x - 7, y - 6, x, y);
        g.quadraticCurveTo(x + 7, y + 6, x + 14, y);
      } else if (region.mark === "rough") {
        g.moveTo(x - 5, y + 5);
        g.lineTo(x, y - 6);
        g.lineTo(x + 5, y + 5);
      } else if (region.mark === "raised" && k % 3 === 0) {
        g.arc(x, y, 3, 0, 2 * Math.PI);
      } else continue;
      g.stroke();
    }
    g.restore();
    g.strokeStyle = "rgba(20, 18, 15, 0.7)";
    g.lineWidth = 6;
    g.strokeRect(c * grid + 3, r * grid + 3, w * grid - 6, h * grid - 6);
  }
  for (const [c0, r0, c1, r1] of plan.walls as [number, number, number, number][]) {
    g.lineCap = "square";
    g.strokeStyle = "#1c1a17";
    g.lineWidth = 22;
    g.beginPath();
    g.moveTo(c0 * grid, r0 * grid);
    g.lineTo(c1 * grid, r1 * grid);
    g.stroke();
    g.strokeStyle = "#6b655c";
    g.lineWidth = 8;
    g.stroke();
  }
  return canvas.toDataURL("image/webp", 0.7);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!existsSync(CHROMIUM)) {
    console.error(`Chromium is missing (${CHROMIUM}): apt-get update && apt-get install -y chromium`);
    process.exit(1);
  }
  const { chromium } = await import("playwright-core");
  const profile = mkdtempSync(join(tmpdir(), "fray-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
    ],
  });
  try {
    const page = await context.newPage();
    await page.setContent("<!doctype html><html><body></body></html>");
    // tsx keeps function names with a helper the page lacks; `draw` is sent as text.
    await page.evaluate("window.__name = (f) => f");
    mkdirSync(join(ROOT, "screenshots"), { recursive: true });
    for (const plan of plans()) {
      const url = await page.evaluate(`(${draw.toString()})(${JSON.stringify(plan)}, ${GRID}, ${COLUMNS}, ${ROWS})`);
      const bytes = Buffer.from(String(url).replace(/^data:image\/webp;base64,/, ""), "base64");
      const out = join(ROOT, plan.name);
      mkdirSync(dirname(out), { recursive: true });
      writeFileSync(out, bytes);
      const png = await page.evaluate(`(async () => {
        const i = new Image(); i.src = ${JSON.stringify(String(url))}; await i.decode();
        const c = document.createElement("canvas"); c.width = i.width / 2; c.height = i.height / 2;
        c.getContext("2d").drawImage(i, 0, 0, c.width, c.height); return c.toDataURL("image/png"); })()`);
      const preview = join(
        ROOT,
        "screenshots",
        `background-${plan.name.replace(/^.*\//, "").replace(/\.webp$/, "")}.png`,
      );
      writeFileSync(preview, Buffer.from(String(png).replace(/^data:image\/png;base64,/, ""), "base64"));
      console.log(`${plan.name}: ${bytes.length} bytes (preview ${preview.replace(`${ROOT}/`, "")})`);
    }
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}
