import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { RulesetId } from "../../../src/core/rulesets.js";
import { carryOut, takeBack } from "../../../src/foundry/cards/requests/apply-plan.js";
import type { CardActorLike } from "../../../src/foundry/cards/data/card-ports.js";
import { sheetConditions } from "../../../src/foundry/cards/sections/read-entity.js";
import { strainCharacterFrom } from "../../../src/foundry/cards/strain/character.js";
import { statsFrom } from "../../../src/foundry/combat/fight/combat-roster.js";
import { initialData } from "../../../src/foundry/data/field-spec.js";
import { ACTOR_MODELS } from "../../../src/foundry/data/models.js";
import { statusEffectsFor } from "../../../src/foundry/statuses/status-effects.js";
import { FakeFoundryActor } from "../../fakes/foundry-actor.js";
import { EN } from "../../fakes/lang.js";
import { FakeGame } from "../../fakes/foundry-game.js";

/**
 * FrayActor over a fake of Foundry v13's Actor (test/fakes/foundry-actor.ts): the token HUD calls
 * `actor.toggleStatusEffect(id, { active, overlay })`, the sheet and the cards call `actor.update`; either way the
 * condition field is written through the review and the status icon (an ActiveEffect) follows it.
 */
type Actor = FakeFoundryActor & {
  mirrorConditions(): Promise<void>;
  toggleStatusEffect(id: string, o?: { active?: boolean | null; overlay?: boolean }): Promise<unknown>;
};
let FrayActor: (new (type: string, system: Record<string, unknown>) => Actor) & typeof FakeFoundryActor;
const warnings: string[] = [];
const g = globalThis as Record<string, unknown>;
const game = new FakeGame({
  settings: { "fray.ruleset": "teams" },
  user: { id: "gm", isGM: false },
  i18n: { format: (key: string) => key, localize: (key: string) => EN[key] ?? key },
});

beforeAll(async () => {
  g.Actor = FakeFoundryActor;
  g.ui = { notifications: { warn: (m: string) => warnings.push(m) } };
  g.game = game;
  g.CONFIG = { statusEffects: [] };
  FrayActor = (await import("../../../src/foundry/documents/fray-actor.js")).FrayActor as unknown as typeof FrayActor;
});

/** A world of one rule set: its status effects, as registered at setup. */
function world(r: RulesetId): void {
  void game.settings.set("fray", "ruleset", r);
  (g.CONFIG as { statusEffects: unknown }).statusEffects = statusEffectsFor(r);
}

beforeEach(() => {
  warnings.length = 0;
  world("teams");
});

const initial = (type: string) => initialData(ACTOR_MODELS.find((m) => m.type === type)!.fields);
/** Let the passes `_onUpdate` started run out (the fake's database answers within the same macrotask). */
const settle = () => new Promise((r) => setTimeout(r, 0));
const icons = (a: FakeFoundryActor) =>
  a.effects.contents
    .flatMap((e) => [...e.statuses])
    .sort()
    .join(",");

