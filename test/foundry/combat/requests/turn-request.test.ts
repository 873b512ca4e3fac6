import { beforeEach, describe, expect, it } from "vitest";
import { commandsOf, openJournal, record } from "../../../../src/core/shared/journal.js";
import { turnOrder } from "../../../../src/foundry/combat/turns/combat-update.js";
import { COMBAT_MODES } from "../../../../src/foundry/rulesets/index.js";
import type { RosterEntry } from "../../../../src/foundry/combat/fight/roster.js";
import { journalOf } from "../../../../src/foundry/combat/fight/journal.js";
import { registerTurnRequests } from "../../../../src/foundry/combat/requests/turn-client.js";
import type { TurnCommand, TurnRequest } from "../../../../src/foundry/combat/fight/turn-command.js";
import {
  handleTurnRequest,
  TURN_REQUEST,
  type TurnRequestContext,
} from "../../../../src/foundry/combat/requests/turn-request.js";
import { RequestChannel } from "../../../../src/foundry/requests/request-channel.js";
import { FakeCombat, FakeCombatant, FakeHooks, FakeUser } from "../../../fakes/foundry-combat.js";
import { FakeSocketServer } from "../../../fakes/foundry-socket.js";
import { gmTurnHands } from "../gm-turn-hands.js";

// Four teams of three: alice and carol play team a, bob plays team b, the GM runs c and d (d3 is hidden).
const gm = new FakeUser("gm", "GM", true);
const alice = new FakeUser("alice", "Alice");
const carol = new FakeUser("carol", "Carol");
const bob = new FakeUser("bob", "Bob");
const users = [gm, alice, carol, bob];

function roster(): FakeCombatant[] {
  const out: FakeCombatant[] = [];
  for (const side of ["a", "b", "c", "d"]) {
    for (let i = 1; i <= 3; i++) {
      const owners = side === "a" ? ["alice", "carol"] : side === "b" ? ["bob"] : [];
      out.push(new FakeCombatant(`${side}${i}`, `${side.toUpperCase()}${i}`, side, owners, side === "d" && i === 3));
    }
  }
  return out;
}

let hooks: FakeHooks;
let combat: FakeCombat;
let ctx: TurnRequestContext;

function start(mode = "teams"): void {
  hooks = new FakeHooks();
  const list = roster();
  combat = new FakeCombat("combat1", mode, list, hooks);
  const entries: RosterEntry[] = list.map((c) => ({
    id: c.id,
    name: c.name,
    side: c.side,
    hidden: c.hidden,
    stats: { stamina: 3, focus: 3 },
  }));
  const m = COMBAT_MODES[mode];
  if (!m) throw new Error(mode);
  const j = openJournal(m.engine, m.buildSetup(entries, { sideOrder: ["a", "b", "c", "d"] }), 7);
  if (!j.ok) throw new Error(j.reason);
  combat.system = { journal: j.state, events: j.events, revision: 0 };
  combat.round = 1;
  ctx = {
    combat: (id) => (id === combat.id ? combat : undefined),
    user: (id) => users.find((u) => u.id === id),
    mode: (id: string) => COMBAT_MODES[id],
    ...gmTurnHands(),
  };
}

const revision = () => journalOf(combat)?.revision ?? -1;
const request = (command: TurnCommand, rev = revision()): TurnRequest => ({
  combatId: combat.id,
  command,
  revision: rev,
});
const send = (user: FakeUser, command: TurnCommand, rev?: number) =>
  handleTurnRequest(ctx, request(command, rev), user.id);

