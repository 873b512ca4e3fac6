// The "Done when": a fight played halfway through the tracker, the odds asked, and a check that they start
// from that state (who is out, the wounds, the round, the rule options the fight began with).
import { describe, expect, it } from "vitest";
import { openJournal } from "../../../src/core/shared/journal.js";
import { RULESETS, type RulesetId } from "../../../src/core/rulesets.js";
import { rosterFrom } from "../../../src/foundry/combat/fight/combat-roster.js";
import { journalOf } from "../../../src/foundry/combat/fight/journal.js";
import { COMBAT_MODES, MODE_FOR_RULESET } from "../../../src/foundry/rulesets/index.js";
import type { TurnCommand } from "../../../src/foundry/combat/fight/turn-command.js";
import { handleTurnRequest } from "../../../src/foundry/combat/requests/turn-request.js";
import { oddsAskFor } from "../../../src/foundry/odds/combat-odds.js";
import { oddsView } from "../../../src/foundry/odds/odds-context.js";
import { oddsJob } from "../../../src/foundry/odds/odds-job.js";
import { oddsResult } from "../../../src/foundry/odds/odds-result.js";
import { nextControl } from "../../../src/foundry/quench/fights/fight-policy.js";
import { resumable, type SimMembers } from "../../../src/sim/index.js";
import { FakeCombat, FakeCombatant, FakeHooks, setPath } from "../../fakes/foundry-combat.js";
import { render } from "../../fakes/handlebars-env.js";
import { alice, contextFor, gm, owners } from "../tracker/two-sides.js";
import { CAST, readingOf, sourceOf, type CastEntry } from "./odds-cast.js";
import { reportThroughWorker } from "./worker-harness.js";
import { gmTurnHands } from "../combat/gm-turn-hands.js";

/**
 * A wound as an applied attack card writes it (its data path and new value), and how the simulator's member shows it.
 */
const WOUND: {
  readonly [R in RulesetId]: {
    readonly path: string;
    readonly value: number;
    readonly seen: (m: SimMembers[R]) => number;
  };
} = {
  sections: { path: "health.value", value: 3, seen: (m) => m.hp },
  escalation: { path: "hp.value", value: 5, seen: (m) => m.hp },
  teams: { path: "endurance.value", value: 2, seen: (m) => m.endurance },
  strain: { path: "fatigue.load", value: 2, seen: (m) => m.fatigueLoad },
  factions: { path: "health.value", value: 3, seen: (m) => m.health },
};

/**
 * A rule option each turn order's fight begins with, other than the world's (which the reading says is the default).
 */
const BEGUN_WITH: Readonly<Record<string, Record<string, unknown>>> = {
  ranked: { ties: "rollOff" },
  rolled: { ties: "rollOff" },
  teams: { attackCountResets: "turn" },
  factions: { fastSlow: true },
  sections: { order: "fixed" },
};

/** The GM's click on a control the rendered tracker offers (as the controls test reads them from the HTML). */
function offered(modeId: string, combat: FakeCombat, cast: Parameters<typeof contextFor>[3]): TurnCommand[] {
  const html = render("templates/combat/tracker.hbs", contextFor(modeId, journalOf(combat)!, gm, cast));
  return [...html.matchAll(/data-command="([^"]*)"/g)].map(
    (m) => JSON.parse(m[1]!.replace(/&quot;/g, '"').replace(/&amp;/g, "&")) as TurnCommand,
  );
}

