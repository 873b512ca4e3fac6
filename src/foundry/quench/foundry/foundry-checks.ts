import { readSectionData, SECTION_BEHAVIOUR } from "../../canvas/regions/region-data.js";
import { foundryDiceTray } from "../../dice/foundry-dice-tray.js";
import { FRAY_SOCKET } from "../../requests/request-channel.js";
import { requests } from "../../requests/register-requests.js";
import { FIXTURE_PREFIX } from "../fixtures/combat-fixture.js";
import type { MochaContext, MochaFn, QuenchAssert } from "../quench-types.js";
import { until } from "../fixtures/tracker-table.js";

/**
 * The fray.foundry batch's live checks of what Fray assumes of Foundry v13's own code (issue 25): a socket event that
 * v13 replays at ready, a player's private roll, and the behaviour form's borders. Each undoes what it made.
 */

/** Foundry replays a buffered socket event with socket.io's Socket#emitEvent (client/game.mjs); fvtt-types lacks it. */
interface ReplayingSocket {
  emitEvent(args: unknown[]): void;
}

/**
 * v13 buffers the events a loading client hears and replays them at ready with `game.socket.emitEvent(args)`: such a
 * replay reaches Fray's request channel, which handles it exactly once (a live event before ready it leaves alone).
 */
export function replayedOnce(assert: QuenchAssert): MochaFn {
  return async function (this: MochaContext) {
    if (game.users.activeGM?.id !== game.user.id) this.skip();
    this.timeout(10_000);
    assert.isTrue(game.ready, "game.ready is false after ready");
    const name = `quench.replayed.${foundry.utils.randomID()}`;
    let calls = 0;
    requests().register(name, () => Promise.resolve((calls++, { ok: true })));
    const sender = game.users.find((u) => u.id !== game.user.id)?.id ?? "quench";
    const request = { kind: "request", id: foundry.utils.randomID(), to: game.user.id, name, payload: {} };
    (game.socket as unknown as ReplayingSocket).emitEvent([FRAY_SOCKET, request, sender]);
    await until("the replayed request's handler", () => calls > 0, 5_000);
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(calls, 1, "a replayed request was handled more than once");
  };
}

/**
 * The GM's client posts a player's dice (as for that player's requests): a private roll is whispered to the player too
 * (v13 shows a whispered roll's numbers to the whispered and its author), a blind one is not, and both speak as the
 * player. Needs a player in the world.
 */
export function playerRolls(assert: QuenchAssert): MochaFn {
  return async function (this: MochaContext) {
    const player = game.users.find((u) => !u.isGM);
    if (!player?.id) return this.skip();
    this.timeout(15_000);
    const made: ChatMessage.Implementation[] = [];
    const hook = Hooks.on("createChatMessage", (message) => void made.push(message));
    try {
      for (const rollMode of ["gmroll", "blindroll"] as const) {
        const cup = foundryDiceTray.cup();
        await cup.draw(6);
        await cup.show({ flavor: `${FIXTURE_PREFIX} ${rollMode}`, rollMode, userId: player.id }, []);
      }
      await until("the two dice messages", () => made.length >= 2, 5_000);
      const [gmroll, blindroll] = made;
      assert.isTrue(gmroll!.whisper.includes(player.id), "a private roll is not whispered to its roller");
      assert.isFalse(gmroll!.blind, "a private roll is blind");
      assert.isFalse(blindroll!.whisper.includes(player.id), "a blind roll is whispered to its roller");
      assert.isTrue(blindroll!.blind, "a blind roll is not blind");
      assert.equal(gmroll!.speaker.alias, player.name, "the dice message does not speak as the roller");
    } finally {
      Hooks.off("createChatMessage", hook);
      for (const message of made) await message.delete();
    }
  };
}

/** Foundry's RegionBehaviorConfig (an ApplicationV2), as the check drives it. */
interface BehaviourForm {
  render(options: { force: boolean }): Promise<unknown>;
  readonly rendered: boolean;
  readonly element: HTMLElement;
  submit(): Promise<void>;
}

const square = (x: number) => ({ type: "rectangle", x, y: 0, width: 100, height: 100 });

/**
 * On the viewed scene, two regions with Fray sections: B's behaviour form (Foundry's own) lists A by name with a
 * border select; the GM picks Hard and saves; B's behaviour stores the border to A's id.
 */
export function bordersInForm(assert: QuenchAssert): MochaFn {
  return async function (this: MochaContext) {
    const scene = canvas?.scene;
    if (!scene) return this.skip();
    this.timeout(20_000);
    const data = ["A", "B"].map((n, i) => ({
      name: `${FIXTURE_PREFIX} Border ${n}`,
      shapes: [square(100 * i)],
      behaviors: [{ name: n, type: SECTION_BEHAVIOUR, system: {} }],
    }));
    const [a, b] = (await scene.createEmbeddedDocuments(
      "Region",
      data as never,
    )) as unknown as RegionDocument.Implementation[];
    try {
      const behaviour = b!.behaviors.contents[0]!;
      const sheet = behaviour.sheet as unknown as BehaviourForm;
      await sheet.render({ force: true });
      await until("the behaviour form", () => sheet.rendered, 5_000);
      const row = sheet.element.querySelector(`input[type="hidden"][value="${a!.id}"]`)?.closest("tr");
      const select = row?.querySelector("select");
      if (!row || !select) return assert.fail("the behaviour form has no border row for the other region");
      assert.include(row.textContent ?? "", a!.name, "the border row does not name the region");
      select.value = "hard";
      await sheet.submit();
      const marks = () => readSectionData(behaviour.system).borders;
      await until("the stored border", () => marks().length > 0, 5_000);
      assert.deepEqual(marks(), [{ neighbour: a!.id, kind: "hard", height: null }]);
    } finally {
      await scene.deleteEmbeddedDocuments(
        "Region",
        [a?.id, b?.id].filter((id): id is string => typeof id === "string"),
      );
    }
  };
}
