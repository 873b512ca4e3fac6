import { beforeEach, describe, expect, it } from "vitest";
import { compileScene } from "../../../../src/foundry/canvas/space/scene-space.js";
import { SpaceCache } from "../../../../src/foundry/canvas/space/space-cache.js";
import type { SceneBlock } from "../../../../src/foundry/canvas/fight/scene-blocks.js";
import { attackCardContext, type Viewer } from "../../../../src/foundry/cards/attack-card-context.js";
import { readAttackCard, type AttackCardData } from "../../../../src/foundry/cards/data/attack-card-data.js";
import { handleAttackCircumstances } from "../../../../src/foundry/cards/requests/attack-circumstances.js";
import { handleAttackOpen, type OpenCardContext } from "../../../../src/foundry/cards/requests/attack-open.js";
import { handleAttackStep } from "../../../../src/foundry/cards/requests/attack-request.js";
import { sectionsAttackCard } from "../../../../src/foundry/cards/sections/index.js";
import type { SealedDelivery } from "../../../../src/foundry/cards/sealed/sealed-delivery.js";
import { initialData } from "../../../../src/foundry/data/field-spec.js";
import { sectionsCard, sectionsEntity } from "../../../../src/foundry/data/specs/index.js";
import { FakeActor, FakeItem, FakeMessage } from "../../../fakes/foundry-card.js";
import { FakeUser } from "../../../fakes/foundry-combat.js";
import { FakeDiceTray } from "../../../fakes/foundry-dice.js";
import { render } from "../../../fakes/handlebars-env.js";
import {
  at,
  cellsRect,
  FakeRegion,
  FakeScene,
  FakeSquareGrid,
  FakeToken,
  section,
} from "../../../fakes/foundry-scene.js";
import { fightWith } from "../../canvas/fight/scene-fights.js";
import { gmCardHands } from "../gm-card-hands.js";

// Hall | Yard | Gate (a, b, c): Ilsa (Alice's) shoots from the Hall at the orc (Bob's) in the Gate. The Warden (Gina's
// NPC, run by the GM) stands in the Yard, Blocking the Hall's border from there (SEC-47): the GM has hidden its token.
// Olive only watches. Everything the Warden is, its name, its ids and its sheet, carries the word "warden".
const gm = new FakeUser("gm", "GM", true);
const alice = new FakeUser("alice", "Alice");
const bob = new FakeUser("bob", "Bob");
const gina = new FakeUser("gina", "Gina");
const olive = new FakeUser("olive", "Olive");
const USERS = [gm, alice, bob, gina, olive];
const PLAYERS = [alice, bob, gina, olive];
const SECRET = /warden/i;

const entity = (over: Record<string, unknown>) => ({
  ...initialData(sectionsEntity.fields),
  dice: { hit: "d8", miss: "d6", damage: "d6" },
  health: { value: 6, max: 6 },
  ...over,
});
const BLOCKS: SceneBlock[] = [{ blocker: "wardenTok", border: "a|b", from: "b" }];

let actors: FakeActor[];
let messages: FakeMessage[];
let warden: FakeToken;
let delivered: { userId: string; delivery: SealedDelivery }[];
let ctx: OpenCardContext;

