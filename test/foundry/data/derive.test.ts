import { describe, expect, it } from "vitest";
import { initialData } from "../../../src/foundry/data/field-spec.js";
import type { ModelMetadata } from "../../../src/foundry/data/model-metadata.js";
import { ACTOR_MODELS, ITEM_MODELS } from "../../../src/foundry/data/models.js";
import * as specs from "../../../src/foundry/data/specs/index.js";

function derive(meta: ModelMetadata, over: Record<string, unknown> = {}): Record<string, unknown> {
  if (!meta.derive) throw new Error(`${meta.type} has no derive`);
  return meta.derive({ ...initialData(meta.fields), ...over });
}

describe("derived values are computed from stored data, never stored", () => {
  it("no derived key is also a stored field", () => {
    for (const m of [...ACTOR_MODELS, ...ITEM_MODELS]) {
      if (!m.derive) continue;
      for (const k of Object.keys(m.derive(initialData(m.fields))))
        expect(Object.keys(m.fields), `${m.type}.${k}`).not.toContain(k);
    }
  });

  it("derive does not change the data it reads", () => {
    for (const m of [...ACTOR_MODELS, ...ITEM_MODELS]) {
      const data = initialData(m.fields);
      const before = JSON.stringify(data);
      m.derive?.(data);
      expect(JSON.stringify(data), m.type).toBe(before);
    }
  });
});

describe("escalation-unit", () => {
  const u = specs.escalationUnit;
  const cond = (c: Record<string, boolean>) => ({
    conditions: { prone: false, flatFooted: false, channeling: false, disarmed: false, ...c },
  });

  it("ESC-42 free hit slots are Agility + 1, never below 0", () => {
    expect(derive(u, { agility: 2 }).freeHitSlots).toBe(3);
    expect(derive(u, { agility: -1 }).freeHitSlots).toBe(0);
    expect(derive(u, { agility: -4 }).freeHitSlots).toBe(0);
  });

  it("ESC-14 the total needed to hit is Agility + 10", () => {
    expect(derive(u, { agility: 3 }).toHitTarget).toBe(13);
  });

  it("ESC-44 a flat-footed unit is hit on a total of 5", () => {
    expect(derive(u, { agility: 3, ...cond({ flatFooted: true }) })).toMatchObject({ toHitTarget: 5, canDodge: false });
  });

  it("ESC-46 a prone unit is hit on 5 + Agility, cannot dodge and moves a third", () => {
    expect(derive(u, { agility: 2, movement: 6, ...cond({ prone: true }) })).toMatchObject({
      toHitTarget: 7,
      canDodge: false,
      currentMovement: 2,
    });
  });

  it("ESC-44/46 when a unit is both prone and flat-footed, the lower number counts, as in the attack itself", () => {
    expect(derive(u, { agility: -3, ...cond({ prone: true, flatFooted: true }) }).toHitTarget).toBe(2);
    expect(derive(u, { agility: 2, ...cond({ prone: true, flatFooted: true }) }).toHitTarget).toBe(5);
  });

  it("ESC-50 a channeling unit is flat-footed", () => {
    expect(derive(u, { agility: 4, ...cond({ channeling: true }) }).toHitTarget).toBe(5);
  });

  it("ESC-52 summoning slots equal level", () => {
    expect(derive(u, { level: 4 }).summoningSlots).toBe(4);
  });

  const feat = (name: string) => ({ type: "escalation-feat", system: { feat: name, description: "" } });
  const withFeats = (over: Record<string, unknown>, ...feats: string[]) =>
    u.derive!({ ...initialData(u.fields), ...over }, feats.map(feat));

  it("ESC-57 the sheet counts a Legion leader feat item: 2 more summoning slots", () => {
    expect(withFeats({ level: 3 }, "legionLeader").summoningSlots).toBe(5);
    expect(withFeats({ level: 3 }, "athlete").summoningSlots).toBe(3);
  });

  it("ESC-58 with a Battle caster feat item a channeling unit still dodges: hit on Agility + 10", () => {
    expect(withFeats({ agility: 4, ...cond({ channeling: true }) }, "battleCaster")).toMatchObject({
      toHitTarget: 14,
      canDodge: true,
    });
    expect(withFeats({ agility: 4, ...cond({ channeling: true }) })).toMatchObject({ toHitTarget: 5, canDodge: false });
  });

  it("ESC-62 the sheet's movement now counts an Athlete feat item: 2 more spaces", () => {
    expect(withFeats({ movement: 6 }, "athlete").currentMovement).toBe(8);
    expect(withFeats({ movement: 6, ...cond({ prone: true }) }, "athlete").currentMovement).toBe(4);
  });
});

