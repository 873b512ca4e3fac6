import { describe, expect, it } from "vitest";
import { openJournal, record } from "../../../src/core/shared/journal.js";
import { COMBAT_MODES } from "../../../src/foundry/rulesets/index.js";
import type { RosterEntry } from "../../../src/foundry/combat/fight/roster.js";
import type { TurnCommand } from "../../../src/foundry/combat/fight/turn-command.js";
import { authorise } from "../../../src/foundry/combat/requests/authority.js";
import { trackerContext, type TrackerCombatant } from "../../../src/foundry/tracker/tracker-context.js";
import { render } from "../../fakes/handlebars-env.js";

// Players a1, a2 (alice owns a1); guards g1, g2 and a hidden ambusher g3 run by the GM.
const combatants = (viewer: "alice" | "gm"): TrackerCombatant[] =>
  [
    { id: "a1", name: "Roland", side: "players", hidden: false, owner: "alice" },
    { id: "a2", name: "Clementine", side: "players", hidden: false, owner: "carol" },
    { id: "g1", name: "Guard Captain", side: "guards", hidden: false, owner: "gm" },
    { id: "g2", name: "Guard", side: "guards", hidden: false, owner: "gm" },
    { id: "g3", name: "Lurking Assassin", side: "guards", hidden: true, owner: "gm" },
  ].map((c) => ({
    id: c.id,
    name: c.name,
    img: `icons/${c.id}-portrait.webp`,
    side: c.side,
    hidden: c.hidden,
    owned: viewer === "gm" || c.owner === viewer,
    defeated: false,
  }));

function fight(commands: TurnCommand[]) {
  const mode = COMBAT_MODES.teams;
  if (!mode) throw new Error("teams");
  const roster: RosterEntry[] = combatants("gm").map((c) => ({
    id: c.id,
    name: c.name,
    side: c.side,
    hidden: c.hidden,
    stats: {},
  }));
  let j = openJournal(mode.engine, mode.buildSetup(roster, { sideOrder: ["players", "guards"] }), 3);
  for (const c of commands) j = j.ok ? record(mode.engine, j.state, c) : j;
  if (!j.ok) throw new Error(j.reason);
  return { state: j.state.state, revision: j.state.revision, engine: mode.engine, journal: j.state };
}

function contextFor(viewer: "alice" | "gm", commands: TurnCommand[] = []) {
  const { state, engine, revision } = fight(commands);
  const user = viewer === "gm" ? { id: "gm", name: "GM", isGM: true } : { id: "alice", name: "Alice", isGM: false };
  const list = combatants(viewer).map((c) => ({
    ...c,
    testUserPermission: (u: { isGM: boolean }) => u.isGM || c.owned,
  }));
  const combat = { combatants: { get: (id: string) => list.find((c) => c.id === id), contents: list } };
  return trackerContext({
    view: engine.view(state),
    legal: engine.legal(state),
    combatants: combatants(viewer),
    sideLabels: { players: "Players", guards: "Guards" },
    isGM: viewer === "gm",
    grouped: true,
    revision,
    canUndo: revision > 0,
    mayIssue: (command) =>
      authorise({
        combat,
        user,
        command,
        sides: new Map(list.map((c) => [c.id, c.side])),
        view: () => engine.view(state),
        held: (id) => engine.held(state, id),
      }) === null,
  });
}

describe("tracker rendering", () => {
  it("the rendered tracker for a player contains no hidden combatant's name or image, nor counts it", () => {
    const html = render("templates/combat/tracker.hbs", contextFor("alice"));
    expect(html).toContain("Guard Captain");
    expect(html).not.toContain("Lurking Assassin");
    expect(html).not.toContain("g3-portrait");
    expect(html).not.toContain('data-combatant-id="g3"');
    const guards = contextFor("alice").groups.find((g) => g.side === "guards");
    expect(guards?.remaining).toBe(2);
  });

  it("the GM sees the hidden combatant, marked hidden", () => {
    const html = render("templates/combat/tracker.hbs", contextFor("gm"));
    expect(html).toContain("Lurking Assassin");
    expect(html).toMatch(/class="fray-combatant combatant status-\w+ hidden"/);
  });

  it("a hidden combatant acting is not named in a player's banner", () => {
    const cmds: TurnCommand[] = [
      { type: "act", combatant: "a1" },
      { type: "endTurn", combatant: "a1" },
      { type: "act", combatant: "g3" },
    ];
    const html = render("templates/combat/tracker.hbs", contextFor("alice", cmds));
    expect(html).not.toContain("Lurking Assassin");
    expect(html).toContain("Someone");
  });

  it("shows a banner saying whose choice it is and only the buttons legal for this user", () => {
    const ctx = contextFor("alice");
    const html = render("templates/combat/tracker.hbs", ctx);
    expect(html).toContain("Players choose");
    const buttons = [...html.matchAll(/data-action="(\w+)" data-command="([^"]*)"/g)].map((m) => [
      m[1],
      m[2]?.replace(/&quot;/g, '"'),
    ]);
    // Alice owns only Roland: she may make him act, or take him out of the fight (an owner's own step, which the GM
    // accepts: combat/requests/authority.ts); Clementine's buttons belong to Carol.
    expect(buttons).toEqual([
      ["frayAct", JSON.stringify({ type: "act", combatant: "a1" })],
      ["frayCommand", JSON.stringify({ type: "setAble", combatant: "a1", able: false })],
    ]);
    expect(html).not.toContain('data-action="frayUndo"');
  });

  it("acted states are visible to everyone and the GM gets an undo entry", () => {
    const cmds: TurnCommand[] = [
      { type: "act", combatant: "a1" },
      { type: "endTurn", combatant: "a1" },
    ];
    const player = render("templates/combat/tracker.hbs", contextFor("alice", cmds));
    expect(player).toMatch(/data-combatant-id="a1"[^>]*>[\s\S]*?Acted/);
    expect(player).toContain("Guards choose");
    const gm = render("templates/combat/tracker.hbs", contextFor("gm", cmds));
    expect(gm).toContain('data-action="frayUndo"');
  });
});
