import { beforeAll, describe, expect, it } from "vitest";
import { commandsOf } from "../../../../src/core/shared/journal.js";
import { MOVE_REQUEST } from "../../../../src/foundry/canvas/moves/move-request.js";
import type { TurnCommand } from "../../../../src/foundry/combat/fight/turn-command.js";
import { at, FakeScene, FakeSquareGrid, FakeToken } from "../../../fakes/foundry-scene.js";
import type { FakeMovement } from "../../../fakes/foundry-token-movement.js";
import { DragTable, installTokenDocument, plain } from "../token/drag-table.js";
import { FightScene } from "../fight-scene.js";

// Issue 26, hole 3: a GM's move approval was matched by movement id, token and destination only, and lived a minute.
// A patched client (its own check skipped, its updates written by hand) tries to use approvals again, elsewhere, or
// later; every try goes through the real handlers, the fake socket and v13's movement workflow (the fake's).

beforeAll(async () => {
  await installTokenDocument();
});

const S = 100;
const walk = (c: number, r: number) => ({ ...at(c, r), action: "walk" });

/**
 * A 10x4 field in a strain fight: Alice's p (Speed 8) at (4,1) acts first; her p2 and Bob's q wait. Olive observes.
 * Before `begun` is false the fight has not begun (no journal): a move then meets the map only.
 */
async function field() {
  const s = new FakeScene("s1", new FakeSquareGrid(S), 10, 4);
  s.flags = { fray: { spaceModel: "grid" } };
  const pc = { type: "strain-character", system: { side: "pc", speed: 8 } };
  const npc = { type: "strain-character", system: { side: "npc", speed: 8 } };
  s.tokens.contents.push(new FakeToken("p", at(4, 1).x, at(4, 1).y, pc, ["alice"], 1));
  s.tokens.contents.push(new FakeToken("p2", at(4, 2).x, at(4, 2).y, pc, ["alice"], 1));
  s.tokens.contents.push(new FakeToken("q", at(9, 3).x, at(9, 3).y, npc, ["bob"], -1));
  const stats = {
    p: { side: "pc", speed: 8, initiative: 9 },
    p2: { side: "pc", speed: 8, initiative: 5 },
    q: { side: "npc", speed: 8, initiative: 7 },
  };
  const f = new FightScene(s, "strain", stats, []);
  await f.until("p");
  return { s, f, t: new DragTable(s, "strain", f) };
}

type Table = Awaited<ReturnType<typeof field>>;

const ask = (t: DragTable, user: string, movementId: string, waypoints: readonly object[], tokenId = "p") =>
  t.channel(user).send(MOVE_REQUEST, { sceneId: "s1", tokenId, movementId, waypoints });

/** The squares the fight has charged a combatant's moves. */
const charged = (f: FightScene, id = "p") =>
  commandsOf(f.journal)
    .filter((c: TurnCommand) => c.combatant === id && c.type === "spend" && c.action === "move")
    .reduce((n, c) => n + Number((c as { squares?: number }).squares ?? 0), 0);

/** The GM spends a combatant's Speed (a step from the tracker), so any move it has not paid for is over Speed. */
const spend = async (f: FightScene, squares: number, id = "p") => {
  const answer = await f.step({ type: "spend", combatant: id, action: "move", squares });
  if (!answer.ok) throw new Error(answer.reason);
};

/** How a patched client writes the update: the ids it names, the origin it claims, and the waypoints. */
interface Forgery {
  readonly id: string;
  readonly chain: readonly unknown[];
  readonly origin?: { x: number; y: number };
}

/** The forged fields a try carries: the approval's own id or another, chains naming it or junk, origins claimed. */
function forgeries(approval: string, claimed: { x: number; y: number }): Forgery[] {
  const huge = Array.from({ length: 5_000 }, () => approval);
  return [
    { id: approval, chain: [] },
    { id: approval, chain: [], origin: claimed },
    { id: "fresh", chain: [approval] },
    { id: "fresh", chain: [approval], origin: claimed },
    { id: "fresh", chain: [approval, "fresh0"] },
    { id: "__proto__", chain: ["__proto__"] },
    { id: "fresh", chain: ["constructor"] },
    { id: "fresh", chain: [42, approval] },
    { id: "fresh", chain: huge },
    { id: approval, chain: [approval] },
    { id: "", chain: [] },
    { id: "fresh", chain: [] },
  ];
}

