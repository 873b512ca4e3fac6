// `npm run bench`: runs every bench/*.bench.ts (or those whose name contains the first argument) and prints its
// figures. Speed is measured here, never in tests.
//
// - Each benchmark is first bundled by vite, into one module scope as `npm run build` bundles Fray for Foundry, and
//   the bundle is what runs: loaded file by file through tsx instead, every use of an imported binding becomes a
//   getter call, which cost up to half the time of the hottest paths and is not how the system runs.
// - Each benchmark, and each variant a benchmark names (`export const variants`, e.g. one per rule set), runs in a
//   fresh Node process: a figure must not depend on what ran before it in the same process (the JIT's type feedback
//   and the heap carry over), and a Foundry world runs one rule set, not five.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "vite";
import type { BenchFigure } from "./measure.js";

interface BenchModule {
  default: (variant?: string) => Promise<BenchFigure[]> | BenchFigure[];
  variants?: readonly string[];
}

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv[2];
const files = readdirSync(here)
  .filter((f) => f.endsWith(".bench.ts"))
  .filter((f) => !only || f.includes(only))
  .sort();
if (files.length === 0) console.log("no benchmarks found");

/** Run one bundled benchmark (one variant of it) in a fresh process; its figures come back as JSON. */
function figuresOf(bundle: string, variant: string | undefined): BenchFigure[] {
  const script =
    `const m = await import(${JSON.stringify(pathToFileURL(bundle).href)}); ` +
    `console.log(JSON.stringify(await m.default(${JSON.stringify(variant)})));`;
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  return JSON.parse(out.trim().split("\n").pop() ?? "[]") as BenchFigure[];
}

const out = mkdtempSync(join(tmpdir(), "fray-bench-"));
try {
  for (const f of files) {
    const name = f.replace(".bench.ts", "");
    await build({
      configFile: false,
      logLevel: "warn",
      // Everything in the bundle, as in the shipped system (pure-rand included); only Node's own modules stay outside.
      ssr: { noExternal: true },
      build: {
        ssr: join(here, f),
        outDir: out,
        emptyOutDir: false,
        minify: false,
        rollupOptions: { output: { entryFileNames: `${name}.mjs` } },
      },
    });
    const bundle = join(out, `${name}.mjs`);
    // Importing only reads the module's declarations; the measuring happens in the fresh processes below.
    const mod = (await import(pathToFileURL(bundle).href)) as BenchModule;
    console.log(`\n${name}`);
    for (const variant of mod.variants ?? [undefined]) {
      for (const fig of figuresOf(bundle, variant)) {
        const v = fig.value >= 100 ? Math.round(fig.value).toLocaleString("en") : fig.value.toPrecision(3);
        console.log(`  ${fig.name.padEnd(60)} ${v.padStart(12)} ${fig.unit}`);
      }
    }
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}
