import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { RULESETS, type RulesetId } from "../../src/core/rulesets.js";
import { checkMove } from "../../src/foundry/canvas/check/move-check.js";
import { SECTION_BEHAVIOUR, ZONE_BEHAVIOUR } from "../../src/foundry/canvas/regions/region-data.js";
import { compileScene, type SceneSpace } from "../../src/foundry/canvas/space/scene-space.js";
import { fakeFields, type DataField } from "../fakes/foundry-fields.js";
import { EN } from "../fakes/lang.js";
import { at, FakeToken, sceneFromSource, type FakeScene, type SceneSource } from "../fakes/foundry-scene.js";
import { compileAll, systemJson, type CompiledPack, type PackDoc } from "./compiled-packs.js";
import { demoSceneFiles } from "../../tools/demo-scenes.mjs";
import { manifestOf } from "../../src/foundry/rulesets/index.js";
import { noFight } from "../../src/foundry/canvas/fight/scene-fight.js";

// Issue 14 point 6 and issue 15's importable demo scene: one scene per space model, in each rule set's scenes pack,
// read back out of the compiled pack and run through the canvas derivation the movement check uses.

type ModelClass = { defineSchema(): Record<string, DataField> };
const models: Record<string, ModelClass> = {};
let packs: CompiledPack[];
beforeAll(async () => {
  // The behaviour models are built as at init, on the fake fields.
  const g = globalThis as Record<string, unknown>;
  g.foundry = { data: { fields: fakeFields, regionBehaviors: { RegionBehaviorType: class {} } } };
  g.CONFIG = { RegionBehavior: { dataModels: models, typeIcons: {} } };
  const { registerRegionBehaviours } = await import("../../src/foundry/canvas/regions/region-behaviour-models.js");
  registerRegionBehaviours();
  packs = await compileAll();
}, 60_000);

type Doc = PackDoc["doc"];
const packDocs = (name: string, type: string): Doc[] => {
  const p = packs.find((c) => c.pack.name === name);
  if (!p) throw new Error(`no pack ${name}`);
  return p.docs.filter((d) => d.documentType === type).map((d) => d.doc);
};
const demoOf = (ruleset: RulesetId) => packDocs(`${ruleset}-scenes`, "Scene")[0]!;
const sceneOf = (ruleset: RulesetId) => sceneFromSource(demoOf(ruleset) as unknown as SceneSource);
/** The region name of a region's id in a scene. */
const nameOf = (scene: FakeScene) => (id: string) => scene.regions.contents.find((r) => r.id === id)?.name ?? id;

function compiled<M extends SceneSpace["model"]>(ruleset: RulesetId, model: M) {
  const scene = sceneOf(ruleset);
  const space = compileScene(scene, manifestOf(ruleset).space);
  if (space.model !== model) throw new Error(`${ruleset}: expected ${model}, got ${JSON.stringify(space)}`);
  return { scene, space: space as Extract<SceneSpace, { model: M }> };
}

/** A token of the rule set's first party member (by name) standing on cell (column, row). */
function partyToken(ruleset: RulesetId, name: string, c: number, r: number): FakeToken {
  const actor = packDocs(`${ruleset}-actors`, "Actor").find((a) => a.name === name)!;
  const p = at(c, r);
  return new FakeToken(
    `t${actor._id}`,
    p.x,
    p.y,
    { type: actor.type as string, system: actor.system as Record<string, unknown> },
    [],
    1,
  );
}

/** The core's verdict on a token's move through cells (column, row) with one action, on the rule set's demo scene. */
function move(ruleset: RulesetId, token: FakeToken, cells: [number, number][], action = "walk") {
  const scene = sceneOf(ruleset);
  scene.tokens.contents.push(token);
  const waypoints = cells.map(([c, r]) => ({ ...at(c, r), action }));
  const fight = noFight(scene.id);
  return checkMove({
    space: compileScene(scene, manifestOf(ruleset).space),
    scene,
    token,
    waypoints,
    ruleset,
    fight,
    provoked: [],
  });
}

