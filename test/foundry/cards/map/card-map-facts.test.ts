import { beforeEach, describe, expect, it } from "vitest";
import type { RulesetId } from "../../../../src/core/rulesets.js";
import { checkMove } from "../../../../src/foundry/canvas/check/move-check.js";
import { compileScene } from "../../../../src/foundry/canvas/space/scene-space.js";
import { SpaceCache } from "../../../../src/foundry/canvas/space/space-cache.js";
import { readAttackCard, type AttackCardData } from "../../../../src/foundry/cards/data/attack-card-data.js";
import { handleAttackCircumstances } from "../../../../src/foundry/cards/requests/attack-circumstances.js";
import { handleAttackOpen, type OpenCardContext } from "../../../../src/foundry/cards/requests/attack-open.js";
import { mapFacts } from "../../../../src/foundry/cards/map/map-facts.js";
import { FakeActor, FakeItem, FakeMessage } from "../../../fakes/foundry-card.js";
import { FakeUser } from "../../../fakes/foundry-combat.js";
import { FakeDiceTray } from "../../../fakes/foundry-dice.js";
import {
  at,
  cellsRect,
  FakeRegion,
  FakeScene,
  FakeSquareGrid,
  FakeToken,
  section,
  zone,
} from "../../../fakes/foundry-scene.js";
import { sectionsAttackCard } from "../../../../src/foundry/cards/sections/index.js";
import { initialData } from "../../../../src/foundry/data/field-spec.js";
import { sectionsEntity } from "../../../../src/foundry/data/specs/sections/sections-entity.js";
import { toyCard, toyOpened } from "../toy-card.js";
import { manifestOf } from "../../../../src/foundry/rulesets/index.js";
import { noFight } from "../../../../src/foundry/canvas/fight/scene-fight.js";
import { gmCardHands } from "../gm-card-hands.js";

// The facts the map gives the attack cards beyond range and reach: read on the GM's side from the GM's documents.
const REFS = { attacker: "Actor.a", target: "Actor.t" };
const reachFeat = () => new FakeItem("reach", "Reach", "escalation-feat", { feat: "reach" });
const unit = (side: string, items: FakeItem[] = []) => ({
  type: "escalation-unit",
  system: { side, movement: 6 },
  items: { contents: items },
});
const token = (id: string, c: number, r: number, actor: ConstructorParameters<typeof FakeToken>[3], disposition = 1) =>
  new FakeToken(id, at(c, r).x, at(c, r).y, actor, [], disposition);

describe("ESC-60 Reach, read from the unit's feat items", () => {
  const grid = () => {
    const s = new FakeScene("s", new FakeSquareGrid(100), 10, 5);
    s.flags = { fray: { spaceModel: "grid" } };
    return s;
  };
  const sword = new FakeItem("w", "Sword", "escalation-weapon", { attack: "melee", range: 0 });
  const bow = new FakeItem("b", "Bow", "escalation-weapon", { attack: "ranged", range: 6 });

  it("ESC-60 a melee attack reaches 2 squares with the Reach feat, not without; another feat gives no Reach", () => {
    const s = grid();
    const facts = (items: FakeItem[]) => {
      const a = token("a", 1, 1, unit("pc", items));
      const t = token("t", 3, 1, unit("npc"), -1);
      s.tokens.contents.splice(0, s.tokens.contents.length, a, t);
      return mapFacts({
        refs: REFS,
        ruleset: "escalation",
        space: compileScene(s, "grid"),
        scene: s,
        fight: noFight(s.id),
        attacker: a,
        target: t,
        item: sword,
      });
    };
    expect(facts([reachFeat()])).toEqual({ checked: true, options: { inMeleeZone: false, flanking: false } });
    expect(facts([])).toMatchObject({ ok: false, key: "FRAY.Refusal.OutOfReach", clause: "ESC-37" });
    const athlete = new FakeItem("f", "Athlete", "escalation-feat", { feat: "athlete" });
    const notAFeat = new FakeItem("g", "Spear", "escalation-weapon", { feat: "reach" });
    expect(facts([athlete, notAFeat])).toMatchObject({ ok: false, key: "FRAY.Refusal.OutOfReach" });
  });

  it("ESC-34 ESC-60 an attacker 2 squares from a target with Reach stands in its melee zone", () => {
    const s = grid();
    const a = token("a", 1, 1, unit("pc"));
    const withReach = token("t", 3, 1, unit("npc", [reachFeat()]), -1);
    s.tokens.contents.push(a, withReach);
    const space = compileScene(s, "grid");
    expect(
      mapFacts({
        refs: REFS,
        ruleset: "escalation",
        space,
        scene: s,
        fight: noFight(s.id),
        attacker: a,
        target: withReach,
        item: bow,
      }),
    ).toMatchObject({
      checked: true,
      options: { inMeleeZone: true },
    });
    s.tokens.contents[1] = token("t", 3, 1, unit("npc"), -1);
    const plain = s.tokens.contents[1];
    expect(
      mapFacts({
        refs: REFS,
        ruleset: "escalation",
        space,
        scene: s,
        fight: noFight(s.id),
        attacker: a,
        target: plain,
        item: bow,
      }),
    ).toMatchObject({
      checked: true,
      options: { inMeleeZone: false },
    });
  });

  it(
    "ESC-39 ESC-60 the move check reads the same Reach: leaving 1 square from an enemy with Reach " +
      "is still in its zone",
    () => {
      const s = grid();
      const move = (enemyItems: FakeItem[], to: [number, number]) => {
        const mover = new FakeToken("m", at(3, 2).x, at(3, 2).y, unit("pc"), ["alice"]);
        s.tokens.contents.splice(0, s.tokens.contents.length, mover, token("e", 2, 2, unit("npc", enemyItems), -1));
        const waypoints = [{ ...at(to[0], to[1]), action: "walk" }];
        return checkMove({
          space: compileScene(s, "grid"),
          scene: s,
          token: mover,
          waypoints,
          ruleset: "escalation",
          fight: noFight(s.id),
          provoked: [],
        });
      };
      const freeHit = { kind: "free-hit", clause: "ESC-39", mover: "m", by: "e", why: "left-melee-zone" };
      expect(move([], [4, 2])).toMatchObject({ ok: true, effects: [freeHit] });
      expect(move([reachFeat()], [4, 2])).toMatchObject({ ok: true, effects: [] });
      expect(move([reachFeat()], [5, 2])).toMatchObject({ ok: true, effects: [freeHit] });
    },
  );
});

