import { describe, expect, it } from "vitest";
import { openJournal, record, type Journal } from "../../../src/core/shared/journal.js";
import { COMBAT_MODES } from "../../../src/foundry/rulesets/index.js";
import type { RosterEntry } from "../../../src/foundry/combat/fight/roster.js";
import type { TurnCommand } from "../../../src/foundry/combat/fight/turn-command.js";
import { trackerContext } from "../../../src/foundry/tracker/tracker-context.js";
import { render } from "../../fakes/handlebars-env.js";

function run(
  mode: string,
  roster: RosterEntry[],
  sideOrder: string[],
  commands: (legal: TurnCommand[]) => TurnCommand | undefined,
  steps: number,
) {
  const m = COMBAT_MODES[mode];
  if (!m) throw new Error(mode);
  const opened = openJournal(m.engine, m.buildSetup(roster, { sideOrder }), 5);
  if (!opened.ok) throw new Error(opened.reason);
  let j: Journal<unknown, unknown, TurnCommand> = opened.state;
  for (let i = 0; i < steps; i++) {
    const next = commands(m.engine.legal(j.state));
    if (!next) break;
    const r = record(m.engine, j, next);
    if (!r.ok) throw new Error(r.reason);
    j = r.state;
  }
  return { m, j };
}

const ctx = (mode: string, j: Journal<unknown, unknown, TurnCommand>, isGM: boolean, roster: RosterEntry[]) => {
  const m = COMBAT_MODES[mode];
  if (!m) throw new Error(mode);
  return trackerContext({
    view: m.engine.view(j.state),
    legal: m.engine.legal(j.state),
    combatants: roster.map((r) => ({
      id: r.id,
      name: r.name,
      img: "",
      side: r.side,
      hidden: false,
      owned: isGM,
      defeated: false,
    })),
    sideLabels: {},
    isGM,
    grouped: m.grouped,
    revision: j.revision,
    canUndo: true,
    mayIssue: () => isGM,
  });
};

describe("tracker prompts", () => {
  it("FAC-54 the GM is prompted for the morale checks due at the end of the round; players are not", () => {
    const roster: RosterEntry[] = ["b1", "b2", "p1", "p2"].map((id) => ({
      id,
      name: id === "b1" ? "Bandit Leader" : id,
      side: id.startsWith("b") ? "bandits" : "players",
      hidden: false,
      stats: { wit: 10, health: 10, healthMax: 10 },
    }));
    let hurt = false;
    // Half the bandits are taken out, then everyone passes: the round ends with a morale check due (FAC-53).
    const { j } = run(
      "factions",
      roster,
      ["players", "bandits"],
      (legal) => {
        if (!hurt) {
          hurt = true;
          return { type: "remove", combatant: "b2" };
        }
        return legal.find((c) => c.type === "chooseFirst") ?? legal.find((c) => c.type === "pass");
      },
      20,
    );
    const gm = ctx("factions", j, true, roster);
    expect(gm.morale.map((m) => m.name)).toEqual(["Bandit Leader"]);
    const html = render("templates/combat/tracker.hbs", gm);
    expect(html).toContain("Morale checks due");
    expect(html).toContain("Surrenders");
    // The banner names how many checks are due: every placeholder is filled.
    expect(html).not.toMatch(/\{\w+\}/);
    expect(ctx("factions", j, false, roster).morale).toEqual([]);
  });

  it("STR-06 a strain character may delay until after any later character: the tracker offers each place", () => {
    const roster: RosterEntry[] = ["bob", "alice", "carl"].map((id, i) => ({
      id,
      name: id,
      side: i ? "npc" : "pc",
      hidden: false,
      stats: { initiative: 3 - i },
    }));
    // Through Round Zero until the first real round.
    const { j } = run(
      "rolled",
      roster,
      ["pc", "npc"],
      (legal) =>
        legal.find((c) => c.type === "endTurn") ??
        legal.find((c) => c.type === "position") ??
        legal.find((c) => c.type === "act"),
      6,
    );
    const c = ctx("rolled", j, true, roster);
    const withMenu = c.groups.flatMap((g) => g.rows).find((r) => r.delayTargets.length > 1);
    expect(withMenu).toBeDefined();
    const html = render("templates/combat/tracker.hbs", c);
    expect(html).toContain("fray-delay-menu");
    expect(html).toMatch(/After (bob|alice|carl)/);
  });
});
