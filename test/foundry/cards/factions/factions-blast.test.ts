import { beforeEach, describe, expect, it } from "vitest";
import { compileScene } from "../../../../src/foundry/canvas/space/scene-space.js";
import { SpaceCache } from "../../../../src/foundry/canvas/space/space-cache.js";
import { attackCardContext } from "../../../../src/foundry/cards/attack-card-context.js";
import { readAttackCard, type AttackCardData } from "../../../../src/foundry/cards/data/attack-card-data.js";
import { handleAttackOpen, type OpenCardContext } from "../../../../src/foundry/cards/requests/attack-open.js";
import { handleAttackStep } from "../../../../src/foundry/cards/requests/attack-request.js";
import { handleAttackCircumstances } from "../../../../src/foundry/cards/requests/attack-circumstances.js";
import { factionsAttackCard } from "../../../../src/foundry/cards/factions/index.js";
import type { MapPort } from "../../../../src/foundry/cards/map/attack-map.js";
import type { FactionsAttackState } from "../../../../src/core/attack/factions/types.js";
import { initialData } from "../../../../src/foundry/data/field-spec.js";
import { factionsCharacter, factionsWeapon } from "../../../../src/foundry/data/specs/index.js";
import { FakeActor, FakeItem, FakeMessage } from "../../../fakes/foundry-card.js";
import { FakeUser } from "../../../fakes/foundry-combat.js";
import { FakeDiceTray } from "../../../fakes/foundry-dice.js";
import { at, cellsRect, FakeRegion, FakeScene, FakeSquareGrid, FakeToken, zone } from "../../../fakes/foundry-scene.js";
import { noFight } from "../../../../src/foundry/canvas/fight/scene-fight.js";
import { gmCardHands } from "../gm-card-hands.js";

// Alice plays Balthasar (the attacker), Bob the first bandit, Carol the second, Erin the ally Edda; the third bandit
// is the GM's; Olga observes. The scene: zones Yard, Hall, Tower in a row and the Cellar under the Hall.
const gm = new FakeUser("gm", "GM", true);
const alice = new FakeUser("alice", "Alice");
const bob = new FakeUser("bob", "Bob");
const carol = new FakeUser("carol", "Carol");
const erin = new FakeUser("erin", "Erin");
const olga = new FakeUser("olga", "Olga");
const users = [gm, alice, bob, carol, erin, olga];

const weapon = (id: string, name: string, over: Record<string, unknown>) =>
  new FakeItem(id, name, "factions-weapon", { ...initialData(factionsWeapon.fields), ...over });
const stats = (over: Record<string, unknown> = {}) => ({
  ...initialData(factionsCharacter.fields),
  wit: 12,
  agi: 10,
  str: 10,
  ...over,
});

let actors: FakeActor[];
let messages: FakeMessage[];
let scene: FakeScene;
/** Which actor each token stands for, by token id (Foundry: the token's actor's UUID). */
let refs: Record<string, string>;
let ctx: OpenCardContext;

function actor(id: string, name: string, owners: string[], faction: string, items: FakeItem[] = []): FakeActor {
  const a = new FakeActor(
    id,
    name,
    "factions-character",
    stats({ faction, health: { value: 10, max: 10 } }),
    owners,
    items,
  );
  actors.push(a);
  return a;
}

/** A token of `ref` at a cell; its actor as the scene's token holds it (type and system). */
function place(ref: string, c: number, r: number): void {
  const a = actors.find((x) => x.id === ref)!;
  const t = new FakeToken(`t-${ref}`, at(c, r).x, at(c, r).y, { type: a.type, system: a.system }, [...a.owners]);
  scene.tokens.contents.push(t);
  refs[t.id] = ref;
}

function mapPort(): MapPort {
  const cache = new SpaceCache((x) => compileScene(x, "zones"));
  return {
    preferred: () => [],
    scenes: () => [scene],
    space: (s) => cache.get(s),
    actorRef: (t) => refs[t.id ?? ""] ?? null,
    fight: noFight,
  };
}

beforeEach(() => {
  actors = [];
  messages = [];
  refs = {};
  scene = new FakeScene("s1", new FakeSquareGrid(100), 9, 6);
  scene.flags = { fray: { spaceModel: "zones" } };
  scene.regions.contents.push(
    new FakeRegion("yard", [cellsRect(0, 0, 3, 3)], [zone()], "Yard"),
    new FakeRegion("hall", [cellsRect(3, 0, 3, 3)], [zone()], "Hall"),
    new FakeRegion("tower", [cellsRect(6, 0, 3, 3)], [zone()], "Tower"),
    new FakeRegion("cellar", [cellsRect(3, 3, 3, 3)], [zone()], "Cellar"),
  );
  actor("balthasar", "Balthasar", ["alice"], "Players", [
    weapon("firepot", "Fire pot", { damageDie: "d6", attack: "melee", blast: true }),
    weapon("bomb", "Bomb", { damageDie: "d6", attack: "ranged", range: 1, blast: true }),
    weapon("sword", "Sword", { damageDie: "d8" }),
  ]);
  actor("bandit1", "Bandit One", ["bob"], "Bandits", [weapon("axe", "Axe", { damageDie: "d6" })]);
  actor("bandit2", "Bandit Two", ["carol"], "Bandits");
  actor("bandit3", "Bandit Three", [], "Bandits");
  actor("edda", "Edda", ["erin"], "Players");
  actor("watcher", "Watcher", [], "Bandits");
  ctx = context([]);
});

