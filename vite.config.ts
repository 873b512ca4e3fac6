import { gzipSync } from "node:zlib";
import { defineConfig, type Plugin } from "vite";

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
      for (const file of Object.values(bundle)) {
        if (file.type !== "chunk") continue;
        const min = Buffer.from(file.code);
        const what = file.isEntry ? "the bundle" : "lazy chunk";
        console.log(
          `${what} dist/${file.fileName}: raw${kB(raw.get(file.fileName) ?? NaN)}, minified${kB(min.length)}, gzip${kB(gzipSync(min).length)}`,
        );
      }
    },
  };
}

/** A chunk's file named after the source it starts from: src/foundry/quench/all-batches.ts → quench-all-batches. */
function chunkName(moduleId: string, fallback: string): string {
  const path = /[\\/]src[\\/](.+)\.ts$/.exec(moduleId)?.[1];
  if (!path) return fallback;
  const words = path.split(/[\\/]/).filter((w) => !["core", "foundry", "index"].includes(w));
  return words.join("-") || fallback;
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
      // Code the Quench batches share with the bundle stays in fray.mjs (which exports it to their chunk) instead of
      // going to a third file every world would load at start. The chunk imports "../fray.mjs"; that is the URL Foundry loads
      // (system.json's esmodules under systems/fray/, no query string), so the bundle is still evaluated only once.
      preserveEntrySignatures: "allow-extension",
      // The rules core and the simulator are pure by the house rules (no globals, nothing done at import): a module only
      // some of whose exports fray.mjs uses (the simulator's seed limit beside its sample parties) is not pulled in
      // whole, so the rest stays out of the bundle.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]src[\\/](core|sim)[\\/]/.test(id) },
      output: {
        // Vite leaves an ES library's whitespace for a later bundler; this bundle ships as it is, so minify it all. Foundry
        // names hooks after classes (renderFrayCombatTracker…) and sheets after theirs: class names survive.
        minify: {
          compress: { keepNames: { function: false, class: true } },
          mangle: { keepNames: { function: false, class: true } },
          codegen: true,
        },
        // One bundle: every rule set's code is in fray.mjs (docs/architecture.md, "One bundle"). Only the Quench
        // batches, imported lazily when Quench is active, are a chunk beside it; its relative import resolves under
        // systems/fray/. Without this group rolldown puts some modules fray.mjs shares with that chunk in small chunks
        // of their own that fray.mjs imports at once (rolldown issue 10731).
        codeSplitting: { groups: [{ name: "fray", tags: ["$initial"] }] },
        chunkFileNames: (chunk) =>
          `chunks/${chunkName(chunk.facadeModuleId ?? chunk.moduleIds.at(-1) ?? "", chunk.name)}.mjs`,
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