describe("odds asked halfway through a fight start from where it stands", () => {
  for (const ruleset of RULESETS) {
    it(
      `${ruleset}: after two rounds through the tracker, b2 ` + `fallen and a1 wounded, the odds play from that state`,
      async () => {
        const modeId = MODE_FOR_RULESET[ruleset];
        const mode = COMBAT_MODES[modeId]!;
        const cast: CastEntry[] = ["a1", "a2", "b1", "b2"].map((id) => ({
          actor: CAST[ruleset](id, "even"),
          side: id[0]!,
          playerOwned: id[0] === "a",
        }));
        const roster = rosterFrom(cast.map(sourceOf));
        const before = oddsAskFor(readingOf(ruleset, cast), 11, 1000);

        // The fight begins as Begin starts it, with the rule options of the world at that moment.
        const hooks = new FakeHooks();
        const combat = new FakeCombat(
          "c",
          modeId,
          roster.map((r) => new FakeCombatant(r.id, r.name, r.side, owners(r.id))),
          hooks,
        );
        const opened = openJournal(
          mode.engine,
          mode.buildSetup(roster, { sideOrder: ["a", "b"], ruleOptions: BEGUN_WITH[modeId] }),
          5,
        );
        if (!opened.ok) throw new Error(opened.reason);
        combat.system = { journal: opened.state, events: [], revision: 0 };
        const ctx = {
          combat: () => combat,
          user: (id: string) => [gm, alice].find((u) => u.id === id),
          mode: (id: string) => COMBAT_MODES[id],
          ...gmTurnHands(),
          hooks,
        };
        const send = async (command: TurnCommand) => {
          const answer = await handleTurnRequest(
            ctx,
            { combatId: "c", command, revision: journalOf(combat)!.revision },
            "gm",
          );
          if (!answer.ok) throw new Error(`${command.type} refused: ${answer.reason}`);
        };
        // Two rounds of turns from the tracker's controls, then the GM removes b2 (it fell) from its own control.
        while (mode.engine.view(journalOf(combat)!.state).round < 3)
          await send(nextControl(offered(modeId, combat, roster), { round: 1, losing: () => false })!);
        const remove = offered(modeId, combat, roster).find((c) => c.type === "remove" && c.combatant === "b2");
        expect(remove, "the GM's remove control for b2").toBeDefined();
        await send(remove!);
        // a1 took a wound: an applied attack card wrote it into the actor's data.
        const a1 = cast[0]!.actor;
        setPath(a1.system as Record<string, unknown>, WOUND[ruleset].path, WOUND[ruleset].value);

        const journal = journalOf(combat)!;
        const view = mode.engine.view(journal.state);
        const ask = oddsAskFor(readingOf(ruleset, cast, journal), 11, 1000);
        expect(ask.round).toBe(view.round);
        expect(ask.round).toBeGreaterThanOrEqual(3);
        expect(ask.combatants.map((c) => [c.id, c.out])).toEqual([
          ["a1", false],
          ["a2", false],
          ["b1", false],
          ["b2", true],
        ]);
        expect(ask.ruleOptions).toEqual(expect.objectContaining(BEGUN_WITH[modeId]));

        const job = oddsJob(ask);
        if ("ok" in job) throw new Error(job.reason);
        const parties = job.input.parties!;
        expect(parties.a.members.map((m) => m.id)).toEqual(["a1", "a2"]);
        expect(parties.b.members.map((m) => m.id)).toEqual(["b1"]);
        const seen = WOUND[ruleset].seen as (m: SimMembers[RulesetId]) => number;
        expect(seen(parties.a.members[0]!)).toBe(WOUND[ruleset].value);
        expect(job.input.ruleOptions).toEqual(ask.ruleOptions);
        // Where the simulator can, the fights play on from the turn order's own state, its sides as the combat's.
        expect(job.resumed).toBe(resumable(ruleset));
        expect(job.input.resume?.state).toBe(resumable(ruleset) ? journal.state : undefined);
        if (resumable(ruleset)) expect(job.input.resume?.sides).toEqual({ a: "a", b: "b" });

        const now = oddsResult(job, reportThroughWorker(job.input));
        expect(now.round).toBe(view.round);
        expect(now.out).toEqual(["b2"]);
        expect(now.policy).toContain(
          resumable(ruleset) ? "FRAY.Odds.Policy.MidFight" : "FRAY.Odds.Policy.MidFightAfresh",
        );
        // The chart counts rounds from the one the fight is in: the fights play on from there.
        expect(oddsView(now).chart.first).toBeGreaterThanOrEqual(view.round);
        // Two against one now, where it was two against two: side a's chance went up.
        const start = oddsJob(before);
        if ("ok" in start) throw new Error(start.reason);
        const then = oddsResult(start, reportThroughWorker(start.input));
        expect(then.round).toBe(0);
        expect(now.sides.a.win).toBeGreaterThan(then.sides.a.win);
      },
      60_000,
    );
  }
});
