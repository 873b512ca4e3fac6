/**
 * `npx tsx tools/odds-worker-check.ts` after `npm run build`: does the odds worker load and play in a real browser
 * from where the built system puts it? It reads the worker's URL expression out of dist/fray.mjs, serves dist/ under
 * /systems/fray/ (and again under a route prefix, /foundry/systems/fray/, as a Foundry with `routePrefix` serves
 * it), and in headless Chromium runs that same expression from a module beside fray.mjs: the worker must load, report
 * progress, give the simulator's report for the seed (the same as simulate() here), and stop when cancelled.
 * Nothing here talks to the network: every request is answered from dist/ or refused.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { simulate, type SimInput } from "../src/sim/index.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const DIST = join(ROOT, "dist");
const ORIGIN = "http://fray.invalid";
const CHROMIUM = "/usr/bin/chromium";

const bundle = readFileSync(join(DIST, "fray.mjs"), "utf8");
const found = /new URL\("(assets\/odds-worker-[\w-]+\.js)", import\.meta\.url\)/.exec(bundle);
if (!found) throw new Error("dist/fray.mjs has no relative URL for the odds worker: was it built by `npm run build`?");
const workerPath = found[1]!;
if (!existsSync(join(DIST, workerPath))) throw new Error(`dist/${workerPath} is missing`);
console.log(`fray.mjs starts the worker at new URL("${workerPath}", import.meta.url); dist/${workerPath} is there`);

const INPUT = { ruleset: "teams", seed: 7, fights: 2000, detail: true } as SimInput;
const expected = JSON.stringify(simulate(INPUT));

/** The module the page loads beside fray.mjs: the bundle's own expression, a run, and a cancelled run. */
const probe = `
const make = () => new Worker(new URL(${JSON.stringify(workerPath)}, import.meta.url), { type: "module" });
const run = (input, cancelAfter) => new Promise((done) => {
  const w = make();
  const seen = {
    url: new URL(${JSON.stringify(workerPath)}, import.meta.url).href, progress: 0, t0: performance.now(),
  };
  w.onerror = (e) => done({ ...seen, error: e.message || "worker error" });
  w.onmessage = (e) => {
    const m = e.data;
    if (m.type === "progress") {
      seen.progress++;
      if (cancelAfter && seen.progress === cancelAfter) w.postMessage({ type: "cancel", id: 1 });
      return;
    }
    const ms = performance.now() - seen.t0;
    done({ ...seen, end: m.type, report: m.report ?? null, refusal: m.refusal ?? null, ms });
    w.terminate();
  };
  w.postMessage({ type: "run", id: 1, input });
});
window.checked = Promise.all([run(${JSON.stringify(INPUT)}), run(${JSON.stringify({ ...INPUT, fights: 100000 })}, 2)]);
`;

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
    "--disable-sync",
  ],
});
let failed = false;
try {
  for (const prefix of ["", "/foundry"]) {
    const page = await context.newPage();
    const refused: string[] = [];
    await page.route("**/*", async (route) => {
      const url = new URL(route.request().url());
      const base = `${prefix}/systems/fray/`;
      if (url.origin === ORIGIN && url.pathname === `${prefix}/game`)
        return route.fulfill({
          contentType: "text/html",
          body: `<!doctype html><script type="module" src="${base}probe.mjs"></script>`,
        });
      if (url.origin === ORIGIN && url.pathname === `${base}probe.mjs`)
        return route.fulfill({ contentType: "text/javascript", body: probe });
      const file =
        url.origin === ORIGIN && url.pathname.startsWith(base) ? join(DIST, url.pathname.slice(base.length)) : "";
      if (file.startsWith(DIST) && existsSync(file))
        return route.fulfill({ contentType: "text/javascript", body: readFileSync(file, "utf8") });
      refused.push(url.href);
      return route.abort("blockedbyclient");
    });
    await page.goto(`${ORIGIN}${prefix}/game`);
    const [whole, cancelled] = await page.evaluate<Record<string, unknown>[]>("window.checked");
    const same = JSON.stringify(whole!.report) === expected;
    console.log(`${prefix || "(no route prefix)"}: worker at ${String(whole!.url)}`);
    console.log(
      `  2000 teams fights of 8: ${String(whole!.end)} in ${Number(whole!.ms).toFixed(0)} ` +
        `ms, ${String(whole!.progress)} progress messages, ` +
        `report ${same ? "identical to simulate()" : "DIFFERENT"}`,
    );
    console.log(`  cancelled after 2 progress messages: ${String(cancelled!.end)}`);
    for (const r of refused) console.log(`  refused request: ${r}`);
    if (whole!.end !== "done" || !same || cancelled!.end !== "cancelled" || refused.length > 0) failed = true;
    await page.close();
  }
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
}
if (failed) {
  console.error("odds worker check FAILED");
  process.exit(1);
}
console.log("odds worker check passed");
