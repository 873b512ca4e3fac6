import { beforeEach, describe, expect, it } from "vitest";
import type { RulesetId } from "../../../../src/core/rulesets.js";
import { compileScene } from "../../../../src/foundry/canvas/space/scene-space.js";
import { SpaceCache } from "../../../../src/foundry/canvas/space/space-cache.js";
import { readAttackCard } from "../../../../src/foundry/cards/data/attack-card-data.js";
import { attackCardContext } from "../../../../src/foundry/cards/attack-card-context.js";
import { handleAttackOpen, type OpenCardContext } from "../../../../src/foundry/cards/requests/attack-open.js";
import type { MapPort } from "../../../../src/foundry/cards/map/attack-map.js";
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
import { toyCard, toyOpened } from "../toy-card.js";
import { manifestOf } from "../../../../src/foundry/rulesets/index.js";
import { noFight } from "../../../../src/foundry/canvas/fight/scene-fight.js";
import { gmCardHands } from "../gm-card-hands.js";
import { NO_MAP } from "../gm-card-hands.js";

// Alice plays Alric, Bob the Goblin; the GM opens what the handler allows. The toy card records the options it got.
const gm = new FakeUser("gm", "GM", true);
const alice = new FakeUser("alice", "Alice");
const users = [gm, alice];

const strainCard = { ...toyCard, ruleset: "strain" } as const;
const bow = () => new FakeItem("bow", "Bow", "teams-weapon", { range: 3, attack: "physical" });

let alric: FakeActor;
let goblin: FakeActor;
let messages: FakeMessage[];
let scenes: FakeScene[];
/** Which actor each token stands for, by token id (Foundry: the token's actor's UUID). */
let refs: Record<string, string>;
let ctx: OpenCardContext;

function scene(id: string, model?: string): FakeScene {
  const s = new FakeScene(id, new FakeSquareGrid(100), 10, 10);
  if (model) s.flags = { fray: { spaceModel: model } };
  scenes.push(s);
  return s;
}

function place(s: FakeScene, tokenId: string, ref: string, c: number, r: number, disposition = 1): FakeToken {
  const t = new FakeToken(tokenId, at(c, r).x, at(c, r).y, { type: "strain-character", system: {} }, [], disposition);
  s.tokens.contents.push(t);
  refs[tokenId] = ref;
  return t;
}

function mapPort(ruleset: RulesetId): MapPort {
  const cache = new SpaceCache((x) => compileScene(x, manifestOf(ruleset).space));
  return {
    preferred: () => [],
    scenes: () => scenes,
    space: (s) => cache.get(s),
    actorRef: (t) => refs[t.id ?? ""] ?? null,
    fight: noFight,
  };
}

beforeEach(() => {
  alric = new FakeActor("alric", "Alric", "strain-character", {}, ["alice"], [bow()]);
  goblin = new FakeActor("goblin", "Goblin", "strain-character", { health: { value: 4 } }, ["bob"]);
  messages = [];
  scenes = [];
  refs = {};
  toyOpened.length = 0;
  ctx = {
    ...gmCardHands(),
    message: (id) => messages.find((m) => m.id === id),
    actor: (id) => [alric, goblin].find((a) => a.id === id),
    user: (id) => users.find((u) => u.id === id),
    card: (ruleset) => (ruleset === "strain" ? strainCard : undefined),
    dice: new FakeDiceTray(4),
    dropped: () => Promise.resolve(undefined),
    mayTarget: () => true,
    ruleset: () => "strain",
    map: mapPort("strain"),
    post: (data) => {
      const m = new FakeMessage(`m${messages.length + 1}`, "attack", data, gm);
      messages.push(m);
      return Promise.resolve(m);
    },
  };
});

const open = (user: FakeUser, map?: Record<string, string>, options: Record<string, unknown> = {}) =>
  handleAttackOpen(
    ctx,
    {
      attackerId: "alric",
      targetId: "goblin",
      itemId: "bow",
      options,
      rollMode: "publicroll",
      ...(map ? { map } : {}),
    },
    user.id,
  );

