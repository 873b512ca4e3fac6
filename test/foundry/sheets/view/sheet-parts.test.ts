import { describe, expect, it } from "vitest";
import { initialData } from "../../../../src/foundry/data/field-spec.js";
import {
  escalationUnit,
  factionsCharacter,
  sectionsCard,
  strainAbility,
  strainCharacter,
  teamsArmour,
  teamsCharacter,
  teamsConsumable,
  teamsWeapon,
} from "../../../../src/foundry/data/specs/index.js";
import { strainAttackCard } from "../../../../src/foundry/cards/strain/card.js";
import { tagsFromForm } from "../../../../src/foundry/sheets/form-tags.js";
import { itemRow } from "../../../../src/foundry/sheets/view/item-rows.js";
import { sheetView } from "../../../../src/foundry/sheets/view/sheet-context.js";
import {
  ACTOR_SHEET_SIZE,
  ACTOR_TABS,
  ITEM_SHEET_SIZE,
  partContext,
  sheetSize,
  SMALL_ITEM_SHEET_SIZE,
  TAB_GROUP,
} from "../../../../src/foundry/sheets/view/sheet-layout.js";
import { statesOf } from "../../../../src/foundry/sheets/view/sheet-states.js";
import { prepareTabs } from "../../../fakes/foundry-tabs.js";

const opts = { idPrefix: "s", editable: true };
const derive = (
  meta: { fields: Parameters<typeof initialData>[0]; derive?: (s: Record<string, unknown>) => Record<string, unknown> },
  over = {},
) => meta.derive?.({ ...initialData(meta.fields), ...over }) ?? {};

describe("states as badges", () => {
  it(
    "STR-56 STR-58 a Frayed and Exhausted character shows both badges, and neither once its Loads " +
      "are back in Tolerance",
    () => {
      const worn = statesOf(
        strainCharacter,
        derive(strainCharacter, { fatigue: { load: 4, tolerance: 3 }, stress: { load: 5, tolerance: 3 } }),
      );
      expect(worn.badges.map((b) => b.key)).toEqual(["frayed", "exhausted"]);
      expect(worn.badges[0]).toEqual({ key: "frayed", label: "FRAY.Derived.Frayed", tone: "warning" });
      expect(statesOf(strainCharacter, derive(strainCharacter))).toMatchObject({ badges: [], hasStates: true });
      expect(statesOf({}, { litSeenAs: "lit" }).hasStates).toBe(false);
    },
  );

  it("TEAM-67 Must fortify and bloodied are danger badges; harmed stays a warning", () => {
    const b = statesOf(
      teamsCharacter,
      derive(teamsCharacter, { endurance: { value: 0, max: 10 }, health: { value: 4, max: 10 } }),
    ).badges;
    expect(Object.fromEntries(b.map((x) => [x.key, x.tone]))).toEqual({
      harmed: "warning",
      bloodied: "danger",
      mustFortify: "danger",
    });
  });

  it("ESC-46 a prone unit shows Cannot dodge; a unit that can dodge shows no badge for it", () => {
    const prone = statesOf(
      escalationUnit,
      derive(escalationUnit, { conditions: { prone: true, flatFooted: false, channeling: false, disarmed: false } }),
    );
    expect(prone.badges).toEqual([{ key: "canDodge", label: "FRAY.Derived.CannotDodge", tone: "warning" }]);
    expect(statesOf(escalationUnit, derive(escalationUnit)).badges).toEqual([]);
    // A yes/no value is a badge, never also a derived value.
    expect(prone.derived.map((d) => d.key)).not.toContain("canDodge");
    expect(prone.derived.map((d) => d.key)).toContain("freeHitSlots");
  });

  it("FAC-56 immune to morale is an info badge", () => {
    const s = statesOf(factionsCharacter, derive(factionsCharacter, { immuneToFear: true }));
    expect(s.badges).toContainEqual({ key: "immuneToMorale", label: "FRAY.Derived.ImmuneToMorale", tone: "info" });
  });
});