describe("FAC-29 FAC-33 a zone's sight, on the map of zones", () => {
  /** Two zones side by side: "near" (clear, or as given) and "far" with the sight given. */
  function zones(far: string, near = "clear") {
    const s = new FakeScene("s", new FakeSquareGrid(100), 6, 3);
    s.regions.contents.push(new FakeRegion("near", [cellsRect(0, 0, 3, 3)], [zone([], false, { sight: near })]));
    s.regions.contents.push(new FakeRegion("far", [cellsRect(3, 0, 3, 3)], [zone([], false, { sight: far })]));
    return s;
  }
  const weapon = (attack: string, range: number, blast = false) =>
    new FakeItem("w", "W", "factions-weapon", { attack, range, blast, damageDie: 6 });
  const facts = (s: FakeScene, item: FakeItem, [ac, tc]: [number, number] = [1, 4]) => {
    const a = token("a", ac, 1, { type: "factions-character", system: {} });
    const t = token("t", tc, 1, { type: "factions-character", system: {} }, -1);
    s.tokens.contents.splice(0, s.tokens.contents.length, a, t);
    return mapFacts({
      refs: REFS,
      ruleset: "factions",
      space: compileScene(s, "zones"),
      scene: s,
      fight: noFight(s.id),
      attacker: a,
      target: t,
      item,
    });
  };

  it(
    "FAC-31 a target in a hidden zone is not visible from " + "another; FAC-33 one in an obscured zone has concealment",
    () => {
      expect(facts(zones("hidden"), weapon("ranged", 2))).toEqual({
        checked: true,
        options: { beyondHalfRange: false, targetVisible: false, concealment: false },
      });
      expect(facts(zones("obscured"), weapon("ranged", 2))).toEqual({
        checked: true,
        options: { beyondHalfRange: false, targetVisible: true, concealment: true },
      });
      // FAC-29: a melee attack on a neighbour in the hidden zone's own darkness: seen, obscured.
      expect(facts(zones("clear", "hidden"), weapon("melee", 0), [1, 2])).toEqual({
        checked: true,
        options: { beyondHalfRange: false, targetVisible: true, concealment: true },
      });
    },
  );

  it("FAC-37 a melee blast hits only the attacker's zone; FAC-38 a ranged blast any zone within its range", () => {
    expect(facts(zones("clear"), weapon("melee", 0, true))).toMatchObject({
      ok: false,
      key: "FRAY.Refusal.NotOwnZone",
      clause: "FAC-37",
    });
    expect(facts(zones("clear"), weapon("melee", 0, true), [1, 2])).toMatchObject({ checked: true });
    expect(facts(zones("clear"), weapon("ranged", 0, true))).toMatchObject({
      ok: false,
      key: "FRAY.Refusal.BlastOutOfRange",
    });
    expect(facts(zones("clear"), weapon("ranged", 1, true))).toMatchObject({
      checked: true,
      options: { beyondHalfRange: true },
    });
  });
});

