// The pictures of the packs' actors, tokens, items and macros come from Foundry v13's own icon set, never the mystery
// man. `node tools/core-icons.mjs` lists every picture the pack sources use, checks each against the listing of a
// Foundry v13 client (foundryvtt/public/icons in a git mirror of it), and writes the list to tools/core-icons.txt.
// Foundry's files are not copied: only the paths. test/build/packs.test.ts holds the packs to that list.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { readPackSources } from "./pack-sources.mjs";

/** Where a git mirror of the Foundry v13 client may sit on a developer's machine. */
export const MIRROR = process.env.FRAY_FOUNDRY_MIRROR ?? "/work/.mirror/umplacable+foundryVTT/repo";
/** Foundry's placeholder portrait: what an actor shows when nobody chose one. */
export const MYSTERY_MAN = "icons/svg/mystery-man.svg";
export const LIST = "tools/core-icons.txt";

/** Every picture a pack document shows: its own, its prototype token's and its embedded items'. */
export function picturesOf(doc) {
  const out = [];
  const add = (p) => typeof p === "string" && p !== "" && out.push(p);
  add(doc.img);
  add(doc.prototypeToken?.texture?.src);
  for (const item of Array.isArray(doc.items) ? doc.items : []) add(item?.img);
  return out;
}

/** The pictures of every actor, item and macro in the packs system.json declares, sorted, each once. */
export function picturesInPacks(root = ".") {
  const system = JSON.parse(readFileSync(join(root, "system.json"), "utf8"));
  const found = new Set();
  for (const pack of system.packs) {
    if (!["Actor", "Item", "Macro"].includes(pack.type)) continue;
    for (const { doc } of readPackSources(join(root, pack.path), pack.type).docs)
      for (const p of picturesOf(doc)) found.add(p);
  }
  return [...found].sort();
}

/** The icon paths a Foundry v13 client ships (`icons/...`), read from the mirror's git tree; null without a mirror. */
export function mirrorIcons(mirror = MIRROR) {
  if (!existsSync(mirror)) return null;
  const listing = execFileSync(
    "git",
    ["-C", mirror, "ls-tree", "-r", "--name-only", "HEAD", "foundryvtt/public/icons"],
    {
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return new Set(
    listing
      .split("\n")
      .filter(Boolean)
      .map((p) => p.replace(/^foundryvtt\/public\//, "")),
  );
}

/** The committed list: one path a line, lines starting with # are comments. */
export function readIconList(root = ".") {
  return readFileSync(join(root, LIST), "utf8")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "" && !l.startsWith("#"));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = new URL("..", import.meta.url).pathname;
  const used = picturesInPacks(root);
  const shipped = mirrorIcons();
  if (!shipped) {
    console.error(`No Foundry v13 mirror at ${MIRROR} (set FRAY_FOUNDRY_MIRROR): the list cannot be checked.`);
    process.exit(1);
  }
  const bad = used.filter((p) => p === MYSTERY_MAN || !shipped.has(p));
  if (bad.length) {
    console.error(`Not a Foundry v13 core icon, or the mystery man:\n  ${bad.join("\n  ")}`);
    process.exit(1);
  }
  const head =
    "# Foundry v13 core icons the packs use, checked against foundryvtt/public/icons (node tools/core-icons.mjs).";
  writeFileSync(join(root, LIST), `${head}\n${used.join("\n")}\n`);
  console.log(`${LIST}: ${used.length} icons, all shipped by Foundry v13`);
}
