import { describe, expect, it } from "vitest";
import { RULESETS } from "../../../../src/core/rulesets.js";
import { openJournal, record, undo, type Journal } from "../../../../src/core/shared/journal.js";
import { budgetOf, moveCommand } from "../../../../src/foundry/canvas/fight/move-budget.js";
import { compileScene } from "../../../../src/foundry/canvas/space/scene-space.js";
import { COMBAT_MODES, MODE_FOR_RULESET } from "../../../../src/foundry/rulesets/index.js";
import type { TurnCommand } from "../../../../src/foundry/combat/fight/turn-command.js";
import {
  cornerOf,
  movementLayout,
  movementSceneData,
  type MovementLayout,
} from "../../../../src/foundry/quench/movement/movement-scene.js";
import { MAX_STEPS_TO_TURN, toMoversTurn } from "../../../../src/foundry/quench/movement/movement-turn.js";
import { checkMove } from "../../../../src/foundry/canvas/check/move-check.js";
import { initialData } from "../../../../src/foundry/data/field-spec.js";
import { modelFor } from "../../../../src/foundry/data/models.js";
import { actorTypeFor } from "../../../../src/foundry/quench/fixtures/fight-cast.js";
import { FakeToken, sceneFromSource, type SceneSource } from "../../../fakes/foundry-scene.js";
import { roster } from "../../tracker/two-sides.js";
import { playCommand } from "../../../../src/foundry/combat/requests/card-play.js";
import { handleTurnRequest } from "../../../../src/foundry/combat/requests/turn-request.js";
import { FakeUser } from "../../../fakes/foundry-combat.js";
import { FightScene, USERS } from "../../canvas/fight-scene.js";
import { manifestOf } from "../../../../src/foundry/rulesets/index.js";
import { noFight } from "../../../../src/foundry/canvas/fight/scene-fight.js";

/** The batch's scene data as Foundry would store it (ids given, defaults filled), loaded into the scene fakes. */
function loaded(layout: MovementLayout) {
  const data = movementSceneData(layout) as unknown as Omit<SceneSource, "_id" | "regions" | "walls"> & {
    regions: {
      name: string;
      shapes: SceneSource["regions"][number]["shapes"];
      behaviors: { type: string; system: unknown }[];
    }[];
    walls: { c: number[] }[];
  };
  return sceneFromSource({
    ...data,
    _id: "quench",
    regions: data.regions.map((r, k) => ({
      ...r,
      _id: `r${k}`,
      elevation: { bottom: null, top: null },
      behaviors: r.behaviors.map((b) => ({ ...b, disabled: false })),
    })),
    walls: data.walls.map((w) => ({ c: w.c, move: 20, door: 0, ds: 0 })),
  });
}

describe("the movement batch's scene, compiled as every client compiles it", () => {
  for (const ruleset of RULESETS) {
    it(
      `${ruleset}: a walk across the walled border is refused, one step spends one unit, and a Height ` +
        `needs more than a walk`,
      () => {
        const layout = movementLayout(ruleset);
        const scene = loaded(layout);
        const type = actorTypeFor(MODE_FOR_RULESET[ruleset]);
        const p = cornerOf(layout.start);
        const token = new FakeToken("t", p.x, p.y, { type, system: initialData(modelFor("Actor", type)!.fields) }, [
          "gm",
        ]);
        scene.tokens.contents.push(token);
        const space = compileScene(scene, manifestOf(ruleset).space);
        expect(space.model).toBe(layout.model);
        const to = (cell: readonly [number, number]) =>
          checkMove({
            space,
            scene,
            token,
            ruleset,
            waypoints: [{ ...cornerOf(cell), action: "walk" }],
            fight: noFight(scene.id),
            provoked: [],
          });
        expect(to(layout.hard)).toMatchObject({ ok: false, key: "FRAY.Refusal.WallInTheWay" });
        expect(to(layout.step)).toMatchObject({ ok: true, cost: 1 });
        // The batch's drag passes `via` on its way to the step: still one unit, within a fresh turn's budget.
        const drag = [layout.via, layout.step].map((c) => ({ ...cornerOf(c), action: "walk" }));
        expect(
          checkMove({ space, scene, token, ruleset, waypoints: drag, fight: noFight(scene.id), provoked: [] }),
        ).toMatchObject({
          ok: true,
        });
        if (layout.up) expect(to(layout.up)).toMatchObject({ ok: false, key: "FRAY.Refusal.MustClimb" });
      },
    );
  }

  it("SEC-03 the walled Hall | Room edge is a hard border; SEC-11 the Room | Dais border goes up Height 2", () => {
    const space = compileScene(loaded(movementLayout("sections")), "sections");
    if (space.model !== "sections") throw new Error(space.model);
    const borders = space.graph.map.borders.map((b) => ({
      kind: b.kind,
      height: b.height,
      sections: [b.a, b.b].sort().join("|"),
    }));
    expect(borders).toContainEqual({ kind: "hard", height: undefined, sections: "r0|r1" });
    expect(borders.find((b) => b.sections === "r1|r2")).toMatchObject({ kind: "soft" });
    expect(Math.abs(borders.find((b) => b.sections === "r1|r2")?.height ?? 0)).toBe(2);
    expect(cornerOf(movementLayout("sections").start)).toEqual({ x: 400, y: 100 });
  });
});

