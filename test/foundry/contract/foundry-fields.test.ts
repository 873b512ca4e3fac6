import { describe, expect, it } from "vitest";
import {
  ArrayField,
  BooleanField,
  NumberField,
  ObjectField,
  SchemaField,
  StringField,
} from "../../fakes/foundry-fields.js";

// v13's fields, read from common/data/fields.mjs: each class's `_defaults`, the NumberField and StringField
// constructors (choices change the defaults), DataField#getInitialValue and StringField#getInitialValue,
// DataField#validate (`_validateSpecial`, then `_validateType`) and DataField#clean.
describe("the fields fake validates as Foundry v13 does", () => {
  it("a NumberField accepts null by default; one with choices, or nullable: false, does not", () => {
    expect(new NumberField().validate(null)).toBeUndefined();
    expect(new NumberField({ choices: ["1", "2"] }).validate(null)).toBe("may not be null");
    expect(new NumberField({ choices: ["1", "2"], nullable: true }).validate(null)).toBeUndefined();
    expect(new NumberField({ nullable: false }).validate(null)).toBe("may not be null");
  });

  it("a field that is not required accepts undefined; a required one does not", () => {
    expect(new NumberField().validate(undefined)).toBeUndefined();
    expect(new StringField().validate(undefined)).toBeUndefined();
    expect(new NumberField({ required: true }).validate(undefined)).toBe("may not be undefined");
    // Boolean, object, array and schema fields are required by default.
    expect(new BooleanField().validate(undefined)).toBe("may not be undefined");
    expect(new ObjectField().validate(undefined)).toBe("may not be undefined");
    expect(new ArrayField(new StringField()).validate(undefined)).toBe("may not be undefined");
    expect(new SchemaField({}).validate(undefined)).toBe("may not be undefined");
  });

  it("a NumberField checks its choices: a list holds the number, a record has it as a key", () => {
    expect(new NumberField({ choices: ["1", "2"] as never }).validate(3)).toBe("3 is not a valid choice");
    expect(new NumberField({ choices: { 1: "one", 2: "two" } }).validate(2)).toBeUndefined();
    expect(new NumberField({ choices: { 1: "one", 2: "two" } }).validate(3)).toBe("3 is not a valid choice");
  });

  it("a StringField with choices may not be blank or null unless it says so", () => {
    expect(new StringField({ choices: ["a", "b"] }).validate("")).toBe("may not be a blank string");
    expect(new StringField({ choices: ["a", "b"] }).validate(null)).toBe("may not be null");
    expect(new StringField({ choices: ["a", "b"], blank: true }).validate("")).toBeUndefined();
    expect(new StringField().validate("")).toBeUndefined();
  });

  it(
    "a StringField starts blank only when it is required and may be blank; else undefined, unless " +
      "an initial is given",
    () => {
      expect(new StringField({ required: true }).getInitialValue()).toBe("");
      expect(new StringField().getInitialValue()).toBeUndefined();
      expect(new StringField({ required: true, blank: false }).getInitialValue()).toBeUndefined();
      expect(new StringField({ required: true, choices: ["a"] }).getInitialValue()).toBeUndefined();
      expect(new StringField({ required: true, initial: "a" }).getInitialValue()).toBe("a");
      expect(new NumberField({ required: true }).getInitialValue()).toBeNull();
    },
  );

  it("clean: a refused special value becomes the initial value, a number is kept within its bounds", () => {
    expect(new StringField({ blank: false, initial: "x" }).clean("")).toBe("x");
    expect(new StringField({ blank: false, initial: "x" }).clean("  ")).toBe("x");
    expect(new NumberField({ nullable: false, initial: 2 }).clean(null)).toBe(2);
    expect(new NumberField().clean("")).toBeNull();
    expect(new NumberField({ min: 0, max: 5, integer: true }).clean(7.4)).toBe(5);
    expect(new NumberField({ min: 0, max: 5, integer: true }).clean(-1)).toBe(0);
    expect(new BooleanField().clean("false")).toBe(false);
  });
});
