// The demo scenes of the `<rule set>-scenes` packs, one per space model, written as compendium sources from the
// layouts below: `node tools/demo-scenes.mjs` rewrites packs/<rule set>-scenes/. The layouts are in grid cells of a
// 100-pixel square grid; Foundry pads the scene by one cell on each side (padding 0.05 of 2000 x 1200 pixels, rounded
// up to whole cells), so cell (column, row) starts at pixel ((column + 1) * 100, (row + 1) * 100).
// test/build/pack-scenes.test.ts checks that the sources are what this writes, and what the canvas derives from them.
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const GRID = 100;
const COLUMNS = 20;
const ROWS = 12;
/** One cell of padding each side: Foundry rounds `padding * width` up to whole cells. */
const PADDING = 0.05;

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** A stable 16-character document id from a name, so rewriting the sources changes nothing that did not change. */
export function stableId(seed) {
  const bytes = createHash("sha256").update(`fray-demo:${seed}`).digest();
  return Array.from(bytes.subarray(0, 16), (b) => BASE62[b % 62]).join("");
}

/** The pixel where cell `cell` (a column or a row) starts, the padding included. */
export const px = (cell) => (cell + 1) * GRID;

/**
 * A section behaviour's data: Height (Elevation on the grid), lighting, water, terrain; no marked borders (gridded).
 */
const section = ({ height = 0, lighting = "lit", water = false, terrain = "normal" } = {}) => ({
  type: "fray.section",
  system: { height, lighting, water, terrain, borders: [] },
});
/** A zone behaviour's data: no marked neighbours (gridded), and what can be seen of its occupants from elsewhere. */
const zone = (sight = "clear") => ({ type: "fray.zone", system: { neighbours: [], sight } });

/** Sections (SEC-01): six sections, a Height 2 step up to the rampart, a hard wall between courtyard and chapel. */
const KEEP = {
  model: "sections",
  name: "The keep",
  colour: "#3b3a36",
  image: "assets/scenes/the-keep.webp",
  regions: [
    { name: "Gatehouse", cells: [0, 3, 4, 6], colour: "#c9b458", behaviour: section() },
    { name: "Courtyard", cells: [4, 3, 8, 6], colour: "#8fbc5a", behaviour: section() },
    { name: "Rampart", cells: [4, 0, 8, 3], colour: "#b06a3b", behaviour: section({ height: 2, lighting: "shadowy" }) },
    { name: "Chapel", cells: [12, 3, 4, 6], colour: "#7a6fb0", behaviour: section({ lighting: "shadowy" }) },
    { name: "Crypt", cells: [16, 3, 4, 6], colour: "#4b4b6b", behaviour: section({ height: -1, lighting: "dark" }) },
    { name: "Cistern", cells: [4, 9, 12, 3], colour: "#3f7fbf", behaviour: section({ lighting: "dark", water: true }) },
  ],
  // The courtyard's east side, from the top of row 3 to the bottom of row 8: the whole edge it shares with the chapel.
  walls: [[12, 3, 12, 9]],
};

/**
 * Zones (FAC-06): five zones; a wall closes the whole border between the alley and the warehouse. The alley's
 * occupants are seen through gloom (obscured, FAC-33), the warehouse's not at all from outside (hidden, FAC-29).
 */
const DOCKS = {
  model: "zones",
  name: "The docks",
  colour: "#34393d",
  image: "assets/scenes/the-docks.webp",
  regions: [
    { name: "Market square", cells: [0, 0, 8, 6], colour: "#c9b458", behaviour: zone() },
    { name: "Alley", cells: [0, 6, 8, 6], colour: "#8a6d4b", behaviour: zone("obscured") },
    { name: "Bridge", cells: [8, 0, 6, 6], colour: "#8fbc5a", behaviour: zone() },
    { name: "Warehouse", cells: [8, 6, 6, 6], colour: "#b06a3b", behaviour: zone("hidden") },
    { name: "Riverbank", cells: [14, 0, 6, 12], colour: "#3f7fbf", behaviour: zone() },
  ],
  walls: [[8, 6, 8, 12]],
};

