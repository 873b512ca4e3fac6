import { describe, expect, it } from "vitest";
import { rosterFrom, statsFrom, type CombatantSource } from "../../../../src/foundry/combat/fight/combat-roster.js";
import { initialData } from "../../../../src/foundry/data/field-spec.js";
import { ACTOR_MODELS } from "../../../../src/foundry/data/models.js";
import { COMBAT_MODES } from "../../../../src/foundry/rulesets/index.js";
import { scriptedRoller } from "../../../../src/core/shared/roller.js";

const source = (over: Partial<CombatantSource>): CombatantSource => ({
  id: "c1",
  name: "Someone",
  hidden: false,
  groupId: null,
  disposition: 1,
  defeated: false,
  playerOwned: false,
  actorSystem: {},
  ...over,
});

describe("the roster a fight starts from", () => {
  it("reads turn-order statistics from every rule set's actor data as the models store it", () => {
    const data = (type: string) => {
      const meta = ACTOR_MODELS.find((m) => m.type === type);
      if (!meta) throw new Error(type);
      return initialData(meta.fields);
    };
    const esc = data("escalation-unit");
    expect(statsFrom({ ...esc, agility: 3 }).agility).toBe(3);
    const strain = data("strain-character");
    expect(statsFrom(strain)).toMatchObject({ initiative: 0, stressLoad: 0, fatigueLoad: 0 });
    const teams = data("teams-character") as { stamina: { value: number } };
    expect(statsFrom({ ...teams, stamina: { value: 4, max: 4 } }).stamina).toBe(4);
    const factions = data("factions-character");
    expect(statsFrom({ ...factions, wit: 12 })).toMatchObject({
      wit: 12,
      health: expect.any(Number) as unknown,
      healthMax: expect.any(Number) as unknown,
    });
  });

  it("a CombatantGroup decides the side; else the actor's own faction or side; else the token's disposition", () => {
    const [grouped, faction, hostile] = rosterFrom([
      source({ id: "a", groupId: "grp1", actorSystem: { faction: "Bandits" } }),
      source({ id: "b", actorSystem: { faction: "Bandits" } }),
      source({ id: "c", disposition: -1 }),
    ]);
    expect(grouped?.side).toBe("grp1");
    expect(faction?.side).toBe("Bandits");
    expect(hostile?.side).toBe("hostile");
  });

  it("defeated combatants do not start the fight; unconscious ones start unable", () => {
    const roster = rosterFrom([
      source({ id: "a", defeated: true }),
      source({ id: "b", actorSystem: { conditions: { unconscious: true } } }),
    ]);
    expect(roster.map((r) => r.id)).toEqual(["b"]);
    expect(roster[0]?.stats.unable).toBe(true);
  });

  it("FAC-57 a factions character Surrendering on its sheet starts the fight surrendered", () => {
    const roster = rosterFrom([
      source({ id: "a", actorSystem: { faction: "A", conditions: { surrendering: true } } }),
      source({ id: "b", actorSystem: { faction: "B" } }),
    ]);
    const setup = COMBAT_MODES.factions!.buildSetup(roster, {}) as {
      combatants: { id: string; surrendered?: boolean }[];
    };
    expect(setup.combatants.map((c) => [c.id, c.surrendered])).toEqual([
      ["a", true],
      ["b", false],
    ]);
  });

  it("STR-61 a strain character Incapacitated on its sheet starts the fight unable to act", () => {
    const roster = rosterFrom([
      source({ id: "a", actorSystem: { statuses: { incapacitated: true } } }),
      source({ id: "b", actorSystem: {} }),
    ]);
    const setup = COMBAT_MODES.rolled!.buildSetup(roster, {}) as { combatants: { id: string; able?: boolean }[] };
    expect(setup.combatants.map((c) => [c.id, c.able])).toEqual([
      ["a", false],
      ["b", true],
    ]);
  });
});

