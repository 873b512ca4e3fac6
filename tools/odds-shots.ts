/**
 * The GM's encounter odds panel in the tracker, one fight per rule set, light and dark: odds-<ruleset>-<theme>.
 * Every panel is the real path: sample actors (tools/sample-data.ts) read into a combat, asked through
 * oddsAskFor → oddsJob → simulate (the worker's own run, played here in one go) → oddsResult → oddsPanel, rendered
 * with the shipped templates. Also the panel while it plays (progress and Cancel), a refusal, and teams mid-fight.
 */
import { openJournal, record } from "../src/core/shared/journal.js";
import { RULESETS, type RulesetId } from "../src/core/rulesets.js";
import { setPath } from "../test/fakes/foundry-combat.js";
import type { CardActor } from "../src/foundry/cards/attack-ruleset.js";
import { rosterFrom, type CombatantSource } from "../src/foundry/combat/fight/combat-roster.js";
import type { AnyJournal } from "../src/foundry/combat/fight/journal.js";
import { COMBAT_MODES, MODE_FOR_RULESET } from "../src/foundry/rulesets/index.js";
import type { TurnCommand } from "../src/foundry/combat/fight/turn-command.js";
import { oddsAskFor, type CombatReading } from "../src/foundry/odds/combat-odds.js";
import { DEFAULT_FIGHTS, oddsPanel, type OddsState } from "../src/foundry/odds/odds-context.js";
import { oddsJob } from "../src/foundry/odds/odds-job.js";
import { oddsResult } from "../src/foundry/odds/odds-result.js";
import { setupContext, setupOptionsFor } from "../src/foundry/tracker/setup-context.js";
import { trackerContext } from "../src/foundry/tracker/tracker-context.js";
import { simulate, type SimReport } from "../src/sim/index.js";
import { render } from "../test/fakes/handlebars-env.js";
import { SAMPLE_ACTORS, sampleItemsFor } from "./sample-data.js";
import type { Shot } from "./screenshot-page.js";
import { THEMES } from "./tracker-mode-shots.js";

/** Each rule set's fight: the sample actor as the heroes and their foes, and where each one's health lives. */
const FIGHTS: {
  readonly [R in RulesetId]: {
    readonly heroes: readonly string[];
    readonly foes: readonly string[];
    readonly health: string;
    readonly foeHealth: number;
  };
} = {
  sections: {
    heroes: ["Ilsa of the Lantern", "Brannoc", "Wren"],
    foes: ["Marsh Ghoul", "Marsh Ghoul", "Ghoul Matron"],
    health: "health.value",
    foeHealth: 9,
  },
  escalation: {
    heroes: ["Captain Orrin", "Sister Wilhelmina", "Tobin"],
    foes: ["Ogre Brute", "Goblin", "Goblin", "Goblin"],
    health: "hp.value",
    foeHealth: 14,
  },
  teams: {
    heroes: ["Boudica", "Agnessa", "Fabian"],
    foes: ["Bandit Chief", "Bandit", "Bandit", "Bandit"],
    health: "health.value",
    foeHealth: 6,
  },
  strain: {
    heroes: ["Alice", "Bob"],
    foes: ["Carl the Marsh Wight", "Drowned Hound"],
    health: "fatigue.load",
    foeHealth: 0,
  },
  factions: {
    heroes: ["Balthasar", "Agnessa", "Theobald"],
    foes: ["Bandit Leader", "Bandit", "Bandit"],
    health: "health.value",
    foeHealth: 7,
  },
};

const SIDE_LABELS = { heroes: "Heroes", foes: "Foes" };

interface Member {
  readonly actor: CardActor;
  readonly source: CombatantSource;
}

function cast(ruleset: RulesetId): Member[] {
  const f = FIGHTS[ruleset];
  const sample = SAMPLE_ACTORS.find((a) => a.type.startsWith(`${ruleset}-`))!;
  const items = sampleItemsFor(sample.type).map((i, n) => ({
    id: `item${n}`,
    name: i.name,
    type: i.type,
    system: i.system,
  }));
  const member = (name: string, side: "heroes" | "foes", n: number): Member => {
    const system = structuredClone(sample.system);
    if (side === "foes") setPath(system, f.health, f.foeHealth);
    const id = `${side}${n}`;
    const actor: CardActor = { id, name, type: sample.type, system, items };
    const source: CombatantSource = {
      id,
      name,
      hidden: false,
      groupId: side,
      disposition: null,
      defeated: false,
      playerOwned: side === "heroes",
      actorSystem: system,
    };
    return { actor, source };
  };
  return [...f.heroes.map((n, i) => member(n, "heroes", i)), ...f.foes.map((n, i) => member(n, "foes", i))];
}

function reading(ruleset: RulesetId, members: readonly Member[], journal: AnyJournal | null = null): CombatReading {
  return {
    ruleset,
    mode: COMBAT_MODES[MODE_FOR_RULESET[ruleset]]!,
    journal,
    start: { sideOrder: ["heroes", "foes"], surprise: [], initiators: [] },
    worldOptions: {},
    sideLabels: SIDE_LABELS,
    combatants: members.map((m) => ({ source: m.source, actor: m.actor })),
  };
}