describe("GM-side turn requests (teams, 4 teams x 3)", () => {
  beforeEach(() => start());

  it("a player claiming a turn for a combatant they do not own is refused", async () => {
    const answer = await send(bob, { type: "act", combatant: "a1" });
    expect(answer).toMatchObject({ ok: false, key: "FRAY.Refusal.NotYourCombatant" });
    expect(combat.updates).toHaveLength(0);
  });

  it("a player acting out of turn is refused by the core", async () => {
    const answer = await send(bob, { type: "act", combatant: "b1" });
    expect(answer.ok).toBe(false);
    expect(combat.updates).toHaveLength(0);
  });

  it("a player cannot take a second turn in the round", async () => {
    expect((await send(alice, { type: "act", combatant: "a1" })).ok).toBe(true);
    expect((await send(alice, { type: "endTurn", combatant: "a1" })).ok).toBe(true);
    for (const [user, id] of [
      [bob, "b1"],
      [gm, "c1"],
      [gm, "d1"],
    ] as const) {
      expect((await send(user, { type: "act", combatant: id })).ok).toBe(true);
      expect((await send(user, { type: "endTurn", combatant: id })).ok).toBe(true);
    }
    const again = await send(alice, { type: "act", combatant: "a1" });
    expect(again.ok).toBe(false);
  });

  it("a hidden combatant is refused exactly like a missing one", async () => {
    const hidden = await send(alice, { type: "act", combatant: "d3" });
    const missing = await send(alice, { type: "act", combatant: "zz" });
    expect(hidden).toMatchObject({ ok: false, key: "FRAY.Refusal.UnknownCombatant" });
    expect(missing).toMatchObject({ ok: false, key: "FRAY.Refusal.UnknownCombatant" });
    expect(JSON.stringify(hidden)).not.toContain("D3");
  });

  it("players may not send GM-only commands, nor pass for a side they have nobody on", async () => {
    expect(await send(alice, { type: "endCombat" })).toMatchObject({ ok: false, key: "FRAY.Refusal.GmOnly" });
    expect(await send(alice, { type: "undo" })).toMatchObject({ ok: false, key: "FRAY.Refusal.GmOnly" });
    expect(await send(alice, { type: "pass", side: "b" })).toMatchObject({
      ok: false,
      key: "FRAY.Refusal.NotYourSide",
    });
  });

  it(
    "an attacker's audit: prototype keys, an observer, bad revisions, and a command padded to bloat " +
      "the fight's journal",
    async () => {
      const olive = new FakeUser("olive", "Olive");
      ctx = { ...ctx, user: (id) => [...users, olive].find((u) => u.id === id) };
      const act = { type: "act", combatant: "a1" };
      for (const combatId of ["__proto__", "constructor", "x".repeat(100_000)])
        expect(await handleTurnRequest(ctx, { combatId, command: act, revision: 0 }, "alice")).toMatchObject({
          key: "FRAY.Refusal.UnknownCombat",
        });
      for (const revision of ["0", 0.5, undefined, Number.NaN])
        expect(await handleTurnRequest(ctx, { combatId: combat.id, command: act, revision }, "alice")).toMatchObject({
          key: "FRAY.Refusal.BadRequest",
        });
      expect(await send(alice, act as TurnCommand, 1e300)).toMatchObject({ key: "FRAY.Refusal.StaleRevision" });
      expect(await send(olive, act as TurnCommand)).toMatchObject({ key: "FRAY.Refusal.NotYourCombatant" });
      // A command the engine would take, with a megabyte riding along: the journal, which every client receives, would
      // keep it.
      expect(await send(alice, { ...act, junk: "x".repeat(1_000_000) })).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.BadRequest",
      });
      expect(await send(alice, { ...act, junk: "x".repeat(2_100) })).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.BadRequest",
      });
      expect(combat.updates).toHaveLength(0);
      expect(await send(alice, act as TurnCommand)).toMatchObject({ ok: true });
      expect(JSON.stringify(combat.system).length).toBeLessThan(100_000);
    },
  );

  it("two simultaneous claims produce exactly one winner", async () => {
    const rev = revision();
    const answers = await Promise.all([
      send(alice, { type: "act", combatant: "a1" }, rev),
      send(carol, { type: "act", combatant: "a2" }, rev),
    ]);
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    expect(answers.find((a) => !a.ok)).toMatchObject({ key: "FRAY.Refusal.StaleRevision" });
    expect(combat.updates).toHaveLength(1);
  });

  it("the result is written in one update that keeps Combat.turn on the acting combatant", async () => {
    await send(alice, { type: "act", combatant: "a2" });
    expect(combat.updates).toHaveLength(1);
    const update = combat.updates[0] as Record<string, unknown>;
    // Only what changed of the journal travels: the last chunk of the log, the state, the dice, the counts.
    expect(Object.keys(update).sort()).toEqual([
      "round",
      "system.==events",
      "system.journal.dice",
      "system.journal.length",
      "system.journal.log.0",
      "system.journal.revision",
      "system.journal.state",
      "system.revision",
      "turn",
    ]);
    // Foundry's `turns` in Fray follow the engine's order (FrayCombat#setupTurns uses the same function).
    const j = journalOf(combat);
    const view = j && COMBAT_MODES.teams?.engine?.view(j.state);
    const turns = turnOrder(
      view?.order ?? [],
      combat.combatants.contents.map((c) => c.id),
    );
    expect(turns[combat.turn ?? -1]).toBe("a2");
  });

  it("start-of-turn and end-of-turn hooks fire exactly once each, in order, over three rounds", async () => {
    const engine = COMBAT_MODES.teams?.engine;
    if (!engine) throw new Error("no engine");
    for (let guard = 0; guard < 500 && combat.round <= 3; guard++) {
      const j = journalOf(combat);
      if (!j) throw new Error("no journal");
      // Take the first legal turn-taking command, as the sides would by clicking.
      const next = engine.legal(j.state).find((c) => c.type === "act" || c.type === "endTurn");
      if (!next) break;
      const answer = await send(gm, next);
      expect(answer.ok).toBe(true);
    }
    const turnHooks = hooks.calls.filter((c) => c.hook === "fray.turnStart" || c.hook === "fray.turnEnd");
    const seen = new Map<string, number>();
    let open: string | null = null;
    for (const call of turnHooks) {
      const e = call.args[1] as { combatant: string; round: number };
      const key = `${call.hook}:${e.round}:${e.combatant}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
      if (call.hook === "fray.turnStart") {
        expect(open).toBeNull();
        open = e.combatant;
      } else {
        expect(open).toBe(e.combatant);
        open = null;
      }
    }
    // 11 visible + 1 hidden combatant, each exactly one start and one end per completed round.
    for (const round of [1, 2, 3]) {
      for (const c of combat.combatants.contents) {
        expect(seen.get(`fray.turnStart:${round}:${c.id}`), `${c.id} start r${round}`).toBe(1);
        expect(seen.get(`fray.turnEnd:${round}:${c.id}`), `${c.id} end r${round}`).toBe(1);
      }
    }
    expect(hooks.calls.filter((c) => c.hook === "fray.roundEnd")).toHaveLength(3);
  });

  it("the GM can undo the last command", async () => {
    await send(alice, { type: "act", combatant: "a1" });
    const before = journalOf(combat)?.length;
    const answer = await send(gm, { type: "undo" });
    expect(answer.ok).toBe(true);
    expect(journalOf(combat)?.length).toBe((before ?? 0) - 1);
    expect(hooks.calls.at(-1)?.hook).toBe("fray.undo");
  });
});

describe("sending a request over the system socket", () => {
  beforeEach(() => start());

  /** The GM's and Alice's clients on one fake server, the GM's with the real turn-request registration. */
  function clients() {
    const server = new FakeSocketServer();
    const gmChannel = new RequestChannel(server.env("gm", () => "gm"));
    const aliceChannel = new RequestChannel(server.env("alice", () => "gm"));
    gmChannel.listen();
    aliceChannel.listen();
    registerTurnRequests(gmChannel, ctx);
    return { server, gmChannel, aliceChannel };
  }

  it(
    "a player's request is decided on the GM's client " + "as that player's, whatever sender the payload names",
    async () => {
      const { aliceChannel } = clients();
      const forged = await aliceChannel.send(TURN_REQUEST, { ...request({ type: "undo" }), userId: "gm" });
      expect(forged).toMatchObject({ ok: false, key: "FRAY.Refusal.GmOnly" });
      const own = await aliceChannel.send(TURN_REQUEST, request({ type: "act", combatant: "a1" }));
      expect(own.ok).toBe(true);
      expect(combat.updates).toHaveLength(1);
    },
  );

  it("the GM's own request runs on the GM's client, with nothing on the socket", async () => {
    const { gmChannel, server } = clients();
    expect((await gmChannel.send(TURN_REQUEST, request({ type: "act", combatant: "a1" }))).ok).toBe(true);
    expect(server.log).toEqual([]);
  });

  it("two simultaneous claims over the socket at one revision give exactly one winner", async () => {
    const { gmChannel, aliceChannel } = clients();
    const rev = revision();
    const answers = await Promise.all([
      aliceChannel.send(TURN_REQUEST, request({ type: "act", combatant: "a1" }, rev)),
      gmChannel.send(TURN_REQUEST, request({ type: "act", combatant: "a2" }, rev)),
    ]);
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    expect(answers.find((a) => !a.ok)).toMatchObject({ key: "FRAY.Refusal.StaleRevision" });
  });
});

describe("a fight stored by an earlier version of Fray", () => {
  it(
    "goes on when its log was stored as one list: rebuilt " + "from it, revision kept, and written whole once",
    async () => {
      start("teams");
      const stored = journalOf(combat)!;
      const engine = COMBAT_MODES.teams!.engine;
      const first = engine.legal(stored.state).find((c) => c.type === "act")!;
      const played = record(engine, stored, first);
      if (!played.ok) throw new Error(played.reason);
      const { log: _chunks, checkpoints: _points, length: _length, ...rest } = played.state;
      combat.system = { ...(combat.system as object), journal: { ...rest, log: commandsOf(played.state) } };
      const next = engine.legal(played.state.state).find((c) => c.type === "endTurn")!;
      const answer = await send(gm, next, played.state.revision);
      expect(answer.ok).toBe(true);
      expect(Object.keys(combat.updates[0] as object)).toContain("system.==journal");
      const written = journalOf(combat)!;
      expect(written.length).toBe(2);
      expect(commandsOf(written)).toEqual([first, next]);
      expect(written.revision).toBe(played.state.revision + 1);
    },
  );

  it("goes on from its log when its stored state no longer has the engine's shape", async () => {
    start("rolled");
    const engine = COMBAT_MODES.rolled?.engine;
    const stored = journalOf(combat);
    if (!engine || !stored) throw new Error("no rolled journal");
    const first = engine.legal(stored.state).find((c) => c.type === "act");
    if (!first) throw new Error("nobody to act");
    // The rolled state's earlier shape: its combatants in a record keyed by id.
    const state = stored.state as { combatants: { id: string }[] };
    const legacy = { ...state, combatants: Object.fromEntries(state.combatants.map((c) => [c.id, c])) };
    combat.system = { ...(combat.system as object), journal: { ...stored, state: legacy } };
    expect(engine.isState(legacy)).toBe(false);
    const answer = await send(gm, first);
    expect(answer.ok).toBe(true);
    const written = journalOf(combat);
    expect(written?.revision).toBe(stored.revision + 1);
    expect(engine.isState(written?.state)).toBe(true);
    expect(engine.view(written?.state).acting).toBe(first.combatant);
  });
});
