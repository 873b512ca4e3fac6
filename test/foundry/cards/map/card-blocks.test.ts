import { beforeEach, describe, expect, it } from "vitest";
import { compileScene } from "../../../../src/foundry/canvas/space/scene-space.js";
import { SpaceCache } from "../../../../src/foundry/canvas/space/space-cache.js";
import type { SceneBlock } from "../../../../src/foundry/canvas/fight/scene-blocks.js";
import type { SceneClimb } from "../../../../src/foundry/canvas/fight/scene-climbs.js";
import { attackOnMap } from "../../../../src/foundry/cards/map/attack-map.js";
import { handleAttackOpen, type OpenCardContext } from "../../../../src/foundry/cards/requests/attack-open.js";
import { mapFacts } from "../../../../src/foundry/cards/map/map-facts.js";
import { readOptions } from "../../../../src/foundry/cards/sections/choice-options.js";
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
} from "../../../fakes/foundry-scene.js";
import { toyCard, toyOpened } from "../toy-card.js";
import { noFight } from "../../../../src/foundry/canvas/fight/scene-fight.js";
import { fightWith } from "../../canvas/fight/scene-fights.js";
import { gmCardHands } from "../gm-card-hands.js";

// Hall | Yard | Gate (a, b, c): the archer shoots from the Hall at the orc in the Gate; the guard stands in the Yard.
const shot = () => new FakeItem("bolt", "Bolt", "sections-card", { reachKind: "range", range: 3 });
const token = (id: string, c: number, r: number, system: Record<string, unknown> = {}, disposition = 1) =>
  new FakeToken(id, at(c, r).x, at(c, r).y, { type: "sections-entity", system }, [], disposition);

function yard(guardSystem: Record<string, unknown> = {}) {
  const s = new FakeScene("s1", new FakeSquareGrid(100), 9, 3);
  s.flags = { fray: { spaceModel: "sections" } };
  ["a", "b", "c"].forEach((id, k) =>
    s.regions.contents.push(new FakeRegion(id, [cellsRect(3 * k, 0, 3, 3)], [section()])),
  );
  const archer = token("archerTok", 1, 1, { side: "pc" });
  const orc = token("orcTok", 7, 1, { side: "adversary" }, -1);
  const guard = token("guardTok", 4, 1, { side: "adversary", ...guardSystem }, -1);
  s.tokens.contents.push(archer, orc, guard);
  return { s, archer, orc, guard, space: compileScene(s, "sections") };
}

const GUARD_BLOCKS: SceneBlock[] = [{ blocker: "guardTok", border: "a|b", from: "b" }];

describe("the attack map reads the Blocks (SEC-47)", () => {
  it(
    "SEC-47 a ranged attack crossing a border Blocked from the blocker's section names the " +
      "blocker as an Interceptor",
    () => {
      const { s, archer, orc, space } = yard();
      const facts = mapFacts({
        refs: { attacker: "archer", target: "orc" },
        ruleset: "sections",
        space,
        scene: s,
        attacker: archer,
        target: orc,
        item: shot(),
        fight: fightWith(s.id, { blocks: GUARD_BLOCKS }),
      });
      expect(facts).toMatchObject({ checked: true, interceptors: ["guardTok"] });
      // No Block, no Interceptor.
      expect(
        mapFacts({
          refs: { attacker: "archer", target: "orc" },
          ruleset: "sections",
          space,
          scene: s,
          fight: noFight(s.id),
          attacker: archer,
          target: orc,
          item: shot(),
        }),
      ).not.toHaveProperty("interceptors");
    },
  );

  it("SEC-47 a Block held from a section the blocker has left, or on a border not crossed, offers nothing", () => {
    const { s, archer, orc, guard, space } = yard();
    const other: SceneBlock[] = [{ blocker: "guardTok", border: "b|c", from: "c" }];
    expect(
      mapFacts({
        refs: { attacker: "archer", target: "orc" },
        ruleset: "sections",
        space,
        scene: s,
        attacker: archer,
        target: orc,
        item: shot(),
        fight: fightWith(s.id, { blocks: other }),
      }),
    ).not.toHaveProperty("interceptors");
    Object.assign(guard, at(1, 2));
    expect(
      mapFacts({
        refs: { attacker: "archer", target: "orc" },
        ruleset: "sections",
        space,
        scene: s,
        attacker: archer,
        target: orc,
        item: shot(),
        fight: fightWith(s.id, { blocks: GUARD_BLOCKS }),
      }),
    ).not.toHaveProperty("interceptors");
  });

  it("SEC-44 an Immobilized or Defenseless blocker Intercepts nothing", () => {
    for (const condition of ["immobilized", "defenseless"]) {
      const { s, archer, orc, space } = yard({ conditions: { [condition]: true } });
      const facts = mapFacts({
        refs: { attacker: "archer", target: "orc" },
        ruleset: "sections",
        space,
        scene: s,
        attacker: archer,
        target: orc,
        item: shot(),
        fight: fightWith(s.id, { blocks: GUARD_BLOCKS }),
      });
      expect(facts).toMatchObject({ checked: true });
      expect(facts).not.toHaveProperty("interceptors");
    }
  });
});

