// Loads the built fray.mjs as Foundry would (its globals stubbed, the world's rule set from argv) and runs its init hook:
// the chunk loader prints which chunks the init fetches. Foundry's own classes are bottomless stubs, so the rest of
// init may stop early; only what it asks for before that is read.
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const Stub = new Proxy(class {}, {
  get: (t, p) => (p === "prototype" ? t.prototype : p === Symbol.hasInstance ? () => false : typeof p === "symbol" ? undefined : Stub),
  apply: () => Stub,
  set: () => true,
});
for (const name of ["foundry", "Combat", "Actor", "Item", "TokenDocument", "ChatMessage", "Roll", "CONFIG", "ui", "Handlebars"])
  globalThis[name] = Stub;
const settings = { register() {}, get: (_scope, key) => (key === "ruleset" ? process.argv[2] : undefined) };
globalThis.game = new Proxy({ settings }, { get: (t, p) => (p in t ? t[p] : Stub) });
const hooks = [];
globalThis.Hooks = { once: (name, fn) => hooks.push([name, fn]), on: (name, fn) => hooks.push([name, fn]) };

await import(pathToFileURL(join(process.cwd(), "dist", "fray.mjs")).href);
try {
  hooks.find(([name]) => name === "init")?.[1]();
} catch {
  // A stubbed Foundry stops init somewhere after the preload; the fetches made so far are what counts.
}
await new Promise((resolve) => setTimeout(resolve, 500));
console.log("done");
