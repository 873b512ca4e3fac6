/**
 * The HTML page the screenshot script opens for one rendered template: a small neutral stand-in for
 * Foundry's own interface styles, then Fray's stylesheets exactly as shipped, then the template's HTML
 * inside a frame shaped like the place Foundry shows it (the sidebar, or an application window).
 * Pure apart from reading the stylesheets, so a test can check the page without a browser.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { openJournal, record, type Journal } from "../src/core/shared/journal.js";
import { readFight } from "../src/foundry/combat/fight/journal.js";
import { initialData } from "../src/foundry/data/field-spec.js";
import { factionsCharacter, teamsCharacter } from "../src/foundry/data/specs/index.js";
import { trackedResources } from "../src/foundry/tracker/tracked-resources.js";
import { COMBAT_MODES } from "../src/foundry/rulesets/index.js";
import type { RosterEntry } from "../src/foundry/combat/fight/roster.js";
import type { TurnCommand } from "../src/foundry/combat/fight/turn-command.js";
import { authorise } from "../src/foundry/combat/requests/authority.js";
import { setupContext, type SetupCombatant } from "../src/foundry/tracker/setup-context.js";
import { trackerContext, type TrackerCombatant } from "../src/foundry/tracker/tracker-context.js";
import { createHandlebars, render } from "../test/fakes/handlebars-env.js";
import { ACTOR_MODELS, ITEM_MODELS } from "../src/foundry/data/models.js";
import { ACTOR_TAB_IDS, sheetSize, type ActorTabId } from "../src/foundry/sheets/view/sheet-layout.js";
import { renderSampleSheet, SAMPLE_ACTORS, SAMPLE_ITEMS } from "./sample-data.js";
import { modeStates, THEMES } from "./tracker-mode-shots.js";

export type Frame = "sidebar" | "window";
export type Theme = "dark" | "light";

export interface Shot {
  /** File name under screenshots/, without .png. */
  readonly file: string;
  /** Window title (window frame) or tab title (sidebar). */
  readonly title: string;
  /** The rendered template. */
  readonly html: string;
  readonly frame: Frame;
  readonly theme: Theme;
  /** Width of the frame in CSS pixels: Foundry's sidebar is 300, sheets open at their default size. */
  readonly width: number;
  /** Height of a window frame in CSS pixels (the sheet's default); without it the window grows to its content. */
  readonly height?: number;
  /** A CSS selector whose element must show whole, without scrolling; the script reports one that scrolls. */
  readonly fits?: string;
  /** A CSS selector the script tabs to before the picture, to show keyboard focus. */
  readonly focus?: string;
  /** A CSS selector the script clicks before the picture (to open a menu). */
  readonly click?: string;
  /** Room under the frame for something that opens below it, in CSS pixels. */
  readonly padBottom?: number;
  /** Extra classes on the window, as the sheet class's DEFAULT_OPTIONS.classes puts them on the application. */
  readonly classes?: string;
  /** The sidebar tab the html is shown in: the combat tracker (the default) or the chat log, as one message. */
  readonly tab?: "combat" | "chat";
  /** In the chat log: the message's sender, and whether it is a blind roll (Foundry marks those). */
  readonly message?: { readonly sender: string; readonly blind?: boolean };
}

/**
 * STAND-IN, NOT FOUNDRY'S CSS. Foundry's real stylesheets (fonts, colours, form controls, window chrome)
 * are licensed and absent here; these few rules only give the page a plausible neutral base so Fray's own
 * styles can be judged on top of it. Values approximate Foundry v13's dark interface and light sheets.
 */
