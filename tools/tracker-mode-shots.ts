/**
 * The GM's combat tracker in every state of each of the five combat modes: the setup before the start, the
 * opening (surprise, ambush or Round Zero), each phase the engine has, a delay, morale and the end. Every state
 * is reached by recording real core commands through the mode's own engine and journal, as the tracker would
 * send them; none is a hand-built view. Each state is shot in the light and the dark theme.
 */
import { openJournal, record, type Journal } from "../src/core/shared/journal.js";
import type { TurnOrderView } from "../src/core/turn-order/types.js";
import type { StartOptions } from "../src/foundry/combat/fight/combat-mode.js";
import { COMBAT_MODES } from "../src/foundry/rulesets/index.js";
import type { RosterEntry } from "../src/foundry/combat/fight/roster.js";
import type { TurnCommand } from "../src/foundry/combat/fight/turn-command.js";
import { ACTOR_MODELS } from "../src/foundry/data/models.js";
import { setupContext, setupOptionsFor } from "../src/foundry/tracker/setup-context.js";
import { trackedResources } from "../src/foundry/tracker/tracked-resources.js";
import { trackerContext } from "../src/foundry/tracker/tracker-context.js";
import { withBlockChoices } from "../src/foundry/tracker/block-controls.js";
import { render } from "../test/fakes/handlebars-env.js";
import { SAMPLE_ACTORS } from "./sample-data.js";

export const MODE_IDS = ["ranked", "rolled", "teams", "factions", "sections"] as const;
export type ModeId = (typeof MODE_IDS)[number];
export const THEMES = ["light", "dark"] as const;

/** Picks the next command from what the engine says is legal now. */
type Pick = (legal: readonly TurnCommand[], view: TurnOrderView) => TurnCommand | undefined;

/** One step of a script: a pick, made once, or again and again until the view satisfies `until`. */
interface Move {
  readonly pick: Pick;
  readonly until?: (view: TurnOrderView) => boolean;
}

/** A state to shoot: the moves that lead to it from the previous state of the same fight. */
interface Stage {
  readonly state: string;
  readonly moves: readonly Move[];
  /** A CSS selector the screenshot script clicks first (to open a menu), and the room it needs below. */
  readonly click?: string;
  readonly padBottom?: number;
}

interface Fight {
  /** The fight's cast: id, name, side, and the stats the mode's setup reads. */
  readonly cast: readonly RosterEntry[];
  readonly sideLabels: Readonly<Record<string, string>>;
  readonly start: StartOptions;
  readonly stages: readonly Stage[];
  /** SEC-42: the borders each combatant's section has on the sample map, and each border's section beyond, by name. */
  readonly blocks?: {
    readonly choices: Readonly<Record<string, readonly { readonly border: string; readonly from: string }[]>>;
    readonly across: Readonly<Record<string, string>>;
  };
}

/** The legal commands as the tracker offers them: a Block per border where the sample map has the blocker's section. */
function offered(fight: Fight, legal: readonly TurnCommand[]): TurnCommand[] {
  const blocks = fight.blocks;
  return blocks ? withBlockChoices(legal, (id) => blocks.choices[id] ?? null) : [...legal];
}

interface ModeScript {
  /** The actor type whose tracked resources the rows show. */
  readonly actor: string;
  /** What the GM's setup panel shows before the start (from the first fight's cast). */
  readonly setup: StartOptions;
  readonly fights: readonly Fight[];
}

const first =
  (...types: string[]): Pick =>
  (legal) => {
    for (const t of types) {
      const c = legal.find((l) => l.type === t);
      if (c) return c;
    }
    return undefined;
  };
/** The first legal command of `type` whose fields include `fields`. */
const like =
  (type: string, fields: Readonly<Record<string, unknown>>): Pick =>
  (legal) =>
    legal.find(
      (l) =>
        l.type === type && Object.entries(fields).every(([k, v]) => (l as unknown as Record<string, unknown>)[k] === v),
    );
const once = (pick: Pick): Move => ({ pick });
/**
 * SEC-15: the combatant's innate Move made as a climb, as the GM's move check records it (the map decides the climb).
 */
const climbing =
  (combatant: string, climb: Readonly<Record<string, unknown>>): Pick =>
  (legal) => {
    const move = legal.find((l) => l.type === "move" && l.combatant === combatant && l.kind === "innate");
    return move ? { ...move, climb } : undefined;
  };
