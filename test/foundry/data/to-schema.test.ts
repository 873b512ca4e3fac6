import { beforeAll, describe, expect, it } from "vitest";
import { field, initialData, type FieldSpecs } from "../../../src/foundry/data/field-spec.js";
import { ACTOR_MODELS, ITEM_MODELS } from "../../../src/foundry/data/models.js";
import { fakeFields, installFakeFields, type DataField } from "../../fakes/foundry-fields.js";

// to-schema.ts reads foundry.data.fields when it loads, as it does in Foundry at init.
let toSchema: (specs: FieldSpecs) => Record<string, DataField>;
beforeAll(async () => {
  installFakeFields();
  toSchema = (await import("../../../src/foundry/data/to-schema.js")).toSchema as unknown as typeof toSchema;
});

function initialOf(schema: Record<string, DataField>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(schema).map(([k, f]) => [k, f.getInitialValue()]));
}

describe("toSchema builds Foundry fields from the spec", () => {
  it("maps each kind to its Foundry field with the spec's options", () => {
    const s = toSchema({
      n: field.number("L.N", 1, { min: 1, max: 5 }),
      p: field.pool("L.P", 10),
      d: field.die("L.D", "d8", true),
      s: field.text("L.S", "pc", ["pc", "npc"]),
      b: field.flag("L.B"),
      h: field.html("L.H"),
      t: field.tags("L.T", ["thrown"]),
      g: field.group("L.G", { x: field.modifier("L.X") }),
    });
    expect(s.n).toBeInstanceOf(fakeFields.NumberField);
    expect(s.n?.options).toMatchObject({
      required: true,
      nullable: false,
      integer: true,
      min: 1,
      max: 5,
      initial: 1,
      label: "L.N",
    });
    expect(s.p).toBeInstanceOf(fakeFields.SchemaField);
    expect(Object.keys((s.p as InstanceType<typeof fakeFields.SchemaField>).fields)).toEqual(["value", "max"]);
    expect(s.d?.options).toMatchObject({ blank: true, choices: ["", "d4", "d6", "d8", "d10", "d12", "d20"] });
    expect(s.s?.options.choices).toEqual(["pc", "npc"]);
    expect(s.b).toBeInstanceOf(fakeFields.BooleanField);
    expect(s.h).toBeInstanceOf(fakeFields.HTMLField);
    expect(s.t).toBeInstanceOf(fakeFields.SetField);
    expect((s.t as InstanceType<typeof fakeFields.SetField>).element.options.choices).toEqual(["thrown"]);
    expect(s.g).toBeInstanceOf(fakeFields.SchemaField);
  });

  it("every model's Foundry schema starts with the same data as its spec", () => {
    for (const m of [...ACTOR_MODELS, ...ITEM_MODELS]) {
      expect(initialOf(toSchema(m.fields)), m.type).toEqual(initialData(m.fields));
    }
  });

  it("every model's initial data is valid for its Foundry schema", () => {
    for (const m of [...ACTOR_MODELS, ...ITEM_MODELS]) {
      const schema = toSchema(m.fields);
      const data = initialData(m.fields);
      for (const [k, f] of Object.entries(schema)) expect(f.validate(data[k]), `${m.type}.${k}`).toBeUndefined();
    }
  });

  it("the Foundry schema refuses what the review refuses: a pool below 0, a bad die", () => {
    const s = toSchema({ p: field.pool("L", 5), d: field.die("L") });
    expect(s.p?.validate({ value: -1, max: 5 })).toBe("value must be at least 0");
    expect(s.p?.validate({ value: 5, max: 5 })).toBeUndefined();
    expect(s.d?.validate("d7")).toBe("d7 is not a valid choice");
    expect(s.d?.validate("d8")).toBeUndefined();
  });
});
