import type { MochaContext, MochaFn, Quench, QuenchAssert, QuenchBatchContext } from "../quench-types.js";
import { emptyFixture, removeFixture } from "../fixtures/combat-fixture.js";
import { createTrackerFixture } from "./tracker-fixture.js";
import { TrackerProbe } from "./tracker-probe.js";
import { foundryChecks } from "./tracker-foundry.js";

export const TRACKER_BATCH = "fray.tracker";

/**
 * The tracker's flows from test/foundry/combat/requests/turn-request.test.ts, run against real v13 documents in a live
 * world, through the same request handler players reach over the system socket; then Foundry's own turn machinery and
 * controls on a fight with tokens (tracker-foundry.ts). Run it as a GM. It deletes the combats, the actors, the scene
 * and the temporary player user it made.
 */
export function registerTrackerBatch(quench: Quench): void {
  quench.registerBatch(TRACKER_BATCH, trackerBatch, { displayName: "Fray: combat tracker" });
}

function trackerBatch(context: QuenchBatchContext): void {
  const { describe, it, before, after, assert } = context;
  const probe = new TrackerProbe(emptyFixture());
  describe("Fray: combat tracker in a live world (teams)", function () {
    before(async function (this: MochaContext) {
      this.timeout(30_000);
      if (!game.user.isGM) this.skip();
      probe.watch();
      await createTrackerFixture(probe.made);
    });
    after(async function (this: MochaContext) {
      this.timeout(30_000);
      probe.unwatch();
      await removeFixture(probe.made);
    });
    it(
      'the system socket is open (system.json "socket": true), the channel every request travels',
      socketIsOpen(assert),
    );
    it(
      "the GM starts the fight: the core's journal opens at revision 0 and fray.combatStart fires once",
      startsFight(probe, assert),
    );
    it(
      "a player's request for a combatant they do not own is refused and nothing is written",
      refusesStrangers(probe, assert),
    );
    it(
      "a player's request naming the GM as its sender in the payload is still the player's, and refused",
      refusesForgedSender(probe, assert),
    );
    it(
      "two simultaneous requests at the same revision: exactly one wins, the other is refused as stale",
      oneWinner(probe, assert),
    );
    it(
      "over a whole round, fray.turnStart and fray.turnEnd fire exactly once per combatant, in pairs",
      wholeRound(probe, assert),
    );
    it(
      "the GM's undo takes back the last step across the round's end, and fray.undo fires once",
      undoes(probe, assert),
    );
  });
  // Foundry's own turn machinery and controls (issue 25), on a fight of its own with tokens.
  foundryChecks(context);
}

function socketIsOpen(assert: QuenchAssert): MochaFn {
  return function () {
    assert.isTrue(
      (game.system as unknown as { socket?: boolean }).socket === true,
      "the world was launched without Fray's socket",
    );
  };
}

function startsFight(probe: TrackerProbe, assert: QuenchAssert): MochaFn {
  return async function (this: MochaContext) {
    this.timeout(10_000);
    await probe.combat().startCombat();
    await probe.settled(0);
    const j = probe.combat().journal;
    assert.isNotNull(j, "no journal after startCombat");
    assert.strictEqual(j?.engine, "teams");
    assert.strictEqual(j?.revision, 0);
    assert.strictEqual(j?.length, 0);
    assert.strictEqual(probe.count("fray.combatStart"), 1);
    // The sides the core was set up with are the CombatantGroups, in the GM's order.
    assert.deepEqual((j?.setup as { initiative?: string[] } | undefined)?.initiative, probe.made.sideOrder);
  };
}

function refusesStrangers(probe: TrackerProbe, assert: QuenchAssert): MochaFn {
  return async function (this: MochaContext) {
    this.timeout(10_000);
    const user = player(probe, assert);
    const ids = probe.made.ids;
    const before = probe.revision();
    const notOwned = await probe.send(user, { type: "act", combatant: ids.h2 ?? "" });
    assert.strictEqual(!notOwned.ok && notOwned.key, "FRAY.Refusal.NotYourCombatant");
    // The hidden villain is answered exactly like a combatant that does not exist.
    const hidden = await probe.send(user, { type: "act", combatant: ids.v3 ?? "" });
    const missing = await probe.send(user, { type: "act", combatant: "nosuchcombatant" });
    assert.strictEqual(!hidden.ok && hidden.key, "FRAY.Refusal.UnknownCombatant");
    assert.strictEqual(!missing.ok && missing.key, "FRAY.Refusal.UnknownCombatant");
    assert.isFalse(JSON.stringify(hidden).includes("Hidden Villain"), "the refusal names the hidden combatant");
    const gmOnly = await probe.send(user, { type: "undo" });
    assert.strictEqual(!gmOnly.ok && gmOnly.key, "FRAY.Refusal.GmOnly");
    assert.strictEqual(probe.revision(), before, "a refused request changed the journal");
  };
}

