import { afterEach, describe, expect, it, vi } from "vitest";
import { COMBAT_MODES, MODE_FOR_RULESET } from "../../../src/foundry/rulesets/index.js";
import { ACTOR_MODELS } from "../../../src/foundry/data/models.js";
import { actorTypeFor, FIGHT_CAST, FIGHT_SIDES, LOSERS } from "../../../src/foundry/quench/fixtures/fight-cast.js";
import { FIGHTS_BATCH, registerFightsBatch } from "../../../src/foundry/quench/fights/fights-batch.js";
import type { Quench, QuenchBatchContext, QuenchBatchOptions } from "../../../src/foundry/quench/quench-types.js";
import { registerQuenchBatches } from "../../../src/foundry/quench/register-quench.js";
import { TRACKER_BATCH } from "../../../src/foundry/quench/tracker/tracker-batch.js";
import { RULESETS } from "../../../src/core/rulesets.js";
import { attackCardFor } from "../../../src/foundry/rulesets/index.js";
import { withInitial } from "../../../src/foundry/data/field-spec.js";
import { ITEM_MODELS } from "../../../src/foundry/data/models.js";
import { attackCastFor } from "../../../src/foundry/quench/attacks/attack-cast.js";
import { attackSceneData } from "../../../src/foundry/quench/attacks/attack-fixture.js";
import { isSpaceModel } from "../../../src/foundry/canvas/space/space-model.js";
import { ATTACKS_BATCH, registerAttacksBatch } from "../../../src/foundry/quench/attacks/attacks-batch.js";
import { nextCardControl, type CardControl } from "../../../src/foundry/quench/attacks/card-table.js";
import { MOVEMENT_BATCH, registerMovementBatch } from "../../../src/foundry/quench/movement/movement-batch.js";
import { FOUNDRY_BATCH, registerFoundryBatch } from "../../../src/foundry/quench/foundry/foundry-batch.js";
import { ADVENTURES_BATCH, registerAdventuresBatch } from "../../../src/foundry/quench/adventures/adventures-batch.js";
import { FakeGame } from "../../fakes/foundry-game.js";

/** A fake of the Quench module (not Foundry: @ethaks/fvtt-quench's `Quench#registerBatch`), recording its calls. */
class FakeQuench implements Quench {
  readonly batches: { key: string; fn: (context: QuenchBatchContext) => void; options?: QuenchBatchOptions }[] = [];
  registerBatch(key: string, fn: (context: QuenchBatchContext) => void, options?: QuenchBatchOptions): void {
    this.batches.push({ key, fn, ...(options ? { options } : {}) });
  }
}