/**
 * A patched client's update of token `tokenId` to `to`, with a try's forged fields; resolved once the GM settled it.
 */
function forged(t: DragTable, tokenId: string, to: readonly { x: number; y: number }[], f: Forgery): Promise<void> {
  const movement = {
    id: f.id,
    chain: f.chain as string[],
    ...(f.origin ? { origin: f.origin } : {}),
    passed: { waypoints: plain(to) },
  } satisfies Partial<FakeMovement>;
  return t.forge("alice", tokenId, movement);
}

/** The token stands where the forged update put it (the GM's audit let it stand). */
const stands = (x: Table, to: { x: number; y: number }, tokenId = "p") => {
  const token = x.s.tokens.get(tokenId)!;
  return token.x === to.x && token.y === to.y;
};

/**
 * Each attack: its set-up (which leaves the approval to abuse), then the forged update; true if the GM let it stand.
 */
const ATTACKS: Record<string, (f: Forgery) => Promise<boolean>> = {
  // Two half approvals from (4,1): 4 east and 4 west, 8 of Speed 8. Made east, then the west one from there: 12
  // squares.
  async halves(forgery) {
    const x = await field();
    expect([await ask(x.t, "alice", "ma", [walk(8, 1)]), await ask(x.t, "alice", "mb", [walk(0, 1)])]).toMatchObject([
      { ok: true },
      { ok: true },
    ]);
    await forged(x.t, "p", [at(8, 1)], { id: "ma", chain: [] });
    const east = stands(x, at(8, 1));
    await forged(x.t, "p", [at(0, 1)], {
      ...forgery,
      id: forgery.id === "ma" ? "mb" : forgery.id,
      chain: forgery.chain.map((c) => (c === "ma" ? "mb" : c)),
    });
    return east && stands(x, at(0, 1));
  },
  // Allowed (and charged) in Alice's turn, made in Bob's.
  async enemyTurn(forgery) {
    const x = await field();
    expect(await ask(x.t, "alice", "ma", [walk(8, 1)])).toMatchObject({ ok: true });
    await x.f.until("q");
    await forged(x.t, "p", [at(8, 1)], forgery);
    return stands(x, at(8, 1));
  },
  // Allowed before Begin (no charge), made in the fight once its Speed is spent.
  async beforeBegin(forgery) {
    const x = await field();
    const begun = x.f.combat.system;
    x.f.combat.system = { journal: null, events: [], revision: 0 };
    expect(await ask(x.t, "alice", "ma", [walk(8, 1)])).toMatchObject({ ok: true, cost: 4 });
    x.f.combat.system = begun;
    await spend(x.f, 6);
    await forged(x.t, "p", [at(8, 1)], forgery);
    return stands(x, at(8, 1));
  },
  // Allowed and made; the GM undoes its step (the Speed back, the token back); then the same update made again.
  async replayAfterUndo(forgery) {
    const x = await field();
    expect(await ask(x.t, "alice", "ma", [walk(8, 1)])).toMatchObject({ ok: true });
    await forged(x.t, "p", [at(8, 1)], { id: "ma", chain: [] });
    expect((await x.f.step({ type: "undo" })).ok).toBe(true);
    await x.t.doc("gm", "p").move({ ...at(4, 1), action: "displace" }, { method: "api" });
    await x.t.server.idle();
    await spend(x.f, 6);
    await forged(x.t, "p", [at(8, 1)], forgery);
    return stands(x, at(8, 1));
  },
  // A two-waypoint drag made in full; its first part made again from where the drag ended.
  async replayPart(forgery) {
    const x = await field();
    expect(await x.t.doc("alice", "p").drag([at(6, 1), at(8, 1)])).toBe(true);
    await x.t.server.idle();
    const first = x.t.server.made[0]!.movement.id;
    await spend(x.f, 4);
    const renamed = {
      ...forgery,
      id: forgery.id === "ma" ? first : forgery.id,
      chain: forgery.chain.map((c) => (c === "ma" ? first : c)),
    };
    await forged(x.t, "p", [at(6, 1)], renamed);
    return stands(x, at(6, 1));
  },
  // Alice's approval for p used to move her other token, p2, which is not acting.
  async otherToken(forgery) {
    const x = await field();
    expect(await ask(x.t, "alice", "ma", [walk(8, 1)])).toMatchObject({ ok: true });
    await forged(x.t, "p2", [at(8, 2)], forgery);
    return stands(x, at(8, 2), "p2");
  },
};

