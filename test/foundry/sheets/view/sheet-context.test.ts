import { render } from "../../../fakes/handlebars-env.js";
import { describe, expect, it } from "vitest";
import { initialData } from "../../../../src/foundry/data/field-spec.js";
import { escalationUnit, teamsCharacter, teamsWeapon } from "../../../../src/foundry/data/specs/index.js";
import { sheetView, type InputView } from "../../../../src/foundry/sheets/view/sheet-context.js";

const opts = { idPrefix: "sheet-1", editable: true };

function leaves(inputs: readonly InputView[]): InputView[] {
  return inputs.flatMap((i) => (i.children ? leaves(i.children) : [i]));
}

describe("sheetView: spec and data to the inputs a template renders", () => {
  const data = { ...initialData(teamsCharacter.fields), endurance: { value: 5, max: 12 }, evasion: 7 };
  const view = sheetView(teamsCharacter, data, opts);

  it("binds each input to its `system.x.y` path with a unique id", () => {
    const all = leaves(view.inputs);
    expect(all.map((i) => i.name)).toContain("system.attributes.strength");
    expect(all.map((i) => i.name)).toContain("system.endurance.value");
    expect(all.map((i) => i.name)).toContain("system.endurance.max");
    expect(new Set(all.map((i) => i.id)).size).toBe(all.length);
    expect(view.fields.evasion).toMatchObject({
      id: "sheet-1-evasion",
      name: "system.evasion",
      isNumber: true,
      value: 7,
      min: 0,
      step: 1,
    });
  });

  it("a pool's value input is bounded by its max", () => {
    expect(view.fields.endurance?.fields?.value).toMatchObject({
      value: 5,
      min: 0,
      max: 12,
      label: "FRAY.Teams.Endurance",
    });
    expect(view.fields.endurance?.fields?.max).toMatchObject({ value: 12, min: 0, label: "FRAY.Sheet.Max" });
  });

  it("dice are selects with the current size selected; an optional die offers none", () => {
    const str = view.fields.attributes?.fields?.strength;
    expect(str?.isSelect).toBe(true);
    expect(str?.choices?.filter((c) => c.selected).map((c) => c.value)).toEqual(["d6"]);
    expect(view.fields.skills?.fields?.combat?.choices?.[0]).toEqual({
      value: "",
      label: "FRAY.Choice.none",
      selected: false,
    });
  });

  it("choices and tags carry label keys and selection", () => {
    const w = sheetView(
      teamsWeapon,
      { ...initialData(teamsWeapon.fields), tags: ["thrown"], damageType: "fire" },
      opts,
    );
    expect(w.fields.damageType?.choices?.find((c) => c.selected)).toEqual({
      value: "fire",
      label: "FRAY.Choice.fire",
      selected: true,
    });
    expect(w.fields.tags?.isTags).toBe(true);
    expect(w.fields.tags?.choices?.filter((c) => c.selected).map((c) => c.value)).toEqual(["thrown"]);
  });

  it("accepts tags stored as a Set, as Foundry's SetField gives them", () => {
    const w = sheetView(teamsWeapon, { ...initialData(teamsWeapon.fields), tags: new Set(["reach"]) }, opts);
    expect(w.fields.tags?.value).toEqual(["reach"]);
  });

  it("TEAM-65 shows yes/no states as badges while they hold, and other derived values with label keys", () => {
    expect(view.badges).toContainEqual({ key: "harmed", label: "FRAY.Derived.Harmed", tone: "warning" });
    expect(view.badges.map((b) => b.key)).not.toContain("bloodied");
    expect(view.derived.map((d) => d.key)).not.toContain("harmed");
    expect(view.derived).toContainEqual({
      key: "cheatDeathDifficulty",
      label: "FRAY.Derived.CheatDeathDifficulty",
      value: "10",
    });
  });

  it("TEAM-48 TEAM-16 a teams sheet shows what its items change: armour's damage reduction, danger sense", () => {
    const items = [
      {
        id: "m",
        name: "Mail shirt",
        type: "teams-armour",
        system: { kind: "armour", damageReduction: { physical: 4, elemental: 0 } },
      },
      { id: "d", name: "Danger sense", type: "teams-talent", system: { cannotBeSurprised: true } },
    ];
    const v = sheetView(
      teamsCharacter,
      { ...initialData(teamsCharacter.fields), damageReduction: { physical: 1, elemental: 0 } },
      { ...opts, items },
    );
    expect(v.derived).toContainEqual({
      key: "physicalReductionWithArmour",
      label: "FRAY.Derived.PhysicalReductionWithArmour",
      value: "5",
    });
    expect(v.derived).toContainEqual({
      key: "elementalReductionWithArmour",
      label: "FRAY.Derived.ElementalReductionWithArmour",
      value: "0",
    });
    expect(v.badges).toContainEqual({
      key: "cannotBeSurprisedWithTalents",
      label: "FRAY.Teams.CannotBeSurprised",
      tone: "info",
    });
    expect(sheetView(teamsCharacter, initialData(teamsCharacter.fields), opts).badges.map((b) => b.key)).not.toContain(
      "cannotBeSurprisedWithTalents",
    );
  });

  it("ESC-42 shows free hit slots from the unit's Agility", () => {
    const v = sheetView(escalationUnit, { ...initialData(escalationUnit.fields), agility: 2 }, opts);
    expect(v.derived.find((d) => d.key === "freeHitSlots")?.value).toBe("3");
  });

  it("disables every input on a sheet the user may not edit", () => {
    const ro = sheetView(teamsCharacter, data, { ...opts, editable: false });
    expect(leaves(ro.inputs).every((i) => i.disabled)).toBe(true);
  });

  it("falls back to the spec's initial value for missing data", () => {
    const v = sheetView(teamsCharacter, {}, opts);
    expect(v.fields.constitution?.value).toBe(4);
    expect(v.fields.endurance?.fields?.value?.value).toBe(10);
  });

  it("item rows on actors carry id, name, image and type label", () => {
    const v = sheetView(teamsCharacter, data, {
      ...opts,
      items: [{ id: "i1", name: "Spear", img: null, type: "teams-weapon" }],
    });
    expect(v.hasItems).toBe(true);
    expect(v.items).toMatchObject([
      {
        id: "i1",
        name: "Spear",
        img: "icons/svg/item-bag.svg",
        type: "teams-weapon",
        typeLabel: "TYPES.Item.teams-weapon",
        attack: false,
      },
    ]);
    expect(sheetView(teamsWeapon, initialData(teamsWeapon.fields), opts).hasItems).toBe(false);
  });

  it(
    "an item that makes an attack card has an Attack button, for a user who owns the actor (the " +
      "sheet passes its types)",
    () => {
      const items = [
        { id: "i1", name: "Spear", img: null, type: "teams-weapon" },
        { id: "i2", name: "Salve", img: null, type: "teams-consumable" },
      ];
      const v = sheetView(teamsCharacter, data, { ...opts, items, attackItems: ["teams-weapon"] });
      expect(v.items.map((i) => [i.name, i.attack])).toEqual([
        ["Spear", true],
        ["Salve", false],
      ]);
      expect(v.attacks.map((i) => i.name)).toEqual(["Spear"]);
      for (const template of ["templates/actor/parts/items.hbs", "templates/actor/parts/attacks.hbs"]) {
        const html = render(template, { fray: v, editable: true, rootId: "s" });
        expect(html.match(/data-action="attackWith"/g), template).toHaveLength(1);
        expect(html).toContain('aria-label="Attack with Spear"');
      }
    },
  );
});