describe("the demo scenes packs", () => {
  it.each(RULESETS.map((r) => [r] as [RulesetId]))(
    "%s: one Scene of the rule set's space model, square grid of 100 pixels, plain background, filed in its folder",
    (ruleset) => {
      const scenes = packDocs(`${ruleset}-scenes`, "Scene");
      expect(scenes).toHaveLength(1);
      const s = scenes[0]!;
      expect((s.flags as { fray: { spaceModel: string } }).fray.spaceModel).toBe(manifestOf(ruleset).space);
      expect(s.grid).toMatchObject({ type: 1, size: 100 });
      expect(s.backgroundColor).toMatch(/^#[0-9a-f]{6}$/);
      expect((s.background as { src?: unknown } | undefined)?.src ?? null).toBeNull();
      const folder = systemJson.packFolders?.[0]?.folders?.find((f) => f.name.toLowerCase() === ruleset);
      expect(folder?.packs).toContain(`${ruleset}-scenes`);
      expect(systemJson.packs.find((p) => p.name === `${ruleset}-scenes`)).toMatchObject({ type: "Scene" });
    },
  );

  it("the sources are what tools/demo-scenes.mjs writes from its layouts", () => {
    const files = demoSceneFiles();
    expect(files).toHaveLength(RULESETS.length);
    for (const f of files)
      expect(JSON.parse(readFileSync(join(f.dir, f.file), "utf8")), f.file).toEqual(JSON.parse(f.text));
  });

  it("every region has one Fray behaviour whose system data its model accepts, and the compiled keys keep them", () => {
    let checked = 0;
    for (const ruleset of RULESETS)
      for (const region of demoOf(ruleset).regions as SceneSource["regions"]) {
        expect(region.behaviors, region.name).toHaveLength(1);
        const b = region.behaviors[0]!;
        expect([SECTION_BEHAVIOUR, ZONE_BEHAVIOUR]).toContain(b.type);
        const schema = models[b.type]!.defineSchema();
        const system = b.system as Record<string, unknown>;
        expect(Object.keys(system).sort(), region.name).toEqual(Object.keys(schema).sort());
        for (const [key, field] of Object.entries(schema))
          expect(field.validate(system[key]), `${region.name}.${key}`).toBeUndefined();
        checked++;
      }
    expect(checked).toBe(6 + 5 + 3 * 5);
  });
});

describe("the keep (sections)", () => {
  it(
    "SEC-01 SEC-11 six sections named by their regions; a hard border where the wall is; Height 2 up to the " +
      "rampart, 1 down to the crypt",
    () => {
      const { scene, space } = compiled("sections", "sections");
      const name = nameOf(scene);
      expect(space.graph.map.sections.map((s) => name(s.id)).sort()).toEqual([
        "Chapel",
        "Cistern",
        "Courtyard",
        "Crypt",
        "Gatehouse",
        "Rampart",
      ]);
      const borders = space.graph.map.borders.map((b) => {
        const [a, c, h] =
          name(b.a) < name(b.b) ? [name(b.a), name(b.b), b.height ?? 0] : [name(b.b), name(b.a), -(b.height ?? 0)];
        return `${a}|${c} ${b.kind} ${h}`;
      });
      expect(borders.sort()).toEqual([
        "Chapel|Cistern soft 0",
        "Chapel|Courtyard hard 0",
        "Chapel|Crypt soft -1",
        "Cistern|Courtyard soft 0",
        "Courtyard|Gatehouse soft 0",
        "Courtyard|Rampart soft 2",
      ]);
    },
  );

  it("SEC-49 SEC-68 lighting from lit to dark, and water in the cistern", () => {
    const { scene, space } = compiled("sections", "sections");
    const byName = Object.fromEntries(space.graph.map.sections.map((s) => [nameOf(scene)(s.id), s]));
    expect(byName.Courtyard).toMatchObject({ lighting: "lit" });
    expect(byName.Rampart).toMatchObject({ lighting: "shadowy" });
    expect(byName.Crypt).toMatchObject({ lighting: "dark" });
    expect(byName.Cistern).toMatchObject({ lighting: "dark", water: true });
    expect(byName.Courtyard?.water).toBeUndefined();
  });

  it(
    "SEC-03 SEC-12 SEC-13 the journal's moves: one border a Move, not up the rampart, not through the wall, a " +
      "fall into the crypt",
    () => {
      const ilsa = () => partyToken("sections", "Ilsa of the Lantern", 6, 5);
      expect(move("sections", ilsa(), [[2, 5]])).toEqual({ ok: true, cost: 1, charge: 1, events: 0, effects: [] });
      expect(move("sections", ilsa(), [[6, 10]])).toEqual({ ok: true, cost: 1, charge: 1, events: 0, effects: [] });
      expect(move("sections", ilsa(), [[6, 1]])).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.MustClimb",
        data: { height: 2 },
      });
      expect(move("sections", ilsa(), [[13, 5]])).toMatchObject({ ok: false, key: "FRAY.Refusal.WallInTheWay" });
      // SEC-07: Ilsa holds no Phase card (movement-sources.ts), so the Phase is refused for want of one.
      expect(move("sections", ilsa(), [[13, 5]], "phase")).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.MovementNeedsCard",
      });
      expect(
        move("sections", ilsa(), [
          [6, 10],
          [13, 10],
          [13, 5],
        ]),
      ).toMatchObject({ ok: false, key: "FRAY.Refusal.MoveTooShort" });
      expect(move("sections", partyToken("sections", "Ilsa of the Lantern", 13, 5), [[17, 5]])).toMatchObject({
        ok: true,
        cost: 1,
        events: 1,
        effects: [{ kind: "fall", clause: "SEC-13" }],
      });
    },
  );
});

