// The odds panel: for the GM only, before the start and during the fight; its states from the controller with a
// fake Worker; rendered with the shipped templates and lang/en.json.
import { describe, expect, it } from "vitest";
import { openJournal } from "../../../src/core/shared/journal.js";
import { COMBAT_MODES } from "../../../src/foundry/rulesets/index.js";
import { OddsController, seedFrom } from "../../../src/foundry/odds/odds-controller.js";
import { percent, type OddsPanel } from "../../../src/foundry/odds/odds-context.js";
import { setupContext } from "../../../src/foundry/tracker/setup-context.js";
import { render } from "../../fakes/handlebars-env.js";
import { alice, contextFor, gm, roster } from "../tracker/two-sides.js";
import { CAST, readingOf, type CastEntry } from "./odds-cast.js";
import { fakeWorker } from "./worker-harness.js";

const cast: CastEntry[] = [
  { actor: CAST.teams("boudica", "even"), side: "a", playerOwned: true },
  { actor: CAST.teams("roland", "even"), side: "a", playerOwned: true },
  { actor: CAST.teams("guard", "even"), side: "b" },
];
const reading = readingOf("teams", cast);

const noView = { render: () => undefined, progress: () => undefined };

/** The tracker part as it renders for `user`, with the odds the tracker adds for that user. */
function trackerHtml(isGM: boolean, odds: OddsController): string {
  const opened = openJournal(
    COMBAT_MODES.teams!.engine,
    COMBAT_MODES.teams!.buildSetup(roster, { sideOrder: ["a", "b"] }),
    3,
  );
  if (!opened.ok) throw new Error(opened.reason);
  const context = { ...contextFor("teams", opened.state, isGM ? gm : alice), ...odds.partContext(isGM, "c") };
  return render("templates/combat/tracker-part.hbs", context);
}

function setupHtml(isGM: boolean, odds: OddsController): string {
  const setup = setupContext({
    mode: "teams",
    modes: Object.keys(COMBAT_MODES),
    grouped: true,
    initiators: false,
    combatants: roster.map((r) => ({ id: r.id, name: r.name, img: "", side: r.side, hidden: false })),
    sideLabels: { a: "Side A", b: "Side B" },
    start: {},
    isGM,
  });
  return render("templates/combat/tracker-part.hbs", { ...setup, ...odds.partContext(isGM, "c") });
}

/** No key left untranslated in what the user reads. */
const untranslated = (html: string): string[] => html.match(/>[^<]*FRAY\.[^<]*</g) ?? [];

describe("the odds panel is the GM's alone", () => {
  it("the GM has the control before the start and during the fight; a player's context has no key for it", () => {
    const odds = new OddsController(() => fakeWorker());
    expect(odds.partContext(false, "c")).toEqual({});
    expect(Object.keys(odds.partContext(true, "c"))).toEqual(["oddsPanel"]);
    for (const html of [trackerHtml(true, odds), setupHtml(true, odds)]) {
      expect(html).toContain('data-action="frayOdds"');
      expect(html).toContain("Encounter odds");
      expect(untranslated(html)).toEqual([]);
    }
    for (const html of [trackerHtml(false, odds), setupHtml(false, odds)]) {
      expect(html).not.toMatch(/odds/i);
    }
  });

  it("after a run, a player's tracker still carries nothing of the result", async () => {
    const odds = new OddsController(() => fakeWorker(20));
    await odds.run("c", reading, { seed: "9", fights: "500" }, noView);
    expect(odds.panel("c").state).toBe("done");
    const html = trackerHtml(false, odds);
    expect(html).not.toMatch(/odds|boudica|%/i);
  });
});

