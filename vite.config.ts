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

export default defineConfig({
  base: "/systems/fray/",
  publicDir: false,
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    target: "es2022",
    minify: false,
    lib: {
      entry: "src/fray.ts",
      formats: ["es"],
      fileName: () => "fray.mjs",
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
  plugins: [devEntry(), reloadOnStatic()],
});
