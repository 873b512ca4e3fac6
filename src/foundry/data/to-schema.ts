import { DIE_SIZES, type FieldSpec, type FieldSpecs } from "./field-spec.js";

import fields = foundry.data.fields;

/** Build the Foundry schema for a spec, at init time (Foundry's field classes exist only then). */
export function toSchema(specs: FieldSpecs): fields.DataSchema {
  const out: fields.DataSchema = {};
  for (const [key, spec] of Object.entries(specs)) out[key] = toField(spec);
  return out;
}

function toField(spec: FieldSpec): fields.DataField.Any {
  switch (spec.kind) {
    case "number":
      return new fields.NumberField({
        required: true,
        nullable: false,
        integer: spec.integer ?? true,
        initial: spec.initial,
        ...(spec.min === undefined ? {} : { min: spec.min }),
        ...(spec.max === undefined ? {} : { max: spec.max }),
        label: spec.label,
      });
    case "pool":
      return new fields.SchemaField(
        {
          value: new fields.NumberField({
            required: true,
            nullable: false,
            integer: true,
            min: 0,
            initial: spec.initial,
          }),
          max: new fields.NumberField({
            required: true,
            nullable: false,
            integer: true,
            min: 0,
            initial: spec.initial,
          }),
        },
        { label: spec.label },
      );
    case "die":
      return new fields.StringField({
        required: true,
        blank: spec.allowNone ?? false,
        initial: spec.initial,
        choices: spec.allowNone ? ["", ...DIE_SIZES] : [...DIE_SIZES],
        label: spec.label,
      });
    case "string":
      return new fields.StringField({
        required: true,
        blank: true,
        initial: spec.initial,
        ...(spec.choices ? { choices: [...spec.choices] } : {}),
        label: spec.label,
      });
    case "boolean":
      return new fields.BooleanField({ initial: spec.initial, label: spec.label });
    case "html":
      return new fields.HTMLField({ required: true, blank: true, initial: "", label: spec.label });
    case "tags":
      return new fields.SetField(new fields.StringField({ required: true, blank: false, choices: [...spec.choices] }), {
        label: spec.label,
      });
    case "group":
      return new fields.SchemaField(toSchema(spec.fields), { label: spec.label });
  }
}
