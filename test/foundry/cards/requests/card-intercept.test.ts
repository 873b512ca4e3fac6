import { beforeEach, describe, expect, it } from "vitest";
import { readAttackCard, type AttackCardData } from "../../../../src/foundry/cards/data/attack-card-data.js";
import { attackCardContext } from "../../../../src/foundry/cards/attack-card-context.js";
import { handleAttackOpen, type OpenCardContext } from "../../../../src/foundry/cards/requests/attack-open.js";
import { handleAttackStep } from "../../../../src/foundry/cards/requests/attack-request.js";
import { sectionsAttackCard } from "../../../../src/foundry/cards/sections/index.js";
import { initialData } from "../../../../src/foundry/data/field-spec.js";
import { sectionsEntity } from "../../../../src/foundry/data/specs/sections/sections-entity.js";
import { SAMPLE_ACTORS, SAMPLE_ITEMS } from "../../../../tools/sample-data.js";
import { FakeActor, FakeItem, FakeMessage } from "../../../fakes/foundry-card.js";
import { FakeUser } from "../../../fakes/foundry-combat.js";
import { FakeDiceTray } from "../../../fakes/foundry-dice.js";
import { gmCardHands } from "../gm-card-hands.js";

// Alice plays Ilsa (the attacker), Bob the Goblin (the target), Gina the Gate guard (Blocking a crossed border);
// Olive only watches.
const gm = new FakeUser("gm", "GM", true);
const alice = new FakeUser("alice", "Alice");
const bob = new FakeUser("bob", "Bob");
const gina = new FakeUser("gina", "Gina");
const olive = new FakeUser("olive", "Olive");
const users = [gm, alice, bob, gina, olive];

const blank = () => initialData(sectionsEntity.fields);
const sample = SAMPLE_ACTORS.find((s) => s.type === "sections-entity")!;
const spearData = SAMPLE_ITEMS.find((i) => i.type === "sections-weapon")!;
const SHOT = { kind: "ranged", area: false } as const;

let ilsa: FakeActor;
let goblin: FakeActor;
let guard: FakeActor;
let messages: FakeMessage[];
let ctx: OpenCardContext;

/** Hit 5 against Miss 3 (a hit, so the Intercept window opens), the guard's Miss 2, Damage 6. */
const FACES = [5, 3, 2, 6];

beforeEach(() => {
  ilsa = new FakeActor(
    "ilsa",
    sample.name,
    "sections-entity",
    { ...blank(), ...sample.system },
    ["alice"],
    [new FakeItem("spear", spearData.name, "sections-weapon", spearData.system)],
  );
  goblin = new FakeActor(
    "goblin",
    "Goblin",
    "sections-entity",
    { ...blank(), side: "adversary", dice: { hit: "d6", miss: "d6", damage: "d4" }, health: { value: 6, max: 6 } },
    ["bob"],
  );
  guard = new FakeActor(
    "guard",
    "Gate guard",
    "sections-entity",
    { ...blank(), side: "adversary", dice: { hit: "d6", miss: "d4", damage: "d6" }, health: { value: 5, max: 5 } },
    ["gina"],
  );
  messages = [];
  ctx = {
    ...gmCardHands(),
    message: (id) => messages.find((m) => m.id === id),
    actor: (id) => [ilsa, goblin, guard].find((a) => a.id === id),
    user: (id) => users.find((u) => u.id === id),
    card: (ruleset) => (ruleset === "sections" ? sectionsAttackCard : undefined),
    dice: new FakeDiceTray(FACES),
    dropped: () => Promise.resolve(undefined),
    mayTarget: () => true,
    ruleset: () => "sections",
    post: (data) => {
      const m = new FakeMessage(`m${messages.length + 1}`, "attack", data, gm);
      messages.push(m);
      return Promise.resolve(m);
    },
  };
});

const card = (): AttackCardData => readAttackCard(messages[0]!.system)!;
const click = (user: FakeUser, command: unknown, extra: Record<string, unknown> = {}) =>
  handleAttackStep(ctx, { messageId: "m1", command, revision: card().journal.revision, ...extra }, user.id);
const INTERCEPT = { type: "react", reaction: "intercept", by: "guard" };

