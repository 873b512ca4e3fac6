import { describe, expect, it } from "vitest";
import type { RulesetId } from "../../../../src/core/rulesets.js";
import { askToMove } from "../../../../src/foundry/canvas/moves/move-client.js";
import { handleMoveRequest, type MoveRequestContext } from "../../../../src/foundry/canvas/moves/move-request.js";
import { MOVE_REQUEST } from "../../../../src/foundry/canvas/moves/move-request.js";
import { compileScene } from "../../../../src/foundry/canvas/space/scene-space.js";
import { SpaceCache } from "../../../../src/foundry/canvas/space/space-cache.js";
import { RequestChannel } from "../../../../src/foundry/requests/request-channel.js";
import { FakeUser } from "../../../fakes/foundry-combat.js";
import {
  at,
  cellsRect,
  fakeWall,
  FakeRegion,
  FakeScene,
  FakeSquareGrid,
  FakeToken,
  section,
  zone,
} from "../../../fakes/foundry-scene.js";
import { FakeSocketServer } from "../../../fakes/foundry-socket.js";
import { EN } from "../../../fakes/lang.js";
import { manifestOf } from "../../../../src/foundry/rulesets/index.js";
import { noFight } from "../../../../src/foundry/canvas/fight/scene-fight.js";
import { gmMoveHands } from "../gm-move-hands.js";

const S = 100;
const USERS = {
  gm: new FakeUser("gm", "GM", true),
  alice: new FakeUser("alice", "Alice"),
  bob: new FakeUser("bob", "Bob"),
};

/** Three 3x3 rooms in a row, a | b | c, with the given Heights; the wall list closes nothing unless a test adds one. */
function rooms(
  model: string,
  heights: [number, number, number] = [0, 0, 0],
  kind: "section" | "zone" = "section",
): FakeScene {
  const s = new FakeScene("s1", new FakeSquareGrid(S), 9, 3);
  s.flags = { fray: { spaceModel: model } };
  ["a", "b", "c"].forEach((id, k) =>
    s.regions.contents.push(
      new FakeRegion(id, [cellsRect(3 * k, 0, 3, 3)], [kind === "section" ? section({ height: heights[k] }) : zone()]),
    ),
  );
  return s;
}

function gm(scene: FakeScene, ruleset: RulesetId): MoveRequestContext {
  return {
    scene: (id) => (id === scene.id ? scene : undefined),
    user: (id) => (Object.hasOwn(USERS, id) ? USERS[id as keyof typeof USERS] : undefined),
    ruleset: () => ruleset,
    spaces: new SpaceCache((x) => compileScene(x, manifestOf(ruleset).space)),
    // No combat in this world.
    fight: noFight,
    ...gmMoveHands(),
  };
}

const entity = (system: Record<string, unknown> = {}) => ({
  type: "sections-entity",
  system: { side: "pc", move: 1, ...system },
});
/** Waypoints through cells, with one action for all. */
const through = (cells: [number, number][], action = "walk") => cells.map(([c, r]) => ({ ...at(c, r), action }));

async function ask(ctx: MoveRequestContext, sender: string, tokenId: string, waypoints: unknown) {
  return handleMoveRequest(ctx, { sceneId: "s1", tokenId, waypoints }, sender);
}

