// `npm run bench`: runs every bench/*.bench.ts (or those whose name contains the first argument) and prints its figures.
// Speed is measured here, never in tests.
//
// Each benchmark is first bundled by vite, into one module scope as `npm run build` bundles Fray for Foundry, and
// the bundle is what runs: loaded file by file through tsx instead, every use of an imported binding becomes a
// getter call, which cost up to half the time of the hottest paths and is not how the system runs.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "vite";
import type { BenchFigure } from "./measure.js";

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv[2];
const files = readdirSync(here)
  .filter((f) => f.endsWith(".bench.ts"))
  .filter((f) => !only || f.includes(only))
  .sort();
if (files.length === 0) console.log("no benchmarks found");

const out = mkdtempSync(join(tmpdir(), "fray-bench-"));
try {
  for (const f of files) {
    const name = f.replace(".bench.ts", "");
    await build({
      configFile: false,
      logLevel: "warn",
      // Everything in the bundle, as in the shipped system (pure-rand included); only Node's own modules stay outside.
      ssr: { noExternal: true },
      build: { ssr: join(here, f), outDir: out, emptyOutDir: false, minify: false, rollupOptions: { output: { entryFileNames: `${name}.mjs` } } },
    });
    const mod = (await import(pathToFileURL(join(out, `${name}.mjs`)).href)) as { default: () => Promise<BenchFigure[]> | BenchFigure[] };
    console.log(`\n${name}`);
    for (const fig of await mod.default()) {
      const v = fig.value >= 100 ? Math.round(fig.value).toLocaleString("en") : fig.value.toPrecision(3);
      console.log(`  ${fig.name.padEnd(60)} ${v.padStart(12)} ${fig.unit}`);
    }
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}
