import { beforeEach, describe, expect, it } from "vitest";
import { readAttackCard, type AttackCardData } from "../../../../src/foundry/cards/data/attack-card-data.js";
import { attackCardContext } from "../../../../src/foundry/cards/attack-card-context.js";
import { handleAttackCircumstances } from "../../../../src/foundry/cards/requests/attack-circumstances.js";
import { handleAttackOpen, type OpenCardContext } from "../../../../src/foundry/cards/requests/attack-open.js";
import { handleAttackStep } from "../../../../src/foundry/cards/requests/attack-request.js";
import { FakeActor, FakeItem, FakeMessage } from "../../../fakes/foundry-card.js";
import { FakeUser } from "../../../fakes/foundry-combat.js";
import { FakeDiceTray } from "../../../fakes/foundry-dice.js";
import { render } from "../../../fakes/handlebars-env.js";
import { toyCard, toyOpened } from "../toy-card.js";
import { gmCardHands } from "../gm-card-hands.js";

// Alice plays Alric (the attacker), Bob the Goblin (the target); Olive only watches; the GM sets the circumstances.
const gm = new FakeUser("gm", "GM", true);
const alice = new FakeUser("alice", "Alice");
const bob = new FakeUser("bob", "Bob");
const olive = new FakeUser("olive", "Olive");
const users = [gm, alice, bob, olive];

/** The toy card with the circumstances a pipeline's options might hold: a count, a bonus, a flag, a nested flag. */
const card = {
  ...toyCard,
  circumstances: [
    { key: "advantages", kind: "count" },
    { key: "toHitBonus", kind: "bonus" },
    { key: "flanking", kind: "flag" },
    { key: "sight.attackerSeesTarget", kind: "flag", initial: true },
  ],
} as const;

let alric: FakeActor;
let goblin: FakeActor;
let messages: FakeMessage[];
let ctx: OpenCardContext;

beforeEach(async () => {
  alric = new FakeActor(
    "alric",
    "Alric",
    "teams-character",
    {},
    ["alice"],
    [new FakeItem("spear", "Spear", "teams-weapon")],
  );
  goblin = new FakeActor("goblin", "Goblin", "teams-character", { health: { value: 4 } }, ["bob"]);
  messages = [];
  toyOpened.length = 0;
  ctx = {
    ...gmCardHands(),
    message: (id) => messages.find((m) => m.id === id),
    actor: (id) => [alric, goblin].find((a) => a.id === id),
    user: (id) => users.find((u) => u.id === id),
    card: (ruleset) => (ruleset === "teams" ? card : undefined),
    dice: new FakeDiceTray(4),
    dropped: () => Promise.resolve(undefined),
    mayTarget: () => true,
    ruleset: () => "teams",
    post: (data) => {
      const m = new FakeMessage(`m${messages.length + 1}`, "attack", data, gm);
      messages.push(m);
      return Promise.resolve(m);
    },
  };
  await handleAttackOpen(
    ctx,
    { attackerId: "alric", targetId: "goblin", itemId: "spear", options: {}, rollMode: "publicroll" },
    "alice",
  );
});

const data = (): AttackCardData => readAttackCard(messages[0]!.system)!;
const set = (user: FakeUser, options: unknown, extra: Record<string, unknown> = {}) =>
  handleAttackCircumstances(ctx, { messageId: "m1", revision: data().journal.revision, options, ...extra }, user.id);