function context(dice: number[]): OpenCardContext {
  return {
    ...gmCardHands(),
    message: (id) => messages.find((m) => m.id === id),
    actor: (id) => actors.find((a) => a.id === id),
    user: (id) => users.find((u) => u.id === id),
    card: (ruleset) => (ruleset === "factions" ? factionsAttackCard : undefined),
    dice: new FakeDiceTray(dice),
    dropped: async () => {},
    mayTarget: () => true,
    ruleset: () => "factions",
    map: mapPort(),
    post: (data) => {
      const m = new FakeMessage(`m${messages.length + 1}`, "attack", data, gm);
      messages.push(m);
      return Promise.resolve(m);
    },
  };
}

const card = (): AttackCardData => readAttackCard(messages[0]!.system)!;
const state = () => card().journal.state as FactionsAttackState;
const targets = () => state().slots.map((s) => s.target.id);
const health = (id: string) => (actors.find((a) => a.id === id)!.system.health as { value: number }).value;
const click = (user: FakeUser, command: unknown) =>
  handleAttackStep(ctx, { messageId: "m1", command, revision: card().journal.revision }, user.id);
const attack = (user: FakeUser, itemId: string, target: string, extra: Record<string, unknown> = {}) =>
  handleAttackOpen(
    ctx,
    {
      attackerId: "balthasar",
      targetId: target,
      itemId,
      options: {},
      rollMode: "publicroll",
      map: { sceneId: "s1", attackerTokenId: "t-balthasar", targetTokenId: `t-${target}` },
      ...extra,
    },
    user.id,
  );
const dodge = (by: string) => ({ type: "react", reaction: "dodge", by });
/** The card as one user sees it: who they own among the card's actors. */
const seenBy = (user: FakeUser) => {
  const owns = (ref: string) => actors.find((a) => a.id === ref)?.testUserPermission(user, "OWNER") ?? false;
  const names = Object.fromEntries(actors.map((a) => [a.id, a.name]));
  const viewer = { user, ownsAttacker: owns("balthasar"), ownsTarget: owns(card().targetId), owns, names };
  return attackCardContext(factionsAttackCard, card(), viewer);
};

/** The melee blast's scene: Balthasar, three bandits and Edda in the Hall; the Watcher in the Yard. */
function hallFight(): void {
  place("balthasar", 3, 0);
  place("bandit1", 4, 0);
  place("bandit2", 5, 0);
  place("bandit3", 4, 1);
  place("edda", 5, 2);
  place("watcher", 1, 1);
}