describe("item rows", () => {
  it(
    "TEAM-48 TEAM-50 a weapon row shows its damage, type, critical numbers, tags and durability, " +
      "not its empty range",
    () => {
      const row = itemRow(
        {
          id: "w",
          name: "Spear",
          type: "teams-weapon",
          system: {
            ...initialData(teamsWeapon.fields),
            damage: 4,
            damageType: "piercing",
            criticalThreshold: 19,
            criticalDamage: 8,
            tags: ["reach"],
          },
        },
        { attackItems: ["teams-weapon"] },
      );
      expect(row.attack).toBe(true);
      expect(row.numbers).toEqual([
        { key: "damage", label: "FRAY.Teams.Damage", value: "4" },
        { key: "damageType", label: "FRAY.Teams.DamageType", valueLabels: ["FRAY.Choice.piercing"] },
        { key: "criticalThreshold", label: "FRAY.Teams.CriticalThreshold", value: "19" },
        { key: "criticalDamage", label: "FRAY.Teams.CriticalDamage", value: "8" },
        { key: "tags", label: "FRAY.Field.Tags", valueLabels: ["FRAY.Choice.reach"] },
        { key: "durability", label: "FRAY.Teams.Durability", value: "4/4" },
      ]);
      expect(row.badges).toEqual([]);
    },
  );

  it("TEAM-44 a shield at 0 durability is Broken on its row", () => {
    const row = itemRow({
      id: "a",
      name: "Shield",
      type: "teams-armour",
      system: { ...initialData(teamsArmour.fields), durability: { value: 0, max: 4 } },
    });
    expect(row.badges).toEqual([{ key: "broken", label: "FRAY.Derived.Broken", tone: "danger" }]);
    expect(row.attack).toBe(false);
  });

  it("SEC-28 a card row shows its Phase, its range as the core reads it, and a yes as its label alone", () => {
    const row = itemRow({
      id: "c",
      name: "Arc",
      type: "sections-card",
      system: { ...initialData(sectionsCard.fields), reachKind: "range", range: 2, areaAttack: true },
    });
    expect(row.numbers.map((n) => n.key)).toEqual([
      "phase",
      "reachKind",
      "effectiveRange",
      "areaAttack",
      "hitDie",
      "damageDie",
    ]);
    expect(row.numbers.find((n) => n.key === "effectiveRange")).toEqual({
      key: "effectiveRange",
      label: "FRAY.Derived.EffectiveRange",
      value: "2",
    });
    expect(row.numbers.find((n) => n.key === "areaAttack")).toEqual({
      key: "areaAttack",
      label: "FRAY.Sections.AreaAttack",
    });
  });

  it(
    "STR-13 a strain ability has an Attack button only when it is an Attack-type ability, as " +
      "the card would open it",
    () => {
      const filter = {
        attackItems: strainAttackCard.attackItems,
        attacksWith: (i: { type: string; system: unknown; id: string; name: string }) =>
          strainAttackCard.attacksWith?.(i) ?? true,
      };
      const ability = (name: string, over: Record<string, unknown>) => ({
        id: name,
        name,
        type: "strain-ability",
        system: { ...initialData(strainAbility.fields), ...over },
      });
      expect(itemRow(ability("Pinning shot", { attack: "physical", deals: "fatigue" }), filter).attack).toBe(true);
      expect(itemRow(ability("Guarded", { kind: "stance" }), filter).attack).toBe(false);
    },
  );

  it("an item of a type Fray does not know still gets a plain row", () => {
    expect(itemRow({ id: "x", name: "Odd", type: "base" })).toMatchObject({ numbers: [], badges: [], attack: false });
  });
});

