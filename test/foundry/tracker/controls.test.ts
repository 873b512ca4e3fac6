import { commandsOf } from "../../../src/core/shared/journal.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { openJournal, record } from "../../../src/core/shared/journal.js";
import { authorise } from "../../../src/foundry/combat/requests/authority.js";
import { journalOf, sidesOf } from "../../../src/foundry/combat/fight/journal.js";
import { COMBAT_MODES } from "../../../src/foundry/rulesets/index.js";
import type { RosterEntry } from "../../../src/foundry/combat/fight/roster.js";
import type { TurnCommand } from "../../../src/foundry/combat/fight/turn-command.js";
import { handleTurnRequest } from "../../../src/foundry/combat/requests/turn-request.js";
import { statsFrom } from "../../../src/foundry/combat/fight/combat-roster.js";
import { initialData } from "../../../src/foundry/data/field-spec.js";
import { modelFor } from "../../../src/foundry/data/models.js";
import { actorTypeFor, FIGHT_CAST, LOSERS } from "../../../src/foundry/quench/fixtures/fight-cast.js";
import { MAX_CLICKS, nextControl, stuckMessage } from "../../../src/foundry/quench/fights/fight-policy.js";
import type { FrayTrackerContext } from "../../../src/foundry/tracker/tracker-context.js";
import { FakeCombat, FakeCombatant, FakeHooks } from "../../fakes/foundry-combat.js";
import { render } from "../../fakes/handlebars-env.js";
import { alice, contextFor, gm, owners, roster } from "./two-sides.js";
import { gmTurnHands } from "../combat/gm-turn-hands.js";

// Alice plays side a; the GM runs side b. Every control the tracker renders carries its core command in data-command.
/** Every command the rendered tracker offers this user, read back from its HTML as a user's click would send it. */
function renderedCommands(context: FrayTrackerContext): TurnCommand[] {
  const html = render("templates/combat/tracker.hbs", context);
  // Every control's label is in lang/en.json: an untranslated key would show as "FRAY.…".
  expect(html.match(/>[^<]*FRAY\.[^<]*</g) ?? []).toEqual([]);
  return [...html.matchAll(/data-command="([^"]*)"/g)].map(
    (m) =>
      JSON.parse(
        (m[1] as string)
          .replace(/&quot;/g, '"')
          .replace(/&#x27;/g, "'")
          .replace(/&amp;/g, "&"),
      ) as TurnCommand,
  );
}

describe("a control for every command a user may send", () => {
  for (const modeId of Object.keys(COMBAT_MODES)) {
    it(
      `${modeId}: in random reachable states, every legal command has a control for the GM, and for Alice ` +
        `when she may send it`,
      () => {
        const mode = COMBAT_MODES[modeId]!;
        const seen = new Set<string>();
        fc.assert(
          fc.property(fc.array(fc.nat(), { maxLength: 30 }), fc.integer({ min: 1, max: 1e6 }), (picks, seed) => {
            const opened = openJournal(mode.engine, mode.buildSetup(roster, { sideOrder: ["a", "b"] }), seed);
            if (!opened.ok) throw new Error(opened.reason);
            let j = opened.state;
            for (const pick of picks) {
              const legal = mode.engine.legal(j.state);
              const next = legal.length ? record(mode.engine, j, legal[pick % legal.length]!) : null;
              if (next?.ok) j = next.state;
            }
            const legal = mode.engine.legal(j.state);
            const gmControls = new Set(renderedCommands(contextFor(modeId, j, gm)).map((c) => JSON.stringify(c)));
            const aliceControls = new Set(renderedCommands(contextFor(modeId, j, alice)).map((c) => JSON.stringify(c)));
            const view = mode.engine.view(j.state);
            const docs = roster.map((r) => new FakeCombatant(r.id, r.name, r.side, owners(r.id)));
            const combat = { combatants: { get: (id: string) => docs.find((c) => c.id === id), contents: docs } };
            for (const command of legal) {
              seen.add(command.type);
              const key = JSON.stringify(command);
              expect(gmControls.has(key), `GM has no control for ${key}`).toBe(true);
              const aliceMay =
                authorise({
                  combat,
                  user: alice,
                  command,
                  sides: sidesOf(j),
                  view: () => view,
                  held: (id) => mode.engine.held(j.state, id),
                }) === null;
              expect(
                aliceControls.has(key),
                `Alice ${aliceMay ? "has no" : "has a forbidden"} control for ${key}`,
              ).toBe(aliceMay);
            }
          }),
          { numRuns: 40, seed: 77 },
        );
        expect(seen.size).toBeGreaterThan(4);
      },
    );
  }
});

