import { RULESETS, type RulesetId } from "../../../core/rulesets.js";
import type { FrayCombat } from "../../combat/fray-combat.js";
import { MODE_FOR_RULESET } from "../../rulesets/index.js";
import type { MochaContext, MochaFn, Quench, QuenchAssert, QuenchBatchContext } from "../quench-types.js";
import { CombatWatch, TrackerTable } from "../fixtures/tracker-table.js";

export const ADVENTURES_BATCH = "fray.adventures";

/**
 * Issue 29's newcomer path in a live world, as the GM: import each rule set's adventure from Fray's pack (Foundry's
 * own Adventure#import), check the scene, tokens, actors and combat it made, then click Begin in the tracker. It
 * skips an adventure whose documents the world already holds (an import would overwrite them), and deletes what each
 * import made, even after a failure.
 */
export function registerAdventuresBatch(quench: Quench): void {
  quench.registerBatch(ADVENTURES_BATCH, adventuresBatch, {
    displayName: "Fray: import each adventure and begin its fight",
  });
}

type Created = Partial<Record<string, readonly { readonly id: string | null }[]>>;

/** What the batch keeps between its hooks and tests. */
interface AdventuresRun {
  readonly watch: CombatWatch;
  /** What each import created and is not yet deleted. */
  readonly made: Created[];
  previous: { id: string | null } | null;
  /** core.adventureImports before the batch: an import marks its adventure imported. */
  imports: Record<string, boolean> | null;
}

/** Deleted in this order: the combat before the tokens it names, the folders last. */
const DELETE_ORDER = [
  "Combat",
  "Scene",
  "JournalEntry",
  "Actor",
  "Item",
  "Macro",
  "RollTable",
  "Cards",
  "Playlist",
  "Folder",
];

function adventuresBatch({ describe, it, before, after, afterEach, assert }: QuenchBatchContext): void {
  const run: AdventuresRun = { watch: new CombatWatch(), made: [], previous: null, imports: null };
  describe("Fray: each rule set's adventure, imported and begun in a live world", function () {
    before(function (this: MochaContext) {
      if (!game.user.isGM) this.skip();
      run.previous = ui.combat.viewed;
      run.imports = { ...adventureImports() };
      run.watch.watch();
    });
    afterEach(async function (this: MochaContext) {
      this.timeout(60_000);
      await removeAll(run);
    });
    after(async function (this: MochaContext) {
      this.timeout(60_000);
      run.watch.unwatch();
      await removeAll(run);
      if (run.imports) await coreSettings().set("core", "adventureImports", run.imports);
    });
    for (const ruleset of RULESETS) {
      it(
        `${ruleset}: importing its adventure makes the scene with a token per actor, the party linked, and a combat ` +
          `of every token that begins`,
        importsAndBegins(ruleset, run, assert),
      );
    }
  });
}

/** Foundry's settings under keys its types do not list (core.adventureImports). */
const coreSettings = () =>
  game.settings as unknown as {
    get(ns: string, key: string): unknown;
    set(ns: string, key: string, value: unknown): Promise<unknown>;
  };

const adventureImports = (): Record<string, boolean> =>
  (coreSettings().get("core", "adventureImports") as Record<string, boolean> | undefined) ?? {};

/** The ids of the adventure's documents that the world already holds, by document name. */
function clashes(adventure: Adventure.Implementation): string[] {
  const data = adventure.toObject() as unknown as Record<string, { _id?: string }[] | undefined>;
  const fields = foundry.documents.BaseAdventure.contentFields as unknown as Record<string, { documentName: string }>;
  return Object.entries(fields).flatMap(([field, cls]) =>
    (data[field] ?? [])
      .filter((d) => !!d._id && !!game.collections.get(cls.documentName as never)?.has(d._id))
      .map((d) => `${cls.documentName} ${d._id}`),
  );
}

