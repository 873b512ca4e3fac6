import { beforeAll, describe, expect, it } from "vitest";
import { handleAttackOpen, type OpenCardContext } from "../../../src/foundry/cards/requests/attack-open.js";
import { handleAttackStep } from "../../../src/foundry/cards/requests/attack-request.js";
import { hiddenAttackShell, readSealed, StorageSealedStore } from "../../../src/foundry/cards/sealed/sealed-card.js";
import { readMoveCard, type MoveCardData } from "../../../src/foundry/move-cards/move-card-data.js";
import { hiddenMoveShell, postMoveEffects } from "../../../src/foundry/move-cards/move-card-post.js";
import { FakeActor, FakeChat, FakeItem } from "../../fakes/foundry-card.js";
import { FakeUser } from "../../fakes/foundry-combat.js";
import { FakeDiceTray } from "../../fakes/foundry-dice.js";
import { fakeFields, installFakeFields, type DataField } from "../../fakes/foundry-fields.js";
import { toyCard } from "./toy-card.js";
import { gmCardHands } from "./gm-card-hands.js";
import { gmMovePostHands } from "./gm-card-hands.js";

// Issue 26, hole 1: the cards' data have typed schemas. Foundry cleans a document's system data by its model's schema:
// a SchemaField deletes every key it does not declare (common/data/fields.mjs, SchemaField#_cleanType), and validates
// the rest. So the schema must keep every key the GM's client writes, and keeps nothing else.
type Schema = Record<string, DataField>;
let attackSchema: Schema;
let moveSchema: Schema;

beforeAll(async () => {
  installFakeFields();
  (globalThis as { foundry: Record<string, unknown> }).foundry.abstract = { TypeDataModel: class {} };
  attackSchema = (
    await import("../../../src/foundry/cards/attack-card-model.js")
  ).defineAttackCardSchema() as unknown as Schema;
  moveSchema = (
    await import("../../../src/foundry/move-cards/move-card-model.js")
  ).defineMoveCardSchema() as unknown as Schema;
});

/**
 * What Foundry's cleaning and validation would do to `value`: each key it drops and each value it refuses, by path. A
 * missing value is first given its field's initial one, as cleaning does.
 */
function problems(field: DataField, raw: unknown, path: string, out: string[] = []): string[] {
  const value = raw === undefined ? field.getInitialValue() : raw;
  const isSchema = field instanceof fakeFields.SchemaField;
  if (!isSchema && !(field instanceof fakeFields.ArrayField)) {
    const error = field.validate(value);
    if (error) out.push(`${path} ${error}`);
    return out;
  }
  if (value === null && field.options.nullable) return out;
  if (isSchema) {
    if (typeof value !== "object" || value === null || Array.isArray(value))
      return [...out, `${path} must be an object`];
    const record = value as Record<string, unknown>;
    for (const k of Object.keys(record)) if (!Object.hasOwn(field.fields, k)) out.push(`${path}.${k} is dropped`);
    for (const [k, inner] of Object.entries(field.fields)) problems(inner, record[k], `${path}.${k}`, out);
    return out;
  }
  if (!Array.isArray(value)) return [...out, `${path} must be an array`];
  value.forEach((v, i) => problems(field.element, v, `${path}[${i}]`, out));
  return out;
}

const schemaProblems = (schema: Schema, system: unknown) =>
  problems(new fakeFields.SchemaField(schema), system, "system");

const gm = new FakeUser("gm", "GM", true);
const alice = new FakeUser("alice", "Alice");

/** Every system an attack card's message holds, as the GM's handlers write it: public and sealed, step by step. */
async function attackSystems(): Promise<unknown[]> {
  const alric = new FakeActor(
    "alric",
    "Alric",
    "teams-character",
    { health: { value: 9 } },
    ["alice"],
    [new FakeItem("spear", "Spear", "teams-weapon", { durability: { value: 3 } })],
  );
  const goblin = new FakeActor("goblin", "Goblin", "teams-character", { health: { value: 4 } }, []);
  const chat = new FakeChat();
  const seen: unknown[] = [];
  const ctx: OpenCardContext = {
    ...gmCardHands(),
    message: (id) => chat.get(id),
    actor: (id) => [alric, goblin].find((a) => a.id === id),
    user: (id) => [gm, alice].find((u) => u.id === id),
    card: () => toyCard,
    // A d20 of 19 hits, a d6 of 6 drops the goblin: every field of the applied record is written.
    dice: new FakeDiceTray([19, 6, 19, 6]),
    dropped: () => Promise.resolve(undefined),
    mayTarget: () => true,
    ruleset: () => "teams",
    sealed: new StorageSealedStore(null, ""),
    newId: () => `m${chat.messages.length + 1}`,
    post: (data, _speaker, id) => Promise.resolve(chat.create(gm, "attack", data, id ? { id } : {})),
  };
  for (const rollMode of ["publicroll", "gmroll"]) {
    const opened = await handleAttackOpen(
      ctx,
      { attackerId: "alric", targetId: "goblin", itemId: "spear", options: {}, rollMode },
      "alice",
    );
    const card = chat.get((opened as { messageId?: string }).messageId ?? "")!;
    seen.push(structuredClone(card.system));
    for (const [user, type] of [
      [alice, "roll"],
      [alice, "rollDamage"],
      [gm, "apply"],
    ] as const) {
      const revision = readSealed(card.system)?.revision ?? (card.system.journal as { revision: number }).revision;
      expect(await handleAttackStep(ctx, { messageId: card.id, command: { type }, revision }, user.id)).toMatchObject({
        ok: true,
      });
      seen.push(structuredClone(card.system));
    }
  }
  return seen;
}