describe("every fight playable to its end from the tracker's controls alone", () => {
  // The GM clicks as a table would (fight-policy.ts, which the Quench batch "fray.fights" plays by too): finish turns,
  // take the next one, and after two rounds remove side b's fighters one by one (they fell), which ends the fight.
  // Every click is a control read from the rendered tracker.
  for (const modeId of Object.keys(COMBAT_MODES)) {
    it(`${modeId}: from setup to its end, never needing undo or a macro`, async () => {
      const fight = await playFromControls(modeId, roster, 5);
      expect(fight.ended).toBe(true);
      expect(fight.undone).toBe(false);
      expect(fight.hooks.some((c) => c.hook === "fray.combatEnd")).toBe(true);
      expect(fight.hooks.filter((c) => c.hook === "combatRound").length).toBeGreaterThan(1);
    });
  }
});

describe(
  "the Quench batch's fights (fight-cast.ts) play to their end with its actors' starting " + "data, whatever the seed",
  () => {
    // In a real world the batch's actors are new ones of each rule set's type, and Begin rolls a random seed.
    for (const modeId of Object.keys(COMBAT_MODES)) {
      it(`${modeId}: the ${actorTypeFor(modeId)} cast plays from the start to the end for 6 seeds`, async () => {
        const model = modelFor("Actor", actorTypeFor(modeId))!;
        const initial = initialData(model.fields);
        const stats = statsFrom({ ...initial, ...model.derive?.(initial) });
        const cast: RosterEntry[] = FIGHT_CAST.map((c) => ({
          id: c.key,
          name: c.name,
          side: "ab"[c.side]!,
          hidden: false,
          stats,
        }));
        for (let seed = 1; seed <= 6; seed++) {
          const fight = await playFromControls(modeId, cast, seed * 7919);
          expect(fight.ended, `seed ${seed * 7919}`).toBe(true);
          expect(fight.undone).toBe(false);
          expect(fight.hooks.filter((c) => c.hook === "combatRound").length).toBeGreaterThan(1);
        }
      }, 60_000);
    }
  },
);

/**
 * Play one fight from setup by the GM's clicks (nextControl on the rendered controls); Foundry's turn hooks checked at
 * each.
 */
async function playFromControls(modeId: string, cast: readonly RosterEntry[], seed: number) {
  const mode = COMBAT_MODES[modeId]!;
  const hooks = new FakeHooks();
  const docs = cast.map((r) => new FakeCombatant(r.id, r.name, r.side, owners(r.id)));
  const combat = new FakeCombat("c", modeId, docs, hooks);
  const opened = openJournal(mode.engine, mode.buildSetup(cast, { sideOrder: ["a", "b"] }), seed);
  if (!opened.ok) throw new Error(opened.reason);
  combat.system = { journal: opened.state, events: [], revision: 0 };
  const ctx = {
    combat: () => combat,
    user: (id: string) => [gm, alice].find((u) => u.id === id),
    mode: (id: string) => COMBAT_MODES[id],
    ...gmTurnHands(),
    hooks,
  };
  const count = (hook: string) => hooks.calls.filter((c) => c.hook === hook).length;
  for (let clicks = 0; clicks < MAX_CLICKS; clicks++) {
    const j = journalOf(combat)!;
    const view = mode.engine.view(j.state);
    if (view.ended) break;
    const offered = renderedCommands(contextFor(modeId, j, gm, cast));
    const next = nextControl(offered, { round: view.round, losing: (id) => LOSERS.includes(id) });
    if (!next) throw new Error(stuckMessage(modeId, offered, view.round));
    const before = { round: combat.round, turn: combat.turn, rounds: count("combatRound"), turns: count("combatTurn") };
    const answer = await handleTurnRequest(ctx, { combatId: "c", command: next, revision: j.revision }, "gm");
    if (!answer.ok) throw new Error(`${modeId}: ${next.type} refused: ${answer.reason}`);
    // Foundry's own hooks, as its nextRound and nextTurn fire them: a new round fires combatRound alone, once;
    // a new acting combatant in the same round fires combatTurn once; anything else fires neither.
    const newRound = combat.round !== before.round;
    const newTurn = !newRound && combat.turn !== before.turn && combat.turn !== null;
    expect(count("combatRound") - before.rounds).toBe(newRound ? 1 : 0);
    expect(count("combatTurn") - before.turns).toBe(newTurn ? 1 : 0);
  }
  const j = journalOf(combat)!;
  return {
    ended: mode.engine.view(j.state).ended,
    undone: commandsOf(j).some((c) => c.type === "undo"),
    hooks: hooks.calls,
  };
}