describe("the docks (zones)", () => {
  it(
    "FAC-06 five zones; neighbours where their squares meet, none across the wall between the " +
      "alley and the warehouse",
    () => {
      const { scene, space } = compiled("factions", "zones");
      const name = nameOf(scene);
      const links = Object.fromEntries(space.map.zones.map((z) => [name(z.id), z.neighbours.map(name).sort()]));
      expect(links).toEqual({
        "Market square": ["Alley", "Bridge"],
        Alley: ["Market square"],
        Bridge: ["Market square", "Riverbank", "Warehouse"],
        Warehouse: ["Bridge", "Riverbank"],
        Riverbank: ["Bridge", "Warehouse"],
      });
    },
  );

  it("FAC-06 the journal's moves: one zone a move; the wall stops the way into the warehouse", () => {
    const balthasar = () => partyToken("factions", "Balthasar", 3, 9);
    expect(move("factions", balthasar(), [[3, 2]])).toEqual({ ok: true, cost: 1, charge: 1, events: 0, effects: [] });
    expect(move("factions", balthasar(), [[10, 9]])).toMatchObject({ ok: false, key: "FRAY.Refusal.WallInTheWay" });
    expect(
      move("factions", balthasar(), [
        [3, 2],
        [10, 2],
      ]),
    ).toMatchObject({ ok: false, key: "FRAY.Refusal.ZoneMovementUsed" });
  });
});