describe(
  "the movement batch brings a fight to the mover's " + "turn, and the move's step spends and undo gives back",
  () => {
    for (const ruleset of RULESETS) {
      const modeId = MODE_FOR_RULESET[ruleset];
      it(
        `${ruleset} (${modeId}): the mover's turn is reached, the budget shrinks with the move's ` +
          `step, undo restores it`,
        () => {
          const mode = COMBAT_MODES[modeId]!;
          const opened = openJournal(mode.engine, mode.buildSetup(roster, { sideOrder: ["a", "b"] }), 11);
          if (!opened.ok) throw new Error(opened.reason);
          let j: Journal<unknown, unknown, TurnCommand> = opened.state;
          let steps = 0;
          for (
            let next = toMoversTurn(mode.engine.legal(j.state), mode.engine.view(j.state), "a1", "a");
            next !== "ready";
            steps++
          ) {
            if (!next || steps > MAX_STEPS_TO_TURN)
              throw new Error(`stuck: ${JSON.stringify(mode.engine.legal(j.state))}`);
            const done = record(mode.engine, j, next);
            if (!done.ok) throw new Error(done.reason);
            j = done.state;
            next = toMoversTurn(mode.engine.legal(j.state), mode.engine.view(j.state), "a1", "a");
          }
          expect(mode.engine.view(j.state).acting).toBe("a1");
          const before = mode.engine.view(j.state).budget;
          const command = moveCommand(modeId, "a1", 1, { sceneId: "s", tokenId: "t", x: 0, y: 0 })!;
          const moved = record(mode.engine, j, command);
          if (!moved.ok) throw new Error(moved.reason);
          expect(mode.engine.view(moved.state.state).budget).not.toEqual(before);
          // STR-19/FAC-07: the public view says what was moved, and the GM's path check starts from it
          // (move-budget.ts).
          const spent = budgetOf(mode.engine.view(moved.state.state), "a1");
          const expected =
            modeId === "rolled"
              ? { squaresMoved: 1 }
              : modeId === "factions"
                ? { zonesMoved: 1 }
                : modeId === "sections"
                  ? { innateMoveUsed: true }
                  : {};
          expect(spent).toEqual(expected);
          expect(budgetOf(mode.engine.view(moved.state.state), "b1")).toEqual({});
          const back = undo(mode.engine, moved.state);
          if (!back.ok) throw new Error(back.reason);
          expect(mode.engine.view(back.state.state).budget).toEqual(before);
        },
      );
    }
  },
);