/** The odds of the reading, played as the worker plays them (simulate gives the worker's report for the same input). */
function done(r: CombatReading, seed: number): OddsState {
  const job = oddsJob(oddsAskFor(r, seed, DEFAULT_FIGHTS));
  if ("ok" in job) throw new Error(`odds refused for ${r.ruleset}: ${job.reason}`);
  return { kind: "done", result: oddsResult(job, simulate(job.input) as SimReport) };
}

/** The GM's tracker before the start, with the odds panel in `state`. */
function setupHtml(ruleset: RulesetId, members: readonly Member[], state: OddsState, seed: string): string {
  const mode = MODE_FOR_RULESET[ruleset];
  const setup = setupContext({
    mode,
    modes: Object.keys(COMBAT_MODES),
    ...setupOptionsFor(COMBAT_MODES[mode]!),
    combatants: members.map((m) => ({
      id: m.actor.id,
      name: m.actor.name,
      img: `icons/${m.actor.id}.webp`,
      side: m.source.groupId!,
      hidden: false,
    })),
    sideLabels: SIDE_LABELS,
    start: { sideOrder: ["heroes", "foes"] },
    isGM: true,
  });
  return render("templates/combat/tracker-part.hbs", { ...setup, oddsPanel: oddsPanel(state, seed, DEFAULT_FIGHTS) });
}

/** Teams in round 2, one bandit fallen and Boudica wounded: the odds from where the fight stands. */
function teamsMidFight(): string {
  const members = cast("teams");
  const mode = COMBAT_MODES.teams!;
  const opened = openJournal(
    mode.engine,
    mode.buildSetup(rosterFrom(members.map((m) => m.source)), { sideOrder: ["heroes", "foes"] }),
    9,
  );
  if (!opened.ok) throw new Error(opened.reason);
  let j = opened.state;
  const step = (c: TurnCommand): void => {
    const next = record(mode.engine, j, c);
    if (!next.ok) throw new Error(`${c.type}: ${next.reason}`);
    j = next.state;
  };
  while (mode.engine.view(j.state).round < 2)
    step(
      mode.engine.legal(j.state).find((c) => c.type === "endTurn") ??
        mode.engine.legal(j.state).find((c) => c.type === "act")!,
    );
  step({ type: "remove", combatant: "foes1" });
  setPath(members[0]!.actor.system as Record<string, unknown>, "health.value", 3);
  const view = mode.engine.view(j.state);
  const ctx = trackerContext({
    view,
    legal: mode.engine.legal(j.state),
    combatants: members.map((m) => ({
      id: m.actor.id,
      name: m.actor.name,
      img: `icons/${m.actor.id}.webp`,
      side: m.source.groupId!,
      hidden: false,
      owned: true,
      defeated: false,
    })),
    sideLabels: SIDE_LABELS,
    isGM: true,
    grouped: true,
    revision: j.revision,
    canUndo: true,
    mayIssue: () => true,
  });
  const state = done(reading("teams", members, j), 12);
  return render("templates/combat/tracker-part.hbs", { ...ctx, oddsPanel: oddsPanel(state, "12", DEFAULT_FIGHTS) });
}

export function oddsShots(): Shot[] {
  const shot = (file: string, title: string, html: string, theme: Shot["theme"]): Shot => ({
    file,
    title,
    html,
    frame: "sidebar",
    theme,
    width: 300,
  });
  const out: Shot[] = [];
  RULESETS.forEach((ruleset, n) => {
    const members = cast(ruleset);
    const html = setupHtml(ruleset, members, done(reading(ruleset, members), 40 + n), String(40 + n));
    for (const theme of THEMES)
      out.push(shot(`odds-${ruleset}-${theme}`, `Combat Tracker (GM, ${ruleset}: encounter odds)`, html, theme));
  });
  const teams = cast("teams");
  out.push(
    shot(
      "odds-teams-running-dark",
      "Combat Tracker (GM, teams: odds playing)",
      setupHtml("teams", teams, { kind: "running", played: 1240, total: 2000 }, "7"),
      "dark",
    ),
  );
  out.push(
    shot(
      "odds-teams-refused-light",
      "Combat Tracker (GM, teams: odds refused)",
      setupHtml("teams", teams, { kind: "refused", key: "FRAY.Odds.Refusal.TwoSides", data: { count: 3 } }, "7"),
      "light",
    ),
  );
  out.push({
    ...shot(
      "odds-factions-policy-dark",
      "Combat Tracker (GM, factions: how the odds decide)",
      setupHtml("factions", cast("factions"), done(reading("factions", cast("factions")), 44), "44"),
      "dark",
    ),
    click: ".fray-odds-policy > summary",
  });
  const mid = teamsMidFight();
  for (const theme of THEMES)
    out.push(shot(`odds-teams-midfight-${theme}`, "Combat Tracker (GM, teams: odds in round 2)", mid, theme));
  return out;
}