describe("SEC-55 Hindered and SEC-68 swimming, from the section behaviours", () => {
  it(
    "SEC-68 an entity in a water section is swimming; SEC-55 " + "one that cannot see in its own section is Hindered",
    () => {
      const s = new FakeScene("s", new FakeSquareGrid(100), 6, 3);
      s.regions.contents.push(new FakeRegion("pool", [cellsRect(0, 0, 3, 3)], [section({ water: true })]));
      s.regions.contents.push(new FakeRegion("cave", [cellsRect(3, 0, 3, 3)], [section({ lighting: "dark" })]));
      const card = new FakeItem("c", "Card", "sections-card", { reachKind: "range", range: 1 });
      const facts = (targetSystem: Record<string, unknown>) => {
        const a = token("a", 1, 1, { type: "sections-entity", system: {} });
        const t = token("t", 4, 1, { type: "sections-entity", system: targetSystem }, -1);
        s.tokens.contents.splice(0, s.tokens.contents.length, a, t);
        const space = compileScene(s, "sections");
        return mapFacts({
          refs: REFS,
          ruleset: "sections",
          space,
          scene: s,
          fight: noFight(s.id),
          attacker: a,
          target: t,
          item: card,
        });
      };
      expect(facts({})).toMatchObject({
        checked: true,
        options: {
          sight: { attackerSeesTarget: false, targetSeesAttacker: true },
          conditions: { "Actor.a": ["swimming"], "Actor.t": ["hindered"] },
        },
      });
      // SEC-57: Darkvision treats the dark cave as lit: the target is not Hindered there.
      expect(facts({ senses: { darkvision: true } })).toMatchObject({
        checked: true,
        options: { conditions: { "Actor.a": ["swimming"] } },
      });
      const dry = facts({ senses: { darkvision: true } });
      expect(
        "checked" in dry && dry.checked && (dry.options.conditions as Record<string, unknown>)["Actor.t"],
      ).toBeUndefined();
    },
  );
});

// The card's side: Alice plays Alric, Bob the Goblin; the GM's client reads the map from its own documents.
const gm = new FakeUser("gm", "GM", true);
const alice = new FakeUser("alice", "Alice");
const users = [gm, alice];
const card = (ruleset: RulesetId) => ({
  ...toyCard,
  ruleset,
  circumstances: [
    { key: "boons", kind: "count" },
    { key: "cover", kind: "flag" },
    { key: "targetVisible", kind: "flag" },
  ],
});

let alric: FakeActor;
let goblin: FakeActor;
let messages: FakeMessage[];
let scene: FakeScene;
let refs: Record<string, string>;

function context(ruleset: RulesetId): OpenCardContext {
  const cache = new SpaceCache((x) => compileScene(x, manifestOf(ruleset).space));
  return {
    ...gmCardHands(),
    message: (id) => messages.find((m) => m.id === id),
    actor: (id) => [alric, goblin].find((a) => a.id === id),
    user: (id) => users.find((u) => u.id === id),
    card: (r) => (r === ruleset ? (card(ruleset) as never) : undefined),
    dice: new FakeDiceTray(4),
    dropped: () => Promise.resolve(undefined),
    mayTarget: () => true,
    ruleset: () => ruleset,
    map: {
      preferred: () => [],
      scenes: () => [scene],
      space: (s) => cache.get(s),
      actorRef: (t) => refs[t.id ?? ""] ?? null,
      fight: noFight,
    },
    post: (data) => {
      const m = new FakeMessage(`m${messages.length + 1}`, "attack", data, gm);
      messages.push(m);
      return Promise.resolve(m);
    },
  };
}

/** A token standing for a card actor: the token's actor is the actor document itself, as Foundry's is. */
function place(id: string, actor: FakeActor, c: number, r: number, disposition = 1): FakeToken {
  const t = new FakeToken(id, at(c, r).x, at(c, r).y, actor, [], disposition);
  scene.tokens.contents.push(t);
  refs[id] = actor.id;
  return t;
}

/** The toy card opens with a teams weapon whatever the world; the map reads only the item's fields (attack, range). */
const WEAPON = "teams-weapon";
const data = (): AttackCardData => readAttackCard(messages[0]!.system)!;

