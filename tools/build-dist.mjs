// Second half of `npm run build` (vite has written dist/fray.mjs): copy the static folders,
// stamp system.json with the package version, compile the packs with the official CLI, zip it all.
import {
  cpSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join, relative } from "node:path";
import { compilePack } from "@foundryvtt/foundryvtt-cli";
import { linkRepository } from "./pack-links.mjs";
import yazl from "yazl";
import { compileSource } from "./adventures.mjs";
import { PackSourceError } from "./pack-sources.mjs";

const root = new URL("..", import.meta.url).pathname;
const dist = join(root, "dist");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const system = JSON.parse(readFileSync(join(root, "system.json"), "utf8"));

if (!existsSync(join(dist, "fray.mjs")))
  fail("dist/fray.mjs is missing: run `vite build` first (npm run build does both)");
if (system.version !== pkg.version)
  fail(`system.json version ${system.version} differs from package.json ${pkg.version}`);

// assets/ holds the demo scenes' background images (tools/scene-backgrounds.ts draws them).
for (const dir of ["templates", "lang", "styles", "assets"]) {
  cpSync(join(root, dir), join(dist, dir), {
    recursive: true,
    filter: (p) => !p.includes(`${join(root, "lang", "fragments")}`),
  });
}
for (const file of ["README.md", "LICENSE"])
  if (existsSync(join(root, file))) cpSync(join(root, file), join(dist, file));
writeFileSync(join(dist, "system.json"), `${JSON.stringify(system, null, 2)}\n`);

for (const pack of system.packs ?? []) {
  const src = join(root, pack.path);
  // An adventure pack is built from the rule set's other packs (tools/adventures.mjs); the others compile as they are.
  let sources;
  try {
    sources = compileSource(root, pack);
  } catch (e) {
    fail(e instanceof PackSourceError ? `pack "${pack.name}": ${e.message}` : String(e));
  }
  const dest = join(dist, pack.path);
  rmSync(dest, { recursive: true, force: true });
  mkdirSync(dest, { recursive: true });
  // A stamped release names its repository: the journals' links to it are written in (tools/pack-links.mjs).
  const transformEntry = (doc) => void linkRepository(doc, system.url);
  await compilePack(sources.dir, dest, { yaml: sources.yaml, recursive: true, transformEntry });
  if (sources.dir !== src) rmSync(sources.dir, { recursive: true, force: true });
  console.log(`pack ${pack.name}: ${sources.count} documents compiled`);
}

const zipPath = join(dist, `fray-${pkg.version}.zip`);
rmSync(zipPath, { force: true });
await zipFolder(dist, zipPath);
console.log(`dist/ ready; ${relative(root, zipPath)} written`);

function fail(message) {
  console.error(`build failed: ${message}`);
  process.exit(1);
}

function zipFolder(folder, out) {
  const zip = new yazl.ZipFile();
  const add = (dir) => {
    for (const name of readdirSync(dir).sort()) {
      const p = join(dir, name);
      if (p === out) continue;
      // LevelDB's LOCK file is held open by nothing once compiled, but is useless in a release.
      if (name === "LOCK") continue;
      if (statSync(p).isDirectory()) add(p);
      else zip.addFile(p, relative(folder, p));
    }
  };
  add(folder);
  zip.end();
  return new Promise((resolve, reject) => {
    zip.outputStream.pipe(createWriteStream(out)).on("close", resolve).on("error", reject);
  });
}