export const FOUNDRY_STAND_IN_CSS = `
/* ---- STAND-IN for Foundry VTT v13 base styles (screenshots only; not shipped) ---- */
*, *::before, *::after { box-sizing: border-box; }
html { font-size: 14px; }
body {
  margin: 0; padding: 16px; background: #3a3f44;
  font-family: "Signika", "Segoe UI", "Helvetica Neue", Arial, sans-serif; line-height: 1.35;
}
.theme-dark {
  color-scheme: dark; color: #efe6d8; background: #1d1e22;
  --color-text-primary: #efe6d8; --color-text-secondary: #b8ae9e; --color-text-subtle: #8f877a; --color-border: #4b4a44;
  --color-warm-1: #ee9b3a; --color-text-accent: #ee9b3a; --color-tabs-border: #4b4a44; --color-fieldset-border: #4b4a44;
  --color-level-error: #e05c5c; --color-level-warning: #e4a23a;
  --color-level-info: #6fa8dc; --color-level-success: #6ab04c;
}
.theme-light {
  color-scheme: light; color: #191813; background: #eae6dc;
  --color-text-primary: #191813; --color-text-secondary: #4b4a44; --color-text-subtle: #6b675c; --color-border: #9f9275;
  --color-warm-1: #c9593f; --color-text-accent: #b5441f; --color-tabs-border: #9f9275; --color-fieldset-border: #9f9275;
  --color-level-error: #b3261e; --color-level-warning: #9a5b00;
  --color-level-info: #1f5f99; --color-level-success: #2e7d32;
}
h1, h2, h3, h4 { margin: 0; font-weight: 600; }
/* Foundry v13 declares its cascade layers first and styles form controls in "elements.forms" (public/css/foundry2.css):
   a system's own layers come after them and win. So do the stand-in's controls. */
@layer reset, variables, elements, blocks, applications, compatibility, layouts, system, modules, exceptions;
@layer elements {
button {
  font: inherit; color: inherit; cursor: pointer; min-height: 28px; padding: 2px 8px;
  border: 1px solid var(--color-border); border-radius: 4px;
  background: color-mix(in srgb, currentColor 10%, transparent);
}
input, select, textarea {
  font: inherit; color: inherit; min-height: 28px; padding: 2px 6px;
  border: 1px solid var(--color-border); border-radius: 3px;
  background: color-mix(in srgb, currentColor 6%, transparent);
}
input[type="checkbox"] { min-height: 0; width: 16px; height: 16px; }
}
img { display: inline-block; }
/* The sidebar column Foundry shows the combat tracker in. */
.standin-sidebar { border: 1px solid #000; border-radius: 6px; overflow: hidden; box-shadow: 0 0 12px #0008; }
.standin-sidebar > .standin-tab-title {
  margin: 0; padding: 6px 10px; font-size: 1rem; border-bottom: 1px solid var(--color-border);
}
.standin-sidebar > .standin-tab { padding: 6px; }
/* The chat log: one message, its header (sender, time) above its content, as Foundry v13 draws it. */
.standin-sidebar > .standin-tab.chat-sidebar { padding: 6px 4px; }
.standin-chat-log { list-style: none; margin: 0; padding: 0; }
.standin-chat-log > .chat-message {
  margin: 0; padding: 6px 8px 8px; border: 1px solid var(--color-border); border-radius: 6px;
  background: color-mix(in srgb, currentColor 5%, transparent);
}
.standin-chat-log > .chat-message.blind { border-style: dashed; }
.chat-message > .message-header {
  display: flex; align-items: baseline; gap: 6px; margin: 0 0 6px; padding-bottom: 4px; font-size: 0.9em;
  border-bottom: 1px solid color-mix(in srgb, currentColor 20%, transparent);
}
.chat-message .message-sender { flex: 1; margin: 0; font-size: 1em; font-weight: 700; }
.chat-message .message-metadata { color: var(--color-text-secondary); font-size: 0.85em; }
/* An application window: title bar and content. */
.standin-window {
  display: flex; flex-direction: column; border: 1px solid #000; border-radius: 6px; overflow: hidden;
  box-shadow: 0 0 16px #000a;
}
.standin-window > .window-header {
  display: flex; align-items: center; gap: 8px; padding: 6px 10px; background: #0b0a13; color: #efe6d8; font-size: 1rem;
}
.standin-window .window-title { margin: 0; font-size: 1rem; font-weight: 400; }
.standin-window > .window-header { flex: none; }
.standin-window > .window-content {
  flex: 1; min-height: 0; display: flex; flex-direction: column; overflow: hidden auto; padding: 10px;
}
/* <prose-mirror> is Foundry's custom element: without Foundry's script it shows its closed content as a block. */
prose-mirror { display: block; }
/* Font Awesome (Foundry ships it) is absent: a few look-alike glyphs for the icons Fray's templates use. */
i[class*="fa-"] { font-style: normal; }
.fa-pen-to-square::before { content: "\\270E"; }
.fa-trash::before { content: "\\2715"; }
.fa-plus::before { content: "+"; }
/* ---- end of stand-in ---- */
`;