describe("picked fields", () => {
  const stances = [
    { id: "1", name: "Guarded", type: "strain-ability", system: { kind: "stance" } },
    { id: "2", name: "Pinning shot", type: "strain-ability", system: { kind: "action" } },
    { id: "3", name: "Guarded", type: "strain-art", system: {} },
  ];

  it("STR-13 the Stance offers none and the character's stance abilities, and keeps a Stance it no longer has", () => {
    const v = sheetView(
      strainCharacter,
      { ...initialData(strainCharacter.fields), stance: "Reckless" },
      { ...opts, items: stances },
    );
    const stance = v.fields.stance;
    expect(stance?.isSelect).toBe(true);
    expect(stance?.choices).toEqual([
      { value: "", label: "FRAY.Choice.none", selected: false },
      { value: "Guarded", label: "Guarded", selected: false, literal: true },
      { value: "Reckless", label: "Reckless", selected: true, literal: true },
    ]);
  });

  it("FAC-01 in a combat the faction is a select of its sides; outside one it stays free text", () => {
    const data = { ...initialData(factionsCharacter.fields), faction: "hostile" };
    const sides = [
      { id: "g1", label: "Bandits" },
      { id: "hostile", label: "Hostile" },
    ];
    const inCombat = sheetView(factionsCharacter, data, { ...opts, combatSides: sides }).fields.faction;
    expect(inCombat?.isSelect).toBe(true);
    expect(inCombat?.choices?.map((c) => [c.value, c.label, c.selected])).toEqual([
      ["", "FRAY.Side.fromToken", false],
      ["g1", "Bandits", false],
      ["hostile", "Hostile", true],
    ]);
    const outside = sheetView(factionsCharacter, data, opts).fields.faction;
    expect(outside).toMatchObject({ isText: true, isSelect: false, value: "hostile" });
  });
});

describe("checkbox groups in the submitted form", () => {
  it(
    "FormDataExtended's list (null for each unchecked box) becomes the chosen tags; a lone box's " +
      "value a list of one",
    () => {
      const submitted = {
        name: "Spear",
        system: {
          damage: 4,
          tags: [null, null, "reach", null, "nonlethal"],
          proficiencies: "martial",
          attributes: null,
        },
      };
      expect(tagsFromForm(teamsWeapon.fields, submitted)).toEqual({
        name: "Spear",
        system: { damage: 4, tags: ["reach", "nonlethal"], proficiencies: ["martial"], attributes: [] },
      });
    },
  );

  it("leaves a submit without those fields, or without system data, as it is", () => {
    expect(tagsFromForm(teamsWeapon.fields, { name: "x" })).toEqual({ name: "x" });
    expect(tagsFromForm(teamsWeapon.fields, { system: { damage: 3 } })).toEqual({ system: { damage: 3 } });
  });
});

describe("default window sizes", () => {
  it("every actor opens at the actor size; an item with a handful of inputs opens shorter than one with many", () => {
    expect(sheetSize(teamsCharacter)).toEqual(ACTOR_SHEET_SIZE);
    expect(sheetSize(teamsConsumable)).toEqual(SMALL_ITEM_SHEET_SIZE);
    expect(sheetSize(teamsWeapon)).toEqual(ITEM_SHEET_SIZE);
    expect(SMALL_ITEM_SHEET_SIZE.height).toBeLessThan(ITEM_SHEET_SIZE.height);
    // A 1080p screen leaves about 950 px of page under the browser's own bars.
    for (const size of [ACTOR_SHEET_SIZE, ITEM_SHEET_SIZE]) expect(size.height).toBeLessThanOrEqual(950);
  });
});

describe("tab parts", () => {
  it("each tab's part gets its own prepared tab; the header and tab buttons get none", () => {
    const tabs = prepareTabs(ACTOR_TABS, TAB_GROUP);
    expect(tabs.fight).toEqual({
      group: TAB_GROUP,
      id: "fight",
      active: true,
      cssClass: "active",
      label: "FRAY.Sheet.Tab.fight",
    });
    expect(tabs.items).toMatchObject({ active: false, cssClass: "" });
    const context = { tabs, fray: {} };
    expect(partContext("items", context)).toEqual({ ...context, tab: tabs.items });
    expect(partContext("header", context)).toBe(context);
    expect(partContext("tabs", context)).not.toHaveProperty("tab");
  });
});
