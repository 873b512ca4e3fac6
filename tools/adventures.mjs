// The one-click adventure of each rule set (issue 29), built when the packs are compiled from the sources it shares
// with the other packs, so an edit of an actor, the journal or the scene flows into it without being written twice.
// packs/<rule set>-adventure/ holds only the Adventure's own fields (name, picture, description). This adds:
// - the actors and folders of packs/<rule set>-actors;
// - the demo scene of packs/<rule set>-scenes, with its background image, a token on each actor's start square
//   (tools/demo-scenes.mjs), and Foundry's "Adjust Darkness Level" behaviour on every region the rules call shadowy
//   or dark (SEC-49), obscured or hidden (FAC-29, FAC-33);
// - the journal entries of packs/<rule set>-journal and their folders (the English entry gets the description as its
//   first page; the French one sits in its folder Français), their links to these
//   documents pointed at the imported ones;
// - a Combat on that scene holding every token, in the rule set's turn order, not yet begun.
// The official CLI stores an Adventure as one entry, `!adventures!<id>`, its documents inline and without keys of
// their own (@foundryvtt/foundryvtt-cli lib/package.mjs: its HIERARCHY has no `adventures`), so their `_key`s go.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_SCENES, GRID, px, stableId } from "./demo-scenes.mjs";
import { PackSourceError, readPackSources } from "./pack-sources.mjs";

/**
 * The combat type of each rule set's turn order (src/foundry/combat/mode-info.ts MODE_FOR_RULESET; a test holds them
 * equal).
 */
export const COMBAT_TYPES = {
  sections: "sections",
  escalation: "ranked",
  teams: "teams",
  strain: "rolled",
  factions: "factions",
};

/** The folders of an actors pack whose actors fight, each on its side (as tools/sim-demo.ts reads them). */
export const SIDE_FOLDERS = ["Party", "Adversaries"];

/**
 * How dark Foundry draws a region, by what the rules say of its light: CONST darkness level 0 is daylight, 1 night.
 * A region the rules call lit, or clear, keeps the scene's daylight.
 */
export const DARKNESS = { shadowy: 0.5, dark: 0.9, obscured: 0.5, hidden: 0.9 };

/** Foundry's core region behaviour that sets the darkness level inside a region (mode 0: override). */
export const DARKNESS_BEHAVIOUR = "adjustDarknessLevel";

/** Where Foundry serves the system's files from. */
const SYSTEM_PATH = "systems/fray";

/** Token fields a prototype token has that a placed token does not (v13 PrototypeToken). */
const PROTOTYPE_ONLY = ["appendNumber", "prependAdjective", "randomImg"];

/** The rule set an adventure pack serves (`<rule set>-adventure`), or null. */
export function adventureRuleset(packName) {
  const m = /^([a-z]+)-adventure$/.exec(packName);
  return m && Object.hasOwn(DEMO_SCENES, m[1]) ? m[1] : null;
}

const docsOf = (root, ruleset, kind, type) => readPackSources(join(root, "packs", `${ruleset}-${kind}`), type).docs;
const isFolder = (doc) => String(doc._key).startsWith("!folders!");

/** A copy of a document without any `_key`, at any depth: an Adventure's documents are stored inline. */
export function withoutKeys(value) {
  if (Array.isArray(value)) return value.map(withoutKeys);
  if (!value || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).flatMap(([k, v]) => (k === "_key" ? [] : [[k, withoutKeys(v)]])));
}

/** A token of `actor` standing on cell (column, row), from its prototype token. */
function tokenOf(ruleset, actor, column, row) {
  const proto = Object.fromEntries(
    Object.entries(actor.prototypeToken ?? {}).filter(([k]) => !PROTOTYPE_ONLY.includes(k)),
  );
  return {
    ...proto,
    _id: stableId(`${ruleset}/token/${actor.name}`),
    name: proto.name ?? actor.name,
    actorId: actor._id,
    actorLink: proto.actorLink === true,
    x: px(column),
    y: px(row),
    elevation: 0,
    width: 1,
    height: 1,
    hidden: false,
    locked: false,
    flags: {},
  };
}

/** What the rules say of a region's light: a section's lighting or a zone's sight, from its Fray behaviour. */
function lightOf(region) {
  for (const b of region.behaviors ?? []) {
    if (b.type === "fray.section") return b.system?.lighting;
    if (b.type === "fray.zone") return b.system?.sight;
  }
  return undefined;
}

/** The region with Foundry's darkness behaviour added where its rules light is not daylight. */
function withDarkness(ruleset, region) {
  const light = lightOf(region);
  if (!Object.hasOwn(DARKNESS, light)) return region;
  const behaviour = {
    _id: stableId(`${ruleset}/darkness/${region.name}`),
    name: `${region.name}: ${light}`,
    type: DARKNESS_BEHAVIOUR,
    system: { mode: 0, modifier: DARKNESS[light] },
    disabled: false,
    flags: {},
  };
  return { ...region, behaviors: [...region.behaviors, behaviour] };
}