/** Fray's stylesheets: those system.json lists, in its order, then any other file in styles/ (not listed yet). */
export function systemCss(root = "."): { file: string; css: string }[] {
  const manifest = JSON.parse(readFileSync(join(root, "system.json"), "utf8")) as { styles?: unknown };
  const listed = Array.isArray(manifest.styles)
    ? manifest.styles.filter((s): s is string => typeof s === "string")
    : [];
  const dir = join(root, "styles");
  const present = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith(".css"))
        .sort()
        .map((f) => `styles/${f}`)
    : [];
  const files = [...listed.filter((f) => existsSync(join(root, f))), ...present.filter((f) => !listed.includes(f))];
  return files.map((file) => ({ file, css: readFileSync(join(root, file), "utf8") }));
}

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] ?? c);

export function pageHtml(shot: Shot, styles: readonly { file: string; css: string }[]): string {
  const fray = styles.map((s) => `<style data-file="${escapeHtml(s.file)}">\n${s.css}\n</style>`).join("\n");
  const title = escapeHtml(shot.title);
  const framed =
    shot.frame === "sidebar"
      ? `<aside class="standin-sidebar theme-${shot.theme}" style="width:${shot.width}px">
  <h2 class="standin-tab-title">${title}</h2>
  ${shot.tab === "chat" ? chatTab(shot) : combatTab(shot)}
</aside>`
      : `<div class="standin-window application sheet ${escapeHtml(shot.classes ?? "")} theme-${shot.theme}"
  style="width:${shot.width}px${shot.height ? `; height:${shot.height}px` : ""}">
  <header class="window-header"><h1 class="window-title">${title}</h1></header>
  <section class="window-content">${shot.html}</section>
</div>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${title}</title>
<style data-file="stand-in">${FOUNDRY_STAND_IN_CSS}</style>
${fray}
</head>
<body>
<div class="standin-frame" style="display:inline-block; padding-bottom:${shot.padBottom ?? 0}px">
${framed}
</div>
</body>
</html>`;
}

/** The combat tracker's tab of the sidebar, holding the shot's HTML. */
function combatTab(shot: Shot): string {
  return `<section id="combat" class="standin-tab tab sidebar-tab combat-sidebar active">${shot.html}</section>`;
}

/** The chat log with the shot's html as one message's content, as Foundry v13's ChatLog renders a message. */
function chatTab(shot: Shot): string {
  const sender = escapeHtml(shot.message?.sender ?? "Gamemaster");
  const blind = shot.message?.blind ? " blind" : "";
  return `<section id="chat" class="standin-tab tab sidebar-tab chat-sidebar active">
  <ol class="standin-chat-log chat-log">
    <li class="chat-message message flexcol${blind}">
      <header class="message-header flexrow">
        <h4 class="message-sender">${sender}</h4>
        <span class="message-metadata"><time class="message-timestamp">Now</time></span>
      </header>
      <div class="message-content">${shot.html}</div>
    </li>
  </ol>
</section>`;
}