describe("the GM adds circumstances to a player's card", () => {
  it(
    "the GM's circumstances open the card again with them: " + "the pipeline gets them, nested ones in their group",
    async () => {
      const before = data().journal.revision;
      expect(
        await set(gm, { advantages: 2, toHitBonus: -1, flanking: true, "sight.attackerSeesTarget": false }),
      ).toMatchObject({ ok: true });
      expect(toyOpened.at(-1)).toEqual({
        advantages: 2,
        toHitBonus: -1,
        flanking: true,
        sight: { attackerSeesTarget: false },
      });
      expect(data().options).toEqual({
        advantages: 2,
        toHitBonus: -1,
        flanking: true,
        sight: { attackerSeesTarget: false },
      });
      expect(data().journal.revision).toBeGreaterThan(before);
      // A second change keeps the first's values it does not name.
      expect(await set(gm, { advantages: 0 })).toMatchObject({ ok: true });
      expect(toyOpened.at(-1)).toMatchObject({ advantages: 0, flanking: true, toHitBonus: -1 });
    },
  );

  it(
    "the target's owner's request is refused, and an " + "observer's; the attacker's owner's with a forged field too",
    async () => {
      // Issue 28: the attacker's owner may declare (card-declared.test.ts), with nothing in the request but the values.
      for (const user of [bob, olive]) {
        expect(await set(user, { advantages: 3 }, { userId: "gm", isGM: true })).toMatchObject({
          ok: false,
          key: "FRAY.Refusal.NotTheAttacker",
        });
      }
      expect(await set(alice, { advantages: 3 }, { userId: "gm", isGM: true })).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.BadRequest",
      });
      expect(toyOpened).toHaveLength(1);
      expect(data().options).toEqual({});
    },
  );

  it("a stale revision is refused, and a click made against the card before the change is stale after it", async () => {
    const old = data().journal.revision;
    expect(
      await handleAttackCircumstances(ctx, { messageId: "m1", revision: old + 5, options: { flanking: true } }, "gm"),
    ).toMatchObject({
      ok: false,
      key: "FRAY.Refusal.StaleRevision",
    });
    expect(await set(gm, { flanking: true })).toMatchObject({ ok: true });
    expect(
      await handleAttackStep(ctx, { messageId: "m1", command: { type: "roll" }, revision: old }, "alice"),
    ).toMatchObject({
      ok: false,
      key: "FRAY.Refusal.StaleRevision",
    });
  });

  it("a forged circumstance, or a value of the wrong kind, is refused", async () => {
    expect(await set(gm, { boons: 9 })).toMatchObject({ ok: false, key: "FRAY.Refusal.BadCircumstance" });
    expect(await set(gm, { advantages: -1 })).toMatchObject({ ok: false, key: "FRAY.Refusal.BadCircumstance" });
    expect(await set(gm, { advantages: 1.5 })).toMatchObject({ ok: false, key: "FRAY.Refusal.BadCircumstance" });
    expect(await set(gm, { flanking: "yes" })).toMatchObject({ ok: false, key: "FRAY.Refusal.BadCircumstance" });
    expect(await set(gm, { __proto__: { advantages: 1 } })).toMatchObject({ ok: true });
    expect(await set(gm, "advantages")).toMatchObject({ ok: false, key: "FRAY.Refusal.BadRequest" });
  });

  it("once the card is rolled it takes no circumstances, and the control is gone", async () => {
    expect(
      await handleAttackStep(
        ctx,
        { messageId: "m1", command: { type: "roll" }, revision: data().journal.revision },
        "alice",
      ),
    ).toMatchObject({
      ok: true,
    });
    expect(await set(gm, { flanking: true })).toMatchObject({ ok: false, key: "FRAY.Refusal.CardRolled" });
    expect(
      attackCardContext(card as never, data(), { user: gm, ownsAttacker: false, ownsTarget: false, names: {} })
        .circumstances,
    ).toEqual([]);
  });

  it(
    "the control is the GM's and the attacker's owner's, labelled, each input with its own label, and " +
      "shows the card's values",
    async () => {
      await set(gm, { advantages: 2, "sight.attackerSeesTarget": false });
      const view = (user: FakeUser) =>
        attackCardContext(card, data(), {
          user,
          ownsAttacker: user === alice,
          ownsTarget: user === bob,
          names: {},
          messageId: "m1",
        });
      // Issue 28: the attacker's owner declares with the same inputs; the target's owner and an observer have none.
      expect(view(alice).declares).toBe(true);
      expect(view(alice).circumstances.map((c) => c.value)).toEqual([2, 0, false, false]);
      expect(view(bob).circumstances).toEqual([]);
      expect(view(olive).circumstances).toEqual([]);
      const html = render("templates/chat/attack-card.hbs", view(gm));
      expect(html).toContain("<summary>Circumstances (GM)</summary>");
      expect(html).toMatch(
        /<label for="fray-circumstance-m1-advantages">Advantages<\/label>\s*<input type="number" id="fray-circumstance-m1-advantages" name="advantages" value="2" step="1" min="0">/,
      );
      expect(html).toMatch(
        /<input type="number" id="fray-circumstance-m1-toHitBonus" name="toHitBonus" value="0" step="1">/,
      );
      // The nested flag defaults to true; set false it is unchecked.
      expect(html).toMatch(
        /<input type="checkbox" id="fray-circumstance-m1-sight-attackerSeesTarget" name="sight.attackerSeesTarget" >/,
      );
      expect(html).toContain('<button type="submit" class="fray-button">Set circumstances</button>');
      expect(html).not.toMatch(/>[^<]*FRAY\./);
      expect(render("templates/chat/attack-card.hbs", view(alice))).not.toContain("Circumstances (GM)");
      expect(render("templates/chat/attack-card.hbs", view(alice))).toContain(
        "<summary>Declare your circumstances</summary>",
      );
      expect(render("templates/chat/attack-card.hbs", view(bob))).not.toContain("ircumstances");
    },
  );
});