describe("a condition toggled on the token writes the actor's field, and the icon follows", () => {
  it(
    "the HUD's prone writes conditions.prone through the " + "review; the roster and the teams card read it; off again",
    async () => {
      const boudica = new FrayActor("teams-character", initial("teams-character"));
      await boudica.toggleStatusEffect("prone", { active: true, overlay: false });
      // The review's nested form is what reached the database: the write went through FrayActor.update's review.
      expect(boudica.written).toEqual([{ system: { conditions: { prone: true } } }]);
      expect(icons(boudica)).toBe("prone");
      expect(boudica.effects.contents[0]).toMatchObject({ name: "Prone", img: "icons/svg/falling.svg" });
      expect(boudica.statuses.has("prone")).toBe(true);
      expect(statsFrom(boudica.system).prone).toBe(true);

      await boudica.toggleStatusEffect("prone", { active: false, overlay: false });
      expect(boudica.system.conditions).toMatchObject({ prone: false });
      expect(icons(boudica)).toBe("");
      expect(boudica.statuses.has("prone")).toBe(false);
      expect(statsFrom(boudica.system).prone).toBe(false);
    },
  );

  it("a toggle with no `active` (a macro) turns the condition the other way, each time", async () => {
    const boudica = new FrayActor("teams-character", initial("teams-character"));
    await boudica.toggleStatusEffect("unconscious");
    expect(statsFrom(boudica.system).unable).toBe(true);
    expect(icons(boudica)).toBe("unconscious");
    await boudica.toggleStatusEffect("unconscious");
    expect(statsFrom(boudica.system).unable).toBe(false);
    expect(icons(boudica)).toBe("");
  });

  it("the HUD's right click draws the icon large, as Foundry's overlay flag", async () => {
    const boudica = new FrayActor("teams-character", initial("teams-character"));
    await boudica.toggleStatusEffect("unconscious", { active: true, overlay: true });
    expect(boudica.effects.contents[0]?.flags).toEqual({ core: { overlay: true } });
  });

  it("the sheet's checkbox (an update of the field) puts the icon on, and clearing it takes it off", async () => {
    const boudica = new FrayActor("teams-character", initial("teams-character"));
    await boudica.update({ "system.conditions.unconscious": true });
    await settle();
    expect(icons(boudica)).toBe("unconscious");
    expect(boudica.statuses.has("unconscious")).toBe(true);
    await boudica.update({ system: { conditions: { unconscious: false } } });
    await settle();
    expect(icons(boudica)).toBe("");
  });

  it("only the writer's client puts the icons in step: another user's update, seen here, writes nothing", async () => {
    const boudica = new FrayActor("teams-character", initial("teams-character"));
    const seen = (userId: string) =>
      (boudica as unknown as { _onUpdate(c: unknown, o: unknown, u: string): void })._onUpdate(
        { system: { conditions: { prone: true } } },
        {},
        userId,
      );
    boudica.updateSource({ "system.conditions.prone": true });
    seen("player");
    await settle();
    expect(icons(boudica)).toBe("");
    seen("gm");
    await settle();
    expect(icons(boudica)).toBe("prone");
  });

  it(
    "a strain Status stacks: the HUD sets 1, keeps 2 and " + "its icon, and clears it; the strain card reads the count",
    async () => {
      world("strain");
      const bram = new FrayActor("strain-character", initial("strain-character"));
      const read = () =>
        strainCharacterFrom({ id: "bram", name: "Bram", type: "strain-character", system: bram.system, items: [] });
      await bram.toggleStatusEffect("stunned", { active: true });
      expect(read()?.statuses).toEqual({ stunned: 1 });
      await bram.update({ "system.statuses.stunned": 2 });
      await bram.toggleStatusEffect("stunned", { active: true });
      expect(read()?.statuses).toEqual({ stunned: 2 });
      expect(icons(bram)).toBe("stunned");
      await bram.toggleStatusEffect("stunned", { active: false });
      expect(read()?.statuses).toEqual({});
      expect(icons(bram)).toBe("");
      await bram.toggleStatusEffect("incapacitated", { active: true });
      expect(read()?.incapacitated).toBe(true);
    },
  );

  it("a sections condition and a sense: the card reads Debilitated, the sheet keeps Darkvision", async () => {
    world("sections");
    const entity = new FrayActor("sections-entity", initial("sections-entity"));
    await entity.toggleStatusEffect("debilitated", { active: true });
    await entity.toggleStatusEffect("darkvision", { active: true });
    expect(sheetConditions(entity.system)).toEqual(["debilitated"]);
    expect(entity.system.senses).toMatchObject({ darkvision: true });
    expect(icons(entity)).toBe("darkvision,debilitated");
  });

  it("Foundry's own dead stays a plain effect: no field is written", async () => {
    const boudica = new FrayActor("teams-character", initial("teams-character"));
    await boudica.toggleStatusEffect("dead", { active: true, overlay: true });
    expect(boudica.written).toEqual([]);
    expect(icons(boudica)).toBe("dead");
    expect(boudica.statuses.has("dead")).toBe(true);
  });

  it("a status the world does not offer throws, as Foundry does (a strain id in a teams world)", async () => {
    const boudica = new FrayActor("teams-character", initial("teams-character"));
    await expect(boudica.toggleStatusEffect("stunned", { active: true })).rejects.toThrow(/Invalid status ID/);
  });

  it("an effect made by other means cannot make a condition true: actor.statuses follows the field", async () => {
    const boudica = new FrayActor("teams-character", initial("teams-character"));
    boudica.addEffect(["prone"]);
    expect(boudica.statuses.has("prone")).toBe(false);
    expect(statsFrom(boudica.system).prone).toBe(false);
    // The next pass takes the stray icon away: the token shows what the field holds.
    await boudica.mirrorConditions();
    expect(icons(boudica)).toBe("");
  });

  it(
    "an actor of another rule set's type (the GM switched rule sets) keeps its condition, with " +
      "no icon and no error",
    async () => {
      world("strain");
      const boudica = new FrayActor("teams-character", initial("teams-character"));
      await boudica.update({ "system.conditions.prone": true });
      await settle();
      expect(icons(boudica)).toBe("");
      expect(statsFrom(boudica.system).prone).toBe(true);
      await boudica.toggleStatusEffect("prone", { active: false });
      expect(statsFrom(boudica.system).prone).toBe(false);
    },
  );

  it("data from before the icons gets them at the first pass (the active GM's pass at ready)", async () => {
    world("factions");
    const sys = initial("factions-character") as { conditions: Record<string, boolean> };
    const bandit = new FrayActor("factions-character", {
      ...sys,
      conditions: { ...sys.conditions, entangled: true, concealed: true },
    });
    expect(icons(bandit)).toBe("");
    expect(bandit.statuses.has("entangled")).toBe(true);
    await bandit.mirrorConditions();
    expect(icons(bandit)).toBe("concealed,entangled");
  });
});

describe("a card writes the field; the icon follows, and the GM's undo takes both back", () => {
  it("TEAM-67 a teams apply plan making Boudica unconscious, then undone", async () => {
    const boudica = new FrayActor("teams-character", initial("teams-character"));
    const actor = () => boudica as unknown as CardActorLike;
    const plan = {
      actors: [{ actorId: "boudica", changes: { "conditions.unconscious": true } }],
      statuses: [],
      dropped: [],
    };
    const applied = await carryOut(plan, actor, async () => {});
    await settle();
    expect(icons(boudica)).toBe("unconscious");
    expect(statsFrom(boudica.system).unable).toBe(true);
    await takeBack(applied, actor);
    await settle();
    expect(icons(boudica)).toBe("");
    expect(statsFrom(boudica.system).unable).toBe(false);
  });
});