/**
 * The regions a token stands in, as v13's TokenDocument#_identifyRegions finds them when a token is created on its
 * own (client/documents/token.mjs: the regions whose `testPoint` holds the token's centre, ids sorted). A token created
 * inside a new scene keeps the `_regions` it is given, so they are given here. The layouts draw rectangles only.
 */
function regionsHolding(scene, token) {
  const centre = { x: token.x + (token.width * GRID) / 2, y: token.y + (token.height * GRID) / 2 };
  const inRect = (s) => centre.x >= s.x && centre.x <= s.x + s.width && centre.y >= s.y && centre.y <= s.y + s.height;
  const holds = (region) => {
    if (region.shapes.some((s) => s.type !== "rectangle"))
      throw new PackSourceError(scene.name, `region ${region.name}: not a rectangle`);
    return region.shapes.some((s) => !s.hole && inRect(s)) && !region.shapes.some((s) => s.hole && inRect(s));
  };
  return scene.regions
    .filter(holds)
    .map((r) => r._id)
    .sort();
}

/**
 * The demo scene as the adventure places it: background, darkness, a token per fighting actor. Without an `active`
 * of its own, Foundry makes it the active scene of a world that has none (client/documents/scene.mjs
 * `_preCreateOperation`), so a new world opens on the fight.
 */
function adventureScene(ruleset, scene, fighters) {
  const { layout, starts } = DEMO_SCENES[ruleset];
  const regions = scene.regions.map((r) => withDarkness(ruleset, r));
  const tokens = fighters.map((actor) => {
    const start = starts.find(([name]) => name === actor.name);
    if (!start)
      throw new PackSourceError(`${ruleset}-adventure`, `tools/demo-scenes.mjs gives "${actor.name}" no start square`);
    const token = tokenOf(ruleset, actor, start[1], start[2]);
    return { ...token, _regions: regionsHolding({ ...scene, regions }, token), _movementHistory: [] };
  });
  for (const [name] of starts)
    if (!fighters.some((a) => a.name === name))
      throw new PackSourceError(
        `${ruleset}-adventure`,
        `a start square names "${name}", who is not in the Party or Adversaries folder`,
      );
  const { active: _active, ...rest } = scene;
  return { ...rest, navigation: true, background: { src: `${SYSTEM_PATH}/${layout.image}` }, regions, tokens };
}

/**
 * The CombatantGroups a rule set's fight starts with, one per side folder, by name. Teams' sides are groups (TEAM-01),
 * and its actors name no side of their own: without groups the tracker would call the sides Friendly and Hostile.
 * Elsewhere the actors' sides or factions name them (sections, strain, factions) or the order has none (escalation).
 */
export const SIDE_GROUPS = { teams: { Party: "The party", Adversaries: "The adversaries" } };

function groupsOf(ruleset) {
  return Object.entries(SIDE_GROUPS[ruleset] ?? {}).map(([folder, name]) => ({
    _id: stableId(`${ruleset}/group/${folder}`),
    type: "base",
    system: {},
    name,
    img: null,
    initiative: null,
    ownership: { default: 0 },
    flags: {},
  }));
}

/** The fight on the scene: one combatant per token, the party's first, in the rule set's turn order, not begun. */
function adventureCombat(ruleset, scene, folderOf) {
  const groups = groupsOf(ruleset);
  const groupOf = (t) => groups.find((g) => g._id === stableId(`${ruleset}/group/${folderOf(t.actorId)}`))?._id ?? null;
  return {
    _id: stableId(`${ruleset}/combat`),
    type: COMBAT_TYPES[ruleset],
    system: {},
    scene: scene._id,
    groups,
    combatants: scene.tokens.map((t) => ({
      _id: stableId(`${ruleset}/combatant/${t.name}`),
      type: "base",
      system: {},
      actorId: t.actorId,
      tokenId: t._id,
      sceneId: scene._id,
      name: t.name,
      img: null,
      initiative: null,
      hidden: false,
      defeated: false,
      group: groupOf(t),
      flags: {},
    })),
    active: true,
    round: 0,
    turn: null,
    sort: 0,
    flags: {},
  };
}

/**
 * Links in the journal to a document the adventure holds, `@UUID[Compendium.fray.<pack>.<Type>.<id>]`, point at the
 * imported document instead (`@UUID[<Type>.<id>]`): Foundry keeps the ids on import.
 */
