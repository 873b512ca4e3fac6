import type { TurnEvent } from "../../../core/turn-order/types.js";
import type { MenuEntry } from "../../tracker/entry-options.js";
import type { MochaContext, MochaFn, QuenchAssert, QuenchBatchContext } from "../quench-types.js";
import { CombatWatch, TrackerTable, until } from "../fixtures/tracker-table.js";
import {
  createFoundryFixture,
  foundryFixture,
  removeFoundryFixture,
  type FoundryFixture,
} from "./tracker-foundry-fixture.js";
import { TrackerProbe } from "./tracker-probe.js";

/**
 * Issue 25's divergences 2, 5, 7 and 9 in a live world: Foundry's own turn machinery sees each turn change of a Fray
 * fight once (client/documents/combat.mjs), its hooks carry v13's options, its tracker's frame listener and combatant
 * menu (client/applications/sidebar/tabs/combat-tracker.mjs), the token HUD's toggle and a token's deletion never act
 * behind the turn order. Part of the tracker batch; run it as a GM. The world's clock is left as it was.
 */
export function foundryChecks({ describe, it, before, after, assert }: QuenchBatchContext): void {
  const f = foundryFixture();
  const probe = new TrackerProbe(f.made);
  const steps = new Map<number, readonly TurnEvent[]>();
  describe("Fray: Foundry's own turn machinery and controls in a Fray fight (teams, with tokens)", function () {
    before(async function (this: MochaContext) {
      this.timeout(30_000);
      if (!game.user.isGM) this.skip();
      probe.watch();
      await createFoundryFixture(f);
    });
    after(async function (this: MochaContext) {
      this.timeout(30_000);
      probe.unwatch();
      await removeFoundryFixture(f);
    });
    it(
      "a change of a combatant's side in the setup is no initiative for Foundry's handler (divergence 5)",
      setupInputs(f, assert),
    );
    it("Begin plays Foundry's start-of-encounter sound (divergence 9)", beginSound(f, probe, assert));
    it(
      "each turn change fires combatTurnChange once with the previous combatant, and the rules' turn " +
        "events (divergence 2)",
      turnChanges(f, probe, steps, assert),
    );
    it(
      "combatRound and combatTurn carry { direction, worldTime: { delta } }, and the update the same (divergence 9)",
      turnOptions(f, steps, assert),
    );
    it(
      "the combatant menu offers no Foundry removal in a fight; Remove from the fight goes through the turn " +
        "order (divergence 7)",
      menu(f, probe, assert),
    );
    it(
      "the token HUD's toggle, a delete and a token's deletion leave the combatant in Foundry, out of the " +
        "fight (divergence 7)",
      deletions(f, probe, assert),
    );
  });
}

function combatOf(f: FoundryFixture, assert: QuenchAssert) {
  return f.made.combat ?? assert.fail("the before hook made no combat");
}

function setupInputs(f: FoundryFixture, assert: QuenchAssert): MochaFn {
  return async function (this: MochaContext) {
    this.timeout(15_000);
    const combat = combatOf(f, assert);
    const table = new TrackerTable(combat, new CombatWatch());
    await table.show();
    const id = f.made.ids.a1 ?? "";
    const combatant = combat.combatants.get(id) ?? assert.fail("no combatant a1");
    const [mine, other] = f.made.sideOrder;
    const select = table.control(`[data-fray-setup="side"][data-combatant-id="${id}"]`) as HTMLSelectElement | null;
    if (!select) return assert.fail("the GM's setup shows no side list for a1");
    select.value = other ?? "";
    select.dispatchEvent(new Event("change", { bubbles: true }));
    await until("a1 on the other side", () => (combatant.group as { id?: string } | null)?.id === other);
    assert.lengthOf(f.seen.initiatives, 0, "Foundry's initiative handler wrote the side's id as an initiative");
    assert.isNull(combatant.initiative);
    await combatant.update({ group: mine });
  };
}

/** Replace a method of one document for a while (Foundry's own, which has no hook), and put it back after. */
async function watching<T>(
  target: object,
  methods: Record<string, (...args: never[]) => unknown>,
  run: () => Promise<T>,
): Promise<T> {
  Object.assign(target, methods);
  try {
    return await run();
  } finally {
    for (const name of Object.keys(methods)) delete (target as Record<string, unknown>)[name];
  }
}

function beginSound(f: FoundryFixture, probe: TrackerProbe, assert: QuenchAssert): MochaFn {
  return async function (this: MochaContext) {
    this.timeout(15_000);
    const combat = combatOf(f, assert);
    const played: string[] = [];
    await watching(combat, { _playCombatSound: (a: string) => void played.push(a) }, async () => {
      await combat.startCombat();
      await probe.settled(0);
    });
    assert.strictEqual(probe.revision(), 0, "Begin did not open the journal");
    assert.include(played, "startEncounter");
  };
}