describe("the hill fort (squares with elevation)", () => {
  it.each([["strain"], ["escalation"], ["teams"]] as [RulesetId][])(
    "STR-23 STR-24 %s: Elevation and Difficult Terrain per square, the hilltop drawn inside the hill",
    (ruleset) => {
      const { space } = compiled(ruleset, "grid");
      const { width, height, elevation, difficult } = space.map;
      expect([width, height]).toEqual([20, 12]);
      const cell = (c: number, r: number) => r * width + c;
      expect(elevation[cell(0, 0)]).toBe(0);
      expect(elevation[cell(2, 2)]).toBe(1);
      expect(elevation[cell(4, 4)]).toBe(2);
      expect(elevation[cell(5, 5)]).toBe(2);
      expect(elevation[cell(6, 6)]).toBe(1);
      expect(elevation[cell(15, 2)]).toBe(3);
      expect([elevation[cell(15, 4)], difficult[cell(15, 4)]]).toEqual([1, 1]);
      expect([elevation[cell(10, 8)], difficult[cell(10, 8)]]).toEqual([0, 1]);
      expect(difficult[cell(4, 4)]).toBe(0);
      // Counted from the layout: 36 hill squares (4 of them the hilltop), 9 tower, 16 bog, 6 scree.
      expect(elevation.filter((e) => e > 0)).toHaveLength(36 + 9 + 6);
      expect(difficult.filter((d) => d === 1)).toHaveLength(16 + 6);
    },
  );

  it(
    "STR-19 STR-23 STR-25 the journal's moves for a Speed 4 character: onto the hill free, up the tower 1 + " +
      "2, out of the bog +1",
    () => {
      const alice = (c: number, r: number) => partyToken("strain", "Alice", c, r);
      expect(move("strain", alice(0, 5), [[4, 5]])).toEqual({ ok: true, cost: 4, charge: 4, events: 0, effects: [] });
      expect(move("strain", alice(0, 5), [[5, 5]])).toMatchObject({ ok: false, key: "FRAY.Refusal.OverSpeed" });
      expect(move("strain", alice(13, 2), [[14, 2]])).toEqual({ ok: true, cost: 3, charge: 3, events: 0, effects: [] });
      expect(move("strain", alice(10, 8), [[10, 6]])).toEqual({ ok: true, cost: 4, charge: 4, events: 0, effects: [] });
    },
  );

  it(
    "ESC-12 on the escalation scene a Movement 6 unit walks 6 squares, 3 sneaking; the heights cost " +
      "nothing extra there",
    () => {
      const hild = (c: number, r: number) => partyToken("escalation", "Hild", c, r);
      expect(move("escalation", hild(0, 5), [[6, 5]])).toEqual({
        ok: true,
        cost: 6,
        charge: 6,
        events: 0,
        effects: [],
      });
      expect(move("escalation", hild(0, 5), [[7, 5]])).toMatchObject({ ok: false, key: "FRAY.Refusal.OverSpeed" });
      expect(move("escalation", hild(0, 5), [[4, 5]], "sneak")).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.OverSpeed",
        data: { budget: 3 },
      });
      expect(move("escalation", hild(13, 2), [[14, 2]])).toEqual({
        ok: true,
        cost: 1,
        charge: 1,
        events: 0,
        effects: [],
      });
    },
  );

  it(
    "STR-26 walking down from the tower drops 3 levels: allowed, with the descent roll as an " +
      "event (not rolled yet)",
    () => {
      expect(move("strain", partyToken("strain", "Alice", 15, 2), [[15, 0]])).toMatchObject({
        ok: true,
        cost: 2,
        events: 1,
        effects: [{ kind: "descent", clause: "STR-26", levels: 3 }],
      });
    },
  );

  it(
    "TEAM-45 on the teams scene every second diagonal " + "counts 2 m; a teams character has no speed to run out of",
    () => {
      const roland = partyToken("teams", "Roland", 0, 0);
      expect(move("teams", roland, [[3, 3]])).toEqual({ ok: true, cost: 4, charge: 4, events: 0, effects: [] });
    },
  );
});

describe("the Start here journals", () => {
  it.each(RULESETS.map((r) => [r] as [RulesetId]))(
    "%s: a page links the demo scene, which the adventure sets up with its tokens",
    (ruleset) => {
      // The English entry: the French one sits in the folder Français (docs/translating.md).
      const journal = packDocs(`${ruleset}-journal`, "JournalEntry").find((j) => j.folder === null)!;
      const pages = journal.pages as { name: string; text: { content: string } }[];
      const link = `@UUID[Compendium.fray.${ruleset}-scenes.Scene.${demoOf(ruleset)._id}]`;
      const page = pages.find((p) => p.name === "3. The demo scene");
      expect(page!.text.content).toContain(link);
      // The one-click adventure imports the scene with every token on its start square: nothing to drag.
      const adventure = pages.find((p) => p.name === "2. The adventure and your players")!;
      expect(adventure.text.content).toContain(`<strong>${EN[`FRAY.Pack.${ruleset}.Adventure`]}</strong>`);
      expect(adventure.text.content).toContain(`the scene ${link}`);
      expect(adventure.text.content).toMatch(/with a token on each fighter's start square/);
      // The contents list on the first page names it in its place.
      expect(pages[0]!.text.content).toMatch(/<li>The adventure and your players<\/li>\s*<li>The demo scene<\/li>/);
    },
  );
});