describe("an attack card asks the scene's map, on the GM's side", () => {
  it("STR-18 a target within the ability's range opens the card, checked on the map", async () => {
    const s = scene("s1");
    place(s, "ta", "alric", 1, 1);
    place(s, "tg", "goblin", 4, 1, -1);
    expect(await open(alice, { sceneId: "s1", attackerTokenId: "ta", targetTokenId: "tg" })).toMatchObject({
      ok: true,
    });
    expect(readAttackCard(messages[0]!.system)).toMatchObject({ map: "checked" });
  });

  it(
    "STR-18 a target beyond the ability's range is " + "refused with the core's reason, and no card is posted",
    async () => {
      const s = scene("s1");
      place(s, "ta", "alric", 1, 1);
      place(s, "tg", "goblin", 5, 1, -1);
      expect(await open(alice, { sceneId: "s1", attackerTokenId: "ta", targetTokenId: "tg" })).toEqual({
        ok: false,
        key: "FRAY.Refusal.OutOfRange",
        reason: "range 3 does not reach distance 4",
        data: { range: 3, distance: 4 },
      });
      expect(messages).toHaveLength(0);
    },
  );

  it(
    "STR-42 the map's count of adjacent enemies goes into " + "the pipeline's options; a player's own options do not",
    async () => {
      const s = scene("s1");
      place(s, "ta", "alric", 1, 1);
      place(s, "tg", "goblin", 3, 1, -1);
      place(s, "orc", "orc", 1, 2, -1);
      expect(
        await open(
          alice,
          { sceneId: "s1", attackerTokenId: "ta", targetTokenId: "tg" },
          { adjacentEnemies: 0, boons: 3 },
        ),
      ).toMatchObject({
        ok: true,
      });
      expect(toyOpened.at(-1)).toEqual({ adjacentEnemies: 1, cover: false });
    },
  );

  it("the GM's own circumstances win over the map's facts", async () => {
    const s = scene("s1");
    place(s, "ta", "alric", 1, 1);
    place(s, "tg", "goblin", 3, 1, -1);
    place(s, "orc", "orc", 1, 2, -1);
    expect(await open(gm, { sceneId: "s1" }, { adjacentEnemies: 0, boons: 1 })).toMatchObject({ ok: true });
    expect(toyOpened.at(-1)).toEqual({ adjacentEnemies: 0, cover: false, boons: 1 });
  });

  it("the GM reads the tokens itself when the request names none, and still refuses what is out of range", async () => {
    const s = scene("s1");
    place(s, "ta", "alric", 1, 1);
    place(s, "tg", "goblin", 8, 1, -1);
    expect(await open(alice)).toMatchObject({ ok: false, key: "FRAY.Refusal.OutOfRange" });
  });

  it("a player's forged token id, a token standing for another actor, is refused", async () => {
    const s = scene("s1");
    place(s, "ta", "alric", 1, 1);
    place(s, "tg", "goblin", 2, 1, -1);
    place(s, "far", "orc", 9, 9, -1);
    // Alice names the goblin's token as her own (to attack from beside it), or another token as the target.
    expect(await open(alice, { sceneId: "s1", attackerTokenId: "tg", targetTokenId: "tg" })).toMatchObject({
      ok: false,
      key: "FRAY.Refusal.NotTheirToken",
    });
    expect(await open(alice, { sceneId: "s1", attackerTokenId: "ta", targetTokenId: "far" })).toMatchObject({
      ok: false,
      key: "FRAY.Refusal.NotTheirToken",
    });
    expect(await open(alice, { sceneId: 7 } as never)).toMatchObject({ ok: false, key: "FRAY.Refusal.BadRequest" });
    expect(messages).toHaveLength(0);
    // A scene the request names is never read (issue 26): the map is the one where the attacker's token stands.
    expect(await open(alice, { sceneId: "nowhere" })).toMatchObject({ ok: true });
    expect(readAttackCard(messages[0]!.system)).toMatchObject({
      map: "checked",
      place: { sceneId: "s1", attackerTokenId: "ta" },
    });
  });

  it("a target on another scene than the attacker is refused", async () => {
    place(scene("s1"), "ta", "alric", 1, 1);
    place(scene("s2"), "tg", "goblin", 2, 1, -1);
    expect(await open(alice, { sceneId: "s1", attackerTokenId: "ta", targetTokenId: "tg" })).toMatchObject({
      ok: false,
      key: "FRAY.Refusal.TargetOnOtherScene",
    });
    expect(await open(alice)).toMatchObject({ ok: false, key: "FRAY.Refusal.TargetOnOtherScene" });
  });

  it(
    "no tokens, no map port, or a scene whose space model is none: opened as before, and the card " +
      "says it was not checked",
    async () => {
      expect(await open(alice)).toMatchObject({ ok: true });
      const s = scene("s1", "none");
      place(s, "ta", "alric", 1, 1);
      place(s, "tg", "goblin", 9, 9, -1);
      expect(await open(alice, { sceneId: "s1", attackerTokenId: "ta", targetTokenId: "tg" })).toMatchObject({
        ok: true,
      });
      ctx = { ...ctx, map: NO_MAP };
      expect(await open(alice)).toMatchObject({ ok: true });
      for (const m of messages) {
        const data = readAttackCard(m.system)!;
        expect(data.map).toBe("unchecked");
        const view = attackCardContext(strainCard, data, {
          user: alice,
          ownsAttacker: true,
          ownsTarget: false,
          names: {},
        });
        expect(view.unchecked).toBe(true);
      }
    },
  );
});