/** Build a batch as Quench does (describe bodies run at once), recording its tests and hooks without running them. */
function outline(fn: (context: QuenchBatchContext) => void) {
  const tests: string[] = [];
  const hooks: string[] = [];
  const fail = () => {
    throw new Error("an assertion ran while the batch was only being built");
  };
  fn({
    describe: (_title, body) => body.call(undefined),
    it: (title) => void tests.push(title),
    before: () => void hooks.push("before"),
    after: () => void hooks.push("after"),
    beforeEach: () => void hooks.push("beforeEach"),
    afterEach: () => void hooks.push("afterEach"),
    assert: Object.assign(fail, {
      ok: fail,
      isTrue: fail,
      isFalse: fail,
      isNull: fail,
      isNotNull: fail,
      equal: fail,
      strictEqual: fail,
      notStrictEqual: fail,
      deepEqual: fail,
      lengthOf: fail,
      include: fail,
      fail,
    }),
  });
  return { tests, hooks };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/**
 * Hooks and game as Foundry v13 gives them to registerQuenchBatches: `Hooks.on`/`Hooks.once` return an id, and
 * `game.modules` is a Collection (a Map) of the installed modules, each with `active`.
 */
function foundryWith(quenchActive: boolean | null) {
  const listeners = new Map<string, (...args: never[]) => unknown>();
  const listen = (hook: string, fn: (...args: never[]) => unknown) => (listeners.set(hook, fn), listeners.size);
  vi.stubGlobal("Hooks", { on: listen, once: listen });
  vi.stubGlobal("game", new FakeGame({ modules: quenchActive === null ? {} : { quench: { active: quenchActive } } }));
  return {
    init: () => (listeners.get("init") as () => void)(),
    quenchReady: (quench: Quench) => (listeners.get("quenchReady") as (q: Quench) => void)(quench),
  };
}

/** A loader that counts its calls and hands out the real batch module (or a failure). */
function countingLoader(outcome: "real" | Error = "real") {
  const loader = Object.assign(
    () => {
      loader.calls++;
      return outcome === "real" ? import("../../../src/foundry/quench/all-batches.js") : Promise.reject(outcome);
    },
    { calls: 0 },
  );
  return loader;
}

describe("Fray's Quench batches", () => {
  it(
    "are fetched in init only when Quench is active, and registered on quenchReady: tracker, fights, attacks, " +
      "movement, foundry, adventures",
    async () => {
      const foundry = foundryWith(true);
      const load = countingLoader();
      registerQuenchBatches(load);
      expect(load.calls).toBe(0);
      foundry.init();
      // Fetched before Quench asks, so the batches are there when it autoruns them in ready.
      expect(load.calls).toBe(1);
      const quench = new FakeQuench();
      foundry.quenchReady(quench);
      await vi.waitFor(() =>
        expect(quench.batches.map((b) => b.key)).toEqual([
          TRACKER_BATCH,
          FIGHTS_BATCH,
          ATTACKS_BATCH,
          MOVEMENT_BATCH,
          FOUNDRY_BATCH,
          ADVENTURES_BATCH,
        ]),
      );
      expect(load.calls).toBe(1);
    },
  );

  it("a world without Quench (inactive or not installed) fetches nothing", () => {
    for (const state of [false, null]) {
      const foundry = foundryWith(state);
      const load = countingLoader();
      registerQuenchBatches(load);
      foundry.init();
      expect(load.calls, String(state)).toBe(0);
    }
  });

  it("the default loader imports the batch module itself when quenchReady comes first", async () => {
    const foundry = foundryWith(true);
    registerQuenchBatches();
    const quench = new FakeQuench();
    foundry.quenchReady(quench);
    await vi.waitFor(() =>
      expect(quench.batches.map((b) => b.key)).toEqual([
        TRACKER_BATCH,
        FIGHTS_BATCH,
        ATTACKS_BATCH,
        MOVEMENT_BATCH,
        FOUNDRY_BATCH,
        ADVENTURES_BATCH,
      ]),
    );
  });

  it("a chunk that fails to load is reported on the console, and nothing is registered", async () => {
    const foundry = foundryWith(true);
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const failure = new Error("404 systems/fray/chunks/all-batches.mjs");
    registerQuenchBatches(countingLoader(failure));
    foundry.init();
    const quench = new FakeQuench();
    foundry.quenchReady(quench);
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith("Fray | the Quench batches did not load", failure));
    expect(quench.batches).toEqual([]);
  });

  it("fray.fights plays one fight per combat mode, and building it touches no Foundry global", () => {
    // No game, ui, Hooks or Combat exists here: a batch that read one while being built would throw.
    for (const name of ["game", "ui", "Hooks", "Combat", "CONST"]) expect(name in globalThis, name).toBe(false);
    const quench = new FakeQuench();
    registerFightsBatch(quench);
    const [batch] = quench.batches;
    expect(batch?.key).toBe("fray.fights");
    expect(batch?.options?.displayName).toBe("Fray: one fight per combat mode");
    const { tests, hooks } = outline(batch!.fn);
    expect(tests.map((t) => t.split(":")[0])).toEqual(Object.keys(COMBAT_MODES));
    // Whatever a fight leaves behind is removed after it, and again after the batch.
    expect(hooks).toEqual(["before", "afterEach", "after"]);
  });

  it(
    "fray.foundry checks sheets, replayed requests, a player's rolls and the borders form, and building it " +
      "touches no Foundry global",
    () => {
      for (const name of ["game", "ui", "Hooks", "CONFIG", "canvas"]) expect(name in globalThis, name).toBe(false);
      const quench = new FakeQuench();
      registerFoundryBatch(quench);
      const [batch] = quench.batches;
      expect(batch?.key).toBe(FOUNDRY_BATCH);
      const { tests, hooks } = outline(batch!.fn);
      expect(tests.map((t) => t.split(":")[0])).toEqual(["sheets", "requests", "dice", "regions"]);
      expect(hooks).toEqual(["before"]);
    },
  );

  it(
    "fray.adventures imports and begins each rule set's adventure, cleans up after each, and building it " +
      "touches no Foundry global",
    () => {
      for (const name of ["game", "ui", "Hooks", "CONFIG", "foundry"]) expect(name in globalThis, name).toBe(false);
      const quench = new FakeQuench();
      registerAdventuresBatch(quench);
      const [batch] = quench.batches;
      expect(batch?.key).toBe(ADVENTURES_BATCH);
      const { tests, hooks } = outline(batch!.fn);
      expect(tests.map((t) => t.split(":")[0])).toEqual([...RULESETS]);
      expect(hooks).toEqual(["before", "afterEach", "after"]);
    },
  );

  it("fray.fights' cast: two fighters a side, side B's lose, each mode made of its own rule set's actor type", () => {
    expect(FIGHT_SIDES).toHaveLength(2);
    expect(FIGHT_CAST.map((c) => c.side)).toEqual([0, 0, 1, 1]);
    expect(LOSERS).toEqual(FIGHT_CAST.filter((c) => c.side === 1).map((c) => c.key));
    for (const modeId of Object.keys(COMBAT_MODES)) {
      const model = ACTOR_MODELS.find((m) => m.type === actorTypeFor(modeId));
      expect(model && MODE_FOR_RULESET[model.ruleset], modeId).toBe(modeId);
    }
    expect(() => actorTypeFor("nosuchmode")).toThrow(/nosuchmode/);
  });

  it("fray.attacks makes one attack per rule set, and building it touches no Foundry global", () => {
    for (const name of ["game", "ui", "Hooks", "Actor", "ChatMessage", "canvas", "CONST"])
      expect(name in globalThis, name).toBe(false);
    const quench = new FakeQuench();
    registerAttacksBatch(quench);
    const [batch] = quench.batches;
    expect(batch?.key).toBe("fray.attacks");
    expect(batch?.options?.displayName).toBe("Fray: one attack per rule set");
    const { tests, hooks } = outline(batch!.fn);
    // Per rule set: one attack alone, then one in a started fight, whose card spends the turn and is voided.
    const alone = tests.filter((t) => !/in a started fight/.test(t));
    const inFight = tests.filter((t) => /in a started fight/.test(t));
    expect(alone.map((t) => t.split(":")[0])).toEqual([...RULESETS]);
    expect(inFight.map((t) => t.split(":")[0])).toEqual([...RULESETS]);
    // Always from the sheet's button, its target's token targeted on the batch's own scene: no call past the button.
    for (const t of alone)
      expect(t).toMatch(
        /targets the target's token on the batch's scene and clicks the Attack button on the attacker's sheet/,
      );
    for (const t of inFight)
      expect(t).toMatch(/the sheet's Attack opens a card that spends the turn.*the tracker's undo/);
    for (const t of tests) expect(t).not.toMatch(/startAttack/);
    expect(hooks).toEqual(["before", "afterEach", "after"]);
  });

  it("fray.attacks' scene: a square grid without padding, no map of sections or zones, under the batch's name", () => {
    const data = attackSceneData();
    expect(data).toMatchObject({
      padding: 0,
      grid: { type: 1, size: 100 },
      name: expect.stringMatching(/^Fray Quench /) as unknown,
    });
    // The target's token is placed at (200, 100): inside the scene.
    expect([data.width, data.height]).toEqual([600, 400]);
    const model = (data.flags as { fray: { spaceModel: unknown } }).fray.spaceModel;
    expect(isSpaceModel(model) && model).toBe("none");
  });

  it(
    "fray.movement moves a token on a scene of the world's " + "rule set, and building it touches no Foundry global",
    () => {
      for (const name of ["game", "ui", "Hooks", "Scene", "Combat", "CONST"])
        expect(name in globalThis, name).toBe(false);
      const quench = new FakeQuench();
      registerMovementBatch(quench);
      const [batch] = quench.batches;
      expect(batch?.key).toBe("fray.movement");
      expect(batch?.options?.displayName).toBe("Fray: token movement");
      const { tests, hooks } = outline(batch!.fn);
      expect(tests).toHaveLength(5);
      expect(tests[0]).toMatch(/walled/);
      expect(tests[1]).toMatch(/^sections: walking up a Height is refused, and so is a Fly until a card grants one/);
      expect(tests[2]).toMatch(/budget.*undo/);
      // Issue 25: a drag through waypoints is v13's segments, asked and charged once.
      expect(tests[3]).toMatch(/^a drag through two waypoints is made in two segments.*charged to the turn once/);
      // SEC-06..SEC-08: the Fly goes through a card played with the sheet's Play, as a player plays it.
      expect(tests[4]).toMatch(/^sections: .*Fly 2 card played with the sheet's Play.*a second Fly is refused/);
      // The scene, its tokens, the actors, the combat and the chat messages go after the batch.
      expect(hooks).toEqual(["before", "after"]);
    },
  );

  it(
    "fray.attacks' cast: each rule set's attacker, item and target open an attack card (after " +
      "its question, if any)",
    () => {
      for (const ruleset of RULESETS) {
        const cast = attackCastFor(ruleset);
        const card = attackCardFor(ruleset)!;
        const actorModel = ACTOR_MODELS.find((m) => m.type === cast.actorType)!;
        const itemModel = ITEM_MODELS.find((m) => m.type === cast.item.type)!;
        const item = {
          id: "item",
          name: cast.item.name,
          type: cast.item.type,
          system: withInitial(itemModel.fields, cast.item.system),
        };
        const actor = (id: string, system: Readonly<Record<string, unknown>>, items: (typeof item)[]) => ({
          id,
          name: id,
          type: cast.actorType,
          system: withInitial(actorModel.fields, system),
          items,
        });
        const choice = {
          attacker: actor("a", cast.attacker.system, [item]),
          target: actor("t", cast.target.system, []),
          itemId: "item",
          options: {},
        };
        const question = card.ask?.(choice) ?? null;
        const options = question ? { [question.option]: question.answers[0]!.value } : {};
        const opened = card.open({ ...choice, options });
        expect(opened.ok ? "ok" : `${opened.key}: ${opened.reason}`, ruleset).toBe("ok");
      }
    },
  );

  it(
    "fray.attacks clicks roll, skipReaction, rollDamage, " +
      "apply first, else a declining choice, never the GM's undo",
    () => {
      const control = (command: CardControl["command"]) => ({ command, button: {} as HTMLButtonElement });
      const pick = (...commands: CardControl["command"][]) => nextCardControl(commands.map(control))?.command ?? null;
      expect(pick({ type: "react", reaction: "dodge" }, { type: "skipReaction" })).toEqual({ type: "skipReaction" });
      expect(pick({ type: "undo" }, { type: "apply" })).toEqual({ type: "apply" });
      expect(pick({ type: "answerStunt", accept: true }, { type: "answerStunt", accept: false })).toEqual({
        type: "answerStunt",
        accept: false,
      });
      expect(pick({ type: "fortify" }, { type: "fallUnconscious" })).toEqual({ type: "fortify" });
      expect(pick({ type: "undo" })).toBeNull();
    },
  );
});
