import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { openJournal, record } from "../../../src/core/shared/journal.js";
import { AUTHORITY, authorise, authorityOf } from "../../../src/foundry/combat/requests/authority.js";
import { journalOf, sidesOf } from "../../../src/foundry/combat/fight/journal.js";
import { COMBAT_MODES } from "../../../src/foundry/rulesets/index.js";
import type { RosterEntry } from "../../../src/foundry/combat/fight/roster.js";
import { registerTurnRequests } from "../../../src/foundry/combat/requests/turn-client.js";
import type { TurnCommand } from "../../../src/foundry/combat/fight/turn-command.js";
import { TURN_REQUEST, type TurnRequestContext } from "../../../src/foundry/combat/requests/turn-request.js";
import { RequestChannel } from "../../../src/foundry/requests/request-channel.js";
import { FakeCombat, FakeCombatant, FakeHooks, FakeUser } from "../../fakes/foundry-combat.js";
import { FakeSocketServer } from "../../fakes/foundry-socket.js";
import { gmTurnHands } from "../combat/gm-turn-hands.js";

// Sides a (Alice's), b (Bob's), c (the GM's, c3 hidden). Olive observes and owns nothing.
const gm = new FakeUser("gm", "GM", true);
const alice = new FakeUser("alice", "Alice");
const bob = new FakeUser("bob", "Bob");
const olive = new FakeUser("olive", "Olive");
const USERS = [gm, alice, bob, olive];
const PLAYERS = [alice, bob, olive];
const OWNERS: Record<string, string[]> = { a: ["alice"], b: ["bob"], c: [] };

function world(mode: string, commandsIn = 3) {
  const hooks = new FakeHooks();
  const list = ["a", "b", "c"].flatMap((s) =>
    [1, 2, 3].map((i) => new FakeCombatant(`${s}${i}`, `${s.toUpperCase()}${i}`, s, OWNERS[s], s === "c" && i === 3)),
  );
  const combat = new FakeCombat("fight", mode, list, hooks);
  const m = COMBAT_MODES[mode]!;
  const roster: RosterEntry[] = list.map((c, i) => ({
    id: c.id,
    name: c.name,
    side: c.side,
    hidden: c.hidden,
    stats: { agility: i % 4, initiative: i % 3, wit: 12, health: 8, healthMax: 8, stamina: 3, focus: 3, speed: 6 },
  }));
  let j = openJournal(m.engine, m.buildSetup(roster, { sideOrder: ["a", "b", "c"] }), 21);
  // A few GM steps in, so side-level and turn commands are live.
  for (let i = 0; i < commandsIn && j.ok; i++) {
    const next = m.engine.legal(j.state.state).find((c) => ["chooseFirst", "act", "draw"].includes(c.type));
    if (next) j = record(m.engine, j.state, next);
  }
  if (!j.ok) throw new Error(j.reason);
  combat.system = { journal: j.state, events: [], revision: j.state.revision };
  combat.round = 1;
  const ctx: TurnRequestContext = {
    combat: (id) => (id === combat.id ? combat : undefined),
    user: (id) => USERS.find((u) => u.id === id),
    mode: (id) => COMBAT_MODES[id],
    ...gmTurnHands(),
  };
  return { combat, ctx, mode: m };
}

/** Every command type some engine knows, and some no engine knows. */
const TYPES = [...Object.keys(AUTHORITY), "teleport", "__proto__", "constructor", "toString", ""];
const FORGED_IDS = ["b1", "c1", "c3", "nobody", "__proto__", "constructor", "", "a1 ", "A1"];

/**
 * A request a player must not get through: it acts for someone else's combatant or side, a hidden or missing one,
 * is the GM's alone or unknown, or carries a bad revision; every one also claims in its payload to come from the GM.
 */
const forgedRequest = (revision: number, user: FakeUser) => {
  const ownedBy = (side: string) => (Object.hasOwn(OWNERS, side) ? (OWNERS[side] ?? []) : []);
  const own = (id: string) => id.length === 2 && ownedBy(id.slice(0, 1)).includes(user.id);
  const ids = FORGED_IDS.filter((id) => !own(id));
  return fc.oneof(
    fc
      .record({
        type: fc.constantFrom(...TYPES.filter((t) => authorityOf(t) === "combatant")),
        combatant: fc.constantFrom(...ids),
      })
      .map((c) => ({ command: c, revision })),
    fc
      .record({
        type: fc.constantFrom("pass", "setObjective"),
        side: fc.constantFrom("b", "c", "__proto__", "nobody", ""),
        objective: fc.string(),
        combatant: fc.constant("a1"),
      })
      .map((c) => ({ command: c, revision })),
    fc
      .record({
        type: fc.constantFrom(...TYPES.filter((t) => authorityOf(t) === "gm")),
        combatant: fc.constantFrom("a1", "b1", "c1"),
        side: fc.constantFrom("a", "b"),
      })
      .map((c) => ({ command: c, revision })),
    fc
      .record({ type: fc.constantFrom("act", "endTurn", "pass"), combatant: fc.constant("a1"), side: fc.constant("a") })
      .map((c) => ({
        command: c,
        revision: Number.NaN,
      })),
    fc
      .tuple(
        fc.constantFrom<unknown>(revision - 1, revision + 1, `${revision}`, null, Number.NaN, 1e300, -1, [revision], {
          valueOf: revision,
        }),
        fc.constantFrom("act", "endTurn", "pass"),
      )
      .map(([rev, type]) => ({
        command: { type, combatant: "a1", side: "a" },
        revision: rev,
      })),
  );
};