describe("an attacker's audit of the map part of an Attack request", () => {
  it(
    "a made-up, prototype or huge token or scene id is refused or read as no token: nothing of it is " +
      "written into the card",
    async () => {
      const s = scene("s1", "grid");
      place(s, "ta", "alric", 1, 1);
      place(s, "tg", "goblin", 2, 1, -1);
      for (const id of ["__proto__", "constructor", "x".repeat(100_000)]) {
        const maps: Record<string, string>[] = [
          { sceneId: id },
          { attackerTokenId: id },
          { targetTokenId: id },
          { sceneId: "s1", attackerTokenId: id },
        ];
        for (const map of maps) {
          const answer = await open(alice, map);
          if (answer.ok) expect(JSON.stringify(messages.at(-1)!.system)).not.toContain(id);
        }
      }
      for (const map of [{ sceneId: 7 }, { attackerTokenId: null }])
        expect((await open(alice, map as never)).ok).toBe(false);
      // With no scene holding both, the card is opened unchecked: the ids it was asked with are not kept either.
      scenes.length = 0;
      for (const id of ["__proto__", "x".repeat(100_000)]) {
        expect(await open(alice, { attackerTokenId: id, targetTokenId: id })).toMatchObject({ ok: true });
        expect(JSON.stringify(messages.at(-1)!.system)).not.toContain(id);
      }
      expect(JSON.stringify(messages.map((m) => m.system)).length).toBeLessThan(100_000);
    },
  );
});

