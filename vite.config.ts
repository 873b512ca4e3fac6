import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { defineConfig, type Plugin, type Rollup } from "vite";
import { MODE_FOR_RULESET } from "./src/foundry/combat/mode-info.js";

/**
 * Library-mode build of the one ESM bundle, and a dev server on 30001 that proxies a local Foundry
 * on 30000 (the community's usual setup): Foundry loads systems/fray/fray.mjs from us, everything
 * else goes through to Foundry.
 */
const FOUNDRY = "http://localhost:30000";

/** In dev, Foundry asks for the bundle by its built name; hand it the source entry instead. */
function devEntry(): Plugin {
  return {
    name: "fray-dev-entry",
    apply: "serve",
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (req.url === "/systems/fray/fray.mjs") {
          res.setHeader("Content-Type", "application/javascript");
          res.end('import "/systems/fray/src/fray.ts";\n');
          return;
        }
        next();
      });
    },
  };
}

/**
 * Templates, language files and styles are fetched by Foundry, outside vite's module graph:
 * reload the page when one changes, so an edit shows at once without restarting anything.
 */
function reloadOnStatic(): Plugin {
  return {
    name: "fray-reload-static",
    apply: "serve",
    handleHotUpdate({ file, server }) {
      if (!/[\\/](templates[\\/].+\.hbs|lang[\\/].+\.json|styles[\\/].+\.css)$/.test(file)) return;
      server.ws.send({ type: "full-reload" });
      return [];
    },
  };
}

/**
 * After a build, one line per JavaScript file: its size as rendered (before the minifier), minified, and gzipped
 * (what a player's browser downloads when the server compresses). renderChunk sees the code before the minifier runs.
 */
function bundleSizes(): Plugin {
  const raw = new Map<string, number>();
  const kB = (n: number) => `${(n / 1000).toFixed(1)} kB`.padStart(9);
  return {
    name: "fray-bundle-sizes",
    apply: "build",
    renderChunk(code, chunk) {
      raw.set(chunk.fileName, Buffer.byteLength(code));
      return null;
    },
    writeBundle(_options, bundle) {
      const gzip = new Map<string, number>();
      for (const file of Object.values(bundle)) {
        if (file.type !== "chunk") continue;
        const min = Buffer.from(file.code);
        gzip.set(file.fileName, gzipSync(min).length);
        const what = file.isEntry ? "main bundle" : "lazy chunk";
        console.log(
          `${what} dist/${file.fileName}: raw${kB(raw.get(file.fileName) ?? NaN)}, minified${kB(min.length)}, gzip${kB(gzip.get(file.fileName)!)}`,
        );
      }
      for (const [ruleset, files] of worldsAtStart(bundle)) {
        const total = files.reduce((sum, f) => sum + (gzip.get(f) ?? 0), 0);
        console.log(`world of ${ruleset} at start: ${(total / 1000).toFixed(1)} kB gzip (${files.length} files)`);
      }
    },
  };
}

/**
 * A chunk's file named after the source it starts from, so dist/chunks/ reads like the source tree:
 * src/core/turn-order/teams/engine.ts → turn-order-teams, src/foundry/cards/strain/card.ts → cards-strain-card.
 */
function chunkName(moduleId: string, fallback: string): string {
  const path = /[\\/]src[\\/](.+)\.ts$/.exec(moduleId)?.[1];
  if (!path) return fallback;
  const words = path.split(/[\\/]/).filter((w) => !["core", "foundry", "index", "engine"].includes(w));
  return words.join("-") || fallback;
}

/**
 * What a world of each rule set loads at start: fray.mjs, and what its init preloads (lazy/preload-world-rules.ts: its
 * turn order's engine, its attack cards, the move check) with every chunk those import in turn.
 */
