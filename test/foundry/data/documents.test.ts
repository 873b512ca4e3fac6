import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { initialData } from "../../../src/foundry/data/field-spec.js";
import { teamsCharacter, teamsWeapon } from "../../../src/foundry/data/specs/index.js";
import { FakeGame } from "../../fakes/foundry-game.js";

/**
 * FrayActor and FrayItem over a small fake of Foundry's Actor and Item base classes: the fake records what
 * reaches it, so these tests check what Fray hands on to Foundry (the types offered, the reviewed updates). As v13's
 * `common/abstract/document.mjs` does, `update(data, operation)` adds the document's `_id` to the data and the
 * parent and pack to the operation, then goes through the class's `updateDocuments` (Fray's override included).
 */
type Call = [string, ...unknown[]];
const calls: Call[] = [];
const warnings: string[] = [];

class FakeDocument {
  readonly parent: unknown = null;
  readonly pack: string | null = null;
  constructor(
    readonly type: string,
    readonly _source: { system: Record<string, unknown> },
    readonly items: Map<string, FakeDocument> = new Map(),
    readonly id = "doc1",
  ) {}
  static createDialog(...args: unknown[]): Promise<null> {
    calls.push(["createDialog", ...args]);
    return Promise.resolve(null);
  }
  async update(data: Record<string, unknown> = {}, operation: Record<string, unknown> = {}): Promise<this | undefined> {
    calls.push(["update", data, operation]);
    data._id = this.id;
    operation.parent = this.parent;
    operation.pack = this.pack;
    const cls = this.constructor as unknown as { updateDocuments(u: unknown[], o: unknown): Promise<unknown[]> };
    return (await cls.updateDocuments([data], operation)).length ? this : undefined;
  }
  static updateDocuments(updates: unknown, operation?: unknown): Promise<unknown[]> {
    calls.push(["updateDocuments", updates, operation]);
    return Promise.resolve([]);
  }
}

let FrayActor: new (...args: ConstructorParameters<typeof FakeDocument>) => FakeDocument;
let FrayItem: new (...args: ConstructorParameters<typeof FakeDocument>) => FakeDocument;
const game = new FakeGame({ settings: { "fray.ruleset": "teams" }, i18n: { format: (key: string) => key } });
const worldActors = game.actors;
const g = globalThis as Record<string, unknown>;

beforeAll(async () => {
  g.Actor = class Actor extends FakeDocument {};
  g.Item = class Item extends FakeDocument {};
  g.ui = { notifications: { warn: (m: string) => warnings.push(m) } };
  g.game = game;
  FrayActor = (await import("../../../src/foundry/documents/fray-actor.js")).FrayActor as unknown as typeof FrayActor;
  FrayItem = (await import("../../../src/foundry/documents/fray-item.js")).FrayItem as unknown as typeof FrayItem;
});

beforeEach(() => {
  calls.length = 0;
  warnings.length = 0;
  worldActors.clear();
});

const boudicaSystem = () => ({ ...initialData(teamsCharacter.fields), health: { value: 7, max: 12 } });

describe("FrayActor / FrayItem", () => {
  it("the create dialog offers only the world rule set's types", async () => {
    await (FrayActor as unknown as { createDialog: (...a: unknown[]) => Promise<unknown> }).createDialog(
      {},
      {},
      { width: 300 },
    );
    expect(calls).toEqual([["createDialog", {}, {}, { width: 300, types: ["teams-character"] }]]);
    calls.length = 0;
    await (FrayItem as unknown as { createDialog: (...a: unknown[]) => Promise<unknown> }).createDialog();
    expect(calls[0]?.[3]).toEqual({ types: ["teams-weapon", "teams-armour", "teams-talent", "teams-consumable"] });
  });

  it("actor.update hands Foundry the reviewed update and warns once per problem", async () => {
    const actor = new FrayActor("teams-character", { system: boudicaSystem() });
    worldActors.set("doc1", actor);
    await actor.update({ name: "Boudica", "system.health.value": 30, "system.luckDie": "d3" }, { render: false });
    // v13's update goes on through the class's updateDocuments, whose review finds nothing more to say.
    const reviewed = { _id: "doc1", name: "Boudica", system: { health: { value: 12 } } };
    const operation = { render: false, parent: null, pack: null };
    expect(calls).toEqual([
      ["update", reviewed, operation],
      ["updateDocuments", [reviewed], operation],
    ]);
    expect(warnings).toEqual(["FRAY.Update.AboveMax", "FRAY.Update.BadChoice"]);
  });

  it("Actor.updateDocuments reviews each change against the world actor it names", async () => {
    worldActors.set("a1", new FrayActor("teams-character", { system: boudicaSystem() }));
    const Cls = FrayActor as unknown as { updateDocuments: (u: unknown[], o?: unknown) => Promise<unknown> };
    await Cls.updateDocuments([
      { _id: "a1", "system.constitution": -2 },
      { _id: "zz", "system.anything": 1 },
    ]);
    expect(calls[0]?.[1]).toEqual([
      { _id: "a1", system: { constitution: 0 } },
      { _id: "zz", "system.anything": 1 },
    ]);
    expect(warnings).toEqual(["FRAY.Update.BelowMin"]);
  });

  it("a synthetic token actor's update (parent set) is left to its own actor.update", async () => {
    worldActors.set("a1", new FrayActor("teams-character", { system: boudicaSystem() }));
    const Cls = FrayActor as unknown as { updateDocuments: (u: unknown[], o?: unknown) => Promise<unknown> };
    const updates = [{ _id: "a1", "system.health.value": 15 }];
    await Cls.updateDocuments(updates, { parent: {} });
    expect(calls[0]?.[1]).toBe(updates);
    expect(warnings).toEqual([]);
  });

  it("embedded item updates are reviewed against the item in its parent actor", async () => {
    const spear = new FrayItem("teams-weapon", {
      system: { ...initialData(teamsWeapon.fields), durability: { value: 10, max: 10 } },
    });
    const actor = new FrayActor("teams-character", { system: boudicaSystem() }, new Map([["i1", spear]]));
    const Cls = FrayItem as unknown as { updateDocuments: (u: unknown[], o?: unknown) => Promise<unknown> };
    await Cls.updateDocuments([{ _id: "i1", "system.durability.value": 14, "system.tags": ["thrown", "laser"] }], {
      parent: actor,
    });
    expect(calls[0]?.[1]).toEqual([{ _id: "i1", system: { durability: { value: 10 } } }]);
    expect(warnings).toEqual(["FRAY.Update.AboveMax", "FRAY.Update.BadChoice"]);
  });

  it("compendium updates pass through to Foundry's own validation", async () => {
    const Cls = FrayItem as unknown as { updateDocuments: (u: unknown[], o?: unknown) => Promise<unknown> };
    const updates = [{ _id: "i1", "system.damage": "lots" }];
    await Cls.updateDocuments(updates, { pack: "world.gear" });
    expect(calls[0]?.[1]).toEqual(updates);
  });
});