beforeEach(() => {
  messages = [];
  refs = {};
  toyOpened.length = 0;
  scene = new FakeScene("s1", new FakeSquareGrid(100), 10, 10);
});

describe("a player's attack takes the map's facts from the GM's documents, whatever the request claims", () => {
  it(
    "SEC-55 SEC-68 the sections card's combatants take the map's Hindered and swimming, by the " +
      "actors the card names",
    async () => {
      const system = (over: Record<string, unknown>) => ({
        ...initialData(sectionsEntity.fields),
        dice: { hit: "d8", miss: "d8", damage: "d6" },
        ...over,
      });
      const embers = new FakeItem("embers", "Embers", "sections-card", {
        reachKind: "range",
        range: 1,
        hitDie: "d8",
        damageDie: "d6",
      });
      alric = new FakeActor("alric", "Alric", "sections-entity", system({ side: "pc" }), ["alice"], [embers]);
      goblin = new FakeActor("goblin", "Goblin", "sections-entity", system({ side: "adversary" }));
      scene.regions.contents.push(new FakeRegion("pool", [cellsRect(0, 0, 3, 3)], [section({ water: true })]));
      scene.regions.contents.push(new FakeRegion("cave", [cellsRect(3, 0, 3, 3)], [section({ lighting: "dark" })]));
      place("ta", alric, 1, 1);
      place("tg", goblin, 4, 1, -1);
      const ctx = {
        ...context("sections"),
        card: (r: string) => (r === "sections" ? (sectionsAttackCard as never) : undefined),
      };
      const request = {
        attackerId: "alric",
        targetId: "goblin",
        itemId: "embers",
        options: { conditions: {} },
        rollMode: "publicroll",
      };
      expect(await handleAttackOpen(ctx, { ...request, map: { sceneId: "s1" } }, "alice")).toMatchObject({ ok: true });
      const state = data().journal.state as unknown as {
        attackerData: { conditions: string[] };
        targetData: { conditions: string[] };
        sight: Record<string, boolean>;
      };
      expect(state.attackerData.conditions).toEqual(["swimming"]);
      expect(state.targetData.conditions).toEqual(["hindered"]);
      expect(state.sight).toEqual({ attackerSeesTarget: false, targetSeesAttacker: true });
    },
  );

  it(
    "ESC-60 a forged Reach or melee zone in the request " + "is ignored: the attacker's own feat items decide",
    async () => {
      alric = new FakeActor(
        "alric",
        "Alric",
        "escalation-unit",
        { side: "pc" },
        ["alice"],
        [new FakeItem("sword", "Sword", WEAPON, { attack: "melee" })],
      );
      goblin = new FakeActor("goblin", "Goblin", "escalation-unit", { side: "npc" });
      place("ta", alric, 1, 1);
      place("tg", goblin, 3, 1, -1);
      const ctx = context("escalation");
      const forged = {
        attackerId: "alric",
        targetId: "goblin",
        itemId: "sword",
        options: { inMeleeZone: true, reach: true, feats: ["reach"] },
        map: { sceneId: "s1", attackerTokenId: "ta", targetTokenId: "tg", reach: true, meleeZone: 2 },
        rollMode: "publicroll",
      };
      expect(await handleAttackOpen(ctx, forged, "alice")).toMatchObject({ ok: false, key: "FRAY.Refusal.OutOfReach" });
      expect(messages).toHaveLength(0);
      // The GM gives Alric the Reach feat: the same request now reaches, and its forged options are still not taken.
      alric.items.contents.push(new FakeItem("reach", "Reach", "escalation-feat", { feat: "reach" }));
      expect(await handleAttackOpen(ctx, forged, "alice")).toMatchObject({ ok: true });
      expect(toyOpened.at(-1)).toEqual({ inMeleeZone: false, flanking: false });
    },
  );

  it("FAC-31 a player's claim that the target is visible is ignored: the zone's sight says it is not", async () => {
    alric = new FakeActor(
      "alric",
      "Alric",
      "factions-character",
      {},
      ["alice"],
      [new FakeItem("bow", "Bow", WEAPON, { attack: "ranged", range: 3, damageDie: 6 })],
    );
    goblin = new FakeActor("goblin", "Goblin", "factions-character", {});
    scene.regions.contents.push(new FakeRegion("near", [cellsRect(0, 0, 3, 3)], [zone()]));
    scene.regions.contents.push(new FakeRegion("far", [cellsRect(3, 0, 3, 3)], [zone([], false, { sight: "hidden" })]));
    place("ta", alric, 1, 1);
    place("tg", goblin, 4, 1, -1);
    const ctx = context("factions");
    const request = (options: Record<string, unknown>) => ({
      attackerId: "alric",
      targetId: "goblin",
      itemId: "bow",
      options,
      map: { sceneId: "s1" },
      rollMode: "publicroll",
    });
    expect(await handleAttackOpen(ctx, request({ targetVisible: true, concealment: false }), "alice")).toMatchObject({
      ok: true,
    });
    expect(toyOpened.at(-1)).toEqual({ beyondHalfRange: false, targetVisible: false, concealment: false });
    // The GM's own word is deliberate, and wins.
    expect(await handleAttackOpen(ctx, request({ targetVisible: true }), "gm")).toMatchObject({ ok: true });
    expect(toyOpened.at(-1)).toMatchObject({ targetVisible: true });
  });
});