describe("forged requests through the registered socket handler (1,000 per mode): none is accepted", () => {
  for (const modeId of Object.keys(COMBAT_MODES)) {
    it(
      `${modeId}: another user's id in the payload, others' combatants and sides, GM-only and unknown ` +
        `commands, bad revisions`,
      async () => {
        const { combat, ctx } = world(modeId);
        const server = new FakeSocketServer();
        const gmChannel = new RequestChannel(server.env("gm", () => "gm"));
        gmChannel.listen();
        registerTurnRequests(gmChannel, ctx);
        const senders = Object.fromEntries(
          PLAYERS.map((u) => [u.id, new RequestChannel(server.env(u.id, () => "gm"))]),
        );
        for (const c of Object.values(senders)) c.listen();
        const revision = journalOf(combat)!.revision;
        const journalBefore = JSON.stringify(combat.system.journal);
        const samples = fc.sample(
          fc.constantFrom(...PLAYERS).chain((user) => forgedRequest(revision, user).map((r) => [user, r] as const)),
          {
            numRuns: 1_000,
            seed: 1_000 + modeId.length,
          },
        );
        let accepted = 0;
        for (const [user, { command, revision: rev }] of samples) {
          // Alice may still hold legitimate rights on a1 and side a; the forgeries above never use them with a good
          // revision except through a GM-only, unknown or bad-revision route.
          const answer = await senders[user.id]!.send(TURN_REQUEST, {
            combatId: combat.id,
            command,
            revision: rev,
            userId: gm.id,
            sender: gm.id,
          });
          if (answer.ok) accepted++;
        }
        expect(accepted).toBe(0);
        expect(combat.updates).toEqual([]);
        expect(JSON.stringify(combat.system.journal)).toBe(journalBefore);
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      },
    );
  }
});

describe("who may send what: the authorisation table walked for every mode", () => {
  for (const modeId of Object.keys(COMBAT_MODES)) {
    it(`${modeId}: every command legal() offers is in the table, and each user is answered as its row says`, () => {
      const { combat, mode } = world(modeId, 0);
      let j = journalOf(combat)!;
      const seen = new Set<string>();
      for (let step = 0; step < 60; step++) {
        const legal = mode.engine.legal(j.state);
        const view = mode.engine.view(j.state);
        for (const command of legal) {
          seen.add(command.type);
          expect(Object.hasOwn(AUTHORITY, command.type), `${command.type} is not in the table`).toBe(true);
          const sides = sidesOf(j);
          const asks = (user: FakeUser) =>
            authorise({
              combat,
              user,
              command,
              sides,
              view: () => view,
              held: (id) => mode.engine.held(j.state, id),
            }) === null;
          expect(asks(gm), `GM ${command.type}`).toBe(true);
          expect(asks(olive), `observer ${command.type}`).toBe(false);
          const stunned = mode.engine.held(j.state, command.combatant ?? "")?.stunned;
          const actsFor = expected(command, sides, (view as { holder?: string }).holder, stunned);
          for (const user of [alice, bob])
            expect(asks(user), `${user.id} ${JSON.stringify(command)}`).toBe(
              actsFor !== null && actsFor === OWNERS_SIDE[user.id],
            );
        }
        const next =
          legal.find((c) => c.type === "endTurn") ??
          legal.find(
            (c) => c.type !== "endCombat" && c.type !== "declareEnd" && c.type !== "remove" && c.type !== "setAble",
          );
        if (!next) break;
        const r = record(mode.engine, j, next);
        if (!r.ok) break;
        j = r.state;
      }
      expect(seen.size).toBeGreaterThan(2);
    });
  }
});

const OWNERS_SIDE: Record<string, string> = { alice: "a", bob: "b" };

/**
 * The side whose players the table says may send `command`: the combatant's side (visible only; for setAble, only to
 * make it unable; for setStunned, only to add to the `stunned` the fight holds), the command's side, the holder's;
 * null for the GM's alone.
 */
function expected(
  command: TurnCommand,
  sides: ReadonlyMap<string, string>,
  holder: string | undefined,
  stunned: unknown,
): string | null {
  switch (authorityOf(command.type)) {
    case "combatant":
      return command.combatant === "c3" ? null : (sides.get(command.combatant ?? "") ?? null);
    // An owner may make their own character worse off (out of the fight, more Stunned); the way back is the GM's.
    case "takeOut": {
      const worse =
        command.type === "setAble"
          ? command.able === false
          : typeof stunned === "number" && typeof command.stunned === "number" && command.stunned > stunned;
      return !worse || command.combatant === "c3" ? null : (sides.get(command.combatant ?? "") ?? null);
    }
    case "side":
      return command.side ?? null;
    case "holder":
      return holder ?? null;
    case "gm":
      return null;
  }
}