beforeEach(() => {
  const bolt = new FakeItem("bolt", "Bolt", "sections-card", {
    ...initialData(sectionsCard.fields),
    reachKind: "range",
    range: 3,
  });
  actors = [
    new FakeActor("ilsa", "Ilsa", "sections-entity", entity({ side: "pc" }), ["alice"], [bolt]),
    new FakeActor("orc", "Orc", "sections-entity", entity({ side: "adversary" }), ["bob"]),
    new FakeActor(
      "warden",
      "The Warden",
      "sections-entity",
      entity({ side: "adversary", notes: "warden's secret sheet" }),
      ["gina"],
      [new FakeItem("wardenBolt", "Warden's Bolt", "sections-card", { ...bolt.system })],
    ),
  ];
  const s = new FakeScene("s1", new FakeSquareGrid(100), 9, 3);
  s.flags = { fray: { spaceModel: "sections" } };
  ["a", "b", "c"].forEach((id, k) =>
    s.regions.contents.push(new FakeRegion(id, [cellsRect(3 * k, 0, 3, 3)], [section()])),
  );
  const token = (id: string, c: number, r: number, side: string, disposition: number) =>
    new FakeToken(id, at(c, r).x, at(c, r).y, { type: "sections-entity", system: { side } }, [], disposition);
  warden = token("wardenTok", 4, 1, "adversary", -1);
  warden.hidden = true;
  s.tokens.contents.push(token("ilsaTok", 1, 1, "pc", 1), token("orcTok", 7, 1, "adversary", -1), warden);
  const refs: Record<string, string> = { ilsaTok: "ilsa", orcTok: "orc", wardenTok: "warden" };
  const cache = new SpaceCache((x) => compileScene(x, "sections"));
  messages = [];
  delivered = [];
  let ids = 0;
  ctx = {
    ...gmCardHands(),
    message: (id) => messages.find((m) => m.id === id),
    actor: (id) => actors.find((a) => a.id === id),
    user: (id) => USERS.find((u) => u.id === id),
    card: (ruleset) => (ruleset === "sections" ? sectionsAttackCard : undefined),
    // Every die at its highest: the Hit beats the Miss, and an Interceptor's Miss too.
    dice: new FakeDiceTray((sides) => sides),
    dropped: () => Promise.resolve(undefined),
    mayTarget: () => true,
    hiddenFromTable: (actor) => actor.id === "warden" && warden.hidden,
    ruleset: () => "sections",
    map: {
      preferred: () => [],
      scenes: () => [s],
      space: (x) => cache.get(x),
      actorRef: (t) => refs[t.id ?? ""] ?? null,
      fight: (id) => fightWith(id, { blocks: BLOCKS }),
    },
    deliver: (userId, delivery) => Promise.resolve(void delivered.push({ userId, delivery })),
    newId: () => `m${++ids}`,
    post: (data, _speaker, id) => {
      const m = new FakeMessage(id ?? `m${messages.length + 1}`, "attack", data, gm);
      messages.push(m);
      return Promise.resolve(m);
    },
  };
});

const card = (): AttackCardData => readAttackCard(messages[0]!.system)!;
const open = (user: FakeUser, rollMode = "publicroll") =>
  handleAttackOpen(
    ctx,
    { attackerId: "ilsa", targetId: "orc", itemId: "bolt", options: {}, rollMode, map: { sceneId: "s1" } },
    user.id,
  );
const click = (user: FakeUser, command: unknown) =>
  handleAttackStep(ctx, { messageId: "m1", command, revision: card().journal.revision }, user.id);

/** The card as a player's client draws it (attack-card-model.ts): names of the card's two actors and their items. */
function html(user: FakeUser, data: AttackCardData): string {
  const owns = (ref: string) => actors.find((a) => a.id === ref)?.testUserPermission(user, "OWNER") ?? false;
  const names: Record<string, string> = {};
  for (const a of actors.filter((x) => x.id === data.attackerId || x.id === data.targetId)) {
    names[a.id] = a.name;
    for (const i of a.items.contents) names[i.id ?? ""] = i.name;
  }
  const viewer: Viewer = {
    user,
    ownsAttacker: owns(data.attackerId),
    ownsTarget: owns(data.targetId),
    owns,
    names,
    messageId: "m1",
  };
  return render("templates/chat/attack-card.hbs", attackCardContext(sectionsAttackCard, data, viewer));
}

/** What every player's client receives of the card (its message's data) and draws of it names nothing hidden. */
function nothingHidden(): void {
  for (const m of messages) expect(JSON.stringify(m.system)).not.toMatch(SECRET);
  for (const d of delivered) expect(JSON.stringify(d.delivery)).not.toMatch(SECRET);
  const data = readAttackCard(messages[0]!.system);
  if (data) for (const user of PLAYERS) expect(html(user, data)).not.toMatch(SECRET);
}

