import { describe, expect, it } from "vitest";
import { rosterFrom, statsFrom, type CombatantSource } from "../../../src/foundry/combat/combat-roster.js";
import { initialData } from "../../../src/foundry/data/field-spec.js";
import { ACTOR_MODELS } from "../../../src/foundry/data/models.js";

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
    expect(statsFrom({ ...factions, wit: 12 })).toMatchObject({ wit: 12, health: expect.any(Number), healthMax: expect.any(Number) });
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
});

describe("surprise from the sheet", () => {
  it("TEAM-15 a teams character marked 'cannot be surprised' on its sheet starts the fight able to act in the surprise round", () => {
    const meta = ACTOR_MODELS.find((m) => m.type === "teams-character");
    if (!meta) throw new Error("teams-character");
    const [entry] = rosterFrom([source({ actorSystem: { ...initialData(meta.fields), cannotBeSurprised: true } })]);
    expect(entry?.stats.cannotBeSurprised).toBe(true);
  });
});
