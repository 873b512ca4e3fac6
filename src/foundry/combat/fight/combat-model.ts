import fields = foundry.data.fields;

/**
 * Combat.system for every Fray combat type: the core's journal (setup, seed, command log, state,
 * dice, revision), the events of the last recorded command, and the GM's start options.
 * Only the active GM writes it, through the turn-request handler.
 */
const defineCombatSchema = () => ({
  journal: new fields.ObjectField({ required: false, nullable: true, initial: null }),
  // A damaged journal the GM repaired is kept here, so nothing of it is lost (repair-fight.ts).
  damaged: new fields.ObjectField({ required: false, nullable: true, initial: null }),
  events: new fields.ArrayField(new fields.ObjectField()),
  revision: new fields.NumberField({ required: true, nullable: false, integer: true, min: 0, initial: 0 }),
  start: new fields.SchemaField({
    // The GM's pick of turn order before the start; empty means the combat's own type.
    mode: new fields.StringField({ required: true, blank: true, initial: "" }),
    sideOrder: new fields.ArrayField(new fields.StringField({ required: true, blank: false })),
    surprise: new fields.ArrayField(new fields.StringField({ required: true, blank: false })),
    initiators: new fields.ArrayField(new fields.StringField({ required: true, blank: false })),
  }),
});

type FrayCombatSchema = ReturnType<typeof defineCombatSchema>;

export class FrayCombatModel extends foundry.abstract.TypeDataModel<FrayCombatSchema, Combat.Implementation> {
  static override defineSchema(): FrayCombatSchema {
    return defineCombatSchema();
  }
}