/** A placeholder portrait for a combatant or item image: initials on a colour derived from the path. */
export function placeholderImage(path: string): string {
  const base = decodeURIComponent(path.split("/").pop() ?? "?").replace(/\.[a-z0-9]+$/i, "");
  const letters =
    base
      .replace(/-portrait$/, "")
      .replace(/[^a-z0-9]/gi, "")
      .slice(0, 2)
      .toUpperCase() || "?";
  let h = 0;
  for (const ch of path) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">
<rect width="64" height="64" rx="6" fill="hsl(${h} 35% 38%)"/>
<text x="32" y="41" font-family="Arial, sans-serif" font-size="24" font-weight="700" text-anchor="middle"
  fill="#f4efe6">${escapeHtml(letters)}</text>
</svg>`;
}

// ---- The combat tracker, fed from a real teams fight (as test/foundry/tracker/tracker-render.test.ts builds it) ----

type Viewer = "alice" | "gm";

/** Players Roland (Alice's) and Clementine (Carol's); guards run by the GM, one of them a hidden ambusher. */
const TRACKER_CAST = [
  { id: "a1", name: "Roland", side: "players", hidden: false, owner: "alice" },
  { id: "a2", name: "Clementine", side: "players", hidden: false, owner: "carol" },
  { id: "g1", name: "Guard Captain", side: "guards", hidden: false, owner: "gm" },
  { id: "g2", name: "Guard", side: "guards", hidden: false, owner: "gm" },
  { id: "g3", name: "Lurking Assassin", side: "guards", hidden: true, owner: "gm" },
] as const;

function trackerCombatants(viewer: Viewer): TrackerCombatant[] {
  return TRACKER_CAST.map((c) => ({
    id: c.id,
    name: c.name,
    img: `icons/${c.id}-portrait.webp`,
    side: c.side,
    hidden: c.hidden,
    owned: viewer === "gm" || c.owner === viewer,
    defeated: false,
    // As the tracker fills them: an owner or the GM sees the actor's tracked numbers.
    resources:
      viewer === "gm" || c.owner === viewer
        ? trackedResources(teamsCharacter, { ...initialData(teamsCharacter.fields), health: { value: 9, max: 12 } })
        : [],
  }));
}

/** The tracker's context for one viewer after the given commands, through the real teams engine and journal. */
export function trackerFightContext(viewer: Viewer, commands: readonly TurnCommand[] = []) {
  const mode = COMBAT_MODES.teams;
  if (!mode) throw new Error("COMBAT_MODES has no teams mode");
  const roster: RosterEntry[] = trackerCombatants("gm").map((c) => ({
    id: c.id,
    name: c.name,
    side: c.side,
    hidden: c.hidden,
    stats: {},
  }));
  let j = openJournal(mode.engine, mode.buildSetup(roster, { sideOrder: ["players", "guards"] }), 3);
  for (const c of commands) j = j.ok ? record(mode.engine, j.state, c) : j;
  if (!j.ok) throw new Error(`the sample fight was refused: ${j.reason}`);
  const journal = j.state;
  // The same permission check the GM's request handler runs, against a stand-in combat and user.
  const user = viewer === "gm" ? { id: "gm", name: "GM", isGM: true } : { id: "alice", name: "Alice", isGM: false };
  const list = trackerCombatants(viewer).map((c) => ({
    ...c,
    testUserPermission: (u: { isGM: boolean }) => u.isGM || c.owned,
  }));
  const combat = { combatants: { get: (id: string) => list.find((c) => c.id === id), contents: list } };
  return trackerContext({
    view: mode.engine.view(journal.state),
    legal: mode.engine.legal(journal.state),
    combatants: trackerCombatants(viewer),
    sideLabels: { players: "Players", guards: "Guards" },
    isGM: viewer === "gm",
    grouped: true,
    revision: journal.revision,
    canUndo: journal.revision > 0,
    mayIssue: (command) =>
      authorise({
        combat,
        user,
        command,
        sides: new Map(list.map((c) => [c.id, c.side])),
        view: () => mode.engine.view(journal.state),
        held: (id) => mode.engine.held(journal.state, id),
      }) === null,
  });
}

/** Roland has acted; the hidden assassin is acting for the guards. */
const AMBUSH: readonly TurnCommand[] = [
  { type: "act", combatant: "a1" },
  { type: "endTurn", combatant: "a1" },
  { type: "act", combatant: "g3" },
];

export function trackerShots(): Shot[] {
  const sidebar = (file: string, title: string, html: string, extra: Partial<Shot> = {}): Shot => ({
    file,
    title,
    html,
    frame: "sidebar",
    theme: "dark",
    width: 300,
    ...extra,
  });
  const fight = (viewer: Viewer, commands: readonly TurnCommand[]) =>
    render("templates/combat/tracker.hbs", trackerFightContext(viewer, commands));
  return [
    sidebar("tracker-gm-start", "Combat Tracker (GM)", fight("gm", [])),
    sidebar("tracker-player-start", "Combat Tracker (Alice)", fight("alice", [])),
    sidebar("tracker-gm-hidden-acting", "Combat Tracker (GM)", fight("gm", AMBUSH)),
    sidebar("tracker-player-hidden-acting", "Combat Tracker (Alice)", fight("alice", AMBUSH)),
    sidebar("tracker-gm-light", "Combat Tracker (GM, light theme)", fight("gm", AMBUSH), {
      theme: "light",
      focus: "[data-action=frayUndo]",
    }),
    sidebar("tracker-player-focus", "Combat Tracker (Alice, keyboard focus)", fight("alice", []), {
      focus: ".fray-button",
    }),
    sidebar(
      "tracker-gm-setup",
      "Combat Tracker (GM, before the start)",
      render("templates/combat/tracker-part.hbs", setupShotContext(true)),
    ),
    sidebar(
      "tracker-player-setup",
      "Combat Tracker (Alice, before the start)",
      render("templates/combat/tracker-part.hbs", setupShotContext(false)),
    ),
    sidebar(
      "tracker-gm-delay-menu",
      "Combat Tracker (GM, strain: Delay)",
      render("templates/combat/tracker.hbs", delayShotContext()),
      {
        click: ".fray-delay-menu > summary",
        padBottom: 20,
      },
    ),
    sidebar(
      "tracker-gm-morale",
      "Combat Tracker (GM, factions: morale)",
      render("templates/combat/tracker.hbs", moraleShotContext()),
    ),
    sidebar(
      "tracker-gm-sections-turn",
      "Combat Tracker (GM, sections: a turn's controls)",
      render("templates/combat/tracker.hbs", sectionsShotContext()),
      {
        click: ".fray-combatant.active .fray-more > summary",
        padBottom: 120,
      },
    ),
    sidebar(
      "tracker-gm-damaged",
      "Combat Tracker (GM, a damaged fight)",
      render("templates/combat/tracker-part.hbs", {
        damaged: { ...readFight({ journal: { engine: "teams", setup: {}, log: "?" } }), isGM: true },
      }),
    ),
    sidebar(
      "tracker-player-damaged",
      "Combat Tracker (Alice, a damaged fight)",
      render("templates/combat/tracker-part.hbs", {
        damaged: { ...readFight({ journal: { engine: "teams", setup: {}, log: "?" } }), isGM: false },
      }),
    ),
    sidebar(
      "tracker-gm-footer",
      "Combat Tracker footer (GM, before the start)",
      render("templates/combat/footer.hbs", { frayFooter: { begin: true, end: true } }),
    ),
    // Every combat mode's states, the GM's view, light and dark: tracker-<mode>-<state>-<theme>.
    ...modeStates().flatMap((s) =>
      THEMES.map((theme) =>
        sidebar(`tracker-${s.mode}-${s.state}-${theme}`, `Combat Tracker (GM, ${s.mode}: ${s.state})`, s.html, {
          theme,
          ...(s.click ? { click: s.click } : {}),
          ...(s.padBottom ? { padBottom: s.padBottom } : {}),
        }),
      ),
    ),
  ];
}

function setupShotContext(isGM: boolean) {
  const combatants: SetupCombatant[] = TRACKER_CAST.map((c) => ({
    id: c.id,
    name: c.name,
    img: `icons/${c.id}-portrait.webp`,
    side: c.side,
    hidden: c.hidden,
  }));
  return setupContext({
    mode: "teams",
    modes: ["ranked", "rolled", "teams", "factions", "sections"],
    grouped: true,
    initiators: false,
    combatants,
    sideLabels: { players: "Players", guards: "Guards", reinforcements: "Reinforcements" },
    // A side the GM has just made, with nobody on it yet: a drop target.
    groups: ["players", "guards", "reinforcements"],
    start: { sideOrder: ["players", "guards"], surprise: ["guards"] },
    isGM,
  });
}

/** A scripted run of one combat mode, choosing each command from the legal list (as tracker-prompts.test.ts does). */
function scripted(
  mode: string,
  roster: RosterEntry[],
  sideOrder: string[],
  choose: (legal: TurnCommand[]) => TurnCommand | undefined,
  steps: number,
) {
  const m = COMBAT_MODES[mode];
  if (!m) throw new Error(`COMBAT_MODES has no ${mode} mode`);
  const opened = openJournal(m.engine, m.buildSetup(roster, { sideOrder }), 5);
  if (!opened.ok) throw new Error(opened.reason);
  let j: Journal<unknown, unknown, TurnCommand> = opened.state;
  for (let i = 0; i < steps; i++) {
    const next = choose(m.engine.legal(j.state));
    if (!next) break;
    const r = record(m.engine, j, next);
    if (!r.ok) throw new Error(r.reason);
    j = r.state;
  }
  return trackerContext({
    view: m.engine.view(j.state),
    legal: m.engine.legal(j.state),
    combatants: roster.map((r, i) => ({
      id: r.id,
      name: r.name,
      img: `icons/${r.id}-portrait.webp`,
      side: r.side,
      hidden: false,
      owned: true,
      defeated: false,
      // Factions rows show health and WIT, which the morale prompt repeats (the check is a WIT save).
      resources:
        mode === "factions"
          ? trackedResources(factionsCharacter, { ...initialData(factionsCharacter.fields), wit: 9 + i })
          : [],
    })),
    sideLabels: Object.fromEntries(sideOrder.map((s) => [s, s.charAt(0).toUpperCase() + s.slice(1)])),
    isGM: true,
    grouped: m.grouped,
    revision: j.revision,
    canUndo: j.revision > 0,
    mayIssue: () => true,
  });
}

/**
 * Sections: the first member of the side up has acted and drawn; Move, the Phases, discard and the GM's controls wait
 * in More.
 */
function sectionsShotContext() {
  const roster: RosterEntry[] = [
    ["k1", "Kassia", "heroes"],
    ["k2", "Dario", "heroes"],
    ["w1", "Warden", "wardens"],
  ].map(([id, name, side]) => ({
    id: id as string,
    name: name as string,
    side: side as string,
    hidden: false,
    stats: {},
  }));
  let step = 0;
  return scripted(
    "sections",
    roster,
    ["heroes", "wardens"],
    (legal) => (step++ === 0 ? legal.find((c) => c.type === "act") : legal.find((c) => c.type === "draw")),
    2,
  );
}

/** Strain (rolled order): past Round Zero, Bob may delay until after any later character (STR-06). */
function delayShotContext() {
  const roster: RosterEntry[] = ["Bob", "Alice", "Carl"].map((name, i) => ({
    id: name.toLowerCase(),
    name,
    side: i ? "npc" : "pc",
    hidden: false,
    stats: { initiative: 3 - i },
  }));
  return scripted(
    "rolled",
    roster,
    ["pc", "npc"],
    (legal) =>
      legal.find((c) => c.type === "endTurn") ??
      legal.find((c) => c.type === "position") ??
      legal.find((c) => c.type === "act"),
    6,
  );
}

/**
 * Factions: half the bandits are out and everyone passes, so the GM is prompted for a morale check (FAC-53, FAC-54).
 */
function moraleShotContext() {
  const names: Record<string, string> = { b1: "Bandit Leader", b2: "Bandit", p1: "Balthasar", p2: "Agnessa" };
  const roster: RosterEntry[] = Object.entries(names).map(([id, name]) => ({
    id,
    name,
    side: id.startsWith("b") ? "bandits" : "players",
    hidden: false,
    stats: { wit: 10, health: 10, healthMax: 10 },
  }));
  let hurt = false;
  return scripted(
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
}

// ---- Actor and item sheets ----

/**
 * Every actor and item sheet at its default window size, light and dark: an actor's fight tab as
 * sheet-<type>-<theme> and its other tabs as sheet-<type>-<tab>-<theme>, an item's one page as sheet-<type>-<theme>;
 * all from the sheet classes' pure builder and sample data. The fight tab and item pages must fit their window.
 */
export function sheetShots(): Shot[] {
  const hb = createHandlebars();
  const sheet = (type: string, tab: ActorTabId, extra: Partial<Shot> = {}): Shot => {
    const actor = ACTOR_MODELS.some((m) => m.type === type);
    const meta = [...ACTOR_MODELS, ...ITEM_MODELS].find((m) => m.type === type);
    if (!meta) throw new Error(`no model for ${type}`);
    const size = sheetSize(meta);
    const name = [...SAMPLE_ACTORS, ...SAMPLE_ITEMS].find((s) => s.type === type)?.name ?? type;
    return {
      file: `sheet-${type}`,
      title: `${name} (${type})`,
      html: renderSampleSheet(hb, type, true, tab),
      frame: "window",
      theme: "light",
      width: size.width,
      height: size.height,
      classes: `fray fray-sheet ${actor ? "fray-actor-sheet" : "fray-item-sheet"}`,
      // Nothing may scroll on the fight tab or an item sheet at the default size.
      ...(tab === "fight" ? { fits: actor ? ".fray-tab.active" : ".window-content" } : {}),
      ...extra,
    };
  };
  const otherTabs = ACTOR_TAB_IDS.filter((t) => t !== "fight");
  return [
    ...[...SAMPLE_ACTORS, ...SAMPLE_ITEMS].flatMap((s) =>
      THEMES.map((theme) => sheet(s.type, "fight", { file: `sheet-${s.type}-${theme}`, theme })),
    ),
    ...SAMPLE_ACTORS.flatMap((s) =>
      otherTabs.flatMap((tab) =>
        THEMES.map((theme) => sheet(s.type, tab, { file: `sheet-${s.type}-${tab}-${theme}`, theme })),
      ),
    ),
    sheet("factions-character", "fight", { file: "sheet-factions-character-focus", focus: "input[type=number]" }),
    sheet("teams-character", "fight", {
      file: "sheet-teams-character-tab-focus",
      theme: "dark",
      focus: ".fray-tab-button[data-tab=items]",
    }),
  ];
}
