import { beforeAll, describe, expect, it } from "vitest";
import { MOVE_REQUEST } from "../../../../src/foundry/canvas/moves/move-request.js";
import { planVerdicts } from "../../../../src/foundry/canvas/ruler/ruler-verdicts.js";
import { compileScene } from "../../../../src/foundry/canvas/space/scene-space.js";
import { refusalSeen, seenScene } from "../../../../src/foundry/canvas/check/seen-scene.js";
import { at, FakeScene, FakeSquareGrid, FakeToken } from "../../../fakes/foundry-scene.js";
import { EN } from "../../../fakes/lang.js";
import { DragTable, installTokenDocument } from "../token/drag-table.js";
import { noFight } from "../../../../src/foundry/canvas/fight/scene-fight.js";

// Issue 26, hole 6, second bullet: a move refused by a hidden enemy's square answered the hidden token's id. The rules
// still stop the move (STR-21); the player hears only that it cannot be made there (ruling STR-21 in docs/rulings.md).

let warnings: string[] = [];
beforeAll(async () => {
  ({ warnings } = await installTokenDocument());
});

const HIDDEN = "hiddenGoblin0001";
const SEEN = "seenGoblin000001";

/** An open 10x4 field: Alice's p at (0,1), Speed 8; the GM's goblins at (3,1) (hidden) and (3,3) (seen). */
function field() {
  const s = new FakeScene("s1", new FakeSquareGrid(100), 10, 4);
  s.flags = { fray: { spaceModel: "grid" } };
  const character = (side: string) => ({ type: "strain-character", system: { side, speed: 8 } });
  s.tokens.contents.push(new FakeToken("p", at(0, 1).x, at(0, 1).y, character("pc"), ["alice"], 1));
  const goblin = (id: string, c: number, r: number, hidden: boolean) =>
    Object.assign(new FakeToken(id, at(c, r).x, at(c, r).y, character("npc"), [], -1), {
      hidden,
      name: `Goblin ${id}`,
    });
  s.tokens.contents.push(goblin(HIDDEN, 3, 1, true), goblin(SEEN, 3, 3, false));
  return { s, t: new DragTable(s, "strain") };
}

/** Everything the socket carried to a user's client, as text. */
const heardBy = (t: DragTable, user: string) =>
  JSON.stringify(t.socket.log.filter((m) => m.from !== user).map((m) => m.message));

describe("STR-21 a hidden enemy's square stops the move, and the player learns nothing of it", () => {
  it(
    "a move into or through the hidden goblin's square, " + "asked over the socket, is refused without naming it",
    async () => {
      const { s, t } = field();
      const paths = [[at(3, 1)], [at(5, 1)], [at(2, 1), at(4, 1)], [at(3, 0), at(3, 1)], [at(6, 1), at(3, 1)]];
      for (const [k, path] of paths.entries()) {
        const answer = await t.channel("alice").send(MOVE_REQUEST, {
          sceneId: "s1",
          tokenId: "p",
          movementId: `h${k}`,
          waypoints: path.map((p) => ({ ...p, action: "walk" })),
        });
        expect(answer).toEqual({
          ok: false,
          key: "FRAY.Refusal.CannotMoveThere",
          reason: "the move cannot be made there",
        });
      }
      expect(s.tokens.get("p")).toMatchObject(at(0, 1));
      for (const user of ["alice", "bob", "olive"]) {
        expect(heardBy(t, user)).not.toContain(HIDDEN);
        expect(heardBy(t, user)).not.toContain("Goblin hiddenGoblin");
      }
    },
  );

  it(
    "the player's own client and ruler do not know of it: " + "the drag goes to the GM, whose neutral refusal is shown",
    async () => {
      const { s, t } = field();
      warnings.length = 0;
      expect(await t.doc("alice", "p").drag([at(5, 1)])).toBe(false);
      expect(t.requests).toHaveLength(1);
      expect(warnings).toEqual([EN["FRAY.Refusal.CannotMoveThere"]]);
      // The ruler's plan on Alice's client draws the step as any other (the final check is the GM's).
      const input = {
        space: compileScene(s, "grid"),
        token: s.tokens.get("p")!,
        ruleset: "strain" as const,
        fight: noFight(s.id),
        provoked: [],
      };
      const plan = [
        { ...at(0, 1), action: "walk" },
        { ...at(5, 1), action: "walk" },
      ];
      expect(planVerdicts({ ...input, scene: seenScene(s, "p", false) }, plan)[1]).toMatchObject({ ok: true });
      expect(planVerdicts({ ...input, scene: seenScene(s, "p", true) }, plan)[1]).toMatchObject({ ok: false });
    },
  );

  it(
    "a seen enemy's square is refused in the rule's words, " + "and a GM hears the whole refusal about a hidden one",
    async () => {
      const { t } = field();
      const seen = await t
        .channel("alice")
        .send(MOVE_REQUEST, { sceneId: "s1", tokenId: "p", waypoints: [{ ...at(3, 3), action: "walk" }] });
      expect(seen).toMatchObject({ ok: false, key: "FRAY.Refusal.EnemySquare", data: { id: SEEN } });
      const gm = await t
        .channel("gm")
        .send(MOVE_REQUEST, { sceneId: "s1", tokenId: "p", waypoints: [{ ...at(3, 1), action: "walk" }] });
      expect(gm).toMatchObject({ ok: false, key: "FRAY.Refusal.EnemySquare", data: { id: HIDDEN } });
    },
  );

  it(
    "a refusal naming a hidden token by id or name, in its data or its reason, is neutral to a player; the mover's " +
      "own name is not a secret",
    () => {
      const { s } = field();
      const tokens = s.tokens.contents;
      const refusal = (data: Record<string, string>, reason = "no") => ({ key: "FRAY.Refusal.X", reason, data });
      expect(refusalSeen(refusal({ id: HIDDEN }), tokens, "p", false)).toMatchObject({
        key: "FRAY.Refusal.CannotMoveThere",
      });
      expect(refusalSeen(refusal({ name: `Goblin ${HIDDEN}` }), tokens, "p", false)).toMatchObject({
        key: "FRAY.Refusal.CannotMoveThere",
      });
      expect(refusalSeen(refusal({}, `piece ${HIDDEN} is in the way`), tokens, "p", false)).toMatchObject({
        key: "FRAY.Refusal.CannotMoveThere",
      });
      expect(refusalSeen(refusal({ id: SEEN }), tokens, "p", false)).toMatchObject({ key: "FRAY.Refusal.X" });
      expect(refusalSeen(refusal({ id: HIDDEN }), tokens, "p", true)).toMatchObject({ key: "FRAY.Refusal.X" });
      // The GM hid Alice's own token: a refusal naming it is hers to hear.
      Object.assign(s.tokens.get("p")!, { hidden: true });
      expect(refusalSeen(refusal({ id: "p" }), tokens, "p", false)).toMatchObject({ key: "FRAY.Refusal.X" });
    },
  );
});
