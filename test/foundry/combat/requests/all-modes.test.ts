import { describe, expect, it } from "vitest";
import { openJournal } from "../../../../src/core/shared/journal.js";
import { COMBAT_MODES, MODE_FOR_RULESET } from "../../../../src/foundry/rulesets/index.js";
import type { RosterEntry } from "../../../../src/foundry/combat/fight/roster.js";
import type { TurnCommand } from "../../../../src/foundry/combat/fight/turn-command.js";
import { journalOf } from "../../../../src/foundry/combat/fight/journal.js";
import { handleTurnRequest } from "../../../../src/foundry/combat/requests/turn-request.js";
import { RULESETS } from "../../../../src/core/rulesets.js";
import { FakeCombat, FakeCombatant, FakeHooks, FakeUser } from "../../../fakes/foundry-combat.js";
import { gmTurnHands } from "../gm-turn-hands.js";

const gm = new FakeUser("gm", "GM", true);
// The GM clicks through a fight the way the tracker offers it: finish a turn before starting another.
const PREFERENCE = ["endTurn", "discard", "draw", "position", "act", "chooseFirst", "pass"];

async function play(mode: string, sides: string[], perSide: number, rounds: number) {
  const hooks = new FakeHooks();
  const list = sides.flatMap((s) =>
    Array.from({ length: perSide }, (_, i) => new FakeCombatant(`${s}${i + 1}`, `${s}${i + 1}`, s)),
  );
  const combat = new FakeCombat("c", mode, list, hooks);
  const m = COMBAT_MODES[mode];
  if (!m) throw new Error(mode);
  const roster: RosterEntry[] = list.map((c, i) => ({
    id: c.id,
    name: c.name,
    side: c.side,
    hidden: false,
    stats: {
      agility: i % 5,
      initiative: i % 3,
      wit: 10 + (i % 7),
      health: 10,
      healthMax: 10,
      stamina: 3,
      focus: 3,
      speed: 6,
    },
  }));
  const opened = openJournal(m.engine, m.buildSetup(roster, { sideOrder: sides }), 11);
  if (!opened.ok) throw new Error(`${mode}: ${opened.reason}`);
  combat.system = { journal: opened.state, events: [], revision: 0 };
  const ctx = {
    combat: () => combat,
    user: () => gm,
    mode: (id: string) => COMBAT_MODES[id],
    ...gmTurnHands(),
  };
  const engine = m.engine;
  for (let guard = 0; guard < 5000; guard++) {
    const j = journalOf(combat);
    if (!j) throw new Error("journal");
    const view = engine.view(j.state);
    if (view.ended || view.round > rounds) break;
    const legal = engine.legal(j.state);
    const next = PREFERENCE.map((t) => legal.find((c) => c.type === t)).find((c): c is TurnCommand => !!c);
    if (!next) throw new Error(`${mode}: nothing to do in round ${view.round} (${legal.map((c) => c.type).join(",")})`);
    const answer = await handleTurnRequest(ctx, { combatId: "c", command: next, revision: j.revision }, "gm");
    if (!answer.ok) throw new Error(`${mode}: ${answer.reason}`);
  }
  return { hooks, combat };
}

describe("every combat mode runs through the GM's request handler", () => {
  it("each rule set maps to a registered combat mode", () => {
    for (const r of RULESETS) expect(COMBAT_MODES[MODE_FOR_RULESET[r]], r).toBeDefined();
  });

  for (const mode of Object.keys(COMBAT_MODES)) {
    it(
      `${mode}: a 4-side, 12-combatant fight fires each turn ` + `start and end exactly once per combatant and round`,
      async () => {
        const { hooks } = await play(mode, ["a", "b", "c", "d"], 3, 2);
        const count = new Map<string, number>();
        for (const call of hooks.calls) {
          if (call.hook !== "fray.turnStart" && call.hook !== "fray.turnEnd") continue;
          const e = call.args[1] as { combatant: string; round: number };
          const key = `${call.hook}:${e.round}:${e.combatant}`;
          count.set(key, (count.get(key) ?? 0) + 1);
        }
        expect([...count.values()].every((n) => n === 1)).toBe(true);
        const starts = [...count.keys()].filter((k) => k.startsWith("fray.turnStart:1:"));
        expect(starts.length).toBe(12);
        expect(hooks.calls.filter((c) => c.hook === "fray.roundEnd").length).toBeGreaterThanOrEqual(1);
      },
    );

    it(
      `${mode}: Foundry's round stays at 1 or more from ` + `the first command on, so the combat counts as started`,
      async () => {
        const { combat } = await play(mode, ["a", "b"], 2, 1);
        expect(combat.updates.length).toBeGreaterThan(0);
        for (const u of combat.updates) expect(u.round as number).toBeGreaterThanOrEqual(1);
      },
    );
  }
});