/**
 * Squares with elevation (STR-23, STR-24): a hill at Elevation 1 with its top at 2 drawn inside it (the smaller
 * region wins), a tower at 3, a bog of Difficult Terrain and a scree slope that is both.
 */
const HILLS = {
  model: "grid",
  name: "The hill fort",
  colour: "#3a3d33",
  image: "assets/scenes/the-hill-fort.webp",
  regions: [
    { name: "Hill", cells: [2, 2, 6, 6], colour: "#8fbc5a", behaviour: section({ height: 1 }) },
    { name: "Hilltop", cells: [4, 4, 2, 2], colour: "#c9b458", behaviour: section({ height: 2 }) },
    { name: "Tower", cells: [14, 1, 3, 3], colour: "#b06a3b", behaviour: section({ height: 3 }) },
    { name: "Bog", cells: [9, 7, 4, 4], colour: "#5b6b3a", behaviour: section({ terrain: "difficult" }) },
    { name: "Scree", cells: [14, 4, 3, 2], colour: "#8a8a80", behaviour: section({ height: 1, terrain: "difficult" }) },
  ],
  walls: [],
};

/**
 * Where each actor of a rule set's demo encounter starts: its square (column, row) and the region that square lies in
 * (null: open ground). The sides stand one border or a few squares apart, so the fight starts at once, as the
 * simulator plays it (`npm run sim -- --demo <rule set>`).
 */
const KEEP_STARTS = [
  ["Ilsa of the Lantern", 6, 4, "Courtyard"],
  ["Tamsin", 6, 5, "Courtyard"],
  ["Brother Oswin", 7, 6, "Courtyard"],
  ["Wren", 6, 7, "Courtyard"],
  ["Marauder brute", 2, 4, "Gatehouse"],
  ["Marauder blade", 2, 5, "Gatehouse"],
  ["Marauder hook", 2, 6, "Gatehouse"],
  ["Marauder archer", 1, 5, "Gatehouse"],
  // Darkvision: at home in the dark cistern (SEC-57).
  ["Marauder knife", 7, 10, "Cistern"],
];
const DOCKS_STARTS = [
  ["Balthasar", 5, 1, "Market square"],
  ["Theobald", 5, 2, "Market square"],
  ["Sybilla", 5, 3, "Market square"],
  ["Hedwig", 4, 4, "Market square"],
  ["Bandit leader", 10, 2, "Bridge"],
  ["Bandit", 10, 1, "Bridge"],
  ["Bandit brute", 10, 3, "Bridge"],
  ["Bandit archer", 16, 2, "Riverbank"],
];
/** On the open ground between the hill, the bog and the tower: three or four squares apart. */
const hillStarts = (party, adversaries) => [
  ...party.map((name, k) => [name, 8, 3 + k, null]),
  ...adversaries.map((name, k) => [name, 11 + (k % 2), 2 + k, null]),
];

/**
 * Each rule set's scene: its space model's layout, the unit its text measures the grid in, and its encounter's starts.
 */
export const DEMO_SCENES = {
  sections: { layout: KEEP, label: "Sections", units: "", starts: KEEP_STARTS },
  escalation: {
    layout: HILLS,
    label: "Escalation",
    units: "spaces",
    starts: hillStarts(
      ["Hild", "Ivo", "Maren", "Sefa"],
      ["Warband chief", "Warband shaman", "Goblin skirmisher", "Goblin archer"],
    ),
  },
  teams: {
    layout: HILLS,
    label: "Teams",
    units: "m",
    starts: hillStarts(
      ["Roland", "Boudica", "Clementine", "Agnessa"],
      ["Guard captain", "Guard", "Goblin", "Guard crossbowman", "Goblin slinger"],
    ),
  },
  strain: {
    layout: HILLS,
    label: "Strain",
    units: "squares",
    // Carys waits in the folder Reserve: the demo encounter is three heroes (docs/simulator.md).
    starts: hillStarts(["Alice", "Dagan", "Bob"], ["Bruiser", "Cutthroat", "Zealot", "Sentry"]),
  },
  factions: { layout: DOCKS, label: "Factions", units: "", starts: DOCKS_STARTS },
};