describe("moves between sections, checked on the GM's side", () => {
  it("SEC-03 the innate Move 1 crosses one soft border; the GM answers with the core's cost", async () => {
    const s = rooms("sections");
    s.tokens.contents.push(new FakeToken("t", at(1, 1).x, at(1, 1).y, entity(), ["alice"]));
    expect(await ask(gm(s, "sections"), "alice", "t", through([[4, 1]]))).toEqual({ ok: true, cost: 1, events: 0 });
    // Walking about inside one's own section is no Move at all.
    expect(
      await ask(
        gm(s, "sections"),
        "alice",
        "t",
        through([
          [2, 2],
          [0, 0],
        ]),
      ),
    ).toEqual({ ok: true, cost: 0, events: 0 });
  });

  it("SEC-03 a Move 1 cannot cross two borders, however the path is cut into waypoints", async () => {
    const s = rooms("sections");
    s.tokens.contents.push(new FakeToken("t", at(1, 1).x, at(1, 1).y, entity(), ["alice"]));
    const ctx = gm(s, "sections");
    expect(await ask(ctx, "alice", "t", through([[7, 1]]))).toMatchObject({
      ok: false,
      key: "FRAY.Refusal.MoveTooShort",
    });
    expect(
      await ask(
        ctx,
        "alice",
        "t",
        through([
          [4, 1],
          [7, 1],
        ]),
      ),
    ).toMatchObject({ ok: false, key: "FRAY.Refusal.MoveTooShort" });
    // A Move 2 entity may.
    s.tokens.contents[0] = new FakeToken("t", at(1, 1).x, at(1, 1).y, entity({ move: 2 }), ["alice"]);
    expect(await ask(gm(s, "sections"), "alice", "t", through([[7, 1]]))).toMatchObject({ ok: true, cost: 2 });
  });

  it(
    "SEC-03 a walk never crosses a hard border; SEC-07 Phase needs a Move a card grants (SEC-04: the " +
      "innate Move is ordinary)",
    async () => {
      const s = rooms("sections");
      // Walls along the whole a|b edge, with a doorway only onto row 3 (outside the map): the border is hard.
      s.walls.contents.push(fakeWall([4 * S, S, 4 * S, 4 * S]));
      s.tokens.contents.push(new FakeToken("t", at(2, 1).x, at(2, 1).y, entity(), ["alice"]));
      const ctx = gm(s, "sections");
      // Foundry would stop the walk at the wall; a forged one through it is refused by the walls first.
      expect(await ask(ctx, "alice", "t", through([[3, 1]]))).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.WallInTheWay",
      });
      // SEC-07: Phase comes from a card; an entity holding none is refused for want of it (movement-sources.ts).
      expect(await ask(ctx, "alice", "t", through([[3, 1]], "phase"))).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.MovementNeedsCard",
      });
      // One holding a Phase card still has only its innate Move outside a fight, and that Move is an ordinary one.
      const phaseCard = { type: "sections-card", system: { movement: { kind: "phase", distance: 2, height: 0 } } };
      Object.assign(s.tokens.get("t")!.actor!, { items: { contents: [phaseCard] } });
      expect(await ask(ctx, "alice", "t", through([[3, 1]], "phase"))).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.InnateMoveIsOrdinary",
      });
    },
  );

  it(
    "SEC-03 the hard border refuses even a path the walls " + "do not catch (it goes round through no open cell)",
    () => {
      const s = rooms("sections");
      // The wall closes every crossing between a and b but leaves the corner path between the two wall pieces open.
      s.walls.contents.push(fakeWall([4 * S, S, 4 * S, 2.5 * S]), fakeWall([4 * S, 2.5 * S, 4 * S, 4 * S]));
      s.tokens.contents.push(new FakeToken("t", at(2, 0).x, at(2, 0).y, entity(), ["alice"]));
      const space = compileScene(s, "sections");
      expect(space.model === "sections" && space.graph.map.borders[0]?.kind).toBe("hard");
    },
  );

  it(
    "SEC-12 walking up a Height is refused; SEC-13 walking down one falls (an event), and a climb " +
      "ends where it begins",
    async () => {
      const s = rooms("sections", [0, 2, 0]);
      s.tokens.contents.push(new FakeToken("t", at(1, 1).x, at(1, 1).y, entity(), ["alice"]));
      s.tokens.contents.push(new FakeToken("u", at(4, 1).x, at(4, 1).y, entity(), ["bob"]));
      const ctx = gm(s, "sections");
      expect(await ask(ctx, "alice", "t", through([[4, 0]]))).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.MustClimb",
        data: { height: 2 },
      });
      expect(await ask(ctx, "bob", "u", through([[7, 1]]))).toEqual({ ok: true, cost: 1, events: 1 });
      // SEC-15: a climb's checks are the GM's dice to roll (climbs.test.ts); one with no Acrobatics die cannot climb.
      expect(await ask(ctx, "alice", "t", through([[4, 0]], "climb"))).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.NoAcrobaticsDie",
      });
    },
  );
});

