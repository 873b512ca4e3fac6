// `npm run bench`: runs every bench/*.bench.ts and prints its figures. Speed is measured here, never in tests.
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { BenchFigure } from "./measure.js";

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv[2];
const files = readdirSync(here)
  .filter((f) => f.endsWith(".bench.ts"))
  .filter((f) => !only || f.includes(only))
  .sort();
if (files.length === 0) console.log("no benchmarks found");
for (const f of files) {
  const mod = (await import(pathToFileURL(join(here, f)).href)) as { default: () => Promise<BenchFigure[]> | BenchFigure[] };
  console.log(`\n${f.replace(".bench.ts", "")}`);
  for (const fig of await mod.default()) {
    const v = fig.value >= 100 ? Math.round(fig.value).toLocaleString("en") : fig.value.toPrecision(3);
    console.log(`  ${fig.name.padEnd(60)} ${v.padStart(12)} ${fig.unit}`);
  }
}
