/**
 * `npx tsx bench/world-start.ts [runs] <label>=<dist>[:<chunk>,<chunk>...] ...`: how long a world's start waits for
 * Fray's code, in headless Chromium (playwright-core, the Debian `chromium` package), served gzipped from localhost.
 *
 * Each run opens a fresh browser context (an empty cache) on a page shaped like Foundry's game view: fray.mjs is a
 * `<script type="module">`, as Foundry's server lists a system's esmodules. Two times are read in the page, from
 * navigation: when fray.mjs has run (Foundry could call init), and when the chunks named after the dist folder have
 * run too (the world's own rules, which a split build preloads at init; none for one bundle).
 * Every build is measured in four settings, interleaved run by run so a busy machine weighs on all alike: the
 * loopback as it is, a 20 Mbit/s line (CDP Network.emulateNetworkConditions, 40 ms latency), and each again with a
 * 2.3 MB stand-in for Foundry's own vendor.mjs loading first (pixi's minified build, repeated in a comment: parsed,
 * not run). Foundry's globals are stubbed: nothing of Fray's runs but its modules' top level.
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";

interface Build {
  readonly label: string;
  readonly dist: string;
  readonly preload: readonly string[];
}

const args = process.argv.slice(2);
const runs = /^\d+$/.test(args[0] ?? "") ? Number(args.shift()) : 15;
const builds: Build[] = args.map((a) => {
  const [label, rest] = a.split("=") as [string, string];
  const [dist, list] = rest.split(":") as [string, string | undefined];
  return { label, dist, preload: list ? list.split(",") : [] };
});
if (builds.length === 0) {
  console.error("usage: npx tsx bench/world-start.ts [runs] <label>=<dist>[:<chunk>,...] ...");
  process.exit(1);
}

/** A 20 Mbit/s line: 2.5 MB/s down, a quarter of that up, 40 ms round trip. */
const LINE = { offline: false, latency: 40, downloadThroughput: 2_500_000, uploadThroughput: 625_000 };

// Foundry's vendor.mjs is 2,335,615 bytes (691 kB gzip); pixi's minified build repeated has about its density.
const pixi = readFileSync("node_modules/pixi.js/dist/pixi.min.mjs", "utf8").replaceAll("*/", "* /");
const VENDOR = `/*${pixi.repeat(Math.ceil(2_335_615 / pixi.length)).slice(0, 2_335_611)}*/`;

/** Every file served, gzipped once: what a server with compression sends. */
const files = new Map<string, Buffer>([["/scripts/vendor.mjs", gzipSync(VENDOR)]]);
for (const b of builds) {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : [join(dir, f)]));
  for (const f of walk(b.dist).filter((f) => /\.(mjs|js)$/.test(f)))
    files.set(`/${b.label}/systems/fray/${normalize(f.slice(b.dist.length + 1))}`, gzipSync(readFileSync(f)));
}

const FOUNDRY_GLOBALS = [
  "foundry",
  "CONFIG",
  "CONST",
  "game",
  "ui",
  "canvas",
  "Hooks",
  "Handlebars",
  "Actor",
  "Item",
  "Combat",
];
FOUNDRY_GLOBALS.push("Combatant", "TokenDocument", "ChatMessage", "Roll", "Scene", "User", "fromUuid", "fromUuidSync");

/** Foundry's globals as one stub that answers anything: a module's top level may extend or call them. */
const STUB = `const any = new Proxy(function () {}, {
  get: (t, k) => (k === "prototype" ? {} : k === Symbol.toPrimitive ? () => "" : any),
  apply: () => any,
  construct: () => ({}),
});
for (const g of ${JSON.stringify(FOUNDRY_GLOBALS)}) globalThis[g] = any;`;