describe("escalation-spell", () => {
  it("ESC-50 a spell is channeled when its cast time spans turns or it has upkeep", () => {
    expect(derive(specs.escalationSpell, { castTime: 2 }).channeling).toBe(false);
    expect(derive(specs.escalationSpell, { castTime: 3 }).channeling).toBe(true);
    expect(derive(specs.escalationSpell, { castTime: 1, upkeep: 1 }).channeling).toBe(true);
  });
});

describe("teams-character", () => {
  const c = specs.teamsCharacter;
  it("TEAM-66 Boudica at endurance 5 of 12 is harmed", () => {
    expect(derive(c, { endurance: { value: 5, max: 12 } }).harmed).toBe(true);
    expect(derive(c, { endurance: { value: 6, max: 12 } }).harmed).toBe(true);
    expect(derive(c, { endurance: { value: 7, max: 12 } }).harmed).toBe(false);
  });

  it("TEAM-68 health 7 of 12 with constitution 4: bloodied, missing 5, must fortify", () => {
    expect(derive(c, { health: { value: 7, max: 12 }, constitution: 4 })).toMatchObject({
      bloodied: true,
      missingHealth: 5,
      mustFortify: true,
    });
    expect(derive(c, { health: { value: 12, max: 12 }, constitution: 4 })).toMatchObject({
      bloodied: false,
      missingHealth: 0,
      mustFortify: false,
    });
  });

  it("TEAM-70 cheating death needs 10, raised by 5 for every time it was cheated", () => {
    expect(derive(c).cheatDeathDifficulty).toBe(10);
    expect(derive(c, { timesCheatedDeath: 2 }).cheatDeathDifficulty).toBe(20);
  });

  const armour = (physical: number, elemental: number) => ({
    type: "teams-armour",
    system: { ...initialData(specs.teamsArmour.fields), damageReduction: { physical, elemental } },
  });
  const talent = (cannotBeSurprised: boolean) => ({
    type: "teams-talent",
    system: { cannotBeSurprised, description: "" },
  });
  const withItems = (over: Record<string, unknown>, items: readonly { type: string; system: unknown }[]) =>
    c.derive!({ ...initialData(c.fields), ...over }, items);

  it("TEAM-48 the damage reduction a hit meets: the sheet's own plus every armour item's (ruling)", () => {
    const own = { damageReduction: { physical: 1, elemental: 0 } };
    expect(withItems(own, [])).toMatchObject({ physicalReductionWithArmour: 1, elementalReductionWithArmour: 0 });
    expect(withItems(own, [armour(4, 0), armour(8, 1), { type: "teams-weapon", system: { damage: 5 } }])).toMatchObject(
      {
        physicalReductionWithArmour: 13,
        elementalReductionWithArmour: 1,
      },
    );
    // An item written before a field existed, or junk, adds nothing rather than breaking the sheet.
    expect(withItems(own, [{ type: "teams-armour", system: { damageReduction: { physical: "x" } } }])).toMatchObject({
      physicalReductionWithArmour: 1,
    });
  });

  it("TEAM-16 a talent that says Cannot be surprised sets it: Clementine with danger sense", () => {
    expect(withItems({}, [talent(true)]).cannotBeSurprisedWithTalents).toBe(true);
    expect(withItems({}, [talent(false)]).cannotBeSurprisedWithTalents).toBe(false);
    expect(withItems({}, []).cannotBeSurprisedWithTalents).toBe(false);
    expect(withItems({ cannotBeSurprised: true }, []).cannotBeSurprisedWithTalents).toBe(true);
  });
});

describe("teams items", () => {
  it("TEAM-63 a weapon's damage kind follows its damage type", () => {
    expect(derive(specs.teamsWeapon, { damageType: "piercing" }).damageKind).toBe("physical");
    expect(derive(specs.teamsWeapon, { damageType: "void" }).damageKind).toBe("elemental");
    expect(derive(specs.teamsWeapon, { damageType: "psychic" }).damageKind).toBe("typeless");
  });

  it("TEAM-43 a parry adds the parry value, or 1 without one", () => {
    expect(derive(specs.teamsWeapon, { parryValue: 0 }).parryBonus).toBe(1);
    expect(derive(specs.teamsWeapon, { parryValue: 3 }).parryBonus).toBe(3);
  });

  it("TEAM-44 an item at 0 durability is broken", () => {
    expect(derive(specs.teamsWeapon, { durability: { value: 0, max: 10 } }).broken).toBe(true);
    expect(derive(specs.teamsArmour, { durability: { value: 1, max: 4 } }).broken).toBe(false);
  });
});

