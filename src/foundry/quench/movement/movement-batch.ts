import { moverData } from "../../canvas/check/mover-data.js";
import { checkMove } from "../../canvas/check/move-check.js";
import { sceneOf, tokenOf } from "../../canvas/check/ports-check.js";
import { compileScene } from "../../canvas/space/scene-space.js";
import type { MoveBudget } from "../../canvas/fight/move-budget.js";
import { noFight, type SceneFight } from "../../canvas/fight/scene-fight.js";
import type { FrayCombat } from "../../combat/fray-combat.js";
import { journalOf, sidesOf } from "../../combat/fight/journal.js";
import { MODE_FOR_RULESET } from "../../rulesets/index.js";
import type { TurnCommand } from "../../combat/fight/turn-command.js";
import { TURN_REQUEST } from "../../combat/requests/turn-request.js";
import { playCard } from "../../combat/requests/play-card-client.js";
import { requests } from "../../requests/register-requests.js";
import { currentRuleset } from "../../settings/ruleset.js";
import {
  createMovementFixture,
  movementFixture,
  removeMovementFixture,
  type MovementFixture,
} from "./movement-fixture.js";
import { cornerOf, type Cell } from "./movement-scene.js";
import { MAX_STEPS_TO_TURN, toMoversTurn } from "./movement-turn.js";
import type { MochaContext, MochaFn, Quench, QuenchAssert, QuenchBatchContext } from "../quench-types.js";
import { until } from "../fixtures/tracker-table.js";

export const MOVEMENT_BATCH = "fray.movement";

/** A move as a macro or a drag makes it: Foundry's TokenDocument#move, checked by Fray's _preUpdateMovement. */
const MOVE_OPTIONS = { method: "api", autoRotate: false, showRuler: false } as const;

/**
 * Token moves in the world's rule set, in a live world, as the GM: a scene of Fray regions and walls for the rule set's
 * space model (movement-scene.ts), a token moved with TokenDocument#move across a walled border (refused: it stays),
 * up a Height (sections: a walk is refused, a Fly too until a card grants one), in a started fight one step that
 * spends the turn's budget and the GM's undo of that step that puts the token and the budget back, and (sections) a
 * Fly card played from the sheet's Play, after which a Fly up the Height is made and a second is refused; a drag
 * through two waypoints is made as two segments, asked and charged once. It deletes the scene, actors, combat and
 * chat messages it made, even after a failure.
 */
export function registerMovementBatch(quench: Quench): void {
  quench.registerBatch(MOVEMENT_BATCH, movementBatch, { displayName: "Fray: token movement" });
}

function movementBatch({ describe, it, before, after, assert }: QuenchBatchContext): void {
  const made = movementFixture();
  describe("Fray: token moves checked by the rules core on the GM's client", function () {
    before(async function (this: MochaContext) {
      if (!game.user.isGM) this.skip();
      this.timeout(30_000);
      await createMovementFixture(made, currentRuleset());
    });
    after(async function (this: MochaContext) {
      this.timeout(30_000);
      await removeMovementFixture(made);
    });
    it(
      "a token moved across a border walled along its whole length is refused and stays where it was",
      refusesHardBorder(made, assert),
    );
    it(
      "sections: walking up a Height is refused, and so is a Fly until a card grants one (checked " +
        "on the GM's compiled " +
        "scene: with a pending Fly 2 it passes). Only in a sections world.",
      heights(made, assert),
    );
    it(
      "in a started fight the mover's step spends the turn's budget, and the GM's undo of that step puts the token " +
        "and the budget back",
      spendsAndUndoes(made, assert),
    );
    it(
      "a drag through two waypoints is made in two segments (v13's chain; Fray's regions add none), " +
        "asked of the GM and " +
        "charged to the turn once; the GM's undo of that one step puts the token back",
      dragsInSegments(made, assert),
    );
    it(
      "sections: in the mover's turn, a Fly 2 card played with the sheet's Play says so in chat; a Fly up " +
        "the Height is then " +
        "allowed and takes the grant, and a second Fly is refused. Only in a sections world.",
      playsAndFlies(made, assert),
    );
  });
}

