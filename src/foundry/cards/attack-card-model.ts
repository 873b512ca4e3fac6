import fields = foundry.data.fields;

/**
 * ChatMessage.system of an attack card (attack-card-data.ts): the pipeline's journal and events, who attacks whom
 * with what, and what applying wrote. Only the active GM writes it, through the attack requests.
 */
const defineAttackCardSchema = () => ({
  ruleset: new fields.StringField({ required: true, blank: true, initial: "" }),
  attackerId: new fields.StringField({ required: true, blank: true, initial: "" }),
  targetId: new fields.StringField({ required: true, blank: true, initial: "" }),
  itemId: new fields.StringField({ required: false, nullable: true, blank: true, initial: null }),
  rollMode: new fields.StringField({ required: true, blank: false, initial: "publicroll" }),
  journal: new fields.ObjectField({ required: false, nullable: true, initial: null }),
  events: new fields.ArrayField(new fields.ObjectField()),
  applied: new fields.ObjectField({ required: false, nullable: true, initial: null }),
  // A question someone must answer before the attack opens (strain's defence), with the attacker's options.
  pending: new fields.ObjectField({ required: false, nullable: true, initial: null }),
  openingSteps: new fields.NumberField({ required: true, nullable: false, integer: true, min: 0, initial: 0 }),
  // The options the attack opened with (the map's facts, the GM's circumstances), and whether the map was asked.
  options: new fields.ObjectField({ required: false, nullable: true, initial: null }),
  map: new fields.StringField({ required: false, blank: true, initial: "" }),
  // The options not the map's, and where the map was read: a change of circumstances reads it there again.
  given: new fields.ObjectField({ required: false, nullable: true, initial: null }),
  place: new fields.ObjectField({ required: false, nullable: true, initial: null }),
  // The user who attacked: a private or self card is theirs to see (sealed-card.ts).
  roller: new fields.StringField({ required: false, blank: true, initial: "" }),
  // A sealed card's public shell (its revision, title, viewers and digest, sealed-digest.ts): without this field
  // Foundry's schema would drop it. An ObjectField keeps every key inside it, the digest included.
  sealed: new fields.ObjectField({ required: false, nullable: true, initial: null }),
});

export type AttackCardSchema = ReturnType<typeof defineAttackCardSchema>;

export class AttackCardModel extends foundry.abstract.TypeDataModel<AttackCardSchema, ChatMessage.Implementation> {
  static override defineSchema(): AttackCardSchema {
    return defineAttackCardSchema();
  }
}
