import { describe, expect, it } from "vitest";
import { openJournal } from "../../../src/core/shared/journal.js";
import { COMBAT_MODES } from "../../../src/foundry/rulesets/index.js";
import type { RosterEntry } from "../../../src/foundry/combat/fight/roster.js";
import { trackerContext, type TrackerCombatant } from "../../../src/foundry/tracker/tracker-context.js";
import { render } from "../../fakes/handlebars-env.js";

// Concealment in factions is the GM's call (FAC-48, FAC-49, FAC-52): Fray's part is the affordance.
const roster: RosterEntry[] = [
  { id: "p1", name: "Balthasar", side: "players", hidden: false, stats: { wit: 12, health: 10, healthMax: 10 } },
  { id: "b1", name: "Bandit in the reeds", side: "bandits", hidden: true, stats: { wit: 8, health: 8, healthMax: 8 } },
  { id: "b2", name: "Bandit Leader", side: "bandits", hidden: false, stats: { wit: 10, health: 10, healthMax: 10 } },
];
const mode = COMBAT_MODES.factions;

function start(surprise: string[]) {
  if (!mode) throw new Error("factions");
  const j = openJournal(mode.engine, mode.buildSetup(roster, { sideOrder: ["bandits", "players"], surprise }), 9);
  if (!j.ok) throw new Error(j.reason);
  return j.state;
}

const view = (hiddenIds: string[], isGM: boolean) => {
  if (!mode) throw new Error("factions");
  const j = start(["bandits"]);
  const combatants: TrackerCombatant[] = roster.map((r) => ({
    id: r.id,
    name: r.name,
    img: `${r.id}.webp`,
    side: r.side,
    hidden: hiddenIds.includes(r.id),
    owned: isGM,
    defeated: false,
  }));
  return trackerContext({
    view: mode.engine.view(j.state),
    legal: mode.engine.legal(j.state),
    combatants,
    sideLabels: {},
    isGM,
    grouped: true,
    revision: 0,
    canUndo: false,
    mayIssue: () => isGM,
  });
};

describe("concealment is the GM's, and Fray keeps it", () => {
  it(
    "FAC-48 marking the ambushers' faction as having surprise " + "starts them concealed, with their bonus turn first",
    () => {
      if (!mode) throw new Error("factions");
      const ambush = mode.engine.view(start(["bandits"]).state);
      const open = mode.engine.view(start([]).state);
      expect(ambush.phase).toBe("ambush");
      expect(open.phase).not.toBe("ambush");
    },
  );

  it("FAC-49 players never receive a concealed (hidden) combatant from the tracker", () => {
    const html = render("templates/combat/tracker.hbs", view(["b1"], false));
    expect(html).not.toContain("Bandit in the reeds");
    expect(html).not.toContain("b1.webp");
    expect(render("templates/combat/tracker.hbs", view(["b1"], true))).toContain("Bandit in the reeds");
  });

  it("FAC-52 when the GM reveals a concealed character, players see it from then on", () => {
    const before = render("templates/combat/tracker.hbs", view(["b1"], false));
    const after = render("templates/combat/tracker.hbs", view([], false));
    expect(before).not.toContain("Bandit in the reeds");
    expect(after).toContain("Bandit in the reeds");
  });
});
