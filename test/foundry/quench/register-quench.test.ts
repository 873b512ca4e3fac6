import { afterEach, describe, expect, it, vi } from "vitest";
import { COMBAT_MODES, MODE_FOR_RULESET } from "../../../src/foundry/combat/modes.js";
import { ACTOR_MODELS } from "../../../src/foundry/data/models.js";
import { actorTypeFor, FIGHT_CAST, FIGHT_SIDES, LOSERS } from "../../../src/foundry/quench/fight-cast.js";
import { FIGHTS_BATCH, registerFightsBatch } from "../../../src/foundry/quench/fights-batch.js";
import type { Quench, QuenchBatchContext, QuenchBatchOptions } from "../../../src/foundry/quench/quench-types.js";
import { registerQuenchBatches } from "../../../src/foundry/quench/register-quench.js";
import { TRACKER_BATCH } from "../../../src/foundry/quench/tracker-batch.js";

/** A fake Quench that records registerBatch calls. */
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
});

describe("Fray's Quench batches", () => {
  it("are registered when Quench calls quenchReady: the tracker batch and the fights batch", () => {
    const listeners = new Map<string, (quench: Quench) => void>();
    vi.stubGlobal("Hooks", { on: (hook: string, fn: (quench: Quench) => void) => (listeners.set(hook, fn), 1) });
    registerQuenchBatches();
    const quench = new FakeQuench();
    expect(quench.batches).toEqual([]);
    listeners.get("quenchReady")?.(quench);
    expect(quench.batches.map((b) => b.key)).toEqual([TRACKER_BATCH, FIGHTS_BATCH]);
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
});