describe("factions blast cards: the card targets the zone", () => {
  it(
    "FAC-36 FAC-37 a melee blast targets every character in the attacker's zone, its ally too, never the " +
      "attacker; it cannot miss",
    async () => {
      hallFight();
      expect(await attack(alice, "firepot", "bandit1")).toMatchObject({ ok: true });
      expect(card().map).toBe("checked");
      expect(targets()).toEqual(["bandit1", "bandit2", "bandit3", "edda"]);
      // FAC-37: no WIT save, straight to the reactions; every target may react.
      expect(state().step).toBe("reactionWindow");
      expect(state().hit).toBe(true);
      const gmView = seenBy(gm);
      expect(gmView.title).toMatchObject({
        key: "FRAY.Card.Factions.TitleBlast",
        data: { attacker: "Balthasar", zone: "Hall" },
      });
      expect(gmView.rows.map((r) => r.name)).toEqual(["Bandit One", "Bandit Two", "Bandit Three", "Edda"]);
    },
  );

  it(
    "FAC-36 a token the GM has hidden in the zone is not in play: the card, which every client " +
      "receives, does not name it",
    async () => {
      hallFight();
      scene.tokens.contents.find((t) => t.id === "t-bandit3")!.hidden = true;
      expect(await attack(alice, "firepot", "bandit1")).toMatchObject({ ok: true });
      expect(targets()).toEqual(["bandit1", "bandit2", "edda"]);
      expect(JSON.stringify(messages[0]!.system)).not.toContain("Bandit Three");
    },
  );

  it("FAC-36 every target's damage is applied, and the GM's undo takes all of it back", async () => {
    hallFight();
    ctx = context([15, 6, 5, 4, 3]);
    await attack(alice, "firepot", "bandit1");
    expect(await click(bob, dodge("bandit1"))).toMatchObject({ ok: true });
    // Carol, Erin and the GM's bandit have not reacted: only the GM closes the window for all of them.
    expect(await click(gm, { type: "skipReaction" })).toMatchObject({ ok: true });
    expect(await click(alice, { type: "rollDamage" })).toMatchObject({ ok: true });
    expect(state().slots.map((s) => s.damage)).toEqual([6, 5, 4, 3]);
    expect(await click(gm, { type: "apply" })).toMatchObject({ ok: true });
    expect(["bandit1", "bandit2", "bandit3", "edda", "balthasar"].map(health)).toEqual([4, 5, 6, 7, 10]);
    const rows = seenBy(gm).rows;
    expect(rows[0]!.cells.map((c) => c.key)).toEqual([
      "FRAY.Card.Factions.Row.dodgeFailed",
      "FRAY.Card.Factions.Row.damage",
      "FRAY.Card.Factions.Row.health",
    ]);
    expect(rows[3]!.cells.at(-1)).toMatchObject({ data: { before: 10, after: 7 } });
    expect(await click(gm, { type: "undo" })).toMatchObject({ ok: true });
    expect(["bandit1", "bandit2", "bandit3", "edda"].map(health)).toEqual([10, 10, 10, 10]);
  });

  it("FAC-38 a ranged blast aimed at the attacker's own zone targets the attacker too", async () => {
    place("balthasar", 0, 0);
    place("bandit1", 1, 1);
    place("bandit2", 4, 1);
    expect(await attack(alice, "bomb", "bandit1")).toMatchObject({ ok: true });
    expect(targets()).toEqual(["bandit1", "balthasar"]);
    expect(seenBy(alice).title.data).toMatchObject({ zone: "Yard" });
  });

  it(
    "FAC-38 a ranged blast hits the zone of the token aimed at, not the attacker's; FAC-30 beyond " +
      "range it is refused",
    async () => {
      place("balthasar", 0, 0);
      place("bandit1", 4, 1);
      place("bandit2", 5, 2);
      place("bandit3", 7, 1);
      expect(await attack(alice, "bomb", "bandit3")).toMatchObject({ ok: false, key: "FRAY.Refusal.BlastOutOfRange" });
      expect(await attack(alice, "bomb", "bandit1")).toMatchObject({ ok: true });
      expect(targets()).toEqual(["bandit1", "bandit2"]);
    },
  );

  it(
    "FAC-39 a missed ranged blast deviates with the GM's " + "die into a neighbouring zone and hits who stands there",
    async () => {
      place("balthasar", 0, 0);
      place("bandit1", 4, 1);
      place("bandit2", 7, 1);
      place("bandit3", 4, 4);
      // FAC-30: the Hall is beyond half the bomb's range: a WIT save (20 > 12 misses); the Hall's neighbours, in the
      // map's order, are the Cellar, the Tower and the Yard: the d3 shows 2, the Tower.
      ctx = context([20, 2]);
      expect(await attack(alice, "bomb", "bandit1")).toMatchObject({ ok: true });
      expect(state().neighbours.map((n) => [n.zone, n.targets.map((t) => t.id)])).toEqual([
        ["cellar", ["bandit3"]],
        ["tower", ["bandit2"]],
        ["yard", ["balthasar"]],
      ]);
      expect(await click(alice, { type: "roll" })).toMatchObject({ ok: true });
      expect(targets()).toEqual(["bandit2"]);
      const view = seenBy(gm);
      expect(view.lines.find((l) => l.key === "FRAY.Card.Factions.Deviated")).toMatchObject({
        data: { total: 2, formula: "1d3", zone: "Tower" },
      });
      expect(view.rows.map((r) => r.name)).toEqual(["Bandit Two"]);
      // Bandit Two's owner reacts in its row; Bob, whose bandit was aimed at but not hit, has nothing to click.
      expect(seenBy(carol).rows[0]!.buttons.map((b) => b.label)).toContain("FRAY.Card.Button.react.dodge");
      expect(seenBy(bob).rows.flatMap((r) => r.buttons)).toEqual([]);
      expect(await click(bob, dodge("bandit2"))).toMatchObject({ ok: false, key: "FRAY.Refusal.NotTheReactor" });
    },
  );

  it(
    "FAC-36 without a map, the user's targeted tokens are " +
      "the blast's targets; a weapon that is no blast takes one",
    async () => {
      scene.flags = {};
      const open = (itemId: string) =>
        handleAttackOpen(
          ctx,
          {
            attackerId: "balthasar",
            targetId: "bandit1",
            targetIds: ["bandit1", "bandit2"],
            itemId,
            options: {},
            rollMode: "publicroll",
          },
          alice.id,
        );
      expect(await open("sword")).toMatchObject({ ok: false, key: "FRAY.Refusal.OneTargetOnly" });
      expect(await open("firepot")).toMatchObject({ ok: true });
      expect(card().map).toBe("unchecked");
      expect(targets()).toEqual(["bandit1", "bandit2"]);
      expect(seenBy(gm).title.key).toBe("FRAY.Card.Factions.TitleBlastTargets");
    },
  );
});