const until = (done: (view: TurnOrderView) => boolean, pick: Pick): Move => ({ pick, until: done });
/** Plays turns (act, then end it at once; a side or holder with a choice takes the first) until `done`. */
const playUntil = (done: (view: TurnOrderView) => boolean): Move =>
  until(done, first("chooseFirst", "endTurn", "act", "pass"));
/** The GM removes the given combatants as defeated, one command each. */
const defeat = (...ids: string[]): Move[] =>
  ids.map((id) => once((legal) => legal.find((l) => l.type === "remove" && l.combatant === id)));

const entry = (id: string, name: string, side: string, stats: Record<string, number | boolean> = {}): RosterEntry => ({
  id,
  name,
  side,
  hidden: false,
  stats,
});

const SCRIPTS: Readonly<Record<ModeId, ModeScript>> = {
  // Escalation: one ranking by Agility; Orrin's side started the fight (initiators go first in their rank, ESC-02).
  ranked: {
    actor: "escalation-unit",
    setup: { initiators: ["r1"] },
    fights: [
      {
        cast: [
          entry("r1", "Captain Orrin", "company", { agility: 2 }),
          entry("r2", "Sister Wilhelmina of the Ashen Vale", "company", { agility: 3 }),
          entry("r3", "Ogre Brute", "raiders", { agility: 1 }),
          entry("r4", "Goblin Skirmisher", "raiders", { agility: 4 }),
        ],
        sideLabels: { company: "The Company", raiders: "Raiders" },
        start: { sideOrder: ["company", "raiders"], initiators: ["r1"] },
        stages: [
          { state: "main", moves: [once(first("act")), once(like("spend", { pay: "AA" }))] },
          { state: "delay", moves: [once(first("endTurn")), once(first("delay"))] },
          { state: "ended", moves: defeat("r3", "r4") },
        ],
      },
    ],
  },
  // Strain: everyone takes a Round Zero turn to pick a square (STR-09), then initiative order with delays (STR-06).
  rolled: {
    actor: "strain-character",
    setup: {},
    fights: [
      {
        cast: [
          entry("s1", "Alice", "pc", {
            initiative: 2,
            speed: 4,
            fatigueLoad: 2,
            fatigueTolerance: 3,
            stressLoad: 4,
            stressTolerance: 3,
          }),
          entry("s2", "Bob", "pc", { initiative: 1, speed: 5 }),
          entry("s3", "Carl the Marsh Wight", "npc", { initiative: 0, speed: 3 }),
          entry("s4", "Drowned Hound", "npc", { initiative: 3, speed: 6 }),
        ],
        sideLabels: { pc: "PCs", npc: "NPCs" },
        start: { sideOrder: ["pc", "npc"] },
        stages: [
          { state: "roundzero", moves: [once(first("act"))] },
          {
            state: "main",
            moves: [playUntil((v) => v.phase === "main"), once(first("act")), once(like("spend", { action: "move" }))],
          },
          { state: "delay", moves: [once(first("endTurn")), once(first("delay"))] },
          { state: "delay-menu", moves: [], click: ".fray-delay-menu > summary", padBottom: 60 },
          { state: "ended", moves: defeat("s3", "s4") },
        ],
      },
    ],
  },
  // Teams: the bandits have surprise (TEAM-14), then sides alternate and each picks its next member (TEAM-10).
  teams: {
    actor: "teams-character",
    setup: { surprise: ["bandits"] },
    fights: [
      {
        cast: [
          entry("t1", "Boudica", "heroes"),
          entry("t2", "Agnessa", "heroes"),
          entry("t3", "Fabian", "heroes"),
          entry("t4", "Bandit Chief", "bandits"),
          entry("t5", "Bandit", "bandits"),
        ],
        sideLabels: { heroes: "Heroes", bandits: "Bandits" },
        start: { sideOrder: ["heroes", "bandits"], surprise: ["bandits"] },
        stages: [
          { state: "surprise", moves: [once(first("act"))] },
          { state: "main", moves: [playUntil((v) => v.phase === "main"), once(first("act")), once(first("spend"))] },
          { state: "ended", moves: defeat("t4", "t5") },
        ],
      },
    ],
  },
  // Factions: an ambush (FAC-51) in a fight with fast and slow phases (FAC-65..69); morale when half a side is out
  // (FAC-53); and a plain fight's main phase.
  factions: {
    actor: "factions-character",
    setup: { surprise: ["bandits"] },
    fights: [
      {
        cast: [
          entry("f1", "Balthasar", "players", { wit: 12, health: 8, healthMax: 12, playerOwned: true }),
          entry("f2", "Agnessa", "players", { wit: 9, health: 10, healthMax: 10, playerOwned: true }),
          entry("f3", "Bandit Leader", "bandits", { wit: 11, health: 10, healthMax: 10 }),
          entry("f4", "Bandit", "bandits", { wit: 8, health: 6, healthMax: 6 }),
        ],
        sideLabels: { players: "Players", bandits: "Bandits" },
        start: { sideOrder: ["players", "bandits"], surprise: ["bandits"], ruleOptions: { fastSlow: true } },
        stages: [
          { state: "ambush", moves: [once(first("act"))] },
          { state: "fast", moves: [playUntil((v) => v.banner.key === "FRAY.Banner.FastPhase"), once(first("act"))] },
          { state: "slow", moves: [playUntil((v) => v.banner.key === "FRAY.Banner.SlowPhase"), once(first("act"))] },
          {
            state: "morale",
            moves: [
              once(first("endTurn")),
              ...defeat("f4"),
              until((v) => v.phase === "morale" || v.ended, first("chooseFirst", "pass")),
            ],
          },
          { state: "ended", moves: [...defeat("f3")] },
        ],
      },
      {
        cast: [
          entry("f1", "Balthasar", "players", { wit: 12, health: 8, healthMax: 12, playerOwned: true }),
          entry("f2", "Agnessa", "players", { wit: 9, health: 10, healthMax: 10, playerOwned: true }),
          entry("f3", "Bandit Leader", "bandits", { wit: 11, health: 10, healthMax: 10 }),
          entry("f4", "Bandit", "bandits", { wit: 8, health: 6, healthMax: 6 }),
        ],
        sideLabels: { players: "Players", bandits: "Bandits" },
        start: { sideOrder: ["players", "bandits"] },
        stages: [{ state: "main", moves: [once(first("chooseFirst")), once(first("act")), once(first("spend"))] }],
      },
    ],
  },
  // Sections: whole sides in turn; a turn draws a card, spends its strategy and action Phases and discards (SEC-05).
  sections: {
    actor: "sections-entity",
    setup: {},
    fights: [
      {
        cast: [
          entry("c1", "Ilsa of the Lantern", "heroes"),
          entry("c2", "Kassia", "heroes"),
          entry("c3", "Warden", "wardens"),
          entry("c4", "Lantern-Eater Hound", "wardens"),
        ],
        sideLabels: { heroes: "Heroes", wardens: "Wardens" },
        start: { sideOrder: ["heroes", "wardens"] },
        // Ilsa stands in the Lantern Hall, whose borders lead to the Courtyard and the Crypt Stairs (SEC-42).
        blocks: {
          choices: {
            c1: [
              { border: "courtyard|hall", from: "hall" },
              { border: "hall|stairs", from: "hall" },
            ],
          },
          across: { "courtyard|hall": "Courtyard", "hall|stairs": "Crypt Stairs" },
        },
        stages: [
          { state: "main", moves: [] },
          { state: "draw", moves: [once(first("act"))] },
          { state: "strategy", moves: [once(first("draw"))] },
          { state: "block-menu", moves: [], click: ".fray-combatant.active .fray-more > summary", padBottom: 220 },
          { state: "action", moves: [once(like("spend", { phase: "strategy", border: "hall|stairs" }))] },
          // SEC-16: Ilsa's innate Move climbs the Crypt Stairs' Height 2, one of it climbed: her row says so.
          {
            state: "climbing",
            moves: [once(climbing("c1", { border: "hall|stairs", from: "hall", to: "stairs", height: 2, climbed: 1 }))],
          },
          { state: "discard", moves: [once(like("spend", { phase: "action" }))] },
          { state: "ended", moves: [once(first("discard")), once(first("endTurn")), ...defeat("c3", "c4")] },
        ],
      },
    ],
  },
};

