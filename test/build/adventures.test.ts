import { existsSync, readFileSync, statSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { RULESETS, type RulesetId } from "../../src/core/rulesets.js";
import { openJournal } from "../../src/core/shared/journal.js";
import { placeOfToken } from "../../src/foundry/canvas/check/token-place.js";
import { compileScene } from "../../src/foundry/canvas/space/scene-space.js";
import { rosterFrom } from "../../src/foundry/combat/fight/combat-roster.js";
import { COMBAT_MODES, manifestOf, MODE_FOR_RULESET } from "../../src/foundry/rulesets/index.js";
import { COMBAT_TYPES, DARKNESS, DARKNESS_BEHAVIOUR, SIDE_GROUPS } from "../../tools/adventures.mjs";
import { MYSTERY_MAN, picturesOf, readIconList } from "../../tools/core-icons.mjs";
import { demoEncounter } from "../../tools/sim-demo.js";
import { sceneFromSource, type SceneSource } from "../fakes/foundry-scene.js";
import { FakeAdventure, FakeWorld, packMetadata } from "../fakes/foundry-adventure.js";
import { compileAll, systemJson, type CompiledPack } from "./compiled-packs.js";
import {
  compiledAdventure,
  importAdventure,
  linksIn,
  loadedScene,
  regionOfToken,
  webpSize,
  type Doc,
} from "./adventure-world.js";
import { DEMO_SCENES } from "../../tools/demo-scenes.mjs";

// Issue 29's one-click adventure per rule set: its compiled pack imported into an empty world through the fake of
// v13's Adventure import gives the demo scene with every token placed, the actors linked and owned as the adventure's
// description says, Foundry's darkness where the rules see none, the journal, and a fight that begins.

type Start = [name: string, column: number, row: number, region: string | null];
const startsOf = (ruleset: RulesetId) => (DEMO_SCENES as Record<RulesetId, { starts: Start[] }>)[ruleset].starts;

let packs: CompiledPack[];
beforeAll(async () => {
  packs = await compileAll();
}, 60_000);

const packDocs = (name: string, type: string): Doc[] =>
  (packs.find((p) => p.pack.name === name)?.docs ?? []).filter((d) => d.documentType === type).map((d) => d.doc);

describe.each(RULESETS.map((r) => [r] as [RulesetId]))("the %s adventure", (ruleset) => {
  it("is an Adventure pack of system.json in the rule set's folder, compiled as one entry with no keys inside", () => {
    expect(systemJson.packs.find((p) => p.name === `${ruleset}-adventure`)).toMatchObject({ type: "Adventure" });
    const folder = systemJson.packFolders?.[0]?.folders?.find((f) => f.name.toLowerCase() === ruleset);
    expect(folder?.packs[0]).toBe(`${ruleset}-adventure`);
    const { _key, ...inside } = compiledAdventure(packs, ruleset);
    expect(_key).toMatch(/^!adventures!\w{16}$/);
    expect(JSON.stringify(inside)).not.toContain('"_key"');
  });

  it(
    "imports the scene, the actors in their folders, the journal and the combat, keeping their ids, " +
      "with nothing to confirm",
    async () => {
      const { world, result, actors, scene } = await importAdventure(packs, ruleset);
      expect(Object.keys(result.updated)).toEqual([]);
      expect(world.asked).toBe(0);
      expect(Object.keys(result.created).sort()).toEqual(["Actor", "Combat", "Folder", "JournalEntry", "Scene"]);
      for (const c of world.collections.values())
        for (const op of c.operations) expect(op.options.keepId, c.documentName).toBe(true);
      expect(actors.map((a) => a._id).sort()).toEqual(
        packDocs(`${ruleset}-actors`, "Actor")
          .map((a) => a._id)
          .sort(),
      );
      expect(scene._id).toBe(packDocs(`${ruleset}-scenes`, "Scene")[0]!._id);
      const folders = world.collection("Folder").contents as Doc[];
      expect(folders.map((f) => f.name).sort()).toEqual([
        "Adversaries",
        "Français",
        "Party",
        ...(ruleset === "strain" ? ["Reserve"] : []),
      ]);
      for (const a of actors)
        expect(
          folders.some((f) => f._id === a.folder),
          a.name,
        ).toBe(true);
      expect(Object.values(world.adventureImports)).toEqual([true]);
    },
  );

  it(
    "places one token for each actor of the Party and the " + "Adversaries folders: the encounter the simulator plays",
    async () => {
      const { tokens, actors } = await importAdventure(packs, ruleset);
      const { party, adversaries } = demoEncounter(ruleset);
      const actorName = (t: Doc) => actors.find((a) => a._id === t.actorId)?.name;
      expect(tokens.map(actorName)).toEqual([...party, ...adversaries].map((a) => a.name));
      expect(new Set(tokens.map((t) => t.actorId)).size).toBe(tokens.length);
    },
  );

  it("puts every token on its start square, on the map, inside the region the layout says", async () => {
    const imported = await importAdventure(packs, ruleset);
    const scene = loadedScene(imported);
    const space = compileScene(scene, manifestOf(ruleset).space);
    const { sceneX, sceneY, sceneWidth, sceneHeight } = scene.dimensions;
    const regionName = (id: string | null) => scene.regions.contents.find((r) => r.id === id)?.name ?? null;
    for (const t of imported.tokens) {
      const [, column, row, region] = startsOf(ruleset).find(([name]) => name === t.name)!;
      expect([t.x, t.y], String(t.name)).toEqual([(column + 1) * 100, (row + 1) * 100]);
      expect(Number(t.x) >= sceneX && Number(t.x) + 100 <= sceneX + sceneWidth, String(t.name)).toBe(true);
      expect(Number(t.y) >= sceneY && Number(t.y) + 100 <= sceneY + sceneHeight, String(t.name)).toBe(true);
      expect(regionOfToken(scene, t), String(t.name)).toBe(region);
      // What v13's TokenDocument#_identifyRegions gives a token created on its own: every region holding its centre.
      const centre = { x: Number(t.x) + 50, y: Number(t.y) + 50, elevation: Number(t.elevation) };
      const holding = scene.regions.contents.filter((r) => r.testPoint(centre)).map((r) => r.id);
      expect(t._regions, String(t.name)).toEqual(holding.sort());
      // Where Fray's own reading of the scene puts it: the section or zone its moves start from.
      if (space.model === "sections" || space.model === "zones")
        expect(regionName(placeOfToken(scene, space, scene.tokens.get(t._id)!)), String(t.name)).toBe(region);
    }
  });

  it(
    "links the party's tokens to their actors and not the adversaries'; nobody owns an actor until the GM gives " +
      "it, as the first page says",
    async () => {
      const { world, tokens, actors } = await importAdventure(packs, ruleset);
      const folderOf = (a: Doc) => (world.collection("Folder").get(String(a.folder)) as Doc | undefined)?.name;
      for (const t of tokens) {
        const actor = actors.find((a) => a._id === t.actorId)!;
        expect([folderOf(actor), t.actorLink, t.disposition], String(t.name)).toEqual(
          folderOf(actor) === "Party" ? ["Party", true, 1] : ["Adversaries", false, -1],
        );
        expect(actor.ownership, String(t.name)).toEqual({ default: 0 });
      }
      const journal = (world.collection("JournalEntry").contents as Doc[]).find((j) => j.folder === null)!;
      const first = (journal.pages as Doc[])[0]!;
      const text = (first.text as { content: string }).content;
      expect(text).toMatch(/Actors tab, open the folder <em>Party<\/em>/);
      expect(text).toMatch(/<em>Configure Ownership<\/em> and make its player an Owner/);
      expect(text).toMatch(/click <em>Begin combat<\/em>/);
    },
  );

  it(
    "holds a fight on the scene with every token, in the rule set's turn order, not begun; it begins with the " +
      "party against the adversaries",
    async () => {
      const { combat, scene, tokens, actors } = await importAdventure(packs, ruleset);
      expect(combat.type).toBe(MODE_FOR_RULESET[ruleset]);
      expect(COMBAT_TYPES[ruleset]).toBe(MODE_FOR_RULESET[ruleset]);
      expect([combat.scene, combat.active, combat.round, combat.turn]).toEqual([scene._id, true, 0, null]);
      expect((combat.system as { journal?: unknown }).journal ?? null).toBeNull();
      const combatants = combat.combatants as Doc[];
      expect(combatants.map((c) => [c.tokenId, c.actorId, c.sceneId])).toEqual(
        tokens.map((t) => [t._id, t.actorId, scene._id]),
      );
      // What FrayCombat#startCombat reads when the GM clicks Begin: the roster, the mode's setup, the core's opening.
      const sources = combatants.map((c) => ({
        id: c._id,
        name: String(c.name),
        hidden: false,
        groupId: (c.group as string | null) ?? null,
        disposition: Number(tokens.find((t) => t._id === c.tokenId)!.disposition),
        defeated: false,
        playerOwned: false,
        actorSystem: actors.find((a) => a._id === c.actorId)!.system,
      }));
      // Teams' sides are CombatantGroups named after the side folders; elsewhere the actors or tokens name them.
      const groups = combat.groups as Doc[];
      expect(Object.fromEntries(groups.map((g) => [g.name, g._id]))).toEqual(
        Object.fromEntries(
          Object.values(SIDE_GROUPS[ruleset] ?? {}).map((name) => [name, expect.stringMatching(/^\w{16}$/)]),
        ),
      );
      const folderName = (actorId: unknown) =>
        (
          packDocs(`${ruleset}-actors`, "Folder").find(
            (f) => f._id === actors.find((a) => a._id === actorId)?.folder,
          ) as Doc
        ).name;
      for (const c of combatants)
        expect(groups.find((g) => g._id === c.group)?.name ?? null, String(c.name)).toBe(
          SIDE_GROUPS[ruleset]?.[folderName(c.actorId)] ?? null,
        );
      const mode = COMBAT_MODES[String(combat.type)]!;
      const roster = rosterFrom(sources, COMBAT_MODES[mode.id]!.sides);
      const sides = [...new Set(roster.map((r) => r.side))];
      expect(sides).toHaveLength(2);
      const partySide = roster.find((r) => tokens.find((t) => t._id === r.id)?.disposition === 1)?.side;
      for (const r of roster)
        expect(r.side === partySide, r.name).toBe(tokens.find((t) => t._id === r.id)?.disposition === 1);
      const opened = openJournal(mode.engine, mode.buildSetup(roster, {}), 29);
      expect(opened.ok, opened.ok ? "" : opened.reason).toBe(true);
      if (!opened.ok) return;
      const view = mode.engine.view(opened.state.state);
      expect([...view.order].sort()).toEqual(combatants.map((c) => c._id).sort());
      expect(view.ended).toBe(false);
    },
  );

  it(
    "is the scenes pack's scene on a background image of " + "its size, dark where the rules see dimly or not at all",
    async () => {
      const { scene } = await importAdventure(packs, ruleset);
      const plain = packDocs(`${ruleset}-scenes`, "Scene")[0]!;
      const walls = (s: Doc) => (s.walls as Doc[]).map((w) => w.c);
      expect(walls(scene)).toEqual(walls(plain));
      const space = (s: Doc) =>
        JSON.stringify(compileScene(sceneFromSource(s as unknown as SceneSource), manifestOf(ruleset).space));
      expect(space(scene)).toBe(space(plain));
      // No `active` of its own: Foundry activates it in a world with no active scene (client/documents/scene.mjs).
      expect([Object.hasOwn(scene, "active"), scene.navigation]).toEqual([false, true]);
      const src = String((scene.background as { src: string }).src);
      expect(src).toMatch(/^systems\/fray\/assets\/scenes\/[a-z-]+\.webp$/);
      const file = src.replace(/^systems\/fray\//, "");
      expect(existsSync(file), file).toBe(true);
      expect(webpSize(readFileSync(file))).toEqual({ width: scene.width, height: scene.height });
      expect(statSync(file).size).toBeLessThan(100_000);
      for (const region of scene.regions as Doc[]) {
        const behaviours = region.behaviors as Doc[];
        const fray = (behaviours[0]!.system ?? {}) as { lighting?: string; sight?: string };
        const light = fray.lighting ?? fray.sight ?? "";
        const darkness = behaviours.filter((b) => b.type === DARKNESS_BEHAVIOUR);
        if (!Object.hasOwn(DARKNESS, light)) {
          expect(darkness, String(region.name)).toEqual([]);
          continue;
        }
        // AdjustDarknessLevelRegionBehaviorType: mode 0 overrides the darkness level with the modifier, from 0 to 1.
        expect(
          darkness.map((b) => [b.system, b.disabled]),
          String(region.name),
        ).toEqual([[{ mode: 0, modifier: DARKNESS[light] }, false]]);
      }
    },
  );

  it(
    "carries the Start here journal with its description " + "first, and its links reach the imported documents",
    async () => {
      const { world } = await importAdventure(packs, ruleset);
      const [journal, ...translations] = world.collection("JournalEntry").contents as Doc[];
      const source = packDocs(`${ruleset}-journal`, "JournalEntry").find((j) => j.folder === null)!;
      // The French entry comes too, in its folder, with the pages of its pack (docs/translating.md).
      const french = packDocs(`${ruleset}-journal`, "JournalEntry").find((j) => j.folder !== null)!;
      const folder = (world.collection("Folder").contents as Doc[]).find((f) => f.name === "Français")!;
      expect(translations.map((t) => [t._id, t.folder, (t.pages as Doc[]).length])).toEqual([
        [french._id, folder._id, (french.pages as Doc[]).length],
      ]);
      expect([journal!._id, journal!.name]).toEqual([source._id, source.name]);
      const pages = journal!.pages as Doc[];
      const adventure = compiledAdventure(packs, ruleset);
      expect([pages[0]!.name, (pages[0]!.text as { content: string }).content]).toEqual([
        adventure.name,
        adventure.description,
      ]);
      expect(pages.slice(1).map((p) => p._id)).toEqual((source.pages as Doc[]).map((p) => p._id));
      const links = [...pages, ...translations.flatMap((t) => t.pages as Doc[])].flatMap((p) =>
        linksIn((p.text as { content: string }).content),
      );
      expect(links.length).toBeGreaterThan(5);
      for (const link of links) {
        const [type, id] = link.split(".");
        if (link.startsWith("Compendium.")) {
          expect(
            ["Actor", "Scene", "JournalEntry"].some((t) => link.includes(`.${t}.`)),
            `${link} is imported: link the world's`,
          ).toBe(false);
          continue;
        }
        const collection = world.collections.get(type!);
        expect(collection?.has(id!), link).toBe(true);
      }
    },
  );

  it("shows a core icon on every actor and token, never the mystery man", async () => {
    const { actors, tokens } = await importAdventure(packs, ruleset);
    const listed = new Set(readIconList());
    const pictures = [
      ...actors.flatMap((a) => picturesOf(a)),
      ...tokens.map((t) => String((t.texture as { src: string }).src)),
    ];
    for (const p of pictures) expect(p !== MYSTERY_MAN && listed.has(p), p).toBe(true);
  });
});

describe("the fake of v13's Adventure import", () => {
  it(
    "a pack of no system loses the actors and their folders, as Adventure.fromSource drops them; " +
      "Fray's packs keep them",
    () => {
      const source = compiledAdventure(packs, "teams");
      const module = new FakeAdventure(
        source,
        packMetadata({ id: "demo", packs: [{ name: "teams-adventure" }] }, "module", "teams-adventure"),
      );
      const data = module.toObject();
      // The journal's folder is no actor's or item's: it stays.
      expect([(data.actors as unknown[]).length, (data.folders as Doc[]).map((f) => f.type)]).toEqual([
        0,
        ["JournalEntry"],
      ]);
      const own = new FakeAdventure(source, packMetadata(systemJson as never, "system", "teams-adventure"));
      expect((own.toObject().actors as unknown[]).length).toBeGreaterThan(0);
    },
  );

  it(
    "a second import updates what the first created once the GM confirms; declined or stopped by a " +
      "hook, nothing is written",
    async () => {
      const world = new FakeWorld();
      const adventure = new FakeAdventure(compiledAdventure(packs, "strain"), {
        id: "fray.strain-adventure",
        system: "fray",
      });
      await adventure.import(world);
      world.confirm = false;
      expect(await adventure.import(world)).toEqual({ created: {}, updated: {} });
      expect(world.asked).toBe(1);
      // The hook runs before the question: stopped there, the GM is not asked.
      world.preImport = () => false;
      expect(await adventure.import(world)).toEqual({ created: {}, updated: {} });
      expect(world.asked).toBe(1);
      world.preImport = () => undefined;
      world.confirm = true;
      const again = await adventure.import(world);
      expect(Object.keys(again.created)).toEqual([]);
      expect(again.updated.Scene?.map((s) => s._id)).toEqual([world.collection("Scene").contents[0]!._id]);
      expect(world.asked).toBe(2);
    },
  );
});