describe("the attack card is opened with the Interceptors (SEC-47)", () => {
  let ctx: OpenCardContext;
  let archer: FakeActor;
  let orc: FakeActor;
  let guard: FakeActor;
  const alice = new FakeUser("alice", "Alice");
  const gm = new FakeUser("gm", "GM", true);

  beforeEach(() => {
    toyOpened.length = 0;
    archer = new FakeActor("archer", "Archer", "sections-entity", { side: "pc" }, ["alice"], [shot()]);
    orc = new FakeActor("orc", "Orc", "sections-entity", { side: "adversary" });
    guard = new FakeActor("guard", "Gate guard", "sections-entity", { side: "adversary" });
    const { s } = yard();
    const refs: Record<string, string> = { archerTok: "archer", orcTok: "orc", guardTok: "guard" };
    const cache = new SpaceCache((x) => compileScene(x, "sections"));
    const messages: FakeMessage[] = [];
    ctx = {
      ...gmCardHands(),
      message: (id) => messages.find((m) => m.id === id),
      actor: (id) => [archer, orc, guard].find((a) => a.id === id),
      user: (id) => [alice, gm].find((u) => u.id === id),
      // The toy card records the options it is opened with; its ruleset is the map's.
      card: () => ({ ...toyCard, ruleset: "sections", attackItems: ["sections-card"] }) as never,
      dice: new FakeDiceTray(4),
      dropped: () => Promise.resolve(undefined),
      mayTarget: () => true,
      ruleset: () => "sections",
      map: {
        preferred: () => [],
        scenes: () => [s],
        space: (x) => cache.get(x),
        actorRef: (t) => refs[t.id ?? ""] ?? null,
        fight: (sceneId) => fightWith(sceneId, { blocks: sceneId === "s1" ? GUARD_BLOCKS : [] }),
      },
      post: (data) => {
        const m = new FakeMessage(`m${messages.length + 1}`, "attack", data, gm);
        messages.push(m);
        return Promise.resolve(m);
      },
    };
  });

  const open = (user: FakeUser, options: Record<string, unknown> = {}) =>
    handleAttackOpen(
      ctx,
      {
        attackerId: "archer",
        targetId: "orc",
        itemId: "bolt",
        options,
        rollMode: "publicroll",
        map: { sceneId: "s1" },
      },
      user.id ?? "",
    );

  it(
    "SEC-47 the player's attack is opened with the blocker's actor as Interceptor, read by the " +
      "sections card as one",
    async () => {
      await open(alice);
      expect(toyOpened).toHaveLength(1);
      const interceptors = readOptions(toyOpened[0]!).interceptors;
      expect(interceptors.map((a) => [a.id, a.name, a.type])).toEqual([["guard", "Gate guard", "sections-entity"]]);
    },
  );

  it(
    "SEC-47 a player cannot take the Interceptors out " + "with options of their own; the GM's own choice wins",
    async () => {
      await open(alice, { interceptors: [] });
      expect(readOptions(toyOpened[0]!).interceptors.map((a) => a.id)).toEqual(["guard"]);
      await open(gm, { interceptors: [] });
      expect(readOptions(toyOpened[1]!).interceptors).toEqual([]);
    },
  );
});

describe("a climbing Interceptor (SEC-18, SEC-47)", () => {
  it("SEC-18 an Interceptor whose token climbs, as the fights say, is climbing on the card; the others are not", () => {
    const { s } = yard();
    const refs: Record<string, string> = { archerTok: "archer", orcTok: "orc", guardTok: "guard" };
    const cache = new SpaceCache((x) => compileScene(x, "sections"));
    const climbs: SceneClimb[] = [{ climber: "guardTok", border: "b|c", from: "b", to: "c", height: 2, climbed: 1 }];
    const port = {
      scenes: () => [s],
      space: (x: unknown) => cache.get(x as FakeScene),
      actorRef: (t: { id: string | null }) => refs[t.id ?? ""] ?? null,
      fight: (sceneId: string) => fightWith(sceneId, { blocks: GUARD_BLOCKS }),
      preferred: () => [],
    };
    const who = { attackerRef: "archer", targetRef: "orc", ruleset: "sections" as const, item: shot() };
    const verdict = attackOnMap(
      { ...port, fight: (sceneId) => fightWith(sceneId, { blocks: GUARD_BLOCKS, climbs }) },
      { sceneId: "s1" },
      who,
    );
    expect(verdict).toMatchObject({
      checked: true,
      interceptors: ["guard"],
      options: { conditions: { guard: ["climbing"] } },
    });
    const grounded = attackOnMap(port, { sceneId: "s1" }, who);
    expect(grounded).toMatchObject({ checked: true, interceptors: ["guard"] });
    expect(JSON.stringify(grounded)).not.toContain("climbing");
  });
});