describe("a GM's change of circumstances reads the map again, as the first open does", () => {
  beforeEach(() => {
    alric = new FakeActor(
      "alric",
      "Alric",
      "strain-character",
      {},
      ["alice"],
      [new FakeItem("bow", "Bow", WEAPON, { range: 3, attack: "physical" })],
    );
    goblin = new FakeActor("goblin", "Goblin", "strain-character", {});
  });
  const set = (ctx: OpenCardContext, options: Record<string, unknown>) =>
    handleAttackCircumstances(ctx, { messageId: "m1", revision: data().journal.revision, options }, "gm");

  it("STR-42 the map's facts are read where the card opened, with the GM's values kept on top", async () => {
    // Another token of Alric stands far off, first on the scene: the GM's own pick, were the card not to keep its
    // place.
    place("far", alric, 9, 9);
    const ta = place("ta", alric, 1, 1);
    place("tg", goblin, 3, 1, -1);
    const ctx = context("strain");
    const open = { attackerId: "alric", targetId: "goblin", itemId: "bow", options: {}, rollMode: "publicroll" };
    expect(
      await handleAttackOpen(
        ctx,
        { ...open, map: { sceneId: "s1", attackerTokenId: "ta", targetTokenId: "tg" } },
        "alice",
      ),
    ).toMatchObject({
      ok: true,
    });
    expect(toyOpened.at(-1)).toEqual({ adjacentEnemies: 0, cover: false });
    // An orc steps next to Alric after the card opened: the GM's change reads it.
    const orc = new FakeActor("orc", "Orc", "strain-character", {});
    place("orc", orc, 1, 2, -1);
    expect(await set(ctx, { boons: 2 })).toMatchObject({ ok: true });
    expect(toyOpened.at(-1)).toEqual({ adjacentEnemies: 1, cover: false, boons: 2 });
    expect(data()).toMatchObject({
      map: "checked",
      given: { boons: 2 },
      place: { sceneId: "s1", attackerTokenId: "ta", targetTokenId: "tg" },
    });
    // The orc leaves; the GM's next value goes on top of the fresh facts, and the first is kept.
    scene.tokens.contents.pop();
    expect(await set(ctx, { cover: true })).toMatchObject({ ok: true });
    expect(toyOpened.at(-1)).toEqual({ adjacentEnemies: 0, cover: true, boons: 2 });
    // Alric has stepped back out of range: the change is refused with the core's reason, and the card stays as it was.
    const revision = data().journal.revision;
    ta.x = at(0, 8).x;
    ta.y = at(0, 8).y;
    expect(await set(ctx, { boons: 0 })).toMatchObject({ ok: false, key: "FRAY.Refusal.OutOfRange" });
    expect(data().journal.revision).toBe(revision);
    expect(data().given).toEqual({ boons: 2, cover: true });
  });

  it(
    "a card opened before the map's facts were kept apart " + "takes the new values on its old options, as it did",
    async () => {
      place("ta", alric, 1, 1);
      place("tg", goblin, 3, 1, -1);
      const ctx = context("strain");
      await handleAttackOpen(
        ctx,
        { attackerId: "alric", targetId: "goblin", itemId: "bow", options: {}, rollMode: "publicroll" },
        "alice",
      );
      const { given: _given, place: _place, ...old } = messages[0]!.system;
      messages[0] = new FakeMessage("m1", "attack", { ...old, options: { adjacentEnemies: 4, cover: false } }, gm);
      expect(await set(ctx, { boons: 1 })).toMatchObject({ ok: true });
      expect(toyOpened.at(-1)).toEqual({ adjacentEnemies: 4, cover: false, boons: 1 });
    },
  );
});
