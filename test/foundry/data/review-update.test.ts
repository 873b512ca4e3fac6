import { describe, expect, it } from "vitest";
import { field, initialData } from "../../../src/foundry/data/field-spec.js";
import { reviewUpdate } from "../../../src/foundry/data/review-update.js";
import { teamsCharacter, teamsWeapon } from "../../../src/foundry/data/specs/index.js";

const fields = teamsCharacter.fields;
const current = { ...initialData(fields), endurance: { value: 8, max: 12 } };

describe("reviewUpdate: bad input is refused or corrected, never passed on", () => {
  it("refuses a non-number and keeps the rest of the change", () => {
    const r = reviewUpdate(fields, current, { evasion: "six", constitution: 5 });
    expect(r.changes).toEqual({ constitution: 5 });
    expect(r.problems).toEqual([{ path: "evasion", kind: "notANumber", key: "FRAY.Update.NotANumber", value: "six" }]);
  });

  it("reads numbers typed into a sheet as strings, and refuses an empty one", () => {
    expect(reviewUpdate(fields, current, { evasion: "7" }).changes).toEqual({ evasion: 7 });
    const r = reviewUpdate(fields, current, { evasion: "" });
    expect(r.changes).toEqual({});
    expect(r.problems[0]?.kind).toBe("notANumber");
  });

  it("refuses a fraction where a whole number is needed", () => {
    const r = reviewUpdate(fields, current, { evasion: 6.5 });
    expect(r.changes).toEqual({});
    expect(r.problems[0]).toMatchObject({ path: "evasion", kind: "notWhole", key: "FRAY.Update.NotWhole" });
  });

  it("clamps a negative pool value to 0", () => {
    const r = reviewUpdate(fields, current, { endurance: { value: -3 } });
    expect(r.changes).toEqual({ endurance: { value: 0 } });
    expect(r.problems).toEqual([
      { path: "endurance.value", kind: "belowMin", key: "FRAY.Update.BelowMin", value: -3, fixedTo: 0 },
    ]);
  });

  it("clamps a pool value above its current max", () => {
    const r = reviewUpdate(fields, current, { endurance: { value: 20 } });
    expect(r.changes).toEqual({ endurance: { value: 12 } });
    expect(r.problems[0]).toMatchObject({ path: "endurance.value", kind: "aboveMax", fixedTo: 12 });
  });

  it("checks a pool value against the max sent in the same update", () => {
    expect(reviewUpdate(fields, current, { endurance: { value: 15, max: 15 } }).problems).toEqual([]);
    const r = reviewUpdate(fields, current, { endurance: { value: 9, max: 6 } });
    expect(r.changes).toEqual({ endurance: { value: 6, max: 6 } });
    expect(r.problems[0]).toMatchObject({ path: "endurance.value", kind: "aboveMax", fixedTo: 6 });
  });

  it("lowering a max below the current value pulls the value down with it", () => {
    const r = reviewUpdate(fields, current, { endurance: { max: 5 } });
    expect(r.changes).toEqual({ endurance: { max: 5, value: 5 } });
    expect(r.problems).toEqual([
      { path: "endurance.value", kind: "aboveMax", key: "FRAY.Update.AboveMax", value: 8, fixedTo: 5 },
    ]);
  });

  it("lowering a max that stays above the value changes nothing else", () => {
    expect(reviewUpdate(fields, current, { endurance: { max: 10 } })).toEqual({
      changes: { endurance: { max: 10 } },
      problems: [],
    });
  });

  it("refuses keys the model does not have, top level and nested", () => {
    const r = reviewUpdate(fields, current, {
      mana: 3,
      attributes: { charm: "d8", strength: "d8" },
      endurance: { value: 4, temp: 2 },
    });
    expect(r.changes).toEqual({ attributes: { strength: "d8" }, endurance: { value: 4 } });
    expect(r.problems.map((p) => [p.path, p.kind])).toEqual([
      ["mana", "unknownKey"],
      ["attributes.charm", "unknownKey"],
      ["endurance.temp", "unknownKey"],
    ]);
  });

  it("accepts Foundry's flattened keys and reviews them like nested ones", () => {
    const r = reviewUpdate(fields, current, {
      "endurance.value": 30,
      "attributes.strength": "d7",
      "proficiencies.martial": 2,
    });
    expect(r.changes).toEqual({ endurance: { value: 12 }, proficiencies: { martial: 2 } });
    expect(r.problems.map((p) => [p.path, p.kind])).toEqual([
      ["endurance.value", "aboveMax"],
      ["attributes.strength", "badChoice"],
    ]);
  });

  it("refuses a die size that does not exist and a blank die unless the field allows none", () => {
    expect(reviewUpdate(fields, current, { attributes: { strength: "" } }).problems[0]?.kind).toBe("badChoice");
    expect(reviewUpdate(fields, current, { skills: { combat: "" } })).toEqual({
      changes: { skills: { combat: "" } },
      problems: [],
    });
  });

  it("refuses a value of the wrong type: an object for a number group, a number for text", () => {
    expect(reviewUpdate(fields, current, { attributes: 4 }).problems[0]).toMatchObject({
      path: "attributes",
      kind: "badType",
    });
    expect(reviewUpdate(fields, current, { endurance: 4 }).problems[0]).toMatchObject({
      path: "endurance",
      kind: "badType",
    });
    expect(reviewUpdate(fields, current, { notes: 4 }).problems[0]).toMatchObject({ path: "notes", kind: "badType" });
  });

  it("accepts sheet booleans sent as text", () => {
    expect(reviewUpdate(fields, current, { conditions: { prone: "true" } }).changes).toEqual({
      conditions: { prone: true },
    });
  });

  it("tags: keeps a valid list without duplicates, accepts a Set, refuses unknown tags", () => {
    const w = teamsWeapon.fields;
    const base = initialData(w);
    expect(reviewUpdate(w, base, { tags: ["thrown", "thrown", "reach"] }).changes).toEqual({
      tags: ["thrown", "reach"],
    });
    expect(reviewUpdate(w, base, { tags: new Set(["block"]) }).changes).toEqual({ tags: ["block"] });
    const r = reviewUpdate(w, base, { tags: ["thrown", "explosive"] });
    expect(r.changes).toEqual({});
    expect(r.problems[0]).toMatchObject({ path: "tags", kind: "badChoice", value: "explosive" });
    expect(reviewUpdate(w, base, { tags: "thrown" }).problems[0]?.kind).toBe("badType");
  });

  it("clamps plain numbers to their own min and max", () => {
    const f = { n: field.number("L", 0, { min: 1, max: 5 }) };
    expect(reviewUpdate(f, {}, { n: 0 }).changes).toEqual({ n: 1 });
    expect(reviewUpdate(f, {}, { n: 9 }).changes).toEqual({ n: 5 });
    expect(reviewUpdate(f, {}, { n: 3 })).toEqual({ changes: { n: 3 }, problems: [] });
  });
});
