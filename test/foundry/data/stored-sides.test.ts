import { beforeAll, describe, expect, it } from "vitest";
import { rosterFrom, type CombatantSource } from "../../../src/foundry/combat/fight/combat-roster.js";
import { COMBAT_MODES, MODE_FOR_RULESET } from "../../../src/foundry/rulesets/index.js";
import { initialData, type FieldSpecs } from "../../../src/foundry/data/field-spec.js";
import { migrateSource } from "../../../src/foundry/data/model-metadata.js";
import { reviewUpdate } from "../../../src/foundry/data/review-update.js";
import { sectionsEntity, strainCharacter } from "../../../src/foundry/data/specs/index.js";
import { installFakeFields, type DataField } from "../../fakes/foundry-fields.js";

/**
 * Why old worlds' sides need no migration (issue 15). The actor side fields came in with 0cf882e as choices
 * ["pc", "adversary"] (sections) and ["pc", "npc"] (strain), "pc" by default; 7996bf5 added the blank "from its token"
 * and made it the default, keeping both old words. So every side an earlier version stored is still a choice: the
 * schema takes it, the review keeps it, the migration leaves it, and the roster reads it as the side it always was,
 * the same word the turn order gives a friendly or hostile token.
 */
const EARLIER = [
  { meta: sectionsEntity, stored: ["pc", "adversary"] },
  { meta: strainCharacter, stored: ["pc", "npc"] },
] as const;

let toSchema: (specs: FieldSpecs) => Record<string, DataField>;
beforeAll(async () => {
  installFakeFields();
  toSchema = (await import("../../../src/foundry/data/to-schema.js")).toSchema as unknown as typeof toSchema;
});

const token = (disposition: number, side: string): CombatantSource => ({
  id: "c1",
  name: "Someone",
  hidden: false,
  groupId: null,
  disposition,
  defeated: false,
  playerOwned: false,
  actorSystem: { side },
});

describe.each(EARLIER)("a stored $meta.type side from an earlier version", ({ meta, stored }) => {
  it.each(stored)("%s is still valid for the schema, kept by the review and left by the migration", (side) => {
    const source = { ...initialData(meta.fields), schemaVersion: 1, side };
    expect(toSchema(meta.fields).side!.validate(side)).toBeUndefined();
    expect(reviewUpdate(meta.fields, source, { side })).toEqual({ changes: { side }, problems: [] });
    expect(migrateSource(meta, source).side).toBe(side);
  });

  it.each(stored)("%s fights on that side, named as the turn order names a token of that disposition", (side) => {
    const mode = COMBAT_MODES[MODE_FOR_RULESET[meta.ruleset]]!;
    const disposition = side === "pc" ? 1 : -1;
    // A set side wins over the token (7996bf5): an old default "pc" stays the players' side until the GM blanks it.
    expect(rosterFrom([token(-disposition, side)], mode.sides)[0]!.side).toBe(side);
    expect(rosterFrom([token(disposition, "")], mode.sides)[0]!.side).toBe(side);
  });
});