function fixture(made: MovementFixture, assert: QuenchAssert) {
  const { scene, mover, layout } = made;
  if (!scene || !mover || !layout) return assert.fail("the movement fixture is missing");
  return { scene, mover, layout };
}

const isAt = (token: TokenDocument.Implementation, cell: Cell): boolean =>
  token.x === cornerOf(cell).x && token.y === cornerOf(cell).y;

async function moveTo(token: TokenDocument.Implementation, cell: Cell, action: string): Promise<boolean> {
  return token.move({ ...cornerOf(cell), action }, MOVE_OPTIONS);
}

function refusesHardBorder(made: MovementFixture, assert: QuenchAssert): MochaFn {
  return async function (this: MochaContext) {
    this.timeout(20_000);
    const { mover, layout } = fixture(made, assert);
    assert.isTrue(isAt(mover, layout.start), "the mover does not start where the layout puts it");
    assert.isFalse(await moveTo(mover, layout.hard, "walk"), "the move across the walled border was made");
    assert.isTrue(isAt(mover, layout.start), "the mover left its place though the move was refused");
  };
}

function heights(made: MovementFixture, assert: QuenchAssert): MochaFn {
  return async function (this: MochaContext) {
    if (currentRuleset() !== "sections") this.skip();
    this.timeout(20_000);
    const { scene, mover, layout } = fixture(made, assert);
    if (!layout.up) return assert.fail("the sections layout has no Height");
    assert.isFalse(await moveTo(mover, layout.up, "walk"), "the walk up the Height was made");
    assert.isFalse(await moveTo(mover, layout.up, "fly"), "a Fly with no Move granted was made (SEC-06)");
    assert.isTrue(isAt(mover, layout.start), "the mover left its place though the moves were refused");
    const ports = sceneOf(scene);
    // Compiled from the scene's documents as the GM's space cache compiles it.
    const space = compileScene(ports, "sections");
    const input = {
      space,
      scene: ports,
      token: tokenOf(mover),
      ruleset: "sections" as const,
      fight: noFight(scene.id ?? ""),
      provoked: [],
    };
    const wings = { source: "wings", kind: "fly" as const, n: 2, height: 0 };
    const winged = inTurn(input.fight, mover.id ?? "", { grants: [wings] });
    const fly = checkMove({ ...input, waypoints: [{ ...cornerOf(layout.up), action: "fly" }], fight: winged });
    assert.isTrue(fly.ok, `a Fly with a Fly 2 pending is refused: ${JSON.stringify(fly)}`);
    const walk = checkMove({ ...input, waypoints: [{ ...cornerOf(layout.up), action: "walk" }] });
    assert.strictEqual(!walk.ok && walk.key, "FRAY.Refusal.MustClimb");
    // SEC-15: a Climb is previewed on the mover's client and the ruler; a move that never asked the GM cannot climb.
    const climb = [{ ...cornerOf(layout.up), action: "climb" }];
    const preview = checkMove({ ...input, waypoints: climb, preview: true });
    const mayClimb = moverData(tokenOf(mover), "sections").acrobatics > 0;
    assert.strictEqual(preview.ok ? "ok" : preview.key, mayClimb ? "ok" : "FRAY.Refusal.NoAcrobaticsDie");
    const unasked = checkMove({ ...input, waypoints: climb });
    assert.strictEqual(!unasked.ok && unasked.key, "FRAY.Refusal.ClimbNotAsked");
  };
}

/**
 * The scene's fight as a begun one shows it to the mover: its turn has spent `budget` (the check reads no more of it).
 */
function inTurn(fight: SceneFight, tokenId: string, budget: MoveBudget): SceneFight {
  const seat = { combat: null as never, combatant: tokenId };
  const turn = { fight: seat, mode: "sections", revision: 0, budget, acting: true };
  return { ...fight, fighters: new Map([[tokenId, { fight: seat, turn }]]) };
}

