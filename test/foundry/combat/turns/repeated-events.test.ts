// Every client fires Fray's hooks from what an update changed (client/data/client-backend.mjs sends only the
// difference; common/data/fields.mjs ArrayField#_updateDiff drops an array equal to the stored one). A command whose
// events repeat the last command's (a second boost paid the same way) must still reach every client's hooks.
import { describe, expect, it } from "vitest";
import { openJournal, record } from "../../../../src/core/shared/journal.js";
import { journalOf } from "../../../../src/foundry/combat/fight/journal.js";
import type { RosterEntry } from "../../../../src/foundry/combat/fight/roster.js";
import type { TurnCommand } from "../../../../src/foundry/combat/fight/turn-command.js";
import { handleTurnRequest } from "../../../../src/foundry/combat/requests/turn-request.js";
import { FakeCombat, FakeCombatant, FakeHooks, FakeUser } from "../../../fakes/foundry-combat.js";
import { combatModeOf } from "../../../../src/foundry/rulesets/index.js";
import { gmTurnHands } from "../gm-turn-hands.js";

const gm = new FakeUser("gm", "GM", true);

/** A started fight of `modeId` between a1, a2 (side pc) and b1, b2 (side npc). */
function fight(modeId: string) {
  const mode = combatModeOf(modeId)!;
  const list = ["a1", "a2", "b1", "b2"].map((id) => new FakeCombatant(id, id, id.startsWith("a") ? "pc" : "npc"));
  const hooks = new FakeHooks();
  const combat = new FakeCombat("c1", modeId, list, hooks);
  const roster: RosterEntry[] = list.map((c) => ({ id: c.id, name: c.name, side: c.side, hidden: false, stats: {} }));
  const opened = openJournal(mode.engine, mode.buildSetup(roster, { sideOrder: ["pc", "npc"] }), 3);
  if (!opened.ok) throw new Error(opened.reason);
  combat.system = { journal: opened.state, events: opened.events, revision: 0 };
  combat.round = 1;
  const ctx = { combat: () => combat, user: () => gm, mode: () => mode, ...gmTurnHands() };
  return { mode, combat, hooks, ctx };
}

describe("a command whose events repeat the last command's", () => {
  it(
    "ESC-08 two boosts paid with Bonus Actions in a row: " + "fray.actionSpent fires for each, on every client",
    async () => {
      const { mode, combat, hooks, ctx } = fight("ranked");
      const send = async (command: TurnCommand) =>
        handleTurnRequest(ctx, { combatId: "c1", command, revision: journalOf(combat)!.revision }, gm.id);
      // Play on until a spend the turn order allows twice in a row, with the same events both times.
      let twice: TurnCommand | undefined;
      for (let step = 0; step < 40 && !twice; step++) {
        const j = journalOf(combat)!;
        const legal = mode.engine.legal(j.state);
        twice = legal.find((c) => {
          const once = record(mode.engine, j, c);
          const again = once.ok ? record(mode.engine, once.state, c) : null;
          return (
            c.type === "spend" && once.ok && again?.ok && JSON.stringify(again.events) === JSON.stringify(once.events)
          );
        });
        const next = legal.find((c) => c.type === "act" || c.type === "endTurn");
        if (!twice && next) expect((await send(next)).ok).toBe(true);
      }
      expect(twice).toBeDefined();
      const before = hooks.count("fray.actionSpent");
      for (let n = 0; n < 2; n++) expect((await send(twice!)).ok).toBe(true);
      expect(hooks.count("fray.actionSpent") - before).toBe(2);
    },
  );
});
