import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FakeFoundryActor } from "../../fakes/foundry-actor.js";
import { FakeGame } from "../../fakes/foundry-game.js";

type Rec = Record<string, unknown>;

/** Records what Foundry hands the actor's own hooks. */
class Recording extends FakeFoundryActor {
  readonly pre: Rec[] = [];
  readonly on: Rec[] = [];
  protected override _preUpdate(changes: Rec): Promise<void> {
    this.pre.push(JSON.parse(JSON.stringify(changes)) as Rec);
    return Promise.resolve();
  }
  protected override _onUpdate(changed: Rec): void {
    this.on.push(changed);
  }
}

const g = globalThis as unknown as { game?: unknown };
beforeEach(() => {
  g.game = new FakeGame({ user: { id: "u1", isGM: false } });
});
afterEach(() => {
  delete g.game;
});

// v13's update, read from common/abstract/document.mjs (Document#update adds `_id`) and client/data/client-backend.mjs
// (#preUpdateDocumentArray: the change is expanded, `_preUpdate` sees it whole, and only then is it diffed).
describe("the actor fake updates as Foundry v13 does", () => {
  it("_preUpdate gets the whole expanded change with its _id, before the diff against the source", async () => {
    const actor = new Recording("character", { hp: { value: 5, max: 9 }, name: "x" });
    await actor.update({ "system.hp.value": 3, "system.hp.max": 9 });
    expect(actor.pre).toEqual([{ _id: actor.id, system: { hp: { value: 3, max: 9 } } }]);
  });

  it(
    "an update that changes nothing still runs _preUpdate, " + "then stops: no _onUpdate, no write, undefined back",
    async () => {
      const actor = new Recording("character", { hp: { value: 5, max: 9 } });
      expect(await actor.update({ system: { hp: { value: 5 } } })).toBeUndefined();
      expect(actor.pre).toHaveLength(1);
      expect(actor.on).toEqual([]);
      expect(actor.written).toEqual([]);
    },
  );

  it("_onUpdate gets the diff, with the _id", async () => {
    const actor = new Recording("character", { hp: { value: 5, max: 9 } });
    await actor.update({ system: { hp: { value: 2, max: 9 } } });
    expect(actor.on).toEqual([{ _id: actor.id, system: { hp: { value: 2 } } }]);
  });
});
