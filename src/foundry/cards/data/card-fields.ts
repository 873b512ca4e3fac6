import { ROLL_MODES } from "../../dice/dice-tray.js";

/**
 * The fields both cards' schemas share (attack-card-model.ts, move-cards/move-card-model.ts), typed as far as Foundry's
 * fields can say: Foundry cleans a card's data by them, so a player's message of a card's type cannot hold a key
 * they do not declare. Read from `foundry.data.fields` when a schema is defined (at init), never on import.
 */

/** How a card names a user or an actor: a non-blank id or UUID. */
const ref = () => new foundry.data.fields.StringField({ required: true, nullable: false, blank: false });

/** Values at dotted paths ("health.value" -> 7), or an item's whole source data: what an undo writes back. */
const values = () => new foundry.data.fields.ObjectField({ required: true, nullable: false });

/**
 * What applying a card wrote (AppliedRecord in attack-card-data.ts): each actor's and item's values before, the
 * statuses set, the items deleted, the fights' defeat steps. Null until the card is applied.
 */
export function appliedField() {
  const f = foundry.data.fields;
  return new f.SchemaField(
    {
      actors: new f.ArrayField(new f.SchemaField({ actorId: ref(), before: values() })),
      statuses: new f.ArrayField(
        new f.SchemaField({
          actorId: ref(),
          status: ref(),
          active: new f.BooleanField({ required: true, nullable: false }),
        }),
      ),
      items: new f.ArrayField(new f.SchemaField({ actorId: ref(), itemId: ref(), before: values() })),
      destroyed: new f.ArrayField(new f.SchemaField({ actorId: ref(), data: values() })),
      fight: new f.ArrayField(new f.SchemaField({ combatId: ref(), combatant: ref() }), { required: false }),
    },
    { required: false, nullable: true, initial: null },
  );
}

/**
 * A sealed card's public shell (SealedView in sealed-card.ts): its revision, title, viewers and digest. Null: not
 * sealed.
 */
export function sealedField() {
  const f = foundry.data.fields;
  return new f.SchemaField(
    {
      revision: new f.NumberField({ required: true, nullable: false, integer: true, min: 0, initial: 0 }),
      title: new f.SchemaField({
        key: new f.StringField({ required: true, nullable: false, blank: true, initial: "" }),
        data: new f.ObjectField({ required: true, nullable: false }),
      }),
      viewers: new f.ArrayField(ref()),
      digest: new f.StringField({ required: true, nullable: false, blank: true, initial: "" }),
    },
    { required: false, nullable: true, initial: null },
  );
}

/** One of Foundry's roll modes (CONST.DICE_ROLL_MODES). */
export const rollModeField = () =>
  new foundry.data.fields.StringField({
    required: true,
    nullable: false,
    blank: false,
    initial: "publicroll",
    choices: [...ROLL_MODES],
  });