describe(
  "the batch's sections play, against the fakes: a Fly card played, a Fly up the Height, " + "a second Fly refused",
  () => {
    const wings = { source: "wings", kind: "fly" as const, n: 2, height: 0 };
    /** The batch's sections scene with its mover (alice's) and enemy (bob's), a fight at the mover's drawn turn. */
    async function moversTurn() {
      const layout = movementLayout("sections");
      const scene = loaded(layout);
      const entity = (side: string) => ({
        type: "sections-entity",
        system: { ...initialData(modelFor("Actor", "sections-entity")!.fields), side },
      });
      const place = (id: string, cell: readonly [number, number], side: string, owner: string) =>
        new FakeToken(id, cornerOf(cell).x, cornerOf(cell).y, entity(side), [owner], side === "pc" ? 1 : -1);
      scene.tokens.contents.push(
        place("mover", layout.start, "pc", "alice"),
        place("enemy", layout.enemy, "adversary", "bob"),
      );
      const f = new FightScene(scene, "sections", { mover: { side: "pc" }, enemy: { side: "adversary" } }, [
        "pc",
        "adversary",
      ]);
      await f.until("mover");
      expect((await f.step({ type: "draw", combatant: "mover" })).ok).toBe(true);
      // The GM's documents: the mover's actor holds the Wings card (turn-client.ts reads the combatant's actor's item).
      const turns = {
        ...f.turns,
        cardPlay: (_c: unknown, combatant: string, item: string) =>
          combatant === "mover" && item === "wings" ? { phase: "action" as const, grant: wings } : null,
      };
      const play = (sender: string, command: TurnCommand, revision = f.journal.revision) =>
        handleTurnRequest(turns, { combatId: f.combat.id, command, revision }, sender);
      return { layout, scene, f, play };
    }

    it(
      "SEC-06 SEC-08 the mover's owner plays the card; the Fly up the Height is allowed and takes it; a " +
        "second Fly is refused",
      async () => {
        const { layout, scene, f, play } = await moversTurn();
        const command = playCommand({ phase: "action", grant: wings }, "mover");
        const fly = (cell: readonly [number, number]) =>
          f.move("alice", "mover", [{ ...cornerOf(cell), action: "fly" }]);
        expect(await fly(layout.up!)).toMatchObject({ ok: false, key: "FRAY.Refusal.NoPendingGrant" });
        expect(await play("alice", command)).toMatchObject({ ok: true });
        expect(f.view.grants).toEqual([wings]);
        expect(await fly(layout.up!)).toMatchObject({ ok: true, cost: 1 });
        expect(scene.tokens.get("mover")).toMatchObject(cornerOf(layout.up!));
        expect(await fly(layout.start)).toMatchObject({ ok: false, key: "FRAY.Refusal.NoPendingGrant" });
        expect(scene.tokens.get("mover")).toMatchObject(cornerOf(layout.up!));
      },
    );

    it(
      "the play is refused to another player, an observer, a forged grant or Phase, a card not the actor's, " +
        "and a stale revision",
      async () => {
        const { f, play } = await moversTurn();
        const command = playCommand({ phase: "action", grant: wings }, "mover");
        USERS.push(new FakeUser("olga", "Olga"));
        try {
          expect(await play("bob", command)).toMatchObject({ ok: false, key: "FRAY.Refusal.NotYourCombatant" });
          // An observer owns nothing of the combatant (the fakes' permission is ownership only).
          expect(await play("olga", command)).toMatchObject({ ok: false, key: "FRAY.Refusal.NotYourCombatant" });
        } finally {
          USERS.pop();
        }
        const forged = (grant: unknown, phase = "action") => ({
          ...command,
          phase,
          action: phase === "action" ? "action" : "strategy",
          grant,
        });
        for (const c of [
          forged({ ...wings, n: 9 }),
          forged({ ...wings, kind: "teleport" }),
          forged({ ...wings, height: 3 }),
          forged({ ...wings, extra: 1 }),
          forged({ ...wings, source: "someone-elses" }),
          forged(wings, "strategy"),
          forged("wings"),
        ])
          expect(await play("alice", c), JSON.stringify(c)).toMatchObject({
            ok: false,
            key: "FRAY.Refusal.ForgedGrant",
          });
        expect(await play("alice", command, f.journal.revision - 1)).toMatchObject({
          ok: false,
          key: "FRAY.Refusal.StaleRevision",
        });
        expect(f.view.grants).toEqual([]);
        // The GM may grant a Move by fiat: the card check is the players'.
        expect(await play("gm", forged({ ...wings, n: 3 }))).toMatchObject({ ok: true });
      },
    );

    it(
      "SEC-06 the card's player grants its Fly to another entity: that entity's owner flies it, the " +
        "player cannot take it",
      async () => {
        const { layout, scene, f, play } = await moversTurn();
        const command = playCommand({ phase: "action", grant: wings }, "mover", "enemy");
        expect(command).toMatchObject({ grant: { ...wings, to: "enemy" } });
        expect(await play("alice", command)).toMatchObject({ ok: true });
        expect(f.view.grants).toEqual([{ ...wings, to: "enemy" }]);
        const fly = (user: string, token: string) => f.move(user, token, [{ ...cornerOf(layout.up!), action: "fly" }]);
        expect(await fly("alice", "mover")).toMatchObject({ ok: false, key: "FRAY.Refusal.NoPendingGrant" });
        expect(await fly("bob", "enemy")).toMatchObject({ ok: true });
        expect(scene.tokens.get("enemy")).toMatchObject(cornerOf(layout.up!));
        expect(f.view.grants).toEqual([]);
      },
    );

    it("SEC-06 a grant for another entity names one the player can see, still in the fight, by its id", async () => {
      const { f, play } = await moversTurn();
      const to = (recipient: unknown) => ({
        ...playCommand({ phase: "action", grant: wings }, "mover"),
        grant: { ...wings, to: recipient },
      });
      expect(await play("alice", to(5))).toMatchObject({ ok: false, key: "FRAY.Refusal.ForgedGrant" });
      expect(await play("alice", to("nobody"))).toMatchObject({ ok: false, key: "FRAY.Refusal.UnknownCombatant" });
      expect(await play("alice", to("__proto__"))).toMatchObject({ ok: false, key: "FRAY.Refusal.UnknownCombatant" });
      f.combat.combatants.get("enemy")!.hidden = true;
      expect(await play("alice", to("enemy"))).toMatchObject({ ok: false, key: "FRAY.Refusal.UnknownCombatant" });
      expect(f.view.grants).toEqual([]);
    });
  },
);