describe("a combatant's side when nobody chose one: its token's disposition", () => {
  const initial = (type: string) => initialData(ACTOR_MODELS.find((m) => m.type === type)!.fields);
  const sideIn = (mode: string, over: Partial<CombatantSource>) =>
    rosterFrom([source(over)], COMBAT_MODES[mode]!.sides)[0]?.side;

  it("a new strain or sections actor with a hostile token is on the other side, not the players'", () => {
    expect(sideIn("rolled", { disposition: -1, actorSystem: initial("strain-character") })).toBe("npc");
    expect(sideIn("rolled", { disposition: 1, actorSystem: initial("strain-character") })).toBe("pc");
    expect(sideIn("sections", { disposition: -1, actorSystem: initial("sections-entity") })).toBe("adversary");
    expect(sideIn("sections", { disposition: 1, actorSystem: initial("sections-entity") })).toBe("pc");
  });

  it(
    "friendly is the players' side in each turn order's " + "words, hostile the other; neutral and secret stay apart",
    () => {
      const sides = Object.fromEntries(
        Object.keys(COMBAT_MODES).map((m) => [
          m,
          [1, -1, 0, -2, null].map((d) => sideIn(m, { disposition: d, actorSystem: {} })),
        ]),
      );
      expect(sides).toEqual({
        ranked: ["pc", "npc", "neutral", "secret", "neutral"],
        rolled: ["pc", "npc", "neutral", "secret", "neutral"],
        teams: ["friendly", "hostile", "neutral", "secret", "neutral"],
        factions: ["friendly", "hostile", "neutral", "secret", "neutral"],
        sections: ["pc", "adversary", "neutral", "secret", "neutral"],
      });
    },
  );

  it("unless the GM set it: the sheet's side, then a CombatantGroup, win over the token", () => {
    const npc = { ...initial("strain-character"), side: "npc" };
    expect(sideIn("rolled", { disposition: 1, actorSystem: npc })).toBe("npc");
    expect(sideIn("rolled", { disposition: 1, groupId: "grp1", actorSystem: npc })).toBe("grp1");
    expect(
      sideIn("factions", { disposition: -1, actorSystem: { ...initial("factions-character"), faction: "Bandits" } }),
    ).toBe("Bandits");
  });

  it(
    "STR-09 a friendly token's strain character is a PC to the core: with Round Zero for PCs only, it " +
      "takes one, the foe not",
    () => {
      const mode = COMBAT_MODES.rolled!;
      const roster = rosterFrom(
        [
          source({ id: "alice", disposition: 1, actorSystem: initial("strain-character") }),
          source({ id: "wight", disposition: -1, actorSystem: initial("strain-character") }),
        ],
        mode.sides,
      );
      const started = mode.engine.start(
        mode.buildSetup(roster, { ruleOptions: { roundZero: "pcsOnly" } }),
        scriptedRoller([3, 3, 4, 4]),
      );
      if (!started.ok) throw new Error(started.reason);
      expect(mode.engine.view(started.state).status).toMatchObject({ alice: "ready", wight: "acted" });
    },
  );
});

describe("surprise from the sheet", () => {
  it(
    "TEAM-15 a teams character marked 'cannot be surprised' on its sheet starts the fight able to act " +
      "in the surprise round",
    () => {
      const meta = ACTOR_MODELS.find((m) => m.type === "teams-character");
      if (!meta) throw new Error("teams-character");
      const [entry] = rosterFrom([source({ actorSystem: { ...initialData(meta.fields), cannotBeSurprised: true } })]);
      expect(entry?.stats.cannotBeSurprised).toBe(true);
    },
  );

  it("TEAM-16 Clementine's danger sense talent, not her sheet's flag, lets her act in the surprise round", () => {
    const meta = ACTOR_MODELS.find((m) => m.type === "teams-character");
    if (!meta?.derive) throw new Error("teams-character");
    // The actor's prepared data, as fray-model.ts's prepareDerivedData leaves it: stored fields, then derived values.
    const prepared = (items: { type: string; system: unknown }[]) => {
      const stored = { ...initialData(meta.fields), cannotBeSurprised: false };
      return { ...stored, ...meta.derive!(stored, items) };
    };
    const talent = { type: "teams-talent", system: { cannotBeSurprised: true, description: "" } };
    const [clementine, roland] = rosterFrom([
      source({ id: "clementine", actorSystem: prepared([talent]) }),
      source({ id: "roland", actorSystem: prepared([]) }),
    ]);
    expect(clementine?.stats.cannotBeSurprised).toBe(true);
    expect(roland?.stats.cannotBeSurprised).toBe(false);
  });
});