describe("what each space model decides", () => {
  /** How the card names the two actors (the facts it is told of an actor are keyed so). */
  const REFS = { attacker: "Actor.a", target: "Actor.t" };
  const token = (id: string, c: number, r: number, system: Record<string, unknown> = {}, disposition = 1) =>
    new FakeToken(id, at(c, r).x, at(c, r).y, { type: "x", system }, [], disposition);

  it("SEC-27 an Action reaches as far as its range in soft borders; SEC-29 melee stays in its section", () => {
    const s = new FakeScene("s", new FakeSquareGrid(100), 9, 3);
    ["a", "b", "c"].forEach((id, k) =>
      s.regions.contents.push(new FakeRegion(id, [cellsRect(3 * k, 0, 3, 3)], [section()])),
    );
    const a = token("a", 1, 1);
    const t = token("t", 7, 1, {}, -1);
    s.tokens.contents.push(a, t);
    const space = compileScene(s, "sections");
    const card = (range: number) => new FakeItem("c", "Card", "sections-card", { reachKind: "range", range });
    expect(
      mapFacts({
        refs: REFS,
        ruleset: "sections",
        space,
        scene: s,
        fight: noFight(s.id),
        attacker: a,
        target: t,
        item: card(2),
      }),
    ).toMatchObject({
      checked: true,
      options: { sight: { attackerSeesTarget: true, targetSeesAttacker: true }, crossesDistanceBlock: false },
    });
    expect(
      mapFacts({
        refs: REFS,
        ruleset: "sections",
        space,
        scene: s,
        fight: noFight(s.id),
        attacker: a,
        target: t,
        item: card(1),
      }),
    ).toMatchObject({
      ok: false,
      key: "FRAY.Refusal.OutOfRange",
      clause: "SEC-27",
    });
    expect(
      mapFacts({
        refs: REFS,
        ruleset: "sections",
        space,
        scene: s,
        fight: noFight(s.id),
        attacker: a,
        target: t,
        item: null,
      }),
    ).toMatchObject({
      ok: false,
      clause: "SEC-29",
    });
  });

  it("SEC-52 SEC-53 a target in a dark section is not seen by an attacker without darkvision; the map says so", () => {
    const s = new FakeScene("s", new FakeSquareGrid(100), 6, 3);
    s.regions.contents.push(new FakeRegion("lit", [cellsRect(0, 0, 3, 3)], [section()]));
    s.regions.contents.push(new FakeRegion("dark", [cellsRect(3, 0, 3, 3)], [section({ lighting: "dark" })]));
    const a = token("a", 1, 1);
    const t = token("t", 4, 1, {}, -1);
    s.tokens.contents.push(a, t);
    const item = new FakeItem("c", "Card", "sections-card", { reachKind: "range", range: 2 });
    expect(
      mapFacts({
        refs: REFS,
        ruleset: "sections",
        space: compileScene(s, "sections"),
        scene: s,
        fight: noFight(s.id),
        attacker: a,
        target: t,
        item,
      }),
    ).toMatchObject({
      checked: true,
      options: { sight: { attackerSeesTarget: false } },
    });
  });

  it("SEC-34 a ranged Action crosses a Height border only when its range covers the Height change", () => {
    const s = new FakeScene("s", new FakeSquareGrid(100), 6, 3);
    s.regions.contents.push(new FakeRegion("low", [cellsRect(0, 0, 3, 3)], [section()]));
    s.regions.contents.push(new FakeRegion("high", [cellsRect(3, 0, 3, 3)], [section({ height: 3 })]));
    const a = token("a", 1, 1);
    const t = token("t", 4, 1, {}, -1);
    s.tokens.contents.push(a, t);
    const space = compileScene(s, "sections");
    const card = (range: number) => new FakeItem("c", "Card", "sections-card", { reachKind: "range", range });
    expect(
      mapFacts({
        refs: REFS,
        ruleset: "sections",
        space,
        scene: s,
        fight: noFight(s.id),
        attacker: a,
        target: t,
        item: card(2),
      }),
    ).toMatchObject({
      ok: false,
      key: "FRAY.Refusal.HeightBeyondRange",
      clause: "SEC-34",
    });
    expect(
      mapFacts({
        refs: REFS,
        ruleset: "sections",
        space,
        scene: s,
        fight: noFight(s.id),
        attacker: a,
        target: t,
        item: card(3),
      }),
    ).toMatchObject({
      checked: true,
    });
  });

  it(
    "FAC-29 FAC-30 across zones: melee needs a nearby target, " + "a ranged weapon its range; half range is the map's",
    () => {
      const s = new FakeScene("s", new FakeSquareGrid(100), 9, 3);
      s.regions.contents.push(new FakeRegion("a", [cellsRect(0, 0, 3, 3)], [zone()]));
      s.regions.contents.push(new FakeRegion("b", [cellsRect(3, 0, 3, 3)], [zone()]));
      s.regions.contents.push(new FakeRegion("c", [cellsRect(6, 0, 3, 3)], [zone()]));
      const a = token("a", 1, 1);
      const t = token("t", 7, 1, {}, -1);
      s.tokens.contents.push(a, t);
      const space = compileScene(s, "zones");
      const weapon = (attack: string, range: number) => new FakeItem("w", "W", "factions-weapon", { attack, range });
      const facts = (item: FakeItem) =>
        mapFacts({
          refs: REFS,
          ruleset: "factions",
          space,
          scene: s,
          fight: noFight(s.id),
          attacker: a,
          target: t,
          item,
        });
      expect(facts(weapon("melee", 0))).toMatchObject({ ok: false, key: "FRAY.Refusal.NotNearby" });
      const seen = { targetVisible: true, concealment: false };
      expect(facts(weapon("ranged", 3))).toEqual({ checked: true, options: { beyondHalfRange: true, ...seen } });
      expect(facts(weapon("ranged", 4))).toEqual({ checked: true, options: { beyondHalfRange: false, ...seen } });
      expect(facts(weapon("ranged", 1))).toMatchObject({ ok: false, key: "FRAY.Refusal.OutOfRange" });
    },
  );

  it(
    "ESC-37 an escalation melee weapon reaches the melee " + "zone; TEAM-57 teams reads only who surrounds the target",
    () => {
      const s = new FakeScene("s", new FakeSquareGrid(100), 10, 10);
      const a = token("a", 1, 1);
      const t = token("t", 3, 1, {}, -1);
      s.tokens.contents.push(a, t, token("n", 3, 0), token("s", 3, 2));
      const sword = new FakeItem("w", "Sword", "escalation-weapon", { attack: "melee", range: 0 });
      expect(
        mapFacts({
          refs: REFS,
          ruleset: "escalation",
          space: compileScene(s, "grid"),
          scene: s,
          fight: noFight(s.id),
          attacker: a,
          target: t,
          item: sword,
        }),
      ).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.OutOfReach",
      });
      expect(
        mapFacts({
          refs: REFS,
          ruleset: "teams",
          space: compileScene(s, "grid"),
          scene: s,
          fight: noFight(s.id),
          attacker: a,
          target: t,
          item: null,
        }),
      ).toEqual({
        checked: true,
        options: { flanking: true },
      });
      // A strain world on a zones scene: its attacks are not judged on a model they do not play on.
      s.flags = { fray: { spaceModel: "zones" } };
      expect(
        mapFacts({
          refs: REFS,
          ruleset: "strain",
          space: compileScene(s, "grid"),
          scene: s,
          fight: noFight(s.id),
          attacker: a,
          target: t,
          item: null,
        }),
      ).toEqual({
        checked: false,
      });
    },
  );
});
