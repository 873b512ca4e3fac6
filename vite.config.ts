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
        const zipped = gzipSync(min).length;
        const what = file.isEntry ? "main bundle" : "lazy chunk";
        console.log(`${what} dist/${file.fileName}: raw${kB(raw.get(file.fileName) ?? NaN)}, minified${kB(min.length)}, gzip${kB(zipped)}`);
      }
    },
  };
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
      // The rules core is pure by the house rules (no globals, nothing done at import): a core module only some of whose
      // exports fray.mjs uses (a rule option's default beside its engine) is not pulled in whole, so the engine stays in its chunk.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]src[\\/]core[\\/]/.test(id) },
      output: {
        // Vite leaves an ES library's whitespace for a later bundler; this bundle ships as it is, so minify it all. Foundry
        // names hooks after classes (renderFrayCombatTracker…) and sheets after theirs: class names survive.
        minify: {
          compress: { keepNames: { function: false, class: true } },
          mangle: { keepNames: { function: false, class: true } },
          codegen: true,
        },
        // Lazily imported code (the Quench batches) beside the bundle; the relative import resolves under systems/fray/.
        chunkFileNames: "chunks/[name].mjs",
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