export function retargetLinks(html, held) {
  return html.replace(/@UUID\[Compendium\.fray\.[^.\]]+\.(\w+)\.(\w+)/g, (link, type, id) =>
    held.has(`${type}.${id}`) ? `@UUID[${type}.${id}` : link,
  );
}

/**
 * The journal entries, the adventure's description as the first page of the first (English) entry, links retargeted.
 */
function adventureJournal(ruleset, entries, recipe, held) {
  const first = Math.min(...entries.flatMap((e) => (e.pages ?? []).map((p) => p.sort ?? 0)));
  const page = {
    _id: stableId(`${ruleset}/adventure-page`),
    name: recipe.name,
    type: "text",
    title: { show: true, level: 1 },
    text: { format: 1, content: recipe.description },
    sort: first - 50000,
    ownership: { default: -1 },
    flags: {},
  };
  return entries.map((entry, k) => ({
    ...entry,
    pages: [...(k === 0 ? [page] : []), ...(entry.pages ?? [])].map((p) => ({
      ...p,
      text: { ...p.text, content: retargetLinks(p.text?.content ?? "", held) },
    })),
  }));
}

/** The whole Adventure document of a rule set, as the build compiles it. Throws PackSourceError on a bad source. */
export function adventureDocument(root, ruleset) {
  const own = docsOf(root, ruleset, "adventure", "Adventure");
  if (own.length !== 1) throw new PackSourceError(`packs/${ruleset}-adventure`, "must hold exactly one Adventure");
  const recipe = own[0].doc;
  const actorSources = docsOf(root, ruleset, "actors", "Actor");
  const folders = actorSources.filter((d) => isFolder(d.doc)).map((d) => withoutKeys(d.doc));
  const actors = actorSources.filter((d) => !isFolder(d.doc)).map((d) => withoutKeys(d.doc));
  const sideIds = SIDE_FOLDERS.map((name) => folders.find((f) => f.name === name)?._id);
  const fighters = sideIds.flatMap((id) => actors.filter((a) => id !== undefined && a.folder === id));
  const folderOf = (actorId) => folders.find((f) => f._id === actors.find((a) => a._id === actorId)?.folder)?.name;
  const scenes = docsOf(root, ruleset, "scenes", "Scene").map((d) =>
    adventureScene(ruleset, withoutKeys(d.doc), fighters),
  );
  if (scenes.length !== 1) throw new PackSourceError(`packs/${ruleset}-scenes`, "must hold exactly one Scene");
  // The English entry first, then its translations in their folders (docs/translating.md).
  const journalSources = docsOf(root, ruleset, "journal", "JournalEntry");
  const journalFolders = journalSources.filter((d) => isFolder(d.doc)).map((d) => withoutKeys(d.doc));
  const entries = journalSources
    .filter((d) => !isFolder(d.doc))
    .map((d) => withoutKeys(d.doc))
    .sort((a, b) => Number(a.folder != null) - Number(b.folder != null));
  const held = new Set([
    ...actors.map((a) => `Actor.${a._id}`),
    ...scenes.map((s) => `Scene.${s._id}`),
    ...entries.map((e) => `JournalEntry.${e._id}`),
  ]);
  return {
    _id: recipe._id,
    _key: recipe._key,
    name: recipe.name,
    img: recipe.img ?? `${SYSTEM_PATH}/${DEMO_SCENES[ruleset].layout.image}`,
    caption: recipe.caption ?? "",
    description: recipe.description ?? "",
    actors,
    combats: [adventureCombat(ruleset, scenes[0], folderOf)],
    items: [],
    journal: adventureJournal(ruleset, entries, recipe, held),
    scenes,
    tables: [],
    macros: [],
    cards: [],
    playlists: [],
    folders: [...folders, ...journalFolders],
    folder: recipe.folder ?? null,
    sort: recipe.sort ?? 0,
    flags: recipe.flags ?? {},
  };
}

/**
 * What compilePack reads for one pack of system.json: its own folder, or, for an adventure pack, the document built
 * above, written as JSON to a fresh temporary folder. `count` is the number of documents compiled.
 */
export function compileSource(root, pack) {
  const ruleset = pack.type === "Adventure" ? adventureRuleset(pack.name) : null;
  if (pack.type === "Adventure" && !ruleset)
    throw new PackSourceError(pack.path, `an Adventure pack is named <rule set>-adventure`);
  const sources = readPackSources(join(root, pack.path), pack.type);
  if (!ruleset) return { dir: join(root, pack.path), yaml: sources.yaml, count: sources.docs.length };
  const doc = adventureDocument(root, ruleset);
  const dir = mkdtempSync(join(tmpdir(), `fray-${pack.name}-`));
  writeFileSync(join(dir, `${pack.name}.json`), JSON.stringify(doc));
  return { dir, yaml: false, count: 1 };
}
