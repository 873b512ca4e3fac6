import { beforeAll, describe, expect, it } from "vitest";
import { commandsOf } from "../../../../src/core/shared/journal.js";
import type { TurnCommand } from "../../../../src/foundry/combat/fight/turn-command.js";
import { at, FakeScene, FakeSquareGrid, FakeToken } from "../../../fakes/foundry-scene.js";
import { DragTable, installTokenDocument } from "./drag-table.js";
import { FightScene } from "../fight-scene.js";

// v13 turns an x/y (or elevation) update into a movement on the writing client (client/documents/token.mjs
// `_preUpdate`, `#preUpdateMovement`). A client that skips that (a direct `modifyDocument` on the socket, a patched
// class) writes a position with no `_movement`: the server takes it, and every client hears of it in `_onUpdate`
// alone, never in `_onUpdateMovement`. The active GM audits it there as a move that never asked.

beforeAll(async () => {
  await installTokenDocument();
});

const S = 100;

/** A 10x4 field in a strain fight: Alice's p (Speed 8) at (4,1) acts; her p2 and Bob's q wait. */
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

/** The squares the fight has charged a combatant's moves. */
const charged = (f: FightScene, id = "p") =>
  commandsOf(f.journal)
    .filter((c: TurnCommand) => c.combatant === id && c.type === "spend" && c.action === "move")
    .reduce((n, c) => n + Number((c as { squares?: number }).squares ?? 0), 0);

const where = (s: FakeScene, id: string) => ({ x: s.tokens.get(id)!.x, y: s.tokens.get(id)!.y });

describe("a position written without Foundry's movement workflow is audited by the active GM", () => {
  it(
    "STR-19 a raw write 5 squares along, in p's turn, " + "stands and is charged to the turn as the move it is",
    async () => {
      const { s, f, t } = await field();
      await t.raw("alice", "p", at(9, 1));
      expect(where(s, "p")).toEqual(at(9, 1));
      expect(t.audits.map((a) => a.kind)).toEqual(["stands"]);
      expect(charged(f)).toBe(5);
    },
  );

  it("STR-19 a raw write beyond Speed is undone: the token is put back, nothing is charged", async () => {
    const { s, f, t } = await field();
    await t.raw("alice", "p", { ...at(4, 1), x: at(4, 1).x + 9 * S });
    expect(where(s, "p")).toEqual(at(4, 1));
    expect(t.audits.map((a) => a.kind)).toEqual(["undo"]);
    expect(charged(f)).toBe(0);
  });

  it(
    "at least 50 raw writes (beyond Speed, out of turn, onto an enemy, off the map, elevation, with " +
      "forged options): 0 stand",
    async () => {
      const { s, f, t } = await field();
      const tries: { token: string; to: { x?: number; y?: number; elevation?: number } }[] = [
        { token: "p", to: { x: at(4, 1).x - 9 * S } },
        { token: "p", to: at(9, 3) },
        { token: "p", to: { x: 50 * S, y: 50 * S } },
        { token: "p", to: { x: -3 * S } },
        { token: "p2", to: at(5, 2) },
        { token: "p2", to: { ...at(4, 3), elevation: 30 } },
        { token: "q", to: at(8, 3) },
        { token: "q", to: { y: at(9, 2).y } },
      ];
      // The write's options; a forged `_movement` for the token itself, true to its origin and destination but with no
      // parts, passes the server and breaks Foundry's own reading of it on every client.
      const options: ((token: string, to: object) => Record<string, unknown>)[] = [
        () => ({}),
        () => ({ diff: false }),
        () => ({ isUndo: true }),
        () => ({ teleport: true, noHook: true, animate: false }),
        () => ({ _movement: { other: { id: "x", chain: [] } } }),
        () => JSON.parse('{"__proto__": {"_movement": {"p": {}}}, "method": "undo"}') as Record<string, unknown>,
        (token, to) => ({
          _movement: {
            [token]: { id: "f", chain: [], origin: where(s, token), destination: { ...where(s, token), ...to } },
          },
        }),
      ];
      let made = 0;
      let stood = 0;
      for (const attempt of tries)
        for (const operation of options) {
          const before = { ...where(s, attempt.token), audits: t.audits.length };
          await t.raw(
            attempt.token === "q" ? "bob" : "alice",
            attempt.token,
            attempt.to,
            operation(attempt.token, attempt.to),
          );
          made++;
          const audit = t.audits.slice(before.audits);
          if (audit.some((a) => a.kind !== "undo") || audit.length === 0) stood++;
          if (where(s, attempt.token).x !== before.x || where(s, attempt.token).y !== before.y) stood++;
        }
      expect(made).toBeGreaterThanOrEqual(50);
      expect(stood).toBe(0);
      expect(t.doc("gm", "p2").elevation).toBe(0);
      expect(charged(f, "p") + charged(f, "p2") + charged(f, "q")).toBe(0);
      // The honest drag still goes: asked, charged once, standing; heard once by the audit, as the move it is.
      const audits = t.audits.length;
      expect(await t.doc("alice", "p").drag([at(6, 1)])).toBe(true);
      await t.server.idle();
      expect(where(s, "p")).toEqual(at(6, 1));
      expect(charged(f)).toBe(2);
      expect(t.audits.slice(audits).map((a) => a.kind)).toEqual(["stands"]);
    },
  );

  it(
    "a raw write of the elevation alone is heard by the audit; it moves no square, so it stands " +
      "as an asked one would",
    async () => {
      const { f, t } = await field();
      await t.raw("alice", "p2", { elevation: 12 });
      expect(t.audits.map((a) => [a.kind, a.move.method, a.move.elevation])).toEqual([["stands", "raw", 0]]);
      expect(charged(f, "p2")).toBe(0);
    },
  );

  it("the GM's own raw writes stand, anywhere, in anyone's turn", async () => {
    const { s, f, t } = await field();
    await t.raw("gm", "q", at(0, 0));
    await t.raw("gm", "p2", { elevation: 4 });
    expect(where(s, "q")).toEqual(at(0, 0));
    expect(t.doc("gm", "p2").elevation).toBe(4);
    expect(t.audits).toEqual([]);
    expect(charged(f, "q")).toBe(0);
  });

  it("an update that writes no position (a name, a bar) is no move: nothing is audited", async () => {
    const { t } = await field();
    t.doc("gm", "p")._onUpdate({ _id: "p", name: "P" }, {}, "alice");
    await t.server.idle();
    expect(t.audits).toEqual([]);
  });
});