/** A turn command from the GM, answered by the registered handler, once this client's combat shows its revision. */
async function gmSends(combat: FrayCombat, command: TurnCommand, assert: QuenchAssert): Promise<void> {
  const revision = journalOf(combat)?.revision ?? -1;
  const answer = await requests().answer(
    TURN_REQUEST,
    { combatId: combat.id ?? "", command, revision },
    game.user.id ?? "",
  );
  assert.isTrue(answer.ok, `${command.type} was refused: ${JSON.stringify(answer)}`);
  await until(`the combat at revision ${revision + 1}`, () => (journalOf(combat)?.revision ?? -1) > revision);
}

/** A started fight on the scene with the mover and the enemy, brought to the mover's turn (movement-turn.ts). */
async function moversTurn(
  made: MovementFixture,
  assert: QuenchAssert,
): Promise<{ combat: FrayCombat; combatant: string }> {
  const { scene, mover } = fixture(made, assert);
  const created = await Combat.create({
    type: MODE_FOR_RULESET[currentRuleset()],
    scene: scene.id,
    active: false,
  } as Combat.CreateData);
  if (!created || !("frayView" in created)) return assert.fail("CONFIG.Combat.documentClass is not FrayCombat");
  const combat = created as unknown as FrayCombat;
  made.combat = combat;
  const tokens = [mover, made.enemy].filter((t): t is TokenDocument.Implementation => t !== null);
  const combatants = await combat.createEmbeddedDocuments(
    "Combatant",
    tokens.map((t) => ({ tokenId: t.id, sceneId: scene.id, actorId: t.actorId })),
  );
  const combatant = combatants?.[0]?.id ?? "";
  await combat.startCombat();
  await until("the fight's journal", () => journalOf(combat) !== null);
  for (let steps = 0; ; steps++) {
    const j = combat.journal;
    const mode = combat.mode;
    const view = combat.frayView;
    if (!j || !mode || !view) return assert.fail("the fight did not start");
    const next = toMoversTurn(mode.engine.legal(j.state), view, combatant, sidesOf(j).get(combatant) ?? "");
    if (next === "ready") return { combat, combatant };
    if (!next || steps > MAX_STEPS_TO_TURN)
      return assert.fail(`no way to the mover's turn: ${JSON.stringify(mode.engine.legal(j.state))}`);
    await gmSends(combat, next, assert);
  }
}

function spendsAndUndoes(made: MovementFixture, assert: QuenchAssert): MochaFn {
  return async function (this: MochaContext) {
    this.timeout(60_000);
    const { mover, layout } = fixture(made, assert);
    const { combat } = await moversTurn(made, assert);
    const before = JSON.stringify(combat.frayView?.budget ?? null);
    const revision = journalOf(combat)?.revision ?? -1;
    assert.isTrue(await moveTo(mover, layout.step, "walk"), "the mover's one step in its own turn was refused");
    await until("the token at the step", () => isAt(mover, layout.step));
    assert.isTrue((journalOf(combat)?.revision ?? -1) > revision, "the move recorded no turn step");
    assert.notStrictEqual(JSON.stringify(combat.frayView?.budget ?? null), before, "the turn's budget did not shrink");
    await gmSends(combat, { type: "undo" }, assert);
    await until("the token back where the move began", () => isAt(mover, layout.start));
    assert.strictEqual(
      JSON.stringify(combat.frayView?.budget ?? null),
      before,
      "the GM's undo did not give the budget back",
    );
  };
}

/** The segments v13 made of the mover's moves while `run` ran (the `moveToken` hook, fired once per segment). */
async function segmentsOf(
  mover: TokenDocument.Implementation,
  run: () => Promise<void>,
): Promise<{ id: string; chain: string[] }[]> {
  const segments: { id: string; chain: string[] }[] = [];
  // v13's movement hooks are not in the types (toolchain.md): called by name.
  const hooks = Hooks as unknown as {
    on(name: string, fn: (...args: unknown[]) => void): number;
    off(name: string, id: number): void;
  };
  const hook = hooks.on("moveToken", (token, movement) => {
    const m = movement as { id: string; chain: readonly string[] };
    if (token === mover) segments.push({ id: m.id, chain: [...m.chain] });
  });
  try {
    await run();
  } finally {
    hooks.off("moveToken", hook);
  }
  return segments;
}