describe("the cards' typed schemas keep what the GM's client writes", () => {
  it(
    "an attack card's every message, public and sealed, opened, stepped and applied, loses nothing " +
      "to Foundry's cleaning",
    async () => {
      const systems = await attackSystems();
      expect(systems.some((s) => (s as { applied: unknown }).applied !== null)).toBe(true);
      for (const system of systems) expect(schemaProblems(attackSchema, system)).toEqual([]);
      // A card waiting for its question (strain's defence), as attack-open.ts posts it.
      const pending = {
        ruleset: "strain",
        attackerId: "a",
        targetId: "t",
        itemId: null,
        rollMode: "publicroll",
        map: "unchecked",
        given: {},
        place: {},
        roller: "alice",
        pending: {
          question: { role: "target", option: "defence", prompt: { key: "K", data: {} }, answers: [] },
          options: {},
        },
      };
      expect(schemaProblems(attackSchema, pending)).toEqual([]);
      // The card a hidden token's offer opens, whose shell names nobody (sealed-card.ts), and what its reveal writes.
      expect(schemaProblems(attackSchema, hiddenAttackShell("escalation", 4, "ab".repeat(32)))).toEqual([]);
      expect(schemaProblems(attackSchema, { ...(systems[0] as object), hidden: false })).toEqual([]);
    },
  );

  it(
    "a move card's every message, an offer, a public fall and a sealed one, applied, loses nothing " +
      "to Foundry's cleaning",
    async () => {
      const chat = new FakeChat();
      const gmMoves = new StorageSealedStore<MoveCardData>(null, "", readMoveCard);
      let n = 0;
      const ctx = {
        ...gmMovePostHands(),
        actorOf: (_s: string, token: string) => ({ ref: token === "e" ? "enemy" : "ilsa", name: token }),
        dice: new FakeDiceTray([3, 4, 3, 4]),
        post: (data: unknown, _speaker: unknown, id?: string) =>
          Promise.resolve(chat.create(gm, "moveEffect", data, id ? { id } : {})),
        flavor: () => "",
        sealed: gmMoves,
        newId: () => `sealed${++n}`,
      };
      const fall = { kind: "fall" as const, clause: "SEC-13" as const, mover: "t", height: 2 };
      await postMoveEffects(
        ctx,
        "s1",
        [fall, { kind: "free-hit", clause: "ESC-39", mover: "t", by: "e", why: "moved-within" }],
        "alice",
      );
      await postMoveEffects(ctx, "s1", [fall], "alice", undefined, "gmroll");
      expect(chat.messages.map((m) => readMoveCard(m.system)?.effect.kind)).toEqual(["fall", "free-hit", "fall"]);
      const applied = {
        actors: [{ actorId: "ilsa", before: { "health.value": 14 } }],
        statuses: [{ actorId: "ilsa", status: "dead", active: true }],
        items: [],
        destroyed: [],
      };
      // A hidden token's card, whose shell names nobody (move-card-post.ts).
      expect(schemaProblems(moveSchema, hiddenMoveShell(3, "ab".repeat(32)))).toEqual([]);
      for (const m of chat.messages) {
        expect(schemaProblems(moveSchema, m.system)).toEqual([]);
        expect(schemaProblems(moveSchema, { ...m.system, applied, taken: "attack1", declined: true })).toEqual([]);
      }
    },
  );

  it(
    "a player's message of either type keeps only the declared keys: a smuggled field is dropped, " +
      "a bad value refused",
    () => {
      const smuggled = {
        ruleset: "teams",
        attackerId: "a",
        targetId: "t",
        rollMode: "loudroll",
        applied: {
          actors: [{ actorId: "", before: {}, gmOnly: true }],
          statuses: [],
          items: [],
          destroyed: [],
          extra: 1,
        },
        sealed: { revision: -1, title: { key: "K", data: {} }, viewers: [""], digest: "x", salt: "00" },
        isGm: true,
      };
      expect(schemaProblems(attackSchema, smuggled)).toEqual([
        "system.isGm is dropped",
        "system.rollMode loudroll is not a valid choice",
        "system.applied.extra is dropped",
        "system.applied.actors[0].gmOnly is dropped",
        "system.applied.actors[0].actorId may not be a blank string",
        "system.sealed.salt is dropped",
        "system.sealed.revision must be at least 0",
        "system.sealed.viewers[0] may not be a blank string",
      ]);
      expect(schemaProblems(moveSchema, { effect: null, rollMode: "publicroll", author: "gm" })).toEqual([
        "system.author is dropped",
      ]);
    },
  );
});