function importsAndBegins(ruleset: RulesetId, run: AdventuresRun, assert: QuenchAssert): MochaFn {
  return async function (this: MochaContext) {
    this.timeout(120_000);
    const pack = game.packs.get(`fray.${ruleset}-adventure`);
    if (!pack) return assert.fail(`Fray has no pack fray.${ruleset}-adventure`);
    const [adventure] = (await pack.getDocuments()) as unknown as Adventure.Implementation[];
    if (!adventure) return assert.fail(`fray.${ruleset}-adventure holds no adventure`);
    if (clashes(adventure).length > 0) this.skip();
    const result = await adventure.import({ dialog: false });
    const created = result.created as unknown as Created;
    run.made.push(created);
    const [scene] = (created.Scene ?? []) as unknown as Scene.Implementation[];
    const [combat] = (created.Combat ?? []) as unknown as FrayCombat[];
    if (!scene || !combat) return assert.fail(`${ruleset}: the import made no scene or no combat`);
    assert.lengthOf(created.JournalEntry ?? [], 1, `${ruleset}: the Start here journal`);
    placedTokens(ruleset, scene, assert);
    assert.strictEqual(combat.type, MODE_FOR_RULESET[ruleset], `${ruleset}: the combat's turn order`);
    assert.strictEqual(combat.scene?.id, scene.id, `${ruleset}: the combat is on the scene`);
    assert.deepEqual(
      combat.combatants.contents.map((c) => c.token?.id ?? null).sort(),
      scene.tokens.contents.map((t) => t.id).sort(),
      `${ruleset}: one combatant per token`,
    );
    await begins(ruleset, new TrackerTable(combat, run.watch), assert);
  };
}

/** Every token on the scene's map with its actor; the party's linked, the adversaries' not; a section or zone each. */
function placedTokens(ruleset: RulesetId, scene: Scene.Implementation, assert: QuenchAssert): void {
  const tokens = scene.tokens.contents;
  assert.isTrue(tokens.length >= 7, `${ruleset}: ${tokens.length} tokens`);
  const rect = scene.dimensions.sceneRect;
  for (const t of tokens) {
    const centre = t.getCenterPoint();
    const onMap =
      centre.x > rect.x && centre.x < rect.x + rect.width && centre.y > rect.y && centre.y < rect.y + rect.height;
    assert.isTrue(onMap, `${ruleset}: ${t.name} stands off the map`);
    assert.isNotNull(t.actor, `${ruleset}: ${t.name} has no actor`);
    assert.strictEqual(
      t.actorLink,
      t.disposition === CONST.TOKEN_DISPOSITIONS.FRIENDLY,
      `${ruleset}: ${t.name} linked as its side is`,
    );
    assert.isFalse(t.actor?.img === "icons/svg/mystery-man.svg", `${ruleset}: ${t.name} is the mystery man`);
    // Sections and zones: every fighter stands in one, where the rules can find it.
    if (ruleset === "sections" || ruleset === "factions") {
      const inside = scene.regions.contents.some((r) => r.testPoint({ ...centre, elevation: t.elevation }));
      assert.isTrue(inside, `${ruleset}: ${t.name} stands in no region`);
    }
  }
}

/** The footer's Begin, as the GM clicks it: the core's journal opens at revision 0 in the rule set's turn order. */
async function begins(ruleset: RulesetId, table: TrackerTable, assert: QuenchAssert): Promise<void> {
  await table.show();
  assert.isNull(table.combat.journal, `${ruleset}: the imported combat has begun already`);
  const begin = table.control('[data-action="frayBegin"]');
  if (!begin) return assert.fail(`${ruleset}: the tracker offers the GM no Begin control`);
  await table.press(begin, "Begin");
  assert.strictEqual(
    table.combat.journal?.engine,
    MODE_FOR_RULESET[ruleset],
    `${ruleset}: the fight started in another turn order`,
  );
  assert.strictEqual(table.revision(), 0, `${ruleset}: Begin did not open the journal at revision 0`);
  assert.strictEqual(
    table.combat.frayView?.order.length,
    table.combat.combatants.size,
    `${ruleset}: someone is missing from the turn order`,
  );
}

/** Delete what every import made, each even when another's deletion fails; the tracker shows what it showed before. */
async function removeAll(run: AdventuresRun): Promise<void> {
  if (run.made.length === 0) return;
  const previous = run.previous?.id ? game.combats.get(run.previous.id) : undefined;
  ui.combat.viewed = previous ?? null;
  const failures: unknown[] = [];
  for (const created of run.made.splice(0))
    for (const name of DELETE_ORDER) {
      const ids = (created[name] ?? []).map((d) => d.id).filter((id): id is string => !!id);
      const cls = CONFIG[name as "Actor"]?.documentClass as unknown as
        { deleteDocuments(ids: string[]): Promise<unknown> } | undefined;
      if (ids.length && cls) await cls.deleteDocuments(ids).catch((e: unknown) => failures.push(e));
    }
  await ui.combat.render();
  if (failures.length)
    throw new Error(`could not delete everything the imports made: ${failures.map(String).join("; ")}`);
}
