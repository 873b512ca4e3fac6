import { TURN_QUERY } from "../combat/turn-client.js";
import type { TurnAnswer, TurnCommand, TurnRequest } from "../combat/turn-command.js";
import { journalOf } from "../combat/turn-request.js";
import { FrayCombat } from "../combat/fray-combat.js";
import { looseHooks, type MochaContext, type Quench, type QuenchAssert } from "./quench-types.js";

export const TRACKER_BATCH = "fray.tracker";

/** Fray's hooks this batch counts; each call is recorded with the event it carried. */
const WATCHED_HOOKS = ["fray.combatStart", "fray.turnStart", "fray.turnEnd", "fray.roundEnd", "fray.undo"] as const;

interface HookRecord {
  readonly hook: string;
  readonly combatId: string | null;
  readonly event: { readonly type?: string; readonly round?: number; readonly combatant?: string };
}

/** What the batch created, so the after hook deletes exactly that and nothing else. */
interface Created {
  user: User.Implementation | null;
  actors: Actor.Implementation[];
  combat: FrayCombat | null;
  hookIds: [string, number][];
}

const PREFIX = "Fray Quench";

/**
 * The tracker's flows from test/foundry/combat/turn-request.test.ts, run against real v13 documents in
 * a live world: a scene-less "teams" Combat with temporary actors in two CombatantGroups (one hidden
 * villain), started by the GM; requests go through the same query handler players reach.
 * Run it as a GM. It deletes the combat, the actors and the temporary player user it made.
 */