describe("factions blast cards: the GM's circumstances", () => {
  const setCover = () =>
    handleAttackCircumstances(
      ctx,
      { messageId: "m1", revision: card().journal.revision, options: { cover: true } },
      gm.id,
    );

  it(
    "FAC-34 FAC-36 a change of circumstances reads the map again: the blast keeps its zone, and " +
      "follows who is in it now",
    async () => {
      hallFight();
      await attack(alice, "firepot", "bandit1");
      scene.tokens.get("t-bandit3")!.x = at(1, 1).x;
      expect(await setCover()).toMatchObject({ ok: true });
      expect(targets()).toEqual(["bandit1", "bandit2", "edda"]);
      expect(state().circumstances.cover).toBe(true);
    },
  );

  it("FAC-36 without a map, the targeted tokens stay the blast's targets when the GM sets a circumstance", async () => {
    scene.flags = {};
    const payload = {
      attackerId: "balthasar",
      targetId: "bandit1",
      targetIds: ["bandit1", "bandit3"],
      itemId: "firepot",
    };
    await handleAttackOpen(ctx, { ...payload, options: {}, rollMode: "publicroll" }, alice.id);
    expect(await setCover()).toMatchObject({ ok: true });
    expect(targets()).toEqual(["bandit1", "bandit3"]);
  });
});

describe("factions blast cards: each target's own step", () => {
  beforeEach(async () => {
    hallFight();
    ctx = context([15, 3]);
    await attack(alice, "firepot", "bandit1");
  });

  it(
    "FAC-16 FAC-36 a target's reaction is taken by its owner alone: not another target's owner, the " +
      "attacker's, an observer",
    async () => {
      for (const user of [bob, alice, erin, olga])
        expect(await click(user, dodge("bandit2"))).toMatchObject({ ok: false, key: "FRAY.Refusal.NotTheReactor" });
      expect(state().slots[1]!.reacted).toBe(false);
      expect(await click(carol, dodge("bandit2"))).toMatchObject({ ok: true });
      expect(state().slots[1]).toMatchObject({ reaction: "dodge", reacted: true });
    },
  );

  it(
    "FAC-16 a forged `by` takes nobody's step: another's " + "target named by its owner's rival, or someone no target",
    async () => {
      // Bob names Carol's bandit; the GM's own bandit; the attacker, who is no target of a melee blast.
      expect(await click(bob, dodge("bandit2"))).toMatchObject({ ok: false, key: "FRAY.Refusal.NotTheReactor" });
      expect(await click(bob, dodge("bandit3"))).toMatchObject({ ok: false, key: "FRAY.Refusal.NotTheReactor" });
      expect(await click(alice, dodge("balthasar"))).toMatchObject({ ok: false, key: "FRAY.Refusal.NotOffered" });
      expect(state().slots.every((s) => !s.reacted)).toBe(true);
    },
  );

  it(
    "FAC-16 closing the reactions waits for whoever owns " + "every target still to react: one target's owner cannot",
    async () => {
      expect(await click(bob, { type: "skipReaction" })).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.NotTheReactor",
      });
      expect(state().step).toBe("reactionWindow");
      expect(await click(gm, { type: "skipReaction" })).toMatchObject({ ok: true });
      expect(state().step).toBe("damage");
    },
  );

  it("FAC-36 each owner's card shows the reaction in its own target's row only, and none to an observer", () => {
    const buttons = (user: FakeUser) =>
      seenBy(user).rows.map((r) => r.buttons.map((b) => JSON.parse(b.command) as { by: string }));
    expect(buttons(bob)).toEqual([
      [dodge("bandit1"), { type: "react", reaction: "counter", by: "bandit1" }],
      [],
      [],
      [],
    ]);
    expect(buttons(carol).map((b) => b.length)).toEqual([0, 2, 0, 0]);
    expect(buttons(olga).flat()).toEqual([]);
    expect(seenBy(olga).buttons).toEqual([]);
    // The GM may take any step, and closes the window below the rows.
    expect(buttons(gm).map((b) => b.length)).toEqual([2, 2, 2, 2]);
    expect(seenBy(gm).buttons.map((b) => b.label)).toEqual(["FRAY.Card.Button.skipReaction"]);
  });
});