/** What a row shows of the combatant's actor: the mode's sample actor, a little worse for wear down the list. */
function resourcesFor(actorType: string, index: number) {
  const meta = ACTOR_MODELS.find((m) => m.type === actorType);
  const sample = SAMPLE_ACTORS.find((a) => a.type === actorType);
  if (!meta || !sample) throw new Error(`no sample actor ${actorType}`);
  const system: Record<string, unknown> = { ...sample.system };
  for (const key of meta.tracked ?? []) {
    const v = system[key];
    if (v && typeof v === "object" && "value" in v && typeof v.value === "number")
      system[key] = { ...v, value: Math.max(1, v.value - 2 * (index % 3)) };
  }
  return trackedResources(meta, system);
}

function contextOf(id: ModeId, fight: Fight, journal: Journal<unknown, unknown, TurnCommand>, actor: string) {
  const mode = COMBAT_MODES[id];
  if (!mode) throw new Error(`COMBAT_MODES has no ${id} mode`);
  const view = mode.engine.view(journal.state);
  const across = fight.blocks?.across;
  return trackerContext({
    view,
    legal: offered(fight, mode.engine.legal(journal.state)),
    ...(across ? { across: (border: string) => across[border] ?? border } : {}),
    combatants: fight.cast.map((c, i) => ({
      id: c.id,
      name: c.name,
      img: `icons/${c.id}-portrait.webp`,
      side: c.side,
      hidden: false,
      owned: true,
      // Foundry's own defeated mark, which the GM sets when removing a combatant as defeated.
      defeated: view.status[c.id] === "out",
      resources: resourcesFor(actor, i),
    })),
    sideLabels: fight.sideLabels,
    isGM: true,
    grouped: mode.grouped,
    revision: journal.revision,
    canUndo: journal.revision > 0,
    mayIssue: () => true,
  });
}

