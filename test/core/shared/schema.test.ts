import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { problemIn, stateCheck, stateProblem, type Schema, type StateSchema } from "../../../src/core/shared/schema.js";

describe("a schema is data, and its check is derived from it (shared/schema.ts)", () => {
  it("checks each kind of leaf", () => {
    const fits = (schema: Schema, value: unknown) => problemIn(schema, value) === null;
    expect([fits("text", "a"), fits("text", ""), fits("string", ""), fits("string", 1)]).toEqual([
      true,
      false,
      true,
      false,
    ]);
    expect([fits("count", 0), fits("count", -1), fits("count", 1.5), fits("integer", -3)]).toEqual([
      true,
      false,
      false,
      true,
    ]);
    expect([fits("amount", 0.5), fits("amount", -0.5), fits("amount", Infinity), fits("number", Number.NaN)]).toEqual([
      true,
      false,
      false,
      true,
    ]);
    expect([fits("boolean", false), fits("boolean", 0), fits("any", undefined)]).toEqual([true, false, true]);
    expect([fits({ literal: "ranked" }, "ranked"), fits({ literal: "ranked" }, "rolled")]).toEqual([true, false]);
    expect([fits({ oneOf: ["a", "b"] }, "b"), fits({ oneOf: ["a", "b"] }, "c")]).toEqual([true, false]);
    expect([fits({ atLeast: 1 }, 1), fits({ atLeast: 1 }, 0), fits({ atLeast: 1 }, 1.5)]).toEqual([true, false, false]);
    expect([fits({ nullable: "text" }, null), fits({ nullable: "text" }, undefined)]).toEqual([true, false]);
    expect([fits({ optional: "text" }, undefined), fits({ optional: "text" }, null)]).toEqual([true, false]);
    const even = (v: unknown) => v === 2;
    expect([fits(even, 2), fits(even, 3)]).toEqual([true, false]);
  });

  it("names the first place a value breaks it, through objects, lists and records", () => {
    const schema: Schema = {
      fields: {
        round: "count",
        combatants: { list: { fields: { id: "text", able: "boolean" } }, unique: "id" },
        members: { record: { fields: { id: "text" } }, keyed: "id" },
      },
    };
    const good = { round: 1, combatants: [{ id: "a", able: true }], members: { a: { id: "a" } }, extra: "kept" };
    expect(problemIn(schema, good)).toBeNull();
    expect(problemIn(schema, { ...good, round: -1 })).toBe("round");
    expect(
      problemIn(schema, {
        ...good,
        combatants: [
          { id: "a", able: true },
          { id: "b", able: "yes" },
        ],
      }),
    ).toBe("combatants.1.able");
    expect(
      problemIn(schema, {
        ...good,
        combatants: [
          { id: "a", able: true },
          { id: "a", able: false },
        ],
      }),
    ).toBe("combatants.1.id");
    expect(problemIn(schema, { ...good, members: { a: { id: "b" } } })).toBe("members.a.id");
    expect(problemIn(schema, { ...good, members: [] })).toBe("members");
    expect(problemIn(schema, [])).toBe("");
    expect(problemIn({ list: "string", unique: true }, ["a", "b", "a"])).toBe("2");
  });

  it("reads own fields only: a field left out is not found on the prototype", () => {
    const fields = (entries: [string, Schema][]): Schema => ({ fields: Object.fromEntries(entries) });
    const schema = fields([
      ["toString", "any"],
      ["constructor", { optional: "text" }],
    ]);
    expect(problemIn(fields([["toString", "string"]]), {})).toBe("toString");
    expect(problemIn(schema, {})).toBeNull();
    expect(problemIn({ record: "count" }, JSON.parse('{"__proto__": 3, "a": 1}'))).toBeNull();
    expect(problemIn({ record: "count" }, JSON.parse('{"__proto__": "x"}'))).toBe("__proto__");
  });

  it("checks a state's fields first, then the rules between them, and names the rule broken", () => {
    interface Fight {
      readonly ids: readonly string[];
      readonly acting: string | null;
    }
    const FIGHT: StateSchema<Fight> = {
      fields: { ids: { list: "text" }, acting: { nullable: "text" } },
      rules: [{ why: "the one acting is in the fight", holds: (s) => s.acting === null || s.ids.includes(s.acting) }],
    };
    const isFight = stateCheck(FIGHT);
    expect(stateProblem(FIGHT, { ids: ["a"], acting: "a" })).toBeNull();
    expect(stateProblem(FIGHT, { ids: ["a"], acting: "b" })).toBe("the one acting is in the fight");
    expect(stateProblem(FIGHT, { ids: "a", acting: "b" })).toBe("ids");
    expect(stateProblem(FIGHT, "fight")).toBe("not an object");
    expect([isFight({ ids: [], acting: null }), isFight({ ids: [], acting: "x" })]).toEqual([true, false]);
  });

  it("never throws, whatever it is handed", () => {
    const schema: Schema = {
      fields: {
        a: { list: { fields: { id: "text" } }, unique: "id" },
        b: { record: "any", keyed: "id" },
        c: { nullable: { atLeast: 2 } },
      },
    };
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (a, b) => {
        expect(() => problemIn(schema, { a, b, c: a })).not.toThrow();
        expect(() => problemIn(schema, a)).not.toThrow();
      }),
      { numRuns: 500 },
    );
  });
});
