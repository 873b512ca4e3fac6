import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { attackMacroCommand } from "../../../src/foundry/cards/hotbar-attacks.js";
import { SAMPLE_ITEMS } from "../../../tools/sample-data.js";
import { FakeHotbarWorld, type FakeDropItem } from "./fake-hotbar.js";

// An attack item dragged onto v13's hotbar (fake-hotbar.ts mirrors client/applications/ui/hotbar.mjs, #onDragDrop):
// v13 calls the hotbarDrop hook before it checks the lock, and fromUuidSync throws for a compendium actor's item.
let world: FakeHotbarWorld;
let warnings: string[];
let registerHotbarAttacks: () => void;

const spear = (uuid: string): FakeDropItem => ({
  id: "spear",
  name: "Spear",
  type: "teams-weapon",
  system: SAMPLE_ITEMS.find((s) => s.type === "teams-weapon")!.system,
  img: "icons/spear.svg",
  uuid,
  parent: { id: "alric", name: "Alric" },
});

/** Every promise the drop started has run its course (Fray's handler makes its macro without Foundry waiting). */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeAll(async () => {
  ({ registerHotbarAttacks } = await import("../../../src/foundry/cards/hotbar-attacks.js"));
});

beforeEach(() => {
  world = new FakeHotbarWorld();
  warnings = [];
  Object.assign(globalThis, {
    Hooks: world.hooks,
    fromUuidSync: world.fromUuidSync,
    Macro: { create: world.createMacro },
    ui: { notifications: { warn: (m: string) => void warnings.push(m) } },
    game: {
      settings: { get: (scope: string, key: string) => (scope === "fray" && key === "ruleset" ? "teams" : undefined) },
      macros: { find: (test: (m: unknown) => boolean) => world.macros.find(test) },
      user: { assignHotbarMacro: world.assign },
    },
  });
  registerHotbarAttacks();
});

describe("an attack item dropped on the hotbar", () => {
  it("an unlocked bar gets Fray's attack macro in the slot, and no macro of Foundry's", async () => {
    world.add(spear("Actor.alric.Item.spear"));
    await world.drop({ type: "Item", uuid: "Actor.alric.Item.spear" }, "3");
    await settled();
    expect(world.macros.map((m) => m.command)).toEqual([attackMacroCommand("Actor.alric.Item.spear")]);
    expect(world.assigned.map((a) => [a.macro.name, a.slot])).toEqual([["Spear", "3"]]);
    expect(world.errors).toEqual([]);
  });

  it("a locked bar takes no macro at all, as v13's own drop refuses it", async () => {
    world.add(spear("Actor.alric.Item.spear"));
    world.locked = true;
    await world.drop({ type: "Item", uuid: "Actor.alric.Item.spear" }, "3");
    await settled();
    expect(world.macros).toEqual([]);
    expect(world.assigned).toEqual([]);
    expect(world.errors).toEqual([]);
  });

  it(
    "a compendium actor's item throws nothing: it is left " + "to Foundry's own macro, its actor being on no scene",
    async () => {
      const uuid = "Compendium.fray.teams-actors.Actor.alric.Item.spear";
      world.add(spear(uuid));
      await world.drop({ type: "Item", uuid }, "4");
      await settled();
      expect(world.errors).toEqual([]);
      expect(world.macros.map((m) => m.name)).toEqual(["Display Spear"]);
      expect(warnings).toEqual([]);
    },
  );
});

describe("an attack item dragged to the hotbar", () => {
  it("becomes a macro that attacks with that item through the system's API, its UUID quoted as data", () => {
    expect(attackMacroCommand("Actor.abc.Item.def")).toBe('await game.system.api.attackWith("Actor.abc.Item.def");');
    // A UUID with quotes or a closing parenthesis stays one string argument: no code of its own.
    const odd = attackMacroCommand('x"); alert("y');
    expect(odd).toBe('await game.system.api.attackWith("x\\"); alert(\\"y");');
  });
});