describe("an attacker's move requests", () => {
  function scene() {
    const s = rooms("sections");
    s.tokens.contents.push(new FakeToken("t", at(1, 1).x, at(1, 1).y, entity(), ["alice"]));
    return { s, ctx: gm(s, "sections") };
  }

  it("a token the sender does not own is refused before anything is checked; a GM may move any", async () => {
    const { ctx } = scene();
    expect(await ask(ctx, "bob", "t", through([[4, 1]]))).toMatchObject({
      ok: false,
      key: "FRAY.Refusal.NotYourToken",
    });
    expect(await ask(ctx, "gm", "t", through([[4, 1]]))).toMatchObject({ ok: true });
    expect(await ask(ctx, "mallory", "t", through([[4, 1]]))).toMatchObject({
      ok: false,
      key: "FRAY.Refusal.UnknownUser",
    });
  });

  it("a claimed cost of 0 (or any measured field) is never read: the GM's core prices the path itself", async () => {
    const { ctx } = scene();
    const forged = through([[7, 1]]).map((w) => ({
      ...w,
      cost: 0,
      distance: 0,
      checkpoint: true,
      userId: "gm",
      explicit: false,
    }));
    expect(await ask(ctx, "alice", "t", forged)).toMatchObject({ ok: false, key: "FRAY.Refusal.MoveTooShort" });
    const cheap = through([[4, 1]]).map((w) => ({ ...w, cost: 99 }));
    expect(await ask(ctx, "alice", "t", cheap)).toEqual({ ok: true, cost: 1, events: 0 });
  });

  it(
    "a teleport smuggled as a walk is walked square by " + "square: one waypoint two rooms away crosses both borders",
    async () => {
      const { ctx } = scene();
      expect(await ask(ctx, "alice", "t", [{ ...at(8, 2), action: "walk" }])).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.MoveTooShort",
      });
      // And the real Teleport is special movement, which no card of the entity grants (SEC-07).
      expect(await ask(ctx, "alice", "t", [{ ...at(8, 2), action: "teleport" }])).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.MovementNeedsCard",
      });
    },
  );

  it("the path starts where the GM's document has the token, not where the client says", async () => {
    const { ctx } = scene();
    // The client pretends the token already stands in b and walks on to c: from a that is two borders.
    expect(
      await ask(
        ctx,
        "alice",
        "t",
        through([
          [4, 1],
          [7, 1],
        ]).slice(1),
      ),
    ).toMatchObject({ ok: false, key: "FRAY.Refusal.MoveTooShort" });
  });

  it("missing, malformed and huge values are refused as a bad request", async () => {
    const { ctx } = scene();
    const bad = "FRAY.Refusal.BadRequest";
    for (const waypoints of [
      undefined,
      [],
      [{ x: 1, y: 2 }],
      [{ x: "100", y: 200, action: "walk" }],
      [{ x: Number.NaN, y: 0, action: "walk" }],
      [{ x: 1e12, y: 0, action: "walk" }],
      [{ x: 0, y: 0, action: "w".repeat(41) }],
      Array.from({ length: 501 }, () => ({ ...at(1, 1), action: "walk" })),
      "walk",
    ])
      expect(await ask(ctx, "alice", "t", waypoints), JSON.stringify(waypoints)?.slice(0, 40)).toMatchObject({
        ok: false,
        key: bad,
      });
    expect(await handleMoveRequest(ctx, null, "alice")).toMatchObject({ ok: false, key: bad });
    expect(await handleMoveRequest(ctx, { sceneId: "s1", waypoints: through([[4, 1]]) }, "alice")).toMatchObject({
      ok: false,
      key: bad,
    });
    expect(
      await handleMoveRequest(ctx, { sceneId: "s1", tokenId: "nope", waypoints: through([[4, 1]]) }, "alice"),
    ).toMatchObject({
      ok: false,
      key: "FRAY.Refusal.UnknownToken",
    });
  });

  it("prototype keys are never read: not as ids, not as fields, not as actions", async () => {
    const { ctx } = scene();
    const proto = JSON.parse(
      '{"__proto__":{"sceneId":"s1","tokenId":"t"},"waypoints":[{"x":400,"y":200,"action":"walk"}]}',
    ) as unknown;
    expect(await handleMoveRequest(ctx, proto, "alice")).toMatchObject({ ok: false, key: "FRAY.Refusal.BadRequest" });
    const inherited = JSON.parse('[{"__proto__":{"x":500,"y":200,"action":"walk"}}]') as unknown;
    expect(await ask(ctx, "alice", "t", inherited)).toMatchObject({ ok: false, key: "FRAY.Refusal.BadRequest" });
    for (const action of ["__proto__", "constructor", "toString", "displace"])
      expect(await ask(ctx, "alice", "t", through([[4, 1]], action)), action).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.UnknownMovementAction",
      });
    expect(
      await handleMoveRequest(ctx, { sceneId: "__proto__", tokenId: "t", waypoints: through([[4, 1]]) }, "alice"),
    ).toMatchObject({
      ok: false,
      key: "FRAY.Refusal.UnknownToken",
    });
  });

  it("only a GM may displace a token (Foundry's placement, no cost, no walls)", async () => {
    const { ctx } = scene();
    expect(await ask(ctx, "gm", "t", through([[8, 2]], "displace"))).toEqual({ ok: true, cost: 0 });
    expect(await ask(ctx, "alice", "t", through([[8, 2]], "displace"))).toMatchObject({ ok: false });
  });

  it(
    "a hacked client that skips its own check still meets the GM's over the socket, which learns the " +
      "sender from the server",
    async () => {
      const { s, ctx } = scene();
      const server = new FakeSocketServer();
      const gmChannel = new RequestChannel(server.env("gm", () => "gm"));
      const alice = new RequestChannel(server.env("alice", () => "gm"));
      gmChannel.listen();
      alice.listen();
      gmChannel.register(MOVE_REQUEST, (payload, sender) => handleMoveRequest(ctx, payload, sender));
      const forged = { sceneId: "s1", tokenId: "t", waypoints: through([[7, 1]]), userId: "gm", senderId: "gm" };
      expect(await alice.send(MOVE_REQUEST, forged)).toMatchObject({ ok: false, key: "FRAY.Refusal.MoveTooShort" });
      // The honest client asks its own map first and the GM second; the GM's answer comes back to it.
      const client = {
        spaces: new SpaceCache((x) => compileScene(x, "sections")),
        ruleset: () => "sections" as const,
        send: alice.send.bind(alice),
        isGM: false,
        fight: noFight,
        rollMode: () => "publicroll" as const,
      };
      expect(await askToMove(client, s, s.tokens.get("t")!, through([[4, 1]]), "dragging")).toEqual({
        ok: true,
        cost: 1,
        events: 0,
      });
      const before = server.log.length;
      expect(await askToMove(client, s, s.tokens.get("t")!, through([[7, 1]]), "dragging")).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.MoveTooShort",
      });
      expect(server.log.length, "refused on the mover's own map: nothing sent").toBe(before);
    },
  );

  it("every refusal a move can meet has its words in lang/en.json", () => {
    for (const key of [
      "WallInTheWay",
      "MoveStopsShort",
      "OutsideSections",
      "UnknownMovementAction",
      "NotYourToken",
      "UnknownToken",
      "MoveTooShort",
      "HardBorder",
      "MustClimb",
      "InnateMoveIsOrdinary",
      "OverSpeed",
      "EnemySquare",
      "ZoneMovementUsed",
      "StepNotAdjacent",
    ])
      expect(`FRAY.Refusal.${key}` in EN, key).toBe(true);
  });
});

