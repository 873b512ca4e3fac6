// Issue 26, hole 7: TEAM-02 gives a team's objective to the GM. A player's setObjective, for their own team or any
// other, sent through the real handler over the fake socket, is never accepted; the GM's is.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { openJournal } from "../../../../src/core/shared/journal.js";
import { journalOf } from "../../../../src/foundry/combat/fight/journal.js";
import { COMBAT_MODES } from "../../../../src/foundry/rulesets/index.js";
import type { RosterEntry } from "../../../../src/foundry/combat/fight/roster.js";
import { registerTurnRequests } from "../../../../src/foundry/combat/requests/turn-client.js";
import { TURN_REQUEST, type TurnRequestContext } from "../../../../src/foundry/combat/requests/turn-request.js";
import { RequestChannel } from "../../../../src/foundry/requests/request-channel.js";
import { FakeCombat, FakeCombatant, FakeHooks, FakeUser } from "../../../fakes/foundry-combat.js";
import { FakeSocketServer } from "../../../fakes/foundry-socket.js";
import { gmTurnHands } from "../gm-turn-hands.js";

// Team a is Alice's, team b Bob's, team c the GM's (c2 hidden). Olive observes and owns nothing.
const gm = new FakeUser("gm", "GM", true);
const alice = new FakeUser("alice", "Alice");
const bob = new FakeUser("bob", "Bob");
const olive = new FakeUser("olive", "Olive");
const USERS = [gm, alice, bob, olive];
const OWNERS: Record<string, string[]> = { a: ["alice"], b: ["bob"], c: [] };

function world() {
  const list = ["a", "b", "c"].flatMap((s) =>
    [1, 2].map((i) => new FakeCombatant(`${s}${i}`, `${s.toUpperCase()}${i}`, s, OWNERS[s], s === "c" && i === 2)),
  );
  const combat = new FakeCombat("fight", "teams", list, new FakeHooks());
  const mode = COMBAT_MODES.teams!;
  const roster: RosterEntry[] = list.map((c) => ({
    id: c.id,
    name: c.name,
    side: c.side,
    hidden: c.hidden,
    stats: { stamina: 3 },
  }));
  const opened = openJournal(mode.engine, mode.buildSetup(roster, { sideOrder: ["a", "b", "c"] }), 3);
  if (!opened.ok) throw new Error(opened.reason);
  combat.system = { journal: opened.state, events: [], revision: 0 };
  combat.round = 1;
  const ctx: TurnRequestContext = {
    combat: (id) => (id === combat.id ? combat : undefined),
    user: (id) => USERS.find((u) => u.id === id),
    mode: (id) => COMBAT_MODES[id],
    ...gmTurnHands(),
  };
  const server = new FakeSocketServer();
  const gmChannel = new RequestChannel(server.env("gm", () => "gm"));
  gmChannel.listen();
  registerTurnRequests(gmChannel, ctx);
  const channels = Object.fromEntries(
    [gm, alice, bob, olive].map((u) => {
      const channel = u === gm ? gmChannel : new RequestChannel(server.env(u.id, () => "gm"));
      if (u !== gm) channel.listen();
      return [u.id, channel];
    }),
  );
  return { combat, channels };
}

/**
 * A player's setObjective: their own team's (the very request TEAM-02 keeps for the GM) or another's, honest or forged.
 */
const attack = (revision: number) => {
  // Forged fields a macro adds: the GM as sender, the player's own combatant to borrow its rights.
  const extra = fc.constantFrom(
    {},
    { userId: "gm" },
    { sender: "gm", senderId: "gm" },
    { combatant: "a1" },
    { combatant: "b1", side: "b" },
  );
  const objective = fc.oneof(fc.string({ maxLength: 40 }), fc.constant("x".repeat(5_000)), fc.constant(undefined));
  const ownTeam = fc.record({
    user: fc.constantFrom(alice, bob),
    side: fc.constant(""),
    objective: fc.string({ minLength: 1, maxLength: 40 }),
    // The revision the fight is at when it is sent: a request that only the rule itself can refuse.
    revision: fc.constant<unknown>("current"),
    extra,
  });
  const any = fc.record({
    user: fc.constantFrom(alice, bob, olive),
    side: fc.constantFrom("a", "b", "c", "__proto__", "constructor", ""),
    objective,
    revision: fc.constantFrom<unknown>(revision, revision - 1, revision + 1, `${revision}`, Number.NaN, undefined),
    extra,
  });
  return fc.oneof(
    ownTeam.map((t) => ({ ...t, side: t.user === alice ? "a" : "b" })),
    any,
  );
};

describe("TEAM-02 a team's objective is the GM's to set", () => {
  it(
    "TEAM-02 60 players' setObjective requests over the " + "socket, their own team's included: none accepted",
    async () => {
      const { combat, channels } = world();
      const revision = journalOf(combat)!.revision;
      const before = JSON.stringify(combat.system.journal);
      const tries = fc.sample(attack(revision), { numRuns: 60, seed: 26_07 });
      // Half the tries at least are a player asking for their own team with the right revision: TEAM-02 refuses them
      // too.
      const ownTeam = tries.filter(
        (t) => Object.hasOwn(OWNERS, t.side) && OWNERS[t.side]!.includes(t.user.id) && t.revision === "current",
      );
      expect(ownTeam.length).toBeGreaterThan(10);
      let accepted = 0;
      for (const t of tries) {
        const command = { type: "setObjective", side: t.side, objective: t.objective, ...t.extra };
        const rev = t.revision === "current" ? journalOf(combat)!.revision : t.revision;
        const answer = await channels[t.user.id]!.send(TURN_REQUEST, {
          combatId: "fight",
          command,
          revision: rev,
          userId: "gm",
        });
        if (answer.ok) accepted++;
      }
      expect(accepted).toBe(0);
      expect(combat.updates).toEqual([]);
      expect(JSON.stringify(combat.system.journal)).toBe(before);
    },
  );

  it("TEAM-02 the GM's setObjective over the same path is accepted and recorded", async () => {
    const { combat, channels } = world();
    const answer = await channels.gm!.send(TURN_REQUEST, {
      combatId: "fight",
      command: { type: "setObjective", side: "b", objective: "flee to the boats" },
      revision: journalOf(combat)!.revision,
    });
    expect(answer.ok).toBe(true);
    expect((journalOf(combat)!.state as { objectives: Record<string, string> }).objectives.b).toBe("flee to the boats");
  });
});