describe("SEC-47 a blocker the GM hides never reaches a player's client through a card", () => {
  it(
    "SEC-47 a player's public attack past a hidden Warden: no Interceptor, and no word of it in the " +
      "data or the card drawn",
    async () => {
      expect(await open(alice)).toMatchObject({ ok: true });
      nothingHidden();
      expect(await click(alice, { type: "roll" })).toMatchObject({ ok: true });
      expect(sectionsAttackCard.engine.legal(card().journal.state as never).map((c) => c.type)).not.toContain("react");
      nothingHidden();
      for (let i = 0; i < 4 && card().journal.state.step !== "done"; i++) {
        const step = card().journal.state.step;
        const answer =
          step === "apply"
            ? await click(gm, { type: "apply" })
            : step === "damage"
              ? await click(alice, { type: "rollDamage" })
              : await click(gm, { type: "skipReaction" });
        expect(answer).toMatchObject({ ok: true });
        nothingHidden();
      }
      expect(card().journal.state.step).toBe("done");
    },
  );

  it("SEC-47 the GM's own public attack past the hidden Warden does not name it either", async () => {
    expect(await open(gm)).toMatchObject({ ok: true });
    nothingHidden();
  });

  it("SEC-47 a private roll: neither the message nor the copy sent to its roller names the hidden Warden", async () => {
    expect(await open(alice, "gmroll")).toMatchObject({ ok: true });
    expect(delivered.map((d) => d.userId)).toEqual(["alice"]);
    nothingHidden();
  });

  it(
    "SEC-47 the honest path: once the GM shows the Warden and sets a circumstance, its owner is " +
      "offered the Intercept",
    async () => {
      expect(await open(alice)).toMatchObject({ ok: true });
      warden.hidden = false;
      const set = await handleAttackCircumstances(
        ctx,
        { messageId: "m1", revision: card().journal.revision, options: { "sight.attackerSeesTarget": true } },
        gm.id,
      );
      expect(set).toMatchObject({ ok: true });
      expect(await click(alice, { type: "roll" })).toMatchObject({ ok: true });
      expect(await click(gina, { type: "react", reaction: "intercept", by: "warden" })).toMatchObject({ ok: true });
      expect(card().journal.state.target).toBe("warden");
    },
  );

  it("SEC-47 a Warden not hidden is offered the Intercept from the opening, named on the card", async () => {
    warden.hidden = false;
    expect(await open(alice)).toMatchObject({ ok: true });
    expect(JSON.stringify(messages[0]!.system)).toMatch(SECRET);
    expect(await click(alice, { type: "roll" })).toMatchObject({ ok: true });
    expect(await click(bob, { type: "react", reaction: "intercept", by: "warden" })).toMatchObject({ ok: false });
    expect(await click(gina, { type: "react", reaction: "intercept", by: "warden" })).toMatchObject({ ok: true });
  });
});

describe("a GM's attack from or at a token the GM hides is sealed, as a hidden token's offer is", () => {
  const gmOpen = (attackerId: string, targetId: string, itemId: string) =>
    handleAttackOpen(ctx, { attackerId, targetId, itemId, options: {}, map: { sceneId: "s1" } }, gm.id);

  it("SEC-47 the GM attacks from the hidden Warden's sheet: no client but the GMs' learns of it", async () => {
    expect(await gmOpen("warden", "ilsa", "wardenBolt")).toMatchObject({ ok: true });
    expect(messages).toHaveLength(1);
    expect(messages[0]!.system).toMatchObject({ hidden: true });
    nothingHidden();
  });

  it("SEC-47 the GM attacks the hidden Warden with Ilsa: the card names it to no player", async () => {
    expect(await gmOpen("ilsa", "warden", "bolt")).toMatchObject({ ok: true });
    expect(messages[0]!.system).toMatchObject({ hidden: true });
    nothingHidden();
  });

  it("SEC-47 once the GM shows the Warden, the GM's attack from it is an ordinary card", async () => {
    warden.hidden = false;
    expect(await gmOpen("warden", "ilsa", "wardenBolt")).toMatchObject({ ok: true });
    expect(JSON.stringify(messages[0]!.system)).toMatch(SECRET);
    expect(messages[0]!.system).not.toMatchObject({ hidden: true });
  });
});