/** The GM opens the shot with the guard as Interceptor (what the map gives when the guard Blocks a crossed border). */
async function toTheWindow(): Promise<void> {
  const guardData = { id: "guard", name: guard.name, type: guard.type, system: guard.system, items: [] };
  const opened = await handleAttackOpen(
    ctx,
    {
      attackerId: "ilsa",
      targetId: "goblin",
      itemId: "spear",
      options: { delivery: SHOT, interceptors: [guardData] },
      rollMode: "publicroll",
    },
    gm.id,
  );
  expect(opened).toMatchObject({ ok: true });
  expect(await click(alice, { type: "roll" })).toMatchObject({ ok: true });
  expect(card().journal.state.step).toBe("reactionWindow");
}

describe("SEC-47 the Intercept is clicked by the blocker's owner", () => {
  it("SEC-47 the Gate guard's owner Intercepts: the guard becomes the target", async () => {
    await toTheWindow();
    expect(await click(gina, INTERCEPT)).toMatchObject({ ok: true });
    expect(card().journal.state.target).toBe("guard");
  });

  it("SEC-47 the GM may still Intercept for the guard", async () => {
    await toTheWindow();
    expect(await click(gm, INTERCEPT)).toMatchObject({ ok: true });
    expect(card().journal.state.target).toBe("guard");
  });

  it("SEC-47 the attacker's owner, the target's owner, another player and an observer are refused", async () => {
    await toTheWindow();
    for (const user of [alice, bob, olive])
      expect(await click(user, INTERCEPT)).toMatchObject({ ok: false, key: "FRAY.Refusal.NotTheReactor" });
    expect(card().journal.state.step).toBe("reactionWindow");
  });

  it(
    "SEC-47 a forged `by`: the guard's owner cannot Intercept as another, nor name an actor the " +
      "card does not offer",
    async () => {
      await toTheWindow();
      // Bob owns the Goblin, the target: the core offers the Goblin no Intercept (not a third entity).
      expect(await click(bob, { ...INTERCEPT, by: "goblin" })).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.NotOffered",
      });
      // Gina, the guard's owner, cannot click for an Interceptor she does not own.
      const second = { id: "warden", name: "Warden", type: "sections-entity", system: blank(), items: [] };
      messages = [];
      ctx = { ...ctx, dice: new FakeDiceTray(FACES) };
      const guardData = { id: "guard", name: guard.name, type: guard.type, system: guard.system, items: [] };
      await handleAttackOpen(
        ctx,
        {
          attackerId: "ilsa",
          targetId: "goblin",
          itemId: "spear",
          options: { delivery: SHOT, interceptors: [guardData, second] },
          rollMode: "publicroll",
        },
        gm.id,
      );
      await click(alice, { type: "roll" });
      expect(sectionsAttackCard.engine.legal(card().journal.state as never)).toContainEqual({
        ...INTERCEPT,
        by: "warden",
      });
      expect(await click(gina, { ...INTERCEPT, by: "warden" })).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.NotTheReactor",
      });
      // A field the command does not have, or a prototype key, is no offered command.
      expect(await click(gina, { ...INTERCEPT, extra: 1 })).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.NotOffered",
      });
      expect(
        await click(gina, JSON.parse('{"type":"react","reaction":"intercept","by":"guard","__proto__":{"x":1}}')),
      ).toMatchObject({
        ok: false,
      });
      expect(await click(gina, INTERCEPT, { revision: 9 })).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.StaleRevision",
      });
      expect(card().journal.state.step).toBe("reactionWindow");
    },
  );

  it("SEC-47 closing the window unused stays the GM's: the guard's owner may not skip for every Blocker", async () => {
    await toTheWindow();
    expect(await click(gina, { type: "skipReaction" })).toMatchObject({ ok: false, key: "FRAY.Refusal.GmOnly" });
    expect(await click(gm, { type: "skipReaction" })).toMatchObject({ ok: true });
  });

  it("SEC-47 the card shows the Intercept button to the guard's owner and the GM only", async () => {
    await toTheWindow();
    const owners: Record<string, readonly string[]> = { ilsa: ["alice"], goblin: ["bob"], guard: ["gina"] };
    const buttonsOf = (user: FakeUser) =>
      attackCardContext(sectionsAttackCard as never, card(), {
        user,
        ownsAttacker: user.id === "alice",
        ownsTarget: user.id === "bob",
        owns: (ref) => owners[ref]?.includes(user.id) ?? false,
        names: {},
      }).buttons.map((b) => JSON.parse(b.command) as { type: string });
    expect(buttonsOf(gina).map((c) => c.type)).toEqual(["react"]);
    expect(buttonsOf(gm).map((c) => c.type)).toEqual(["react", "skipReaction"]);
    for (const user of [alice, bob, olive]) expect(buttonsOf(user)).toEqual([]);
  });
});
