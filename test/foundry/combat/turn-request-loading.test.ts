import { describe, expect, it, vi } from "vitest";
import { openJournal } from "../../../src/core/shared/journal.js";
import { COMBAT_MODES, type CombatMode } from "../../../src/foundry/combat/modes.js";
import type { RosterEntry } from "../../../src/foundry/combat/roster.js";
import { handleTurnRequest, type TurnRequestContext } from "../../../src/foundry/combat/turn-request.js";
import { FakeCombat, FakeCombatant, FakeHooks, FakeUser } from "../../fakes/foundry-combat.js";

// Two teams: alice plays a1, the GM runs b1. The teams engine is loaded on demand on the GM's client.
const gm = new FakeUser("gm", "GM", true);
const alice = new FakeUser("alice", "Alice");

function fight(): FakeCombat {
  const list = [new FakeCombatant("a1", "A1", "a", ["alice"]), new FakeCombatant("b1", "B1", "b", [])];
  const combat = new FakeCombat("combat1", "teams", list, new FakeHooks());
  const entries: RosterEntry[] = list.map((c) => ({
    id: c.id,
    name: c.name,
    side: c.side,
    hidden: false,
    stats: { stamina: 3, focus: 3 },
  }));
  const teams = COMBAT_MODES.teams!;
  const j = openJournal(teams.engine, teams.buildSetup(entries, { sideOrder: ["a", "b"] }), 7);
  if (!j.ok) throw new Error(j.reason);
  combat.system = { journal: j.state, events: j.events, revision: 0 };
  combat.round = 1;
  return combat;
}

/** The GM's context with an engine that loads when asked: `load` decides how that goes. */
function context(combat: FakeCombat, load: (id: string) => Promise<unknown>) {
  const loaded = new Map<string, CombatMode>();
  const mode = vi.fn((id: string) => loaded.get(id));
  const ctx: TurnRequestContext = {
    combat: (id) => (id === combat.id ? combat : undefined),
    user: (id) => [gm, alice].find((u) => u.id === id),
    mode,
    loadMode: async (id) => {
      await load(id);
      loaded.set(id, COMBAT_MODES[id]!);
    },
  };
  return { ctx, mode };
}

describe("a turn request whose engine loads on demand", () => {
  it("waits for the engine, then checks and records the step as ever", async () => {
    const combat = fight();
    const { ctx } = context(combat, () => new Promise((resolve) => setTimeout(resolve, 5)));
    const answer = await handleTurnRequest(ctx, { combatId: "combat1", command: { type: "act", combatant: "a1" }, revision: 0 }, "alice");
    expect(answer).toMatchObject({ ok: true, revision: 1 });
    expect(combat.updates).toHaveLength(1);
  });

  it("still refuses what the rules refuse once loaded (a player acting for a combatant not theirs)", async () => {
    const combat = fight();
    const { ctx } = context(combat, async () => undefined);
    const answer = await handleTurnRequest(ctx, { combatId: "combat1", command: { type: "act", combatant: "b1" }, revision: 0 }, "alice");
    expect(answer).toMatchObject({ ok: false, key: "FRAY.Refusal.NotYourCombatant" });
    expect(combat.updates).toHaveLength(0);
  });

  it("an engine that cannot load refuses the request in words and writes nothing (never a step unchecked)", async () => {
    const combat = fight();
    const { ctx, mode } = context(combat, () => Promise.reject(new Error("Failed to fetch dynamically imported module")));
    const answer = await handleTurnRequest(ctx, { combatId: "combat1", command: { type: "act", combatant: "a1" }, revision: 0 }, "gm");
    expect(answer).toMatchObject({ ok: false, key: "FRAY.Refusal.RulesFailed" });
    expect(mode).not.toHaveBeenCalled();
    expect(combat.updates).toHaveLength(0);
  });
});