describe("hole 3: a move approval is used once, from its origin, in its fight revision", () => {
  it(
    "at least 50 forged updates reusing approvals (two " + "halves, the enemy's turn, before Begin, replays): 0 stand",
    async () => {
      let tries = 0;
      const accepted: string[] = [];
      const broken: string[] = [];
      for (const [name, attack] of Object.entries(ATTACKS))
        for (const forgery of forgeries("ma", at(4, 1))) {
          tries++;
          const label =
            `${name} ${forgery.id} ` +
            `[${forgery.chain.slice(0, 2).join(",")}]${forgery.origin ? " claiming the origin" : ""}`;
          try {
            if (await attack(forgery)) accepted.push(label);
          } catch (e) {
            broken.push(`${label}: ${(e as Error).message}`);
          }
        }
      expect(tries).toBeGreaterThanOrEqual(50);
      expect(accepted).toEqual([]);
      expect(broken).toEqual([]);
    },
  );

  it(
    "replayed and forged requests: the same movement id again, another player's or an observer's, a forged " +
      "cut, a prototype key",
    async () => {
      const x = await field();
      const first = await ask(x.t, "alice", "ma", [walk(6, 1)]);
      expect(first).toMatchObject({ ok: true, cost: 2 });
      const send = (user: string, payload: object) =>
        x.t.channel(user).send(MOVE_REQUEST, { sceneId: "s1", tokenId: "p", ...payload });
      const tries = [
        ask(x.t, "alice", "ma", [walk(6, 1)]),
        ask(x.t, "alice", "ma", [walk(5, 1)]),
        ask(x.t, "bob", "ma", [walk(6, 1)]),
        ask(x.t, "bob", "mz", [walk(6, 1)]),
        ask(x.t, "olive", "mz", [walk(6, 1)]),
        ask(x.t, "alice", "mz", [walk(8, 3)], "q"),
        send("alice", { movementId: "mc", cutOf: "ma", waypoints: [walk(6, 1)] }),
        send("alice", { movementId: "md", cutOf: "__proto__", waypoints: [walk(6, 1)] }),
        send("alice", { movementId: "__proto__", waypoints: [walk(20, 1)] }),
      ];
      const answers = await Promise.all(tries);
      expect(answers.filter((a) => a.ok)).toEqual([]);
      expect(charged(x.f)).toBe(2);
    },
  );

  it(
    "the honest path: each approval used once as given, in " + "its turn, as its parts, is accepted and charged once",
    async () => {
      // Two moves one after the other, each asked from where the last left the token: 4 and 4 of Speed 8.
      const a = await field();
      expect(await a.t.doc("alice", "p").drag([at(8, 1)])).toBe(true);
      await a.t.server.idle();
      expect(await a.t.doc("alice", "p").drag([at(6, 1), at(4, 1)])).toBe(true);
      await a.t.server.idle();
      expect(a.s.tokens.get("p")).toMatchObject(at(4, 1));
      expect(charged(a.f)).toBe(8);
      expect(a.t.audits.map((x) => x.kind)).toEqual(["stands", "stands", "stands"]);
      // Allowed before Begin and made before Begin: the map's alone, nothing charged.
      const b = await field();
      b.f.combat.system = { journal: null, events: [], revision: 0 };
      expect(await b.t.doc("alice", "p").drag([at(8, 1)])).toBe(true);
      await b.t.server.idle();
      expect(b.s.tokens.get("p")).toMatchObject(at(8, 1));
      // The same update a patched client makes as it was allowed, once, stands.
      const c = await field();
      expect(await ask(c.t, "alice", "ma", [walk(8, 1)])).toMatchObject({ ok: true });
      await forged(c.t, "p", [at(8, 1)], { id: "ma", chain: [] });
      expect(c.s.tokens.get("p")).toMatchObject(at(8, 1));
      expect(charged(c.f)).toBe(4);
    },
  );
});
