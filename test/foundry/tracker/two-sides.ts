import type { Journal } from "../../../src/core/shared/journal.js";
import { authorise } from "../../../src/foundry/combat/requests/authority.js";
import { sidesOf } from "../../../src/foundry/combat/fight/journal.js";
import { COMBAT_MODES } from "../../../src/foundry/rulesets/index.js";
import type { RosterEntry } from "../../../src/foundry/combat/fight/roster.js";
import type { TurnCommand } from "../../../src/foundry/combat/fight/turn-command.js";
import {
  trackerContext,
  type FrayTrackerContext,
  type TrackerCombatant,
} from "../../../src/foundry/tracker/tracker-context.js";
import { FakeCombatant, FakeUser } from "../../fakes/foundry-combat.js";

// Two sides for the tracker tests: Alice plays side a; the GM runs side b.
export const gm = new FakeUser("gm", "GM", true);
export const alice = new FakeUser("alice", "Alice");
export const roster: RosterEntry[] = ["a1", "a2", "b1", "b2"].map((id, i) => ({
  id,
  name: `Fighter ${id}`,
  side: id.slice(0, 1),
  hidden: false,
  stats: { agility: 4 - i, initiative: i, wit: 12, health: 6, healthMax: 6, stamina: 3, focus: 3, speed: 6 },
}));
export const owners = (id: string) => (id.startsWith("a") ? ["alice"] : []);

/**
 * The tracker as this user sees it, built as the tracker builds it, with who may send what from the authority table.
 */
export function contextFor(
  modeId: string,
  journal: Journal<unknown, unknown, TurnCommand>,
  user: FakeUser,
  cast: readonly RosterEntry[] = roster,
): FrayTrackerContext {
  const mode = COMBAT_MODES[modeId]!;
  const docs = cast.map((r) => new FakeCombatant(r.id, r.name, r.side, owners(r.id)));
  const combat = { combatants: { get: (id: string) => docs.find((c) => c.id === id), contents: docs } };
  const view = mode.engine.view(journal.state);
  const combatants: TrackerCombatant[] = cast.map((r) => ({
    id: r.id,
    name: r.name,
    img: "",
    side: r.side,
    hidden: false,
    owned: user.isGM || owners(r.id).includes(user.id),
    defeated: false,
  }));
  return trackerContext({
    view,
    legal: mode.engine.legal(journal.state),
    combatants,
    sideLabels: { a: "Side A", b: "Side B" },
    isGM: user.isGM,
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
