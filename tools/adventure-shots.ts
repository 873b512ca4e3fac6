/**
 * Screenshots of each rule set's adventure as a GM sees it right after the import (issue 29): the scene's combat in
 * the tracker before Begin (with the footer's Begin) and just after it, and the fight tab of every actor's sheet,
 * light and dark. The adventure is the build's own (tools/adventures.mjs), imported through the fake of v13's
 * Adventure import; the tracker and sheet contexts come from the same pure builders Fray's classes use.
 * `npm run screenshots -- adventure` takes only these. Core icons are shown from a Foundry v13 mirror when one is at
 * hand (coreIcon); otherwise the screenshot script's placeholders stand in.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import type Handlebars from "handlebars";
import { RULESETS, type RulesetId } from "../src/core/rulesets.js";
import { openJournal } from "../src/core/shared/journal.js";
import { shown } from "../src/core/shared/shown.js";
import { attackCardFor } from "../src/foundry/rulesets/index.js";
import { authorise } from "../src/foundry/combat/requests/authority.js";
import { rosterFrom } from "../src/foundry/combat/fight/combat-roster.js";
import { COMBAT_MODES } from "../src/foundry/rulesets/index.js";
import type { RosterEntry } from "../src/foundry/combat/fight/roster.js";
import { withInitial } from "../src/foundry/data/field-spec.js";
import { modelFor } from "../src/foundry/data/models.js";
import { sheetView } from "../src/foundry/sheets/view/sheet-context.js";
import { ACTOR_TABS, actorParts, partContext, sheetSize, TAB_GROUP } from "../src/foundry/sheets/view/sheet-layout.js";
import { setupContext, setupOptionsFor } from "../src/foundry/tracker/setup-context.js";
import { trackedResources } from "../src/foundry/tracker/tracked-resources.js";
import { trackerContext } from "../src/foundry/tracker/tracker-context.js";
import { FakeAdventure, FakeWorld } from "../test/fakes/foundry-adventure.js";
import { compile, createHandlebars, lookup, render } from "../test/fakes/handlebars-env.js";
import { prepareTabs } from "../test/fakes/foundry-tabs.js";
import { adventureDocument } from "./adventures.mjs";
import { MIRROR } from "./core-icons.mjs";
import type { Shot, Theme } from "./screenshot-page.js";

type Doc = Record<string, unknown> & { _id: string; name: string };
const THEMES: readonly Theme[] = ["light", "dark"];

/** A core icon's bytes from the Foundry v13 mirror, or null (no mirror, or no such icon). */
export function coreIcon(path: string): Buffer | null {
  if (!/^icons\/[a-z0-9/-]+\.(webp|svg)$/.test(path) || !existsSync(MIRROR)) return null;
  try {
    return execFileSync("git", ["-C", MIRROR, "show", `HEAD:foundryvtt/public/${path}`], {
      maxBuffer: 8 * 1024 * 1024,
    });
  } catch {
    return null;
  }
}

/** The world right after the GM imported the rule set's adventure. */
async function importedWorld(ruleset: RulesetId) {
  const world = new FakeWorld();
  await new FakeAdventure(adventureDocument(".", ruleset), { id: `fray.${ruleset}-adventure`, system: "fray" }).import(
    world,
    {
      dialog: false,
    },
  );
  const scene = world.collection("Scene").contents[0] as Doc;
  const combat = world.collection("Combat").contents[0] as Doc;
  const actors = world.collection("Actor").contents as Doc[];
  const tokens = scene.tokens as Doc[];
  const combatants = (combat.combatants as Doc[]).map((c) => {
    const token = tokens.find((t) => t._id === c.tokenId)!;
    return { combatant: c, token, actor: actors.find((a) => a._id === c.actorId)! };
  });
  return { combat, combatants, actors };
}

/** A side's label as the tracker gives it: the turn order's own side names are localised, a faction's is its name. */
const sideLabel = (side: string) => lookup(`FRAY.Side.${side}`) ?? side;