export interface ModeState {
  readonly mode: ModeId;
  readonly state: string;
  /** The rendered tracker (or setup panel) for the GM. */
  readonly html: string;
  readonly click?: string;
  readonly padBottom?: number;
}

/** Plays one fight's stages through the real engine, rendering the GM's tracker at each. */
function playFight(id: ModeId, fight: Fight, actor: string): ModeState[] {
  const mode = COMBAT_MODES[id];
  if (!mode) throw new Error(`COMBAT_MODES has no ${id} mode`);
  const opened = openJournal(mode.engine, mode.buildSetup(fight.cast, fight.start), 7);
  if (!opened.ok) throw new Error(`${id}: the sample fight was refused at the start: ${opened.reason}`);
  let j: Journal<unknown, unknown, TurnCommand> = opened.state;
  const out: ModeState[] = [];
  for (const stage of fight.stages) {
    for (const move of stage.moves) {
      for (let n = 0; n < 200; n++) {
        const view = mode.engine.view(j.state);
        if (move.until?.(view)) break;
        const next = move.pick(offered(fight, mode.engine.legal(j.state)), view);
        if (!next) throw new Error(`${id} ${stage.state}: no legal command to pick (phase ${view.phase})`);
        const r = record(mode.engine, j, next);
        if (!r.ok) throw new Error(`${id} ${stage.state}: ${JSON.stringify(next)} was refused: ${r.reason}`);
        j = r.state;
        if (!move.until) break;
      }
    }
    const html = render("templates/combat/tracker.hbs", contextOf(id, fight, j, actor));
    out.push({ mode: id, state: stage.state, html, click: stage.click, padBottom: stage.padBottom });
  }
  return out;
}

/** The GM's setup panel for a mode, before the start, with the mode's first fight's cast. */
function setupState(id: ModeId, script: ModeScript): ModeState {
  const mode = COMBAT_MODES[id];
  const fight = script.fights[0];
  if (!mode || !fight) throw new Error(`no ${id} setup`);
  const html = render(
    "templates/combat/tracker-part.hbs",
    setupContext({
      mode: id,
      modes: Object.keys(COMBAT_MODES),
      ...setupOptionsFor(mode),
      combatants: fight.cast.map((c) => ({
        id: c.id,
        name: c.name,
        img: `icons/${c.id}-portrait.webp`,
        side: c.side,
        hidden: false,
        stats: c.stats,
      })),
      sideLabels: fight.sideLabels,
      groups: Object.keys(fight.sideLabels),
      start: { sideOrder: fight.start.sideOrder, ...script.setup },
      isGM: true,
    }),
  );
  return { mode: id, state: "setup", html };
}

/** Every mode's states, in order: setup first, then each fight's stages (ended among them). */
export function modeStates(): ModeState[] {
  return MODE_IDS.flatMap((id) => {
    const script = SCRIPTS[id];
    return [setupState(id, script), ...script.fights.flatMap((f) => playFight(id, f, script.actor))];
  });
}