/**
 * Issue 25: v13 cuts a move at every checkpoint (each waypoint of a drag) and runs _preUpdateMovement once per
 * segment. The first segment asks the GM for the whole move and the GM records one turn step; the second is a part.
 */
function dragsInSegments(made: MovementFixture, assert: QuenchAssert): MochaFn {
  return async function (this: MochaContext) {
    this.timeout(60_000);
    const { mover, layout } = fixture(made, assert);
    const combat = made.combat ?? (await moversTurn(made, assert)).combat;
    const waypoints = [layout.via, layout.step].map((c) => ({
      ...cornerOf(c),
      action: "walk",
      checkpoint: true,
      explicit: true,
    }));
    const revision = journalOf(combat)?.revision ?? -1;
    const segments = await segmentsOf(mover, async () => {
      assert.isTrue(
        await mover.move(waypoints, { ...MOVE_OPTIONS, method: "dragging" } as never),
        "the drag was refused",
      );
      await until("the token at the drag's end", () => isAt(mover, layout.step));
    });
    assert.deepEqual(
      segments.map((s) => s.chain),
      [[], [segments[0]?.id ?? "?"]],
      "the drag was not made as two segments, the second continuing the first",
    );
    assert.strictEqual(
      journalOf(combat)?.revision ?? -1,
      revision + 1,
      "the drag was not charged to the turn exactly once",
    );
    await gmSends(combat, { type: "undo" }, assert);
    await until("the token back where the drag began", () => isAt(mover, layout.start));
  };
}

/**
 * SEC-06..SEC-08 as a player plays them: the mover's own turn (the fight the step test left, else a new one), a Fly 2
 * card on the mover's actor played as its sheet's Play button does, then TokenDocument#move with the Fly.
 */
function playsAndFlies(made: MovementFixture, assert: QuenchAssert): MochaFn {
  return async function (this: MochaContext) {
    if (currentRuleset() !== "sections") this.skip();
    this.timeout(60_000);
    const { mover, layout } = fixture(made, assert);
    const up = layout.up;
    if (!up) return assert.fail("the sections layout has no Height");
    const combat = made.combat ?? (await moversTurn(made, assert)).combat;
    const actor = mover.actor;
    if (!actor) return assert.fail("the mover has no actor");
    const [card] = (await actor.createEmbeddedDocuments("Item", [
      {
        name: "Fray Quench Wings",
        type: "sections-card",
        system: { phase: "action", movement: { kind: "fly", distance: 2, height: 0 } },
      },
    ] as never[])) as Item.Implementation[];
    if (!card?.id) return assert.fail("could not give the mover a Fly card");
    const messages = made.messages.size;
    const revision = journalOf(combat)?.revision ?? -1;
    const played = await playCard(actor, card.id, mover.combatant?.id ?? undefined);
    assert.isTrue(played?.ok === true, `the card's play was refused: ${JSON.stringify(played)}`);
    await until("the play recorded", () => (journalOf(combat)?.revision ?? -1) > revision);
    assert.deepEqual(
      combat.frayView?.grants ?? [],
      [{ source: card.id, kind: "fly", n: 2, height: 0 }],
      "the play left no Fly 2 pending",
    );
    await until("the chat line of the play", () => made.messages.size > messages);
    assert.isTrue(await moveTo(mover, up, "fly"), "the Fly up the Height with a Fly card played was refused");
    await until("the token up the Height", () => isAt(mover, up));
    assert.deepEqual(combat.frayView?.grants ?? [], [], "the Fly did not take the card's grant");
    assert.isFalse(await moveTo(mover, layout.start, "fly"), "a second Fly was made with the card's one grant");
    assert.isTrue(isAt(mover, up), "the mover left its place though the second Fly was refused");
  };
}
