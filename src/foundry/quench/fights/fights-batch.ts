import { commandsOf } from "../../../core/shared/journal.js";
import { COMBAT_MODES } from "../../rulesets/index.js";
import { createCombatFixture, emptyFixture, removeFixture, type CombatFixture } from "../fixtures/combat-fixture.js";
import { actorTypeFor, FIGHT_CAST, FIGHT_SIDES, LOSERS } from "../fixtures/fight-cast.js";
import { MAX_CLICKS, nextControl, stuckMessage } from "./fight-policy.js";
import type { MochaContext, MochaFn, Quench, QuenchAssert, QuenchBatchContext } from "../quench-types.js";
import { CombatWatch, TrackerTable } from "../fixtures/tracker-table.js";

export const FIGHTS_BATCH = "fray.fights";

/**
 * One whole fight in each combat mode, in a live world, played by clicking the rendered tracker's controls as the GM:
 * Begin, then the controls fight-policy.ts picks (the policy test/foundry/tracker/controls.test.ts plays against fakes)
 * until the core says the fight is over. Run it as a GM. It deletes the combats and actors it made, even after a
 * failure.
 */
export function registerFightsBatch(quench: Quench): void {
  quench.registerBatch(FIGHTS_BATCH, fightsBatch, { displayName: "Fray: one fight per combat mode" });
}

/** What the batch keeps between its hooks and tests. */
interface FightsRun {
  readonly watch: CombatWatch;
  /** Every fixture made and not yet removed. */
  readonly made: CombatFixture[];
  /** The combat the tracker showed before the batch, shown again after it. */
  previous: { id: string | null } | null;
}

function fightsBatch({ describe, it, before, after, afterEach, assert }: QuenchBatchContext): void {
  const run: FightsRun = { watch: new CombatWatch(), made: [], previous: null };
  describe("Fray: one fight per combat mode, played from the tracker's controls in a live world", function () {
    before(function (this: MochaContext) {
      if (!game.user.isGM) this.skip();
      run.previous = ui.combat.viewed;
      run.watch.watch();
    });
    afterEach(async function (this: MochaContext) {
      this.timeout(30_000);
      await removeAll(run);
    });
    after(async function (this: MochaContext) {
      this.timeout(30_000);
      run.watch.unwatch();
      await removeAll(run);
    });
    for (const modeId of Object.keys(COMBAT_MODES)) {
      it(
        `${modeId}: the GM clicks Begin, then the tracker's controls, until the fight ends; no undo; Foundry's ` +
          `combatRound and combatTurnChange fired`,
        playsFight(modeId, run, assert),
      );
    }
  });
}

function playsFight(modeId: string, run: FightsRun, assert: QuenchAssert): MochaFn {
  return async function (this: MochaContext) {
    this.timeout(180_000);
    const made = emptyFixture();
    run.made.push(made);
    await createCombatFixture(made, {
      type: modeId,
      actorType: actorTypeFor(modeId),
      sides: FIGHT_SIDES,
      cast: FIGHT_CAST,
    });
    const combat = made.combat;
    if (!combat) return assert.fail("the fixture made no combat");
    const table = new TrackerTable(combat, run.watch);
    await table.show();
    await begins(table, modeId, assert);
    const clicks = await playToEnd(table, modeId, made, assert);
    const journal = combat.journal;
    assert.isTrue(combat.frayView?.ended === true, `${modeId}: the fight has not ended after ${clicks} clicks`);
    assert.isFalse(
      journal !== null && commandsOf(journal).some((c) => c.type === "undo"),
      `${modeId}: the fight needed an undo`,
    );
    const rounds = run.watch.rounds(combat.id ?? "");
    assert.isTrue(
      rounds > 1,
      `${modeId}: Foundry's combatRound fired ${rounds} times for this fight, not at every new round`,
    );
    // Issue 25: Foundry saw the turns change (divergence 2), and its round hook had v13's options (divergence 9).
    assert.isTrue(
      run.watch.changes(combat.id ?? "") > rounds,
      `${modeId}: Foundry's combatTurnChange fired too seldom`,
    );
    assert.strictEqual(
      run.watch.oldOptions(combat.id ?? ""),
      0,
      `${modeId}: combatRound fired without v13's worldTime`,
    );
  };
}

/** The footer's Begin, as the GM clicks it: the core's journal opens at revision 0 in the combat's own mode. */
async function begins(table: TrackerTable, modeId: string, assert: QuenchAssert): Promise<void> {
  assert.isNull(table.combat.journal, `${modeId}: the new combat has a journal before Begin`);
  const begin = table.control('[data-action="frayBegin"]');
  if (!begin) return assert.fail(`${modeId}: the tracker offers the GM no Begin control`);
  await table.press(begin, "Begin");
  assert.strictEqual(table.combat.journal?.engine, modeId, `${modeId}: the fight started in another mode`);
  assert.strictEqual(table.revision(), 0, `${modeId}: Begin did not open the journal at revision 0`);
}

/** Click the control the policy picks, one revision at a time, until the fight ends; returns the clicks made. */
async function playToEnd(
  table: TrackerTable,
  modeId: string,
  made: CombatFixture,
  assert: QuenchAssert,
): Promise<number> {
  const losers = new Set(LOSERS.map((key) => made.ids[key]));
  let clicks = 0;
  for (; clicks < MAX_CLICKS; clicks++) {
    const view = table.combat.frayView;
    if (!view || view.ended) break;
    const offered = table.offered();
    const next = nextControl(
      offered.map((o) => o.command),
      { round: view.round, losing: (id) => losers.has(id) },
    );
    const control = offered.find((o) => o.command === next);
    if (!next || !control) {
      return assert.fail(
        stuckMessage(
          modeId,
          offered.map((o) => o.command),
          view.round,
        ),
      );
    }
    const rev = table.revision();
    const what = `${next.type} ${next.combatant ?? next.side ?? ""} (${control.button.textContent?.trim() ?? ""})`;
    await table.press(control.button, what);
    assert.strictEqual(
      table.revision(),
      rev + 1,
      `${modeId}: clicking ${what} wrote ${table.revision() - rev} revisions`,
    );
  }
  return clicks;
}

/** Remove every fixture left, each even when another's removal fails; the tracker shows what it showed before. */
async function removeAll(run: FightsRun): Promise<void> {
  if (run.made.length === 0) return;
  const previous = run.previous?.id ? game.combats.get(run.previous.id) : undefined;
  // Shown again before the deletes, so Foundry does not pick another combat to show (and activate) in its place.
  ui.combat.viewed = previous ?? null;
  const failures: unknown[] = [];
  for (const made of run.made.splice(0)) await removeFixture(made).catch((e: unknown) => failures.push(e));
  await ui.combat.render();
  if (failures.length)
    throw new Error(`could not remove everything the batch made: ${failures.map(String).join("; ")}`);
}