async function trackerShots(ruleset: RulesetId): Promise<Shot[]> {
  const { combat, combatants } = await importedWorld(ruleset);
  const mode = COMBAT_MODES[String(combat.type)]!;
  const roster: RosterEntry[] = rosterFrom(
    combatants.map(({ combatant, token, actor }) => ({
      id: combatant._id,
      name: String(combatant.name),
      hidden: false,
      groupId: (combatant.group as string | null) ?? null,
      disposition: Number(token.disposition),
      defeated: false,
      playerOwned: false,
      actorSystem: actor.system,
    })),
    COMBAT_MODES[mode.id]!.sides,
  );
  const img = (id: string) =>
    String((combatants.find((c) => c.combatant._id === id)?.token.texture as { src?: string }).src ?? "");
  const groups = combat.groups as Doc[];
  const labels = Object.fromEntries(
    roster.map((r) => [r.side, groups.find((g) => g._id === r.side)?.name ?? sideLabel(r.side)]),
  );
  const setup = setupContext({
    mode: mode.id,
    modes: Object.keys(COMBAT_MODES),
    ...setupOptionsFor(mode),
    combatants: roster.map((r) => ({
      id: r.id,
      name: r.name,
      img: img(r.id),
      side: r.side,
      hidden: false,
      stats: r.stats,
    })),
    sideLabels: labels,
    groups: groups.map((g) => g._id),
    start: {},
    isGM: true,
  });
  const opened = openJournal(mode.engine, mode.buildSetup(roster, {}), 29);
  if (!opened.ok) throw new Error(`${ruleset}: the adventure's fight does not begin: ${opened.reason}`);
  const journal = opened.state;
  const view = mode.engine.view(journal.state);
  const sides = new Map(roster.map((r) => [r.id, r.side]));
  const list = roster.map((r) => ({ id: r.id, name: r.name, hidden: false, testUserPermission: () => true }));
  const begun = trackerContext({
    view,
    legal: mode.engine.legal(journal.state),
    combatants: roster.map((r) => {
      const actor = combatants.find((c) => c.combatant._id === r.id)!.actor;
      const resources = trackedResources(modelFor("Actor", String(actor.type)), actor.system);
      return {
        id: r.id,
        name: r.name,
        img: img(r.id),
        side: r.side,
        hidden: false,
        owned: true,
        defeated: false,
        resources,
      };
    }),
    sideLabels: labels,
    isGM: true,
    grouped: mode.grouped,
    revision: journal.revision,
    canUndo: false,
    mayIssue: (command) =>
      authorise({
        combat: { combatants: { get: (id: string) => list.find((c) => c.id === id), contents: list } },
        user: { id: "gm", name: "GM", isGM: true },
        command,
        sides,
        view: () => view,
        held: (id) => mode.engine.held(journal.state, id),
      }) === null,
  });
  const footer = (begin: boolean) => render("templates/combat/footer.hbs", { frayFooter: { begin, end: true } });
  return THEMES.flatMap((theme) => [
    sidebar(
      `adventure-${ruleset}-tracker-setup-${theme}`,
      `Combat Tracker (GM, ${ruleset} adventure, imported)`,
      theme,
      render("templates/combat/tracker-part.hbs", setup) + footer(true),
    ),
    sidebar(
      `adventure-${ruleset}-tracker-begun-${theme}`,
      `Combat Tracker (GM, ${ruleset} adventure, after Begin)`,
      theme,
      render("templates/combat/tracker.hbs", begun) + footer(false),
    ),
  ]);
}

const sidebar = (file: string, title: string, theme: Theme, html: string): Shot => ({
  file,
  title,
  html,
  frame: "sidebar",
  theme,
  width: 300,
});

/** An imported actor's sheet on its fight tab, as FrayActorSheet builds it, from the actor's own data and items. */
function actorSheet(hb: typeof Handlebars, actor: Doc): { html: string; width: number; height: number } {
  const type = String(actor.type);
  const meta = modelFor("Actor", type);
  if (!meta) throw new Error(`no model for ${type}`);
  const system = withInitial(meta.fields, actor.system as Record<string, unknown>);
  const rootId = `fray-sheet-${actor._id}`;
  const items = ((actor.items as Doc[] | undefined) ?? []).map((i) => ({
    id: i._id,
    name: i.name,
    img: String(i.img),
    type: String(i.type),
    system: i.system as Record<string, unknown>,
  }));
  const enriched = Object.fromEntries(
    Object.entries(meta.fields).flatMap(([k, f]) => (f.kind === "html" ? [[k, shown(system[k] ?? "")]] : [])),
  );
  const card = attackCardFor(meta.ruleset);
  const fray = sheetView(meta, system, {
    idPrefix: rootId,
    editable: true,
    items,
    attackItems: card?.attackItems ?? [],
    attacksWith: (i) => card?.attacksWith?.(i) ?? true,
    combatSides: [],
    plays: true,
    enriched,
  });
  const context = {
    document: { name: actor.name, img: String(actor.img), uuid: `Actor.${actor._id}` },
    editable: true,
    rootId,
    fray,
    tabs: prepareTabs(ACTOR_TABS, TAB_GROUP, "fight"),
  };
  const parts = Object.entries(actorParts(type)).map(([id, p]) => ({
    id,
    template: p.template.replace(/^systems\/fray\//, ""),
  }));
  const html = parts.map((p) => compile(hb, p.template)(partContext(p.id, context)).trim()).join("\n");
  return { html, ...sheetSize(meta) };
}

async function sheetShots(ruleset: RulesetId): Promise<Shot[]> {
  const hb = createHandlebars();
  const { actors } = await importedWorld(ruleset);
  return actors.flatMap((actor) => {
    const sheet = actorSheet(hb, actor);
    const slug = actor.name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
    return THEMES.map((theme) => ({
      file: `adventure-${ruleset}-sheet-${slug}-${theme}`,
      title: actor.name,
      html: sheet.html,
      frame: "window" as const,
      theme,
      width: sheet.width,
      height: sheet.height,
      classes: "fray fray-sheet fray-actor-sheet",
      fits: ".fray-tab.active",
    }));
  });
}

/** Every adventure's tracker and sheet shots. */
export async function adventureShots(): Promise<Shot[]> {
  const out: Shot[] = [];
  for (const ruleset of RULESETS) out.push(...(await trackerShots(ruleset)), ...(await sheetShots(ruleset)));
  return out;
}
