import { RULESETS } from "../../core/rulesets.js";
import { appliedField, rollModeField, sealedField } from "./card-fields.js";

/**
 * ChatMessage.system of an attack card (attack-card-data.ts): the pipeline's journal and events, who attacks whom
 * with what, and what applying wrote. Only the active GM writes it, through the attack requests; a card no GM made
 * is read by nothing (card-trust.ts). Typed where Foundry's fields can say it. The journal, the events, the options
 * and the question are each rule set's own shapes: objects here, checked by the readers (readAttackCard,
 * readPendingCard) and by the pipeline's legal() before any step.
 */
export function defineAttackCardSchema() {
  const f = foundry.data.fields;
  const text = () => new f.StringField({ required: true, nullable: false, blank: true, initial: "" });
  const picked = () => new f.StringField({ required: false, nullable: false, blank: false, initial: undefined });
  const object = () => new f.ObjectField({ required: false, nullable: true, initial: null });
  return {
    ruleset: new f.StringField({ required: true, nullable: false, blank: true, initial: "", choices: [...RULESETS] }),
    attackerId: text(),
    targetId: text(),
    itemId: new f.StringField({ required: false, nullable: true, blank: true, initial: null }),
    rollMode: rollModeField(),
    journal: object(),
    events: new f.ArrayField(new f.ObjectField()),
    applied: appliedField(),
    // A question someone must answer before the attack opens (strain's defence), with the attacker's options.
    pending: new f.SchemaField(
      { question: new f.ObjectField({ required: true, nullable: false }), options: new f.ObjectField({ required: true, nullable: false }) },
      { required: false, nullable: true, initial: null },
    ),
    openingSteps: new f.NumberField({ required: true, nullable: false, integer: true, min: 0, initial: 0 }),
    // The options the attack opened with (the map's facts, the GM's circumstances), and whether the map was asked.
    options: object(),
    map: new f.StringField({ required: false, nullable: false, blank: true, initial: "", choices: ["checked", "unchecked"] }),
    // The options not the map's, and where the map was read: a change of circumstances reads it there again.
    given: object(),
    // A name left out is the GM's own pick (map/attack-map.ts): a missing key stays missing, never "".
    place: new f.SchemaField(
      { sceneId: picked(), attackerTokenId: picked(), targetTokenId: picked() },
      { required: false, nullable: true, initial: null },
    ),
    // The user who attacked: a private or self card is theirs to see (sealed-card.ts).
    roller: new f.StringField({ required: false, nullable: false, blank: true, initial: "" }),
    // A sealed card's public shell: without this field Foundry's schema would drop it.
    sealed: sealedField(),
  };
}

export type AttackCardSchema = ReturnType<typeof defineAttackCardSchema>;

/** The attack card's TypeDataModel class, made at init (Foundry's base class exists only then). */
export function attackCardModel() {
  return class AttackCardModel extends foundry.abstract.TypeDataModel<AttackCardSchema, ChatMessage.Implementation> {
    static override defineSchema(): AttackCardSchema {
      return defineAttackCardSchema();
    }
  };
}