function turnChanges(
  f: FoundryFixture,
  probe: TrackerProbe,
  steps: Map<number, readonly TurnEvent[]>,
  assert: QuenchAssert,
): MochaFn {
  return async function (this: MochaContext) {
    this.timeout(60_000);
    const combat = combatOf(f, assert);
    const seen: string[] = [];
    const expected: string[] = [];
    const names: Record<string, string> = {
      turnEnded: "endTurn",
      roundEnded: "endRound",
      roundStarted: "startRound",
      turnStarted: "startTurn",
    };
    const record = (name: string) => (c?: { id?: string | null }) =>
      Promise.resolve(void seen.push(`${name} ${c?.id ?? ""}`.trim()));
    const spies = {
      _onStartTurn: record("startTurn"),
      _onEndTurn: record("endTurn"),
      _onStartRound: record("startRound"),
      _onEndRound: record("endRound"),
    };
    await watching(combat, spies, async () => {
      for (let i = 0; i < 10; i++) {
        const next = probe.legal().find((c) => c.type === "act" || c.type === "endTurn");
        if (!next) break;
        const before = { acting: probe.view()?.acting ?? null, round: combat.round, changes: f.seen.changes.length };
        const answer = await probe.send(game.user, next);
        assert.isTrue(answer.ok, answer.ok ? "" : answer.reason);
        const events = (combat.system as unknown as { events: TurnEvent[] }).events;
        steps.set(probe.revision(), events);
        for (const e of events)
          if (e.type in names) expected.push(`${names[e.type]} ${"combatant" in e ? String(e.combatant) : ""}`.trim());
        const acting = probe.view()?.acting ?? null;
        const changed = acting !== before.acting || combat.round !== before.round;
        await until("combatTurnChange", () => f.seen.changes.length === before.changes + (changed ? 1 : 0));
        if (changed)
          assert.strictEqual(
            f.seen.changes.at(-1)?.previous,
            before.acting,
            "combatTurnChange names another previous combatant",
          );
        assert.strictEqual(combat.combatant?.id ?? null, acting, "Combat#combatant is not the acting combatant");
      }
      await until("Foundry's turn events", () => seen.length >= expected.length);
    });
    assert.deepEqual(seen, expected);
  };
}

function turnOptions(f: FoundryFixture, steps: Map<number, readonly TurnEvent[]>, assert: QuenchAssert): MochaFn {
  return function () {
    assert.isTrue(f.seen.turnOptions.length > 0, "no combatRound nor combatTurn fired");
    for (const o of f.seen.turnOptions) {
      assert.isFalse("advanceTime" in o, "a turn hook still carries v12's advanceTime");
      assert.include([1, -1], o.direction);
      assert.strictEqual(typeof (o.worldTime as { delta?: unknown } | undefined)?.delta, "number");
    }
    const { roundTime, turnTime } = CONFIG.time;
    for (const o of f.seen.updateOptions) {
      const revision = (o.fray as { revision?: number } | undefined)?.revision;
      const events = revision === undefined ? undefined : steps.get(revision);
      if (!events) continue;
      const count = (type: string) => events.filter((e) => e.type === type).length;
      const delta = count("roundEnded") * roundTime + count("turnEnded") * turnTime;
      assert.strictEqual((o.worldTime as { delta: number }).delta, delta, `the clock's move at revision ${revision}`);
    }
  };
}

function menu(f: FoundryFixture, probe: TrackerProbe, assert: QuenchAssert): MochaFn {
  return async function (this: MochaContext) {
    this.timeout(15_000);
    const combat = combatOf(f, assert);
    const table = new TrackerTable(combat, new CombatWatch());
    await table.show();
    const id = f.made.ids.b2 ?? "";
    const li = table.control(`.combatant[data-combatant-id="${id}"]`) ?? assert.fail("no row for b2");
    const entries = (
      ui.combat as unknown as { _getEntryContextOptions(): MenuEntry<HTMLElement>[] }
    )._getEntryContextOptions();
    const shown = entries.filter((e) =>
      typeof e.condition === "function" ? !!e.condition(li) : e.condition !== false,
    );
    const names = shown.map((e) => e.name);
    for (const name of [
      "COMBAT.CombatantClear",
      "COMBAT.CombatantReroll",
      "COMBAT.CombatantClearMovementHistory",
      "COMBAT.CombatantRemove",
    ])
      assert.isFalse(names.includes(name), `the menu offers ${name} in a fight`);
    const remove =
      shown.find((e) => e.name === "FRAY.Tracker.RemoveFromFight") ?? assert.fail("no Remove from the fight");
    await outAndBack(probe, combat, id, () => remove.callback(li), assert);
  };
}

/** Do what removes `id`, see it leave the fight through the turn order yet stay a combatant, then undo that. */
async function outAndBack(
  probe: TrackerProbe,
  combat: NonNullable<FoundryFixture["made"]["combat"]>,
  id: string,
  act: () => unknown,
  assert: QuenchAssert,
) {
  const rev = probe.revision();
  await act();
  await probe.settled(rev + 1);
  assert.strictEqual(probe.revision(), rev + 1, "the removal was not one step of the turn order");
  assert.isTrue(!!combat.combatants.get(id), "Foundry deleted the combatant");
  assert.strictEqual(probe.view()?.status[id], "out");
  const undo = await probe.send(game.user, { type: "undo" });
  assert.isTrue(undo.ok, undo.ok ? "" : undo.reason);
  assert.notStrictEqual(probe.view()?.status[id], "out");
}

function deletions(f: FoundryFixture, probe: TrackerProbe, assert: QuenchAssert): MochaFn {
  return async function (this: MochaContext) {
    this.timeout(30_000);
    const combat = combatOf(f, assert);
    const token = (key: string) => f.scene?.tokens.get(f.tokens[key] ?? "") ?? assert.fail(`no token for ${key}`);
    const hud = TokenDocument.implementation as unknown as {
      deleteCombatants(t: unknown[], o: { combat: unknown }): Promise<unknown>;
    };
    await outAndBack(probe, combat, f.made.ids.a2 ?? "", () => hud.deleteCombatants([token("a2")], { combat }), assert);
    await outAndBack(
      probe,
      combat,
      f.made.ids.b1 ?? "",
      () => combat.combatants.get(f.made.ids.b1 ?? "")?.delete(),
      assert,
    );
    const id = f.made.ids.b2 ?? "";
    const rev = probe.revision();
    await token("b2").delete();
    await probe.settled(rev + 1);
    assert.isTrue(!!combat.combatants.get(id), "deleting the token deleted its combatant");
    assert.strictEqual(probe.view()?.status[id], "out");
  };
}