describe("the odds panel's states", () => {
  it(
    "running with progress, then the result: sides, chances with their interval, rounds, the PCs' drops, " +
      "the chart, the policy",
    async () => {
      const odds = new OddsController(() => fakeWorker(20));
      const seen: OddsPanel[] = [];
      const progress: number[] = [];
      await odds.run(
        "c",
        reading,
        { seed: "9", fights: "500" },
        {
          render: () => seen.push(odds.panel("c")),
          progress: (played) => progress.push(played),
        },
      );
      expect(seen.map((p) => p.state)).toEqual(["running", "done"]);
      expect(seen[0]!.progress).toEqual({ played: 0, total: 500, percent: 0 });
      expect(progress.at(-1)).toBe(500);
      const panel = odds.panel("c");
      const r = panel.result!;
      expect(r.seed).toBe(9);
      expect(r.fights).toBe(500);
      expect(r.sides.map((s) => s.label)).toEqual(["Heroes", "Foes"]);
      expect(r.pcs.map((p) => p.name)).toEqual(["boudica", "roland"]);
      expect(r.chart.bars.length).toBe(r.chart.last - r.chart.first + 1);
      const html = render("templates/combat/odds.hbs", panel);
      expect(untranslated(html)).toEqual([]);
      expect(html).toContain("500 fights from the start, seed 9.");
      expect(html).toContain(`Heroes win</dt>`);
      expect(html).toContain(`<strong>${r.sides[0]!.win}</strong>`);
      expect(html).toContain("Chance each player character drops");
      expect(html.match(/<rect /g)).toHaveLength(3 * r.chart.bars.length);
      expect(html).toContain("How the simulated combatants decide");
      expect(html).toContain("every attack goes at the standing enemy with the least left");
      expect(html).toContain('data-fray-odds="seed" value="9"');
    },
  );

  it(
    "a seed reproduces the result exactly; a blank seed " + "picks one and shows it, so it can be played again",
    async () => {
      const odds = new OddsController(() => fakeWorker(20));
      await odds.run("c", reading, { seed: "123", fights: "500" }, noView);
      const first = odds.panel("c").result;
      await odds.run("c", reading, { seed: "123", fights: "500" }, noView);
      expect(odds.panel("c").result).toEqual(first);
      await odds.run("c", reading, { seed: "", fights: "500" }, noView);
      const picked = odds.panel("c").seed;
      expect(picked).toMatch(/^\d+$/);
      expect(odds.panel("c").result!.seed).toBe(Number(picked));
    },
  );

  it("cancel leaves the panel idle, with no result", async () => {
    const odds = new OddsController(() => fakeWorker(1));
    const states: string[] = [];
    const run = odds.run(
      "c",
      reading,
      { seed: "1", fights: "5000" },
      { render: () => states.push(odds.panel("c").state), progress: () => odds.cancel() },
    );
    await run;
    expect(states).toEqual(["running", "idle"]);
    expect(odds.panel("c").result).toBeNull();
  });

  it("refusals are shown in words: a bad seed, three sides, a turn order the simulator does not play", async () => {
    const odds = new OddsController(() => fakeWorker());
    const says = async (r: typeof reading, seed = "1"): Promise<string> => {
      await odds.run("c", r, { seed, fights: "500" }, noView);
      expect(odds.panel("c").state).toBe("refused");
      return render("templates/combat/odds.hbs", odds.panel("c"));
    };
    expect(await says(reading, "seven")).toContain("The seed must be a whole number from 0 to 4294967295 (got seven).");
    const three = readingOf("teams", [...cast, { actor: CAST.teams("wolf", "even"), side: "c" }]);
    expect(await says(three)).toContain("exactly two sides with someone still in the fight (3 now)");
    expect(await says({ ...reading, mode: COMBAT_MODES.ranked! })).toContain(
      "own turn order (Teams alternate (teams)), and this combat runs Ranked (escalation: Agility order).",
    );
  });

  it("a browser that cannot start the worker gets the reason in the panel, not an error at the table", async () => {
    const odds = new OddsController(() => {
      throw new TypeError("Worker is not defined");
    });
    await odds.run("c", reading, { seed: "1", fights: "500" }, noView);
    expect(odds.panel("c").refusal?.key).toBe("FRAY.Odds.Refusal.NoWorker");
    expect(render("templates/combat/odds.hbs", odds.panel("c"))).toContain("could not start their worker");
  });

  it("the seed and fights the GM picks survive a re-render before the odds are played", () => {
    const odds = new OddsController(() => fakeWorker());
    odds.remember("seed", " 77 ");
    odds.remember("fights", "5000");
    odds.remember("fights", "12");
    expect(odds.panel("c").seed).toBe("77");
    expect(odds.panel("c").fights.find((f) => f.selected)?.value).toBe(5000);
  });

  it("the panel of another combat is idle; fights may only be one of the offered numbers", async () => {
    const odds = new OddsController(() => fakeWorker(20));
    await odds.run("c", reading, { seed: "1", fights: "999999" }, noView);
    expect(odds.panel("c").result!.fights).toBe(2000);
    expect(odds.panel("other").state).toBe("idle");
    expect(odds.panel(null).state).toBe("idle");
  });
});

describe("odds helpers", () => {
  it("percentages never say 0% or 100% of something that did or did not always happen", () => {
    expect([0, 0.001, 0.004, 0.5, 0.996, 1].map(percent)).toEqual(["0%", "<1%", "<1%", "50%", ">99%", "100%"]);
  });

  it("a typed seed is a whole number up to 4294967295; blank is random", () => {
    expect(seedFrom(" 42 ")).toBe(42);
    expect(seedFrom("", () => 0.5)).toBe(2 ** 30);
    for (const bad of ["-1", "1.5", "4294967296", "1e3", "x"])
      expect(seedFrom(bad)).toMatchObject({ ok: false, key: "FRAY.Refusal.SimBadSeed" });
  });
});