function regionDoc(sceneId, ruleset, r, sort) {
  const _id = stableId(`${ruleset}/region/${r.name}`);
  const [c, row, w, h] = r.cells;
  const behaviourId = stableId(`${ruleset}/behaviour/${r.name}`);
  return {
    _id,
    _key: `!scenes.regions!${sceneId}.${_id}`,
    name: r.name,
    color: r.colour,
    shapes: [{ type: "rectangle", x: px(c), y: px(row), width: w * GRID, height: h * GRID, rotation: 0, hole: false }],
    elevation: { bottom: null, top: null },
    behaviors: [
      {
        _id: behaviourId,
        _key: `!scenes.regions.behaviors!${sceneId}.${_id}.${behaviourId}`,
        name: r.name,
        type: r.behaviour.type,
        system: r.behaviour.system,
        disabled: false,
        flags: {},
      },
    ],
    // CONST.REGION_VISIBILITY.ALWAYS: on a plain background the players see where the sections or zones are.
    visibility: 2,
    locked: false,
    flags: {},
    sort,
  };
}

/** A wall along grid lines, given in cell corners: it stops movement, sight, light and sound alike. */
function wallDoc(sceneId, ruleset, [c0, r0, c1, r1], k) {
  const _id = stableId(`${ruleset}/wall/${k}`);
  return {
    _id,
    _key: `!scenes.walls!${sceneId}.${_id}`,
    c: [px(c0), px(r0), px(c1), px(r1)],
    light: 20,
    move: 20,
    sight: 20,
    sound: 20,
    dir: 0,
    door: 0,
    ds: 0,
    threshold: { light: null, sight: null, sound: null, attenuation: false },
    flags: {},
  };
}

/** The Scene source of one rule set's demo. */
export function demoScene(ruleset) {
  const { layout, label, units } = DEMO_SCENES[ruleset];
  const _id = stableId(`${ruleset}/scene`);
  return {
    _id,
    _key: `!scenes!${_id}`,
    name: `${label} demo: ${layout.name}`,
    active: false,
    navigation: false,
    width: COLUMNS * GRID,
    height: ROWS * GRID,
    padding: PADDING,
    initial: { x: (COLUMNS * GRID) / 2 + GRID, y: (ROWS * GRID) / 2 + GRID, scale: 0.5 },
    backgroundColor: layout.colour,
    // CONST.GRID_TYPES.SQUARE; one square is one unit of the rule set's measure (sections and zones count places).
    grid: { type: 1, size: GRID, style: "solidLines", thickness: 1, color: "#000000", alpha: 0.3, distance: 1, units },
    // Every token sees the whole map: the demo shows movement, not vision.
    tokenVision: false,
    regions: layout.regions.map((r, k) => regionDoc(_id, ruleset, r, (k + 1) * 100)),
    walls: layout.walls.map((w, k) => wallDoc(_id, ruleset, w, k)),
    drawings: [],
    tokens: [],
    lights: [],
    notes: [],
    sounds: [],
    templates: [],
    tiles: [],
    folder: null,
    sort: 100000,
    ownership: { default: 0 },
    flags: { fray: { spaceModel: layout.model } },
  };
}

/** Every demo scene with the file it is written to. */
export function demoSceneFiles() {
  return Object.keys(DEMO_SCENES).map((ruleset) => ({
    dir: join("packs", `${ruleset}-scenes`),
    file: `demo-${ruleset}.json`,
    text: `${JSON.stringify(demoScene(ruleset), null, 2)}\n`,
  }));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = new URL("..", import.meta.url).pathname;
  // Written as `prettier --check` wants them, so a rewrite leaves an unchanged layout's files untouched.
  const prettier = await import("prettier");
  for (const { dir, file, text } of demoSceneFiles()) {
    const abs = join(root, dir);
    mkdirSync(abs, { recursive: true });
    for (const old of readdirSync(abs)) rmSync(join(abs, old));
    const options = { ...(await prettier.resolveConfig(join(abs, file))), filepath: join(abs, file) };
    writeFileSync(join(abs, file), await prettier.format(text, options));
    console.log(`${dir}/${file} written`);
  }
}
