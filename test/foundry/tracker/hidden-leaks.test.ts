import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { openJournal, record, type Journal } from "../../../src/core/shared/journal.js";
import { authorise } from "../../../src/foundry/combat/requests/authority.js";
import { sidesOf } from "../../../src/foundry/combat/fight/journal.js";
import { COMBAT_MODES } from "../../../src/foundry/rulesets/index.js";
import type { RosterEntry } from "../../../src/foundry/combat/fight/roster.js";
import type { TurnCommand } from "../../../src/foundry/combat/fight/turn-command.js";
import { trackerContext, type TrackerCombatant } from "../../../src/foundry/tracker/tracker-context.js";
import { render } from "../../fakes/handlebars-env.js";

// For every mode, random states a fight can reach, rendered for a player: no hidden combatant's id, name or image
// reaches the player's tracker (context or HTML), whatever the phase, banner, delay menu or morale prompt.
const HIDDEN = { id: "zq9Hidden", name: "Lurking Assassin", img: "assassin-secret.webp" };
const roster: RosterEntry[] = [
  { id: "p1", name: "Roland", side: "players", hidden: false, stats: {} },
  { id: "p2", name: "Ysolde", side: "players", hidden: false, stats: {} },
  { id: "g1", name: "Guard", side: "guards", hidden: false, stats: {} },
  { id: HIDDEN.id, name: HIDDEN.name, side: "guards", hidden: true, stats: {} },
].map((r, i) => ({
  ...r,
  stats: { agility: 3 - i, initiative: i, wit: 12, health: 6, healthMax: 6, stamina: 3, focus: 3, speed: 6 },
}));

function contextFor(modeId: string, journal: Journal<unknown, unknown, TurnCommand>) {
  const mode = COMBAT_MODES[modeId]!;
  const user = { id: "alice", name: "Alice", isGM: false };
  const combatants: TrackerCombatant[] = roster.map((r) => ({
    id: r.id,
    name: r.name,
    img: r.id === HIDDEN.id ? HIDDEN.img : `${r.id}.webp`,
    side: r.side,
    hidden: r.hidden,
    owned: r.side === "players",
    defeated: false,
  }));
  const docs = combatants.map((c) => ({ ...c, testUserPermission: () => c.owned }));
  const combat = { combatants: { get: (id: string) => docs.find((c) => c.id === id), contents: docs } };
  const view = mode.engine.view(journal.state);
  return trackerContext({
    view,
    legal: mode.engine.legal(journal.state),
    combatants,
    sideLabels: { players: "Players", guards: "Guards" },
    isGM: false,
    grouped: mode.grouped,
    revision: journal.revision,
    canUndo: journal.length > 0,
    mayIssue: (command) =>
      authorise({
        combat,
        user,
        command,
        sides: sidesOf(journal),
        view: () => view,
        held: (id) => mode.engine.held(journal.state, id),
      }) === null,
  });
}

describe("no hidden combatant reaches a player's tracker, in any mode and state", () => {
  for (const modeId of Object.keys(COMBAT_MODES)) {
    it(`${modeId}: 60 random reachable states rendered for a player`, () => {
      const mode = COMBAT_MODES[modeId]!;
      fc.assert(
        fc.property(
          fc.array(fc.nat(), { minLength: 0, maxLength: 40 }),
          fc.integer({ min: 1, max: 1e6 }),
          (choices, seed) => {
            const opened = openJournal(
              mode.engine,
              mode.buildSetup(roster, { sideOrder: ["players", "guards"] }),
              seed,
            );
            if (!opened.ok) throw new Error(opened.reason);
            let j = opened.state;
            for (const pick of choices) {
              const legal = mode.engine.legal(j.state);
              if (legal.length === 0) break;
              const next = record(mode.engine, j, legal[pick % legal.length]!);
              if (next.ok) j = next.state;
            }
            const context = contextFor(modeId, j);
            const html = render("templates/combat/tracker.hbs", context);
            for (const secret of [HIDDEN.id, HIDDEN.name, HIDDEN.img]) {
              expect(JSON.stringify(context)).not.toContain(secret);
              expect(html).not.toContain(secret);
            }
          },
        ),
        { numRuns: 60, seed: 4242 },
      );
    });
  }
});
