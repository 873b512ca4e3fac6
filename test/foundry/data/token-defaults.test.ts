import { beforeAll, describe, expect, it } from "vitest";
import { valueAt } from "../../../src/core/shared/guards.js";
import { initialData } from "../../../src/foundry/data/field-spec.js";
import { ACTOR_MODELS } from "../../../src/foundry/data/models.js";
import { barValues, defaultBars, trackableAttributes } from "../../../src/foundry/data/token-attributes.js";
import { FakeFoundryActor } from "../../fakes/foundry-actor.js";
import { EN } from "../../fakes/lang.js";
import { FakeGame } from "../../fakes/foundry-game.js";

const meta = (type: string) => {
  const m = ACTOR_MODELS.find((x) => x.type === type);
  if (!m) throw new Error(type);
  return m;
};

/**
 * What Foundry v13's TokenDocument#getBarAttribute draws from a path of the actor's prepared system data: a number is a
 * value, an object with `value` and `max` a bar, anything else nothing (v13 client/documents/token.mjs).
 */
function barAttribute(
  system: unknown,
  attribute: string,
): { type: "bar" | "value"; value: number; max?: number } | null {
  const data = valueAt(system, attribute);
  if (typeof data === "number") return { type: "value", value: data };
  if (data && typeof data === "object" && "value" in data && "max" in data)
    return {
      type: "bar",
      value: Number((data as { value: unknown }).value),
      max: Number((data as { max: unknown }).max),
    };
  return null;
}

/** The prepared data a token reads: stored data with the derived bar keys the model adds (fray-model.ts). */
function prepared(type: string, stored = initialData(meta(type).fields)): Record<string, unknown> {
  const out = JSON.parse(JSON.stringify(stored)) as Record<string, Record<string, unknown>>;
  for (const [key, bar] of Object.entries(barValues(meta(type), out))) Object.assign(out[key] ?? {}, bar);
  return out;
}

describe("CONFIG.Actor.trackableAttributes per actor type (v13: { bar, value })", () => {
  it("every bar is drawn as a bar and every value as a number, from each type's data", () => {
    for (const m of ACTOR_MODELS) {
      const t = trackableAttributes(m);
      const system = prepared(m.type);
      expect(t.bar.length, m.type).toBeGreaterThan(0);
      for (const path of t.bar) expect(barAttribute(system, path)?.type, `${m.type} ${path}`).toBe("bar");
      for (const path of t.value) expect(barAttribute(system, path)?.type, `${m.type} ${path}`).toBe("value");
    }
  });

  it("the pools of each rule set are its bars; strain's Fatigue and Stress join them as Load of Tolerance", () => {
    expect(trackableAttributes(meta("teams-character")).bar).toEqual(["endurance", "health", "stamina", "focus"]);
    expect(trackableAttributes(meta("escalation-unit")).bar).toEqual(["hp", "mp"]);
    expect(trackableAttributes(meta("sections-entity")).bar).toEqual(["health"]);
    expect(trackableAttributes(meta("factions-character")).bar).toEqual(["health"]);
    expect(trackableAttributes(meta("strain-character")).bar).toEqual(["fatigue", "stress"]);
    expect(trackableAttributes(meta("strain-character")).value).toContain("wounds");
    expect(trackableAttributes(meta("strain-character")).value).toContain("fatigue.load");
  });

  it(
    "STR-55 a strain character's Fatigue bar reads its Load of its Tolerance; the stored data keeps " +
      "only load and tolerance",
    () => {
      const stored = { ...initialData(meta("strain-character").fields), fatigue: { load: 2, tolerance: 3 } };
      expect(barAttribute(prepared("strain-character", stored), "fatigue")).toEqual({ type: "bar", value: 2, max: 3 });
      expect(stored.fatigue).toEqual({ load: 2, tolerance: 3 });
    },
  );
});

describe("a new actor's token bars", () => {
  it("each type starts with the bars its rule set checks: health, endurance, HP, Fatigue", () => {
    const bars = (type: string) => defaultBars(meta(type), { bar1: { attribute: null }, bar2: { attribute: null } });
    expect(bars("teams-character")).toEqual({ bar1: { attribute: "endurance" }, bar2: { attribute: "health" } });
    expect(bars("escalation-unit")).toEqual({ bar1: { attribute: "hp" }, bar2: { attribute: "mp" } });
    expect(bars("strain-character")).toEqual({ bar1: { attribute: "fatigue" }, bar2: { attribute: "stress" } });
    expect(bars("sections-entity")).toEqual({ bar1: { attribute: "health" } });
    expect(bars("factions-character")).toEqual({ bar1: { attribute: "health" } });
    for (const m of ACTOR_MODELS) for (const b of m.bars ?? []) expect(trackableAttributes(m).bar, m.type).toContain(b);
  });

  it("a bar the creation data already chose is kept (a copied or imported actor)", () => {
    expect(defaultBars(meta("teams-character"), { bar1: { attribute: "stamina" }, bar2: { attribute: null } })).toEqual(
      {
        bar2: { attribute: "health" },
      },
    );
    expect(
      defaultBars(meta("teams-character"), { bar1: { attribute: "focus" }, bar2: { attribute: "stamina" } }),
    ).toBeNull();
  });
});

describe("FrayActor creation over a fake of v13's Actor", () => {
  type Created = FakeFoundryActor;
  let create: (data: { type: string; system?: Record<string, unknown> }) => Promise<Created>;

  beforeAll(async () => {
    const g = globalThis as Record<string, unknown>;
    g.Actor = FakeFoundryActor;
    g.ui = { notifications: { warn: () => undefined } };
    g.game = new FakeGame({
      settings: { "fray.ruleset": "teams" },
      user: { id: "gm", isGM: true },
      i18n: { format: (k: string) => k, localize: (k: string) => EN[k] ?? k },
    });
    g.CONFIG = { statusEffects: [] };
    const { FrayActor } = await import("../../../src/foundry/documents/fray-actor.js");
    create = (data) => (FrayActor as unknown as typeof FakeFoundryActor).create(data);
  });

  it("the prototype token of a new teams character shows endurance and health", async () => {
    const actor = await create({ type: "teams-character", system: initialData(meta("teams-character").fields) });
    expect(actor._source.prototypeToken).toMatchObject({
      bar1: { attribute: "endurance" },
      bar2: { attribute: "health" },
    });
  });
});