function page(b: Build, vendor: boolean): string {
  const preload = JSON.stringify(b.preload.map((c) => `/${b.label}/systems/fray/${c}`));
  return `<!doctype html><html><head><script>${STUB}</script>
${vendor ? '<script type="module" src="/scripts/vendor.mjs"></script>' : ""}
<script type="module" src="/${b.label}/systems/fray/fray.mjs"></script>
<script type="module">
  window.evaluated = performance.now();
  await Promise.all(${preload}.map((c) => import(c)));
  window.rulesIn = performance.now();
</script></head><body></body></html>`;
}

function serve(req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? "/", "http://localhost");
  const [, label, what] = /^\/([^/]+)\/(game|game-vendor)$/.exec(url.pathname) ?? [];
  const build = builds.find((b) => b.label === label);
  if (build) {
    res.writeHead(200, { "Content-Type": "text/html", "Cache-Control": "no-store" });
    res.end(page(build, what === "game-vendor"));
    return;
  }
  const body = files.get(url.pathname);
  if (url.pathname === "/favicon.ico") {
    res.writeHead(204).end();
    return;
  }
  if (!body) {
    res.writeHead(404).end();
    return;
  }
  const type = extname(url.pathname) === ".mjs" || extname(url.pathname) === ".js" ? "text/javascript" : "text/plain";
  res.writeHead(200, { "Content-Type": type, "Content-Encoding": "gzip", "Cache-Control": "no-store" });
  res.end(body);
}

const server = createServer(serve);
await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});

interface Setting {
  readonly name: string;
  readonly line: boolean;
  readonly vendor: boolean;
}
const settings: Setting[] = [
  { name: "loopback", line: false, vendor: false },
  { name: "20 Mbit/s", line: true, vendor: false },
  { name: "loopback + vendor", line: false, vendor: true },
  { name: "20 Mbit/s + vendor", line: true, vendor: true },
];

/** One page load in a fresh context: [fray.mjs run, world's rules in], in ms from navigation. */
async function once(b: Build, s: Setting): Promise<[number, number]> {
  const context = await browser.newContext();
  const tab = await context.newPage();
  const errors: string[] = [];
  tab.on("pageerror", (e) => errors.push(e.message));
  tab.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  tab.on("requestfailed", (r) => errors.push(`${r.url()} failed`));
  if (s.line) {
    const cdp = await context.newCDPSession(tab);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", LINE);
  }
  await tab.goto(`${origin}/${b.label}/${s.vendor ? "game-vendor" : "game"}`);
  await tab
    .waitForFunction(() => "rulesIn" in window, null, { timeout: 60_000 })
    .catch((e: unknown) => errors.push(String(e)));
  const times = await tab.evaluate(() => [
    (window as unknown as Record<string, number>).evaluated!,
    (window as unknown as Record<string, number>).rulesIn!,
  ]);
  await context.close();
  if (errors.length) throw new Error(`${b.label}: ${errors.join("; ")}`);
  return times as [number, number];
}

const times = new Map<string, [number, number][]>();
for (let run = 0; run < runs; run++) {
  // Interleaved, the order turned each run: no build always goes first on a warm machine.
  const order = builds.flatMap((b) => settings.map((s) => [b, s] as const));
  const turned = [...order.slice(run % order.length), ...order.slice(0, run % order.length)];
  for (const [b, s] of turned) {
    const key = `${b.label} | ${s.name}`;
    times.set(key, [...(times.get(key) ?? []), await once(b, s)]);
  }
}
await browser.close();
server.close();

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const spread = (xs: number[]) => `${Math.min(...xs).toFixed(0)}-${Math.max(...xs).toFixed(0)}`;
console.log(`${runs} runs each, interleaved; ms from navigation, median (min-max)`);
console.log("build | setting | fray.mjs run | world's rules in");
for (const [key, ts] of times) {
  const run = ts.map((t) => t[0]);
  const rules = ts.map((t) => t[1]);
  console.log(`${key} | ${median(run).toFixed(0)} (${spread(run)}) | ${median(rules).toFixed(0)} (${spread(rules)})`);
}