function refusesForgedSender(probe: TrackerProbe, assert: QuenchAssert): MochaFn {
  return async function (this: MochaContext) {
    this.timeout(10_000);
    const user = player(probe, assert);
    const before = probe.revision();
    const forged = { userId: game.user.id, senderId: game.user.id, user: game.user.id };
    const undo = await probe.send(user, { type: "undo" }, before, forged);
    assert.strictEqual(!undo.ok && undo.key, "FRAY.Refusal.GmOnly");
    const turn = await probe.send(user, { type: "act", combatant: probe.made.ids.v1 ?? "" }, before, forged);
    assert.strictEqual(!turn.ok && turn.key, "FRAY.Refusal.NotYourCombatant");
    assert.strictEqual(probe.revision(), before, "a forged request changed the journal");
  };
}

function oneWinner(probe: TrackerProbe, assert: QuenchAssert): MochaFn {
  return async function (this: MochaContext) {
    this.timeout(10_000);
    const user = player(probe, assert);
    const { h1, h2 } = probe.made.ids;
    const acts = probe
      .legal()
      .filter((c) => c.type === "act")
      .map((c) => c.combatant);
    assert.include(acts, h1, "Hero One may not act: the heroes should choose first");
    assert.include(acts, h2);
    const rev = probe.revision();
    const answers = await Promise.all([
      probe.send(user, { type: "act", combatant: h1 ?? "" }, rev),
      probe.send(game.user, { type: "act", combatant: h2 ?? "" }, rev),
    ]);
    assert.lengthOf(
      answers.filter((a) => a.ok),
      1,
    );
    const loser = answers.find((a) => !a.ok);
    assert.strictEqual(loser && !loser.ok && loser.key, "FRAY.Refusal.StaleRevision");
    assert.strictEqual(probe.revision(), rev + 1);
    // Foundry's own Combat.turn names the combatant the core says is acting.
    const acting = probe.view()?.acting ?? null;
    assert.isNotNull(acting);
    assert.strictEqual(probe.combat().combatant?.id, acting);
  };
}

function wholeRound(probe: TrackerProbe, assert: QuenchAssert): MochaFn {
  return async function (this: MochaContext) {
    this.timeout(30_000);
    const round = probe.view()?.round ?? 0;
    for (let guard = 0; guard < 40 && (probe.view()?.round ?? 0) === round; guard++) {
      const next = probe.legal().find((c) => c.type === "endTurn") ?? probe.legal().find((c) => c.type === "act");
      if (!next) break;
      const answer = await probe.send(game.user, next);
      assert.isTrue(
        answer.ok,
        `the GM's ${next.type} for ${next.combatant ?? next.side ?? ""} was refused: ${answer.ok ? "" : answer.reason}`,
      );
    }
    assert.notStrictEqual(probe.view()?.round, round, "the round never ended");
    for (const [key, id] of Object.entries(probe.made.ids)) {
      assert.strictEqual(
        probe.count("fray.turnStart", (e) => e.round === round && e.combatant === id),
        1,
        `${key}: turn start`,
      );
      assert.strictEqual(
        probe.count("fray.turnEnd", (e) => e.round === round && e.combatant === id),
        1,
        `${key}: turn end`,
      );
    }
    // Starts and ends alternate: never two turns open at once.
    let open: string | null = null;
    for (const c of probe.calls.filter(
      (x) => x.combatId === probe.combat().id && (x.hook === "fray.turnStart" || x.hook === "fray.turnEnd"),
    )) {
      if (c.hook === "fray.turnStart") {
        assert.isNull(open, `turn of ${c.event.combatant ?? ""} started while ${open ?? ""} was acting`);
        open = c.event.combatant ?? null;
      } else {
        assert.strictEqual(c.event.combatant, open);
        open = null;
      }
    }
    assert.strictEqual(
      probe.count("fray.roundEnd", (e) => e.round === round),
      1,
    );
  };
}

function undoes(probe: TrackerProbe, assert: QuenchAssert): MochaFn {
  return async function (this: MochaContext) {
    this.timeout(10_000);
    const logBefore = probe.combat().journal?.length ?? 0;
    const roundBefore = probe.view()?.round ?? 0;
    const undos = probe.count("fray.undo");
    const answer = await probe.send(game.user, { type: "undo" });
    assert.isTrue(answer.ok, answer.ok ? "" : answer.reason);
    assert.strictEqual(probe.combat().journal?.length, logBefore - 1);
    assert.strictEqual(probe.count("fray.undo"), undos + 1);
    assert.strictEqual(
      probe.view()?.round,
      roundBefore - 1,
      "undo of the round's last step should return to that round",
    );
    assert.strictEqual(probe.combat().round, Math.max(probe.view()?.round ?? 0, 0));
    const acting = probe.view()?.acting ?? null;
    if (acting !== null)
      assert.strictEqual(probe.combat().combatant?.id, acting, "Combat.turn does not follow the core after undo");
    // And a player still may not undo.
    const refused = await probe.send(player(probe, assert), { type: "undo" });
    assert.strictEqual(!refused.ok && refused.key, "FRAY.Refusal.GmOnly");
  };
}

function player(probe: TrackerProbe, assert: QuenchAssert): User.Implementation {
  if (probe.made.user === null) assert.fail("the before hook did not finish");
  return probe.made.user;
}