export function registerTrackerBatch(quench: Quench): void {
  quench.registerBatch(
    TRACKER_BATCH,
    (context) => {
      const { describe, it, before, after, assert } = context;
      const made: Created = { user: null, actors: [], combat: null, hookIds: [] };
      const calls: HookRecord[] = [];
      // Ids by role: h1 (the player's), h2 (GM's), v1, v2, v3 (hidden).
      const ids: Record<string, string> = {};
      let player: User.Implementation | null = null;
      let sideOrder: string[] = [];

      const combat = (): FrayCombat => {
        if (!made.combat) throw new Error("the batch's combat was not created");
        return made.combat;
      };
      const revision = (): number => journalOf(combat())?.revision ?? -1;
      const view = () => combat().frayView;
      const legal = (): TurnCommand[] => {
        const j = combat().journal;
        const mode = combat().mode;
        return j && mode ? mode.engine.legal(j.state) : [];
      };

      /** A request as a client sends it, answered by the handler registered in CONFIG.queries (the GM's side of the query). */
      const send = async (user: User.Implementation, command: TurnCommand, rev = revision()): Promise<TurnAnswer> => {
        const request: TurnRequest = { combatId: combat().id ?? "", command, revision: rev, userId: user.id ?? "" };
        const handler = CONFIG.queries[TURN_QUERY];
        const answer = await handler(request, { userId: user.id });
        if (answer.ok) await settled(answer.revision);
        return answer;
      };

      /** The update is written by the time the handler answers; wait for this client's copy to show it too. */
      const settled = async (rev: number): Promise<void> => {
        for (let i = 0; i < 100 && revision() < rev; i++) await new Promise((r) => setTimeout(r, 20));
      };

      const count = (hook: string, filter: (e: HookRecord["event"]) => boolean = () => true): number =>
        calls.filter((c) => c.hook === hook && c.combatId === (made.combat?.id ?? null) && filter(c.event)).length;

      describe("Fray: combat tracker in a live world (teams)", function () {
        before(async function (this: MochaContext) {
          this.timeout(30_000);
          if (!game.user.isGM) this.skip();
          for (const hook of WATCHED_HOOKS) {
            const id = looseHooks().on(hook, (c: { id?: string | null }, event: HookRecord["event"]) => {
              calls.push({ hook, combatId: c?.id ?? null, event });
            });
            made.hookIds.push([hook, id]);
          }

          // A player who owns only Hero One: the world's own players are left alone.
          made.user = (await User.create({ name: `${PREFIX} player (temporary)`, role: CONST.USER_ROLES.PLAYER })) ?? null;
          player = made.user;
          const playerId = player?.id;
          if (!playerId) throw new Error("could not create the temporary player");
          const OWNER = CONST.DOCUMENT_OWNERSHIP_LEVELS.OWNER;
          const cast = [
            { key: "h1", name: `${PREFIX} Hero One`, owned: true },
            { key: "h2", name: `${PREFIX} Hero Two`, owned: false },
            { key: "v1", name: `${PREFIX} Villain One`, owned: false },
            { key: "v2", name: `${PREFIX} Villain Two`, owned: false },
            { key: "v3", name: `${PREFIX} Hidden Villain`, owned: false },
          ] as const;
          const actors = await Actor.createDocuments(
            cast.map((c) => ({
              name: c.name,
              type: "teams-character",
              ownership: c.owned ? { [playerId]: OWNER } : {},
              // Fray's actor types are registered at init but not declared to the Foundry types (global.d.ts).
            })) as unknown as Actor.CreateData[],
          );
          made.actors = actors;

          const created = await Combat.create({ type: "teams", scene: null, active: false } as Combat.CreateData);
          if (!(created instanceof FrayCombat)) throw new Error("CONFIG.Combat.documentClass is not FrayCombat");
          made.combat = created;
          const groups = await created.createEmbeddedDocuments("CombatantGroup", [{ name: "Heroes" }, { name: "Villains" }]);
          const [heroes, villains] = (groups ?? []).map((g) => g.id ?? "");
          if (!heroes || !villains) throw new Error("could not create the CombatantGroups");
          const combatants = await created.createEmbeddedDocuments(
            "Combatant",
            cast.map((c, i) => ({
              actorId: actors[i]?.id ?? null,
              name: c.name,
              hidden: c.key === "v3",
              group: c.key.startsWith("h") ? heroes : villains,
            })) as Combatant.CreateData[],
          );
          cast.forEach((c, i) => (ids[c.key] = combatants?.[i]?.id ?? ""));
          sideOrder = [heroes, villains];
          await created.update({ "system.start.sideOrder": sideOrder } as Combat.UpdateData);
        });

        after(async function (this: MochaContext) {
          this.timeout(30_000);
          for (const [hook, id] of made.hookIds) looseHooks().off(hook, id);
          // Delete what this batch made, even when a test failed half way.
          if (made.combat && game.combats.get(made.combat.id ?? "")) await made.combat.delete();
          const actorIds = made.actors.map((a) => a.id).filter((id): id is string => !!id && !!game.actors.get(id));
          if (actorIds.length) await Actor.deleteDocuments(actorIds);
          if (made.user?.id && game.users.get(made.user.id)) await made.user.delete();
        });

        it("the GM starts the fight: the core's journal opens at revision 0 and fray.combatStart fires once", async function (this: MochaContext) {
          this.timeout(10_000);
          await combat().startCombat();
          await settled(0);
          const j = combat().journal;
          assert.isNotNull(j, "no journal after startCombat");
          assert.strictEqual(j?.engine, "teams");
          assert.strictEqual(j?.revision, 0);
          assert.lengthOf(j?.log ?? [], 0);
          assert.strictEqual(count("fray.combatStart"), 1);
          // The sides the core was set up with are the CombatantGroups, in the GM's order.
          assert.deepEqual((j?.setup as { initiative?: string[] } | undefined)?.initiative, sideOrder);
        });

        it("a player's request for a combatant they do not own is refused and nothing is written", async function (this: MochaContext) {
          this.timeout(10_000);
          const user = mustHave(player, assert);
          const before = revision();
          const notOwned = await send(user, { type: "act", combatant: ids.h2 ?? "" });
          assert.isFalse(notOwned.ok);
          assert.strictEqual(!notOwned.ok && notOwned.key, "FRAY.Refusal.NotYourCombatant");
          // The hidden villain is answered exactly like a combatant that does not exist.
          const hidden = await send(user, { type: "act", combatant: ids.v3 ?? "" });
          const missing = await send(user, { type: "act", combatant: "nosuchcombatant" });
          assert.strictEqual(!hidden.ok && hidden.key, "FRAY.Refusal.UnknownCombatant");
          assert.strictEqual(!missing.ok && missing.key, "FRAY.Refusal.UnknownCombatant");
          assert.isFalse(JSON.stringify(hidden).includes("Hidden Villain"), "the refusal names the hidden combatant");
          const gmOnly = await send(user, { type: "undo" });
          assert.strictEqual(!gmOnly.ok && gmOnly.key, "FRAY.Refusal.GmOnly");
          assert.strictEqual(revision(), before, "a refused request changed the journal");
        });

        it("two simultaneous requests at the same revision: exactly one wins, the other is refused as stale", async function (this: MochaContext) {
          this.timeout(10_000);
          const user = mustHave(player, assert);
          const acts = legal().filter((c) => c.type === "act");
          assert.include(
            acts.map((c) => c.combatant),
            ids.h1,
            "Hero One may not act: the heroes should choose first",
          );
          assert.include(
            acts.map((c) => c.combatant),
            ids.h2,
          );
          const rev = revision();
          const answers = await Promise.all([
            send(user, { type: "act", combatant: ids.h1 ?? "" }, rev),
            send(game.user, { type: "act", combatant: ids.h2 ?? "" }, rev),
          ]);
          assert.lengthOf(
            answers.filter((a) => a.ok),
            1,
          );
          const loser = answers.find((a) => !a.ok);
          assert.strictEqual(loser && !loser.ok && loser.key, "FRAY.Refusal.StaleRevision");
          assert.strictEqual(revision(), rev + 1);
          // Foundry's own Combat.turn names the combatant the core says is acting.
          const acting = view()?.acting ?? null;
          assert.isNotNull(acting);
          assert.strictEqual(combat().combatant?.id, acting);
        });

        it("over a whole round, fray.turnStart and fray.turnEnd fire exactly once per combatant, in pairs", async function (this: MochaContext) {
          this.timeout(30_000);
          const round = view()?.round ?? 0;
          for (let guard = 0; guard < 40 && (view()?.round ?? 0) === round; guard++) {
            const next = legal().find((c) => c.type === "endTurn") ?? legal().find((c) => c.type === "act");
            if (!next) break;
            const answer = await send(game.user, next);
            assert.isTrue(
              answer.ok,
              `the GM's ${next.type} for ${next.combatant ?? next.side ?? ""} was refused: ${answer.ok ? "" : answer.reason}`,
            );
          }
          assert.notStrictEqual(view()?.round, round, "the round never ended");
          for (const key of ["h1", "h2", "v1", "v2", "v3"]) {
            const id = ids[key];
            assert.strictEqual(
              count("fray.turnStart", (e) => e.round === round && e.combatant === id),
              1,
              `${key}: turn start`,
            );
            assert.strictEqual(
              count("fray.turnEnd", (e) => e.round === round && e.combatant === id),
              1,
              `${key}: turn end`,
            );
          }
          // Starts and ends alternate: never two turns open at once.
          let open: string | null = null;
          for (const c of calls.filter((x) => x.combatId === combat().id && (x.hook === "fray.turnStart" || x.hook === "fray.turnEnd"))) {
            if (c.hook === "fray.turnStart") {
              assert.isNull(open, `turn of ${c.event.combatant ?? ""} started while ${open ?? ""} was acting`);
              open = c.event.combatant ?? null;
            } else {
              assert.strictEqual(c.event.combatant, open);
              open = null;
            }
          }
          assert.strictEqual(
            count("fray.roundEnd", (e) => e.round === round),
            1,
          );
        });

        it("the GM's undo takes back the last step across the round's end, and fray.undo fires once", async function (this: MochaContext) {
          this.timeout(10_000);
          const j = combat().journal;
          const logBefore = j?.log.length ?? 0;
          const roundBefore = view()?.round ?? 0;
          const undos = count("fray.undo");
          const answer = await send(game.user, { type: "undo" });
          assert.isTrue(answer.ok, answer.ok ? "" : answer.reason);
          assert.strictEqual(combat().journal?.log.length, logBefore - 1);
          assert.strictEqual(count("fray.undo"), undos + 1);
          assert.strictEqual(view()?.round, roundBefore - 1, "undo of the round's last step should return to that round");
          assert.strictEqual(combat().round, Math.max(view()?.round ?? 0, 0));
          const acting = view()?.acting ?? null;
          if (acting !== null) assert.strictEqual(combat().combatant?.id, acting, "Combat.turn does not follow the core after undo");
          // And a player still may not undo.
          const user = mustHave(player, assert);
          const refused = await send(user, { type: "undo" });
          assert.strictEqual(!refused.ok && refused.key, "FRAY.Refusal.GmOnly");
        });
      });
    },
    { displayName: "Fray: combat tracker" },
  );
}

function mustHave<T>(value: T | null, assert: QuenchAssert): T {
  if (value === null) assert.fail("the before hook did not finish");
  return value as T;
}
