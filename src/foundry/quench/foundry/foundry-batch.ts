import { ACTOR_MODELS, ITEM_MODELS, typesOf } from "../../data/models.js";
import { currentRuleset } from "../../settings/ruleset.js";
import { FIXTURE_PREFIX } from "../fixtures/combat-fixture.js";
import { bordersInForm, playerRolls, replayedOnce } from "./foundry-checks.js";
import type { MochaContext, MochaFn, Quench, QuenchAssert, QuenchBatchContext } from "../quench-types.js";

export const FOUNDRY_BATCH = "fray.foundry";

/**
 * What Fray assumes of Foundry v13's own client code, checked in a live world as the GM (issue 25): sheets named
 * after their classes, socket events replayed at ready handled once, a player's private roll shown to that player,
 * and section borders edited by region name in Foundry's behaviour form. It deletes what it made, even after a failure.
 */
export function registerFoundryBatch(quench: Quench): void {
  quench.registerBatch(FOUNDRY_BATCH, foundryBatch, { displayName: "Fray: Foundry v13 as it behaves" });
}

function foundryBatch({ describe, it, before, assert }: QuenchBatchContext): void {
  describe("Fray against Foundry v13's own code, in a live world", function () {
    before(function (this: MochaContext) {
      if (!game.user.isGM) this.skip();
    });
    it(
      "sheets: every Fray type's sheet is fray.FrayActorSheet or fray.FrayItemSheet (v13 names a " +
        "sheet after its class), " +
        "none is the anonymous fray., and an actor's sheet window id starts with FrayActorSheet-",
      namedSheets(assert),
    );
    it(
      "requests: a socket event replayed as v13 replays what a loading client heard is handled exactly once",
      replayedOnce(assert),
    );
    it(
      "dice: a player's private roll posted by the GM's client is whispered to that player, a blind one is not, and " +
        "both speak as the player. Needs a player in the world.",
      playerRolls(assert),
    );
    it(
      "regions: in Foundry's own behaviour form a GM marks a border by region name, and it is stored by id. " +
        "On the viewed scene.",
      bordersInForm(assert),
    );
  });
}

type SheetClasses = Record<string, Record<string, { readonly id: string }>>;

const sheetClassesOf = (documentName: "Actor" | "Item"): SheetClasses =>
  (CONFIG[documentName] as unknown as { sheetClasses: SheetClasses }).sheetClasses;

function namedSheets(assert: QuenchAssert): MochaFn {
  return async function (this: MochaContext) {
    this.timeout(15_000);
    for (const [documentName, models, id] of [
      ["Actor", ACTOR_MODELS, "fray.FrayActorSheet"],
      ["Item", ITEM_MODELS, "fray.FrayItemSheet"],
    ] as const) {
      for (const meta of models) {
        const sheets = sheetClassesOf(documentName)[meta.type] ?? {};
        assert.ok(sheets[id], `${documentName} ${meta.type} has no ${id}`);
        assert.isFalse("fray." in sheets, `${documentName} ${meta.type} still has the anonymous sheet fray.`);
      }
    }
    const [type] = typesOf("Actor", currentRuleset());
    if (!type) return;
    const actor = await Actor.create({ name: `${FIXTURE_PREFIX} Sheet`, type } as never);
    try {
      const sheet = actor?.sheet;
      // A world that picked another default sheet for the type opens that one: only Fray's is checked. (By name: the
      // sheet classes are not imported here, so building the batch touches no Foundry global.)
      if (sheet?.constructor.name === "FrayActorSheet")
        assert.isTrue(sheet.id.startsWith("FrayActorSheet-Actor-"), `the sheet's id is ${sheet.id}`);
    } finally {
      await actor?.delete();
    }
  };
}