describe("moves on the grid and between zones", () => {
  function grid(ruleset: RulesetId, type: string, system: Record<string, unknown>) {
    const s = new FakeScene("s1", new FakeSquareGrid(S), 10, 4);
    s.flags = { fray: { spaceModel: "grid" } };
    s.regions.contents.push(new FakeRegion("cliff", [cellsRect(5, 0, 1, 4)], [section({ height: 3 })]));
    s.tokens.contents.push(
      new FakeToken("t", at(0, 1).x, at(0, 1).y, { type, system: { side: "pc", ...system } }, ["alice"]),
    );
    s.tokens.contents.push(
      new FakeToken("e", at(2, 2).x, at(2, 2).y, { type, system: { side: "npc", ...system } }, ["bob"], -1),
    );
    return { s, ctx: gm(s, ruleset) };
  }

  it("STR-19 a character moves up to its Speed: 4 squares yes, 5 no, whatever cost the client claims", async () => {
    const { ctx } = grid("strain", "strain-character", { speed: 4 });
    expect(
      await ask(
        ctx,
        "alice",
        "t",
        through([[4, 1]]).map((w) => ({ ...w, cost: 0 })),
      ),
    ).toEqual({ ok: true, cost: 4, events: 0 });
    expect(await ask(ctx, "alice", "t", through([[4, 0]]))).toMatchObject({ ok: true, cost: 4 });
    expect(
      await ask(
        ctx,
        "alice",
        "t",
        through([
          [3, 1],
          [4, 0],
          [3, 0],
        ]),
      ),
    ).toMatchObject({ ok: false, key: "FRAY.Refusal.OverSpeed" });
  });

  it(
    "STR-25 climbing the cliff costs 1 + 2, counted in " + "the Speed; STR-21 an enemy's square cannot be entered",
    async () => {
      const { ctx } = grid("strain", "strain-character", { speed: 7 });
      expect(await ask(ctx, "alice", "t", through([[5, 1]]))).toEqual({ ok: true, cost: 7, events: 0 });
      expect(await ask(ctx, "alice", "t", through([[2, 2]]))).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.EnemySquare",
      });
    },
  );

  it("STR-22 a Teleport pays its distance only; ESC-39 leaving an enemy's melee zone offers a free hit", async () => {
    const strain = grid("strain", "strain-character", { speed: 6 });
    // "Some abilities allow characters to Teleport": this character has one (movement-given.ts reads its tag).
    const blink = { type: "strain-ability", system: { kind: "action", tags: ["teleport"] } };
    Object.assign(strain.s.tokens.get("t")!.actor!, { items: { contents: [blink] } });
    expect(await ask(strain.ctx, "alice", "t", through([[6, 3]], "teleport"))).toEqual({
      ok: true,
      cost: 6,
      events: 0,
    });
    const esc = grid("escalation", "escalation-unit", { movement: 6 });
    esc.s.tokens.get("t")!.x = at(1, 1).x;
    expect(
      await ask(
        esc.ctx,
        "alice",
        "t",
        through([
          [1, 0],
          [0, 0],
        ]),
      ),
    ).toMatchObject({ ok: true, events: 1 });
    // ESC-46: prone, the unit moves a third of 6: two squares.
    esc.s.tokens.contents[0] = new FakeToken(
      "t",
      at(1, 1).x,
      at(1, 1).y,
      { type: "escalation-unit", system: { side: "pc", movement: 6, conditions: { prone: true } } },
      ["alice"],
    );
    expect(await ask(gm(esc.s, "escalation"), "alice", "t", through([[4, 1]]))).toMatchObject({
      ok: false,
      key: "FRAY.Refusal.OverSpeed",
      data: { budget: 2 },
    });
  });

  it("FAC-06 a character moves one zone a turn: the next zone yes, the one beyond no", async () => {
    const s = rooms("zones", [0, 0, 0], "zone");
    s.tokens.contents.push(
      new FakeToken("t", at(1, 1).x, at(1, 1).y, { type: "factions-character", system: { faction: "red" } }, ["alice"]),
    );
    const ctx = gm(s, "factions");
    expect(await ask(ctx, "alice", "t", through([[4, 1]]))).toEqual({ ok: true, cost: 1, events: 0 });
    expect(await ask(ctx, "alice", "t", through([[7, 1]]))).toMatchObject({
      ok: false,
      key: "FRAY.Refusal.ZoneMovementUsed",
    });
  });

  it("a move that leaves every section of the map is refused; a scene with no space model checks nothing", async () => {
    const s = rooms("sections");
    s.regions.contents.splice(1, 1);
    s.tokens.contents.push(new FakeToken("t", at(1, 1).x, at(1, 1).y, entity({ move: 3 }), ["alice"]));
    expect(await ask(gm(s, "sections"), "alice", "t", through([[7, 1]]))).toMatchObject({
      ok: false,
      key: "FRAY.Refusal.OutsideSections",
    });
    s.flags = { fray: { spaceModel: "none" } };
    expect(await ask(gm(s, "sections"), "alice", "t", through([[7, 1]]))).toEqual({ ok: true, cost: 0, events: 0 });
  });
});

describe("a refusal in the user's words", () => {
  it("SEC-12 names the border by its regions' names, not their ids", async () => {
    const s = rooms("sections", [0, 2, 0]);
    s.tokens.contents.push(new FakeToken("t", at(1, 1).x, at(1, 1).y, entity(), ["alice"]));
    const ctx = gm(s, "sections");
    const client = {
      spaces: ctx.spaces,
      ruleset: () => "sections" as const,
      send: () => Promise.resolve({ ok: true as const }),
      isGM: false,
      fight: noFight,
      rollMode: () => "publicroll" as const,
    };
    const answer = await askToMove(client, s, s.tokens.get("t")!, through([[4, 1]]), "dragging");
    expect(answer).toMatchObject({
      ok: false,
      key: "FRAY.Refusal.MustClimb",
      data: { border: "Region a | Region b", height: 2 },
    });
    expect(EN["FRAY.Refusal.MustClimb"]).toContain("{border}");
  });
});
