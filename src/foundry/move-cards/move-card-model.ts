import { appliedField, rollModeField, sealedField } from "../cards/card-fields.js";

/**
 * ChatMessage.system of a move card (move-card-data.ts): the effect a move caused, the actors it names, the dice's
 * outcome, what applying wrote and the attack an offer opened. Only the active GM writes it, through the move card
 * request; a card no GM made is read by nothing (cards/card-trust.ts). Typed where Foundry's fields can say it: the
 * effect and the outcome are unions by `kind`, objects here, checked by readMoveCard (the core's readMoveEffect). A
 * hidden token's card holds no effect and no actor (`hidden`, move-card-post.ts). Fields are read from `foundry`
 * when the schema is defined (at init), never when this module is imported.
 */
export function defineMoveCardSchema() {
  const fields = foundry.data.fields;
  return {
    effect: new fields.ObjectField({ required: false, nullable: true, initial: null }),
    sceneId: new fields.StringField({ required: true, nullable: false, blank: true, initial: "" }),
    moverRef: new fields.StringField({ required: true, nullable: false, blank: true, initial: "" }),
    byRef: new fields.StringField({ required: true, nullable: false, blank: true, initial: "" }),
    rollMode: rollModeField(),
    outcome: new fields.ObjectField({ required: false, nullable: true, initial: null }),
    applied: appliedField(),
    taken: new fields.StringField({ required: false, nullable: true, blank: true, initial: null }),
    // A sealed card's public shell (its revision, viewers and digest; the outcome is on the GM's and the roller's
    // clients).
    sealed: sealedField(),
    declined: new fields.BooleanField({ required: false, initial: false }),
    // A hidden token's card: its whole data is on the GM's client alone (move-card-post.ts).
    hidden: new fields.BooleanField({ required: false, initial: false }),
  };
}

export type MoveCardSchema = ReturnType<typeof defineMoveCardSchema>;

/** The move card's TypeDataModel class, made at init (Foundry's base class exists only then). */
export function moveCardModel() {
  return class MoveCardModel extends foundry.abstract.TypeDataModel<MoveCardSchema, ChatMessage.Implementation> {
    static override defineSchema(): MoveCardSchema {
      return defineMoveCardSchema();
    }
  };
}