function worldsAtStart(bundle: Rollup.OutputBundle): [string, string[]][] {
  // Each rule set's card module, as the card registry imports it (`teams: () => import("./teams/index.js")`).
  const registry = readFileSync("src/foundry/cards/card-registry.ts", "utf8");
  const cards = new Map([...registry.matchAll(/(\w+): \(\) => import\("\.\/([\w/-]+)\.js"\)/g)].map((m) => [m[1]!, m[2]!]));
  const chunks = Object.values(bundle).filter((f): f is Rollup.OutputChunk => f.type === "chunk");
  const main = chunks.find((c) => c.isEntry);
  if (!main) return [];
  const holding = (test: (moduleId: string) => boolean) =>
    main.dynamicImports.filter((f) => chunks.find((c) => c.fileName === f)?.moduleIds.some(test));
  return Object.entries(MODE_FOR_RULESET).map(([ruleset, mode]) => {
    const files = new Set([main.fileName]);
    const todo = [
      ...main.imports,
      ...holding((id) => id.replaceAll("\\", "/").endsWith(`/src/core/turn-order/${mode}/engine.ts`)),
      ...holding((id) => id.replaceAll("\\", "/").endsWith(`/src/foundry/cards/${cards.get(ruleset)}.ts`)),
      ...holding((id) => id.replaceAll("\\", "/").endsWith("/src/foundry/canvas/move-check.ts")),
    ];
    for (let file = todo.pop(); file; file = todo.pop()) {
      if (files.has(file)) continue;
      files.add(file);
      todo.push(...(chunks.find((c) => c.fileName === file)?.imports ?? []));
    }
    return [ruleset, [...files]];
  });
}

export default defineConfig({
  base: "/systems/fray/",
  publicDir: false,
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    target: "es2022",
    minify: true,
    lib: {
      entry: "src/fray.ts",
      formats: ["es"],
      fileName: () => "fray.mjs",
    },
    rolldownOptions: {
      // Code the lazy chunk shares with the bundle stays in fray.mjs (which exports it to the chunk) instead of going
      // to a third file every world would load at start. The chunk imports "../fray.mjs"; that is the URL Foundry loads
      // (system.json's esmodules under systems/fray/, no query string), so the bundle is still evaluated only once.
      preserveEntrySignatures: "allow-extension",
      // The rules core and the simulator are pure by the house rules (no globals, nothing done at import): a module only
      // some of whose exports fray.mjs uses (a rule option's default beside its engine, the simulator's seed limit beside
      // its sample parties) is not pulled in whole, so the rest stays in its chunk or out of the bundle.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]src[\\/](core|sim)[\\/]/.test(id) },
      output: {
        // Vite leaves an ES library's whitespace for a later bundler; this bundle ships as it is, so minify it all. Foundry
        // names hooks after classes (renderFrayCombatTracker…) and sheets after theirs: class names survive.
        minify: {
          compress: { keepNames: { function: false, class: true } },
          mangle: { keepNames: { function: false, class: true } },
          codegen: true,
        },
        // Lazily imported code (the Quench batches, each turn order's engine, each rule set's attack cards) beside the
        // bundle; the relative import resolves under systems/fray/.
        // Everything fray.mjs needs at start stays in fray.mjs: without this group rolldown puts some modules it shares with
        // the lazy chunks in small chunks of their own that fray.mjs imports at once (rolldown issue 10731).
        codeSplitting: { groups: [{ name: "fray", tags: ["$initial"] }] },
        chunkFileNames: (chunk) => `chunks/${chunkName(chunk.facadeModuleId ?? chunk.moduleIds.at(-1) ?? "", chunk.name)}.mjs`,
      },
    },
  },
  // The odds worker (src/foundry/odds/odds-worker.ts) is its own file in dist/assets/, found relative to fray.mjs
  // (import.meta.url), so it loads wherever Foundry serves the system, a route prefix included.
  worker: { format: "es" },
  experimental: { renderBuiltUrl: () => ({ relative: true }) },
  server: {
    port: 30001,
    strictPort: true,
    open: false,
    proxy: {
      "^(?!/systems/fray/)": FOUNDRY,
      "/socket.io": { target: FOUNDRY.replace("http", "ws"), ws: true },
    },
  },
  plugins: [devEntry(), reloadOnStatic(), bundleSizes()],
});
