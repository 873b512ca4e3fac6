/**
 * ChatMessage.system of a move card (move-card-data.ts): the effect a move caused, the actors it names, the dice's
 * outcome, what applying wrote and the attack an offer opened. Only the active GM writes it, through the move card
 * request. Fields are read from `foundry` when the schema is defined (at init), never when this module is imported.
 */
function defineMoveCardSchema() {
  const fields = foundry.data.fields;
  return {
    effect: new fields.ObjectField({ required: true }),
    sceneId: new fields.StringField({ required: true, blank: true, initial: "" }),
    moverRef: new fields.StringField({ required: true, blank: true, initial: "" }),
    byRef: new fields.StringField({ required: true, blank: true, initial: "" }),
    rollMode: new fields.StringField({ required: true, blank: false, initial: "publicroll" }),
    outcome: new fields.ObjectField({ required: false, nullable: true, initial: null }),
    applied: new fields.ObjectField({ required: false, nullable: true, initial: null }),
    taken: new fields.StringField({ required: false, nullable: true, blank: true, initial: null }),
    // A sealed card's public shell (its revision, viewers and digest; the outcome is on the GM's and the roller's
    // clients). An ObjectField keeps every key inside it, the digest included.
    sealed: new fields.ObjectField({ required: false, nullable: true, initial: null }),
    declined: new fields.BooleanField({ required: false, initial: false }),
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
