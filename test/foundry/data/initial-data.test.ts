import { describe, expect, it } from "vitest";
import { field, initialData, withInitial } from "../../../src/foundry/data/field-spec.js";
import { ACTOR_MODELS, ITEM_MODELS } from "../../../src/foundry/data/models.js";
import { reviewUpdate } from "../../../src/foundry/data/review-update.js";

describe("initialData", () => {
  it("gives every kind of field its starting value", () => {
    const spec = {
      n: field.count("L", 3),
      p: field.pool("L", 10),
      d: field.die("L", "d8"),
      s: field.text("L", "pc", ["pc", "npc"]),
      b: field.flag("L", true),
      h: field.html("L"),
      t: field.tags("L", ["a"]),
      g: field.group("L", { x: field.modifier("L", -1) }),
    };
    expect(initialData(spec)).toEqual({
      n: 3,
      p: { value: 10, max: 10 },
      d: "d8",
      s: "pc",
      b: true,
      h: "",
      t: [],
      g: { x: -1 },
    });
  });

  it("every model's initial data passes its own review unchanged", () => {
    for (const m of [...ACTOR_MODELS, ...ITEM_MODELS]) {
      const data = initialData(m.fields);
      const r = reviewUpdate(m.fields, data, data);
      expect(r.problems, m.type).toEqual([]);
      expect(r.changes, m.type).toEqual(data);
    }
  });
});

describe("withInitial", () => {
  it("fills missing fields, group members and pool halves, and keeps what is there", () => {
    const spec = {
      p: field.pool("L", 10),
      g: field.group("L", { a: field.count("L", 1), b: field.flag("L") }),
      n: field.count("L", 4),
    };
    expect(withInitial(spec, { p: { value: 3 }, g: { a: 7 } })).toEqual({
      p: { value: 3, max: 10 },
      g: { a: 7, b: false },
      n: 4,
    });
  });
});
