// Reads and checks compendium sources in packs/<name>/ before the official CLI compiles them.
// compilePack silently skips a document without `_key`; we refuse instead, naming the file.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { extname, join } from "node:path";
import yaml from "js-yaml";

/** Foundry's collection name in `_key` for each pack document type. */
export const COLLECTIONS = {
  Actor: "actors",
  Item: "items",
  JournalEntry: "journal",
  Macro: "macros",
  RollTable: "tables",
  Scene: "scenes",
  Adventure: "adventures",
  Cards: "cards",
  Playlist: "playlists",
  Folder: "folders",
};
/**
 * The embedded collections whose documents also need a `_key`, below each collection: the official CLI's hierarchy
 * (a region's behaviours sit two levels down: `!scenes.regions.behaviors!<scene>.<region>.<behaviour>`).
 */
const EMBEDDED = {
  actors: ["items", "effects"],
  items: ["effects"],
  journal: ["pages", "categories"],
  tables: ["results"],
  cards: ["cards"],
  playlists: ["sounds"],
  scenes: ["drawings", "tokens", "lights", "notes", "regions", "sounds", "templates", "tiles", "walls"],
  regions: ["behaviors"],
};
const ID = /^[A-Za-z0-9]{16}$/;

export class PackSourceError extends Error {
  constructor(file, message) {
    super(`${file}: ${message}`);
    this.file = file;
  }
}

/** All source files of one pack folder, parsed and checked. Throws PackSourceError naming the first bad file. */
export function readPackSources(dir, type) {
  const collection = COLLECTIONS[type];
  if (!collection) throw new PackSourceError(dir, `unknown pack type "${type}"`);
  const files = listFiles(dir);
  const kinds = new Set(files.map((f) => (extname(f) === ".json" ? "json" : "yaml")));
  if (kinds.size > 1) throw new PackSourceError(dir, "mixes JSON and YAML sources; use one format per pack");
  const docs = files.map((file) => {
    const doc = parse(file);
    // A pack may hold Folders of its own document type, to sort its documents (a party and its adversaries).
    const folder = typeof doc._key === "string" && doc._key.startsWith("!folders!");
    if (folder && doc.type !== type)
      throw new PackSourceError(file, `folder "${doc.name ?? doc._id}" must have type "${type}"`);
    checkKey(file, doc, folder ? "!folders!" : `!${collection}!`, []);
    return { file, doc };
  });
  const seen = new Map();
  for (const { file, doc } of docs) {
    if (seen.has(doc._key))
      throw new PackSourceError(file, `duplicate _key ${doc._key} (also in ${seen.get(doc._key)})`);
    seen.set(doc._key, file);
  }
  // A document filed in a folder the pack does not hold would be shown at the top level, its folder silently lost.
  for (const { file, doc } of docs) {
    if (doc.folder !== undefined && doc.folder !== null && !seen.has(`!folders!${doc.folder}`))
      throw new PackSourceError(
        file,
        `"${doc.name ?? doc._id}" is in folder ${JSON.stringify(doc.folder)}, which this pack does not hold`,
      );
  }
  return { yaml: kinds.has("yaml"), docs };
}

function listFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...listFiles(p));
    else if ([".json", ".yml", ".yaml"].includes(extname(p))) out.push(p);
  }
  return out;
}

function parse(file) {
  const text = readFileSync(file, "utf8");
  let doc;
  try {
    doc = extname(file) === ".json" ? JSON.parse(text) : yaml.load(text);
  } catch (e) {
    throw new PackSourceError(file, `invalid ${extname(file) === ".json" ? "JSON" : "YAML"}: ${e.message}`);
  }
  if (!doc || typeof doc !== "object" || Array.isArray(doc))
    throw new PackSourceError(file, "must hold one document object");
  return doc;
}

/** `_key` must be `!<collection>!<id>` for a top-level document, `!<parent>.<embedded>!<parentId>.<id>` below it. */
function checkKey(file, doc, prefix, parentIds) {
  if (typeof doc._id !== "string" || !ID.test(doc._id)) {
    throw new PackSourceError(file, `"${doc.name ?? "?"}" needs an _id of 16 letters and digits`);
  }
  const expected = `${prefix}${[...parentIds, doc._id].join(".")}`;
  if (doc._key !== expected) {
    throw new PackSourceError(
      file,
      `"${doc.name ?? doc._id}" has _key ${JSON.stringify(doc._key)}; expected "${expected}"`,
    );
  }
  const collection = prefix.slice(1, prefix.indexOf("!", 1));
  const own = collection.slice(collection.lastIndexOf(".") + 1);
  for (const field of EMBEDDED[own] ?? []) {
    if (!Array.isArray(doc[field])) continue;
    for (const child of doc[field]) checkKey(file, child, `!${collection}.${field}!`, [...parentIds, doc._id]);
  }
}
