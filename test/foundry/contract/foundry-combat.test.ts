import { afterEach, describe, expect, it, vi } from "vitest";
import { FoundryCombat } from "../../fakes/foundry-combat-document.js";
import { FakeCombat, FakeCombatant, FakeHooks, FakeUser } from "../../fakes/foundry-combat.js";
import { FakeGame } from "../../fakes/foundry-game.js";

// v13's update of a Combat, read from client/data/client-backend.mjs (#preUpdateDocumentArray: only the difference
// is sent, an empty one not at all), common/data/fields.mjs (_updateDiff) and client/helpers/hooks.mjs (callAll).
afterEach(() => vi.unstubAllGlobals());

/** A Combat of Foundry's own, on a client of `user`, recording what its _onUpdate and the updateCombat hook get. */
function foundryCombat(hooks: FakeHooks) {
  vi.stubGlobal("game", new FakeGame({ user: new FakeUser("gm", "GM", true) }));
  vi.stubGlobal("Hooks", hooks);
  vi.stubGlobal("canvas", { ready: false });
  vi.stubGlobal("CONST", { COMBAT_ANNOUNCEMENTS: [], REGION_EVENTS: {} });
  const combat = new FoundryCombat({
    id: "c",
    type: "base",
    combatants: [new FakeCombatant("a", "A", "x")],
    round: 1,
    turn: 0,
  });
  combat.active = false;
  const seen: Record<string, unknown>[] = [];
  const onUpdate = combat._onUpdate.bind(combat);
  combat._onUpdate = (changed, options, userId) => (seen.push(changed), onUpdate(changed, options, userId));
  return { combat, seen };
}

describe("the combat fakes update as Foundry v13 does", () => {
  it("what changed holds round and turn when they change, and only what changed", async () => {
    const hooks = new FakeHooks();
    const { combat, seen } = foundryCombat(hooks);
    await combat.update({ round: 2, turn: 0, "system.revision": 1, "system.events": [] });
    expect(seen).toEqual([{ round: 2, system: { revision: 1 } }]);
    const fake = new FakeCombat("f", "teams", [], hooks);
    await fake.update({ round: 1, turn: 2, "system.revision": 1 });
    expect([fake.round, fake.turn, fake.updateOptions.length]).toEqual([1, 2, 1]);
  });

  it(
    "an update that changes nothing is never sent: no " + "_onUpdate, no updateCombat hook, no options recorded",
    async () => {
      const hooks = new FakeHooks();
      const { combat, seen } = foundryCombat(hooks);
      await combat.update({ round: 1, turn: 0, system: { revision: 0, events: [] } });
      expect(seen).toEqual([]);
      expect(hooks.count("updateCombat")).toBe(0);
      expect(combat.updateOptions).toEqual([]);
      const fake = new FakeCombat("f", "teams", [], hooks);
      await fake.update({ "system.revision": 0, "system.events": [] }, { fray: { revision: 0 } });
      expect(fake.updateOptions).toEqual([]);
    },
  );

  it("an array equal to the stored one is no change; `==` replaces and is always reported", async () => {
    const hooks = new FakeHooks();
    const { combat, seen } = foundryCombat(hooks);
    await combat.update({ "system.events": [{ type: "x" }] });
    await combat.update({ "system.events": [{ type: "x" }], "system.revision": 2 });
    await combat.update({ "system.==events": [{ type: "x" }], "system.revision": 3 });
    expect(seen).toEqual([
      { system: { events: [{ type: "x" }] } },
      { system: { revision: 2 } },
      { system: { "==events": [{ type: "x" }], revision: 3 } },
    ]);
  });

  it(
    "an update prepares the system data afresh from the " + "source: nothing read before it is the object read after",
    async () => {
      // common/abstract/data.mjs updateSource then _initialize; TypeDataField and ObjectField initialize
      // (common/data/fields.mjs).
      const hooks = new FakeHooks();
      const { combat } = foundryCombat(hooks);
      const fake = new FakeCombat("f", "teams", [], hooks);
      for (const c of [combat, fake] as {
        system: Record<string, unknown>;
        update(d: Record<string, unknown>): Promise<unknown>;
      }[]) {
        await c.update({ "system.journal": { log: { 0: [{ type: "act" }] } } });
        const [system, log] = [c.system, (c.system.journal as { log: Record<string, unknown> }).log];
        (log[0] as unknown[]).push({ type: "edited in place" });
        await c.update({ "system.revision": 5 });
        expect(c.system).not.toBe(system);
        expect((c.system.journal as { log: Record<string, unknown> }).log).toEqual({ 0: [{ type: "act" }] });
        // The model's parent is its document, not one of its enumerable fields (DataModel's constructor).
        expect((c.system as { parent?: unknown }).parent).toBe(c);
        expect(Object.keys(c.system)).not.toContain("parent");
      }
    },
  );

  it("Hooks.callAll returns nothing, whatever its handlers return; Hooks.call stops at a false", () => {
    const hooks = new FakeHooks();
    hooks.on("h", () => false);
    expect(hooks.callAll("h")).toBeUndefined();
    expect(hooks.call("h")).toBe(false);
    expect(hooks.call("none")).toBe(true);
  });
});