describe("strain-character", () => {
  const s = specs.strainCharacter;
  it("STR-56 Frayed only while Stress Load exceeds Stress Tolerance", () => {
    expect(derive(s, { stress: { load: 3, tolerance: 3 } }).frayed).toBe(false);
    expect(derive(s, { stress: { load: 4, tolerance: 3 } }).frayed).toBe(true);
  });

  it("STR-58 Exhausted only while Fatigue Load exceeds Fatigue Tolerance", () => {
    expect(derive(s, { fatigue: { load: 3, tolerance: 3 } }).exhausted).toBe(false);
    expect(derive(s, { fatigue: { load: 1, tolerance: 0 } }).exhausted).toBe(true);
  });

  it("STR-64 three Wounds remove the character from combat", () => {
    expect(derive(s, { wounds: 2 }).removedFromCombat).toBe(false);
    expect(derive(s, { wounds: 3 }).removedFromCombat).toBe(true);
  });
});

describe("factions", () => {
  const f = specs.factionsCharacter;
  it("FAC-53 a lone character at half health or less checks morale", () => {
    expect(derive(f, { health: { value: 6, max: 12 } }).atHalfHealth).toBe(true);
    expect(derive(f, { health: { value: 7, max: 12 } }).atHalfHealth).toBe(false);
  });

  it("FAC-56 immune to fear is immune to morale; FAC-55 so is one who passed this stretch", () => {
    expect(derive(f, { immuneToFear: true }).immuneToMorale).toBe(true);
    expect(
      derive(f, {
        conditions: { concealed: false, entangled: false, incapacitated: false, surrendering: false, steadfast: true },
      }).immuneToMorale,
    ).toBe(true);
    expect(derive(f).immuneToMorale).toBe(false);
  });

  it("FAC-64 an improvised weapon is handled as damaged; FAC-30 half range", () => {
    expect(derive(specs.factionsWeapon, { improvised: true, range: 5 })).toMatchObject({
      handledAsDamaged: true,
      halfRange: 2,
    });
    expect(derive(specs.factionsWeapon).handledAsDamaged).toBe(false);
  });
});

describe("sections", () => {
  const e = specs.sectionsEntity;
  const senses = (s: Record<string, boolean>) => ({
    senses: { lowLightVision: false, darkvision: false, lightSensitivity: false, ...s },
  });

  it("SEC-56 Low-light Vision sees shadowy as lit", () => {
    expect(derive(e, senses({ lowLightVision: true }))).toEqual({
      litSeenAs: "lit",
      shadowySeenAs: "lit",
      darkSeenAs: "dark",
    });
  });

  it("SEC-57 Darkvision sees shadowy and dark as lit", () => {
    expect(derive(e, senses({ darkvision: true }))).toEqual({
      litSeenAs: "lit",
      shadowySeenAs: "lit",
      darkSeenAs: "lit",
    });
  });

  it("SEC-59 Low-light Vision with Light Sensitivity swaps lit and shadowy", () => {
    expect(derive(e, senses({ lowLightVision: true, lightSensitivity: true }))).toEqual({
      litSeenAs: "shadowy",
      shadowySeenAs: "lit",
      darkSeenAs: "dark",
    });
  });

  it("SEC-28 a card without Range, Thrown or Reach has range 0; SEC-29 Reach is still melee", () => {
    expect(derive(specs.sectionsCard, { reachKind: "melee", range: 3 })).toMatchObject({
      effectiveRange: 0,
      melee: true,
    });
    expect(derive(specs.sectionsCard, { reachKind: "reach", range: 1 })).toMatchObject({
      effectiveRange: 1,
      melee: true,
    });
    expect(derive(specs.sectionsCard, { reachKind: "thrown", range: 2 })).toMatchObject({
      effectiveRange: 2,
      melee: false,
    });
  });

  it(
    "SEC-06 a card's row tells what it grants when played: its kind and number, nothing for a " +
      "card that grants none",
    () => {
      expect(derive(specs.sectionsCard, { movement: { kind: "fly", distance: 2, height: 0 } })).toMatchObject({
        grants: "fly",
        grantNumber: 2,
      });
      expect(derive(specs.sectionsCard, { movement: { kind: "none", distance: 3, height: 0 } })).toMatchObject({
        grants: "",
        grantNumber: 0,
      });
    },
  );
});

describe("strain Arts", () => {
  it("STR-36 a character's Art modifiers come from its strain-art items, by Art name", () => {
    const items = [
      { type: "strain-art", name: "Way of the Reed", system: { modifier: 2 } },
      { type: "strain-art", name: "Iron Step", system: { modifier: -1 } },
      { type: "strain-ability", name: "Pinning shot", system: { art: "Way of the Reed" } },
      { type: "strain-art", name: "Way of the Reed", system: { modifier: 1 } },
    ];
    expect(specs.artModifiers(items)).toEqual({ "Way of the Reed": 2, "Iron Step": -1 });
    expect(specs.artModifiers([])).toEqual({});
  });
});
