/**
 * Sample actor and item data for every Fray type, as a GM might fill it in from the rule texts
 * (Boudica, Agnessa, Fabian from teams.txt; Balthasar from factions.txt; ...). Used by the
 * screenshot script and the sheet render tests. Every sample is the type's initial data with the
 * sample's own values laid over it, so a new field always has a value here.
 */
import type Handlebars from "handlebars";
import { shown } from "../src/core/shared/shown.js";
import { attackCardFor } from "../src/foundry/rulesets/index.js";
import { initialData } from "../src/foundry/data/field-spec.js";
import { ACTOR_MODELS, ITEM_MODELS } from "../src/foundry/data/models.js";
import { sheetView } from "../src/foundry/sheets/view/sheet-context.js";
import {
  ACTOR_TABS,
  actorParts,
  itemParts,
  partContext,
  TAB_GROUP,
  type ActorTabId,
} from "../src/foundry/sheets/view/sheet-layout.js";
import type { CombatSide } from "../src/foundry/sheets/view/sheet-picks.js";
import { compile } from "../test/fakes/handlebars-env.js";
import { prepareTabs } from "../test/fakes/foundry-tabs.js";

export interface Sample {
  readonly name: string;
  readonly type: string;
  readonly system: Record<string, unknown>;
}

const ACTOR_OVERRIDES: Record<string, { name: string; system: Record<string, unknown> }> = {
  "sections-entity": {
    name: "Ilsa of the Lantern",
    system: {
      move: 1,
      dice: { hit: "d8", miss: "d6", damage: "d8" },
      acrobatics: "d6",
      health: { value: 14, max: 18 },
      senses: { lowLightVision: true, darkvision: false, lightSensitivity: true },
      incanting: true,
      incantationCharges: 2,
    },
  },
  "escalation-unit": {
    name: "Captain Orrin",
    system: {
      level: 3,
      agility: 2,
      accuracy: 3,
      strength: 1,
      hp: { value: 22, max: 30 },
      mp: { value: 6, max: 12 },
      wounds: 1,
      conditions: { prone: false, flatFooted: false, channeling: false, disarmed: false },
    },
  },
  "teams-character": {
    name: "Boudica",
    system: {
      attributes: { strength: "d6", dexterity: "d6" },
      skills: { combat: "d6", athletics: "d4" },
      proficiencies: { finesse: 0, martial: 1, fortitude: 1 },
      evasion: 6,
      damageReduction: { physical: 2, elemental: 1 },
      endurance: { value: 5, max: 12 },
      health: { value: 7, max: 12 },
      constitution: 4,
    },
  },
  "strain-character": {
    name: "Alice",
    system: {
      side: "pc",
      initiative: 2,
      resilience: 1,
      evasion: 2,
      resolve: 0,
      speed: 4,
      fatigue: { load: 2, tolerance: 3 },
      stress: { load: 2, tolerance: 3 },
      wounds: 1,
      stance: "Guarded",
    },
  },
  "factions-character": {
    name: "Balthasar",
    system: { faction: "Players", str: 10, agi: 11, wit: 12, health: { value: 8, max: 12 }, armour: 2 },
  },
};

/** A line of notes for each sample actor, as a GM keeps them, so the notes tab shows a filled editor. */
const ACTOR_NOTES: Record<string, string> = {
  "sections-entity": "<p>Keeper of the lantern road. Will not enter a <strong>dark</strong> section willingly.</p>",
  "escalation-unit": "<p>Commands the river watch; his thralls fight as one.</p>",
  "teams-character": "<p>Spear and shield of the northern band. Owes Clementine a life.</p>",
  "strain-character": "<p>Fights from the reeds; keeps her distance and her patience.</p>",
  "factions-character": "<p>Paid for the whole season, and means to see it through.</p>",
};

/** A second sample of a type an actor carries: strain's Stance comes from a stance ability (STR-13). */
const EXTRA_ITEMS: readonly { name: string; type: string; system: Record<string, unknown> }[] = [
  {
    name: "Guarded",
    type: "strain-ability",
    system: { art: "Basic Combat Abilities", kind: "stance", description: "Braced, blade low: harder to move." },
  },
  // A card that grants special movement (SEC-06, SEC-08): its row has the Play button.
  {
    name: "Wings of ash",
    type: "sections-card",
    system: { phase: "strategy", attack: false, reachKind: "melee", movement: { kind: "fly", distance: 2, height: 0 } },
  },
];

/** The sides of the combat a sample actor is in (a picked faction's choices); actors not listed are in none. */
const SAMPLE_COMBAT_SIDES: Record<string, readonly CombatSide[]> = {
  "factions-character": [
    { id: "Players", label: "Players" },
    { id: "Bandits", label: "Bandits" },
    { id: "hostile", label: "Hostile" },
  ],
};

const ITEM_OVERRIDES: Record<string, { name: string; system: Record<string, unknown> }> = {
  "sections-weapon": { name: "Boar spear", system: { weaponType: "spear", hitDie: "d8", damageDie: "d8" } },
  "sections-armour": { name: "Round shield", system: { missDie: "d8", shield: true } },
  "sections-card": {
    name: "Arc of embers",
    system: {
      reachKind: "range",
      range: 2,
      incantation: 1,
      areaAttack: true,
      areaTargets: "enemies",
      hitDie: "d6",
      damageDie: "d10",
    },
  },
  "escalation-weapon": { name: "Longsword", system: { attack: "melee", damage: "1d8", physical: true } },
  "escalation-armour": { name: "Chain shirt", system: { reduction: 2 } },
  "escalation-spell": { name: "Call the hound", system: { castTime: 3, mpCost: 4, summons: true, thrallCost: 6 } },
  "escalation-feat": { name: "Legion leader", system: { feat: "legionLeader" } },
  "teams-weapon": {
    name: "Spear",
    system: {
      attributes: ["strength", "dexterity"],
      proficiencies: ["finesse", "martial"],
      damage: 4,
      damageType: "piercing",
      criticalThreshold: 19,
      criticalDamage: 8,
      tags: ["reach"],
      durability: { value: 10, max: 10 },
      metal: true,
    },
  },
  "teams-armour": {
    name: "Heater shield",
    system: { kind: "shield", blockValue: 3, parryValue: 2, durability: { value: 8, max: 10 }, metal: true },
  },
  "teams-talent": { name: "Danger sense", system: { cannotBeSurprised: true } },
  "teams-consumable": { name: "Healing tonic", system: { uses: { value: 2, max: 3 } } },
  "strain-art": { name: "Way of the Reed", system: { modifier: 2 } },
  "strain-ability": {
    name: "Pinning shot",
    system: {
      art: "Way of the Reed",
      kind: "action",
      attack: "physical",
      tags: ["ranged", "finisher"],
      range: 5,
      deals: "fatigue",
    },
  },
  "factions-weapon": {
    name: "Crossbow",
    system: { damageDie: "d8", attack: "ranged", range: 6, grip: "great", simple: true },
  },
  "factions-armour": { name: "Gambeson", system: { armour: 1 } },
  "factions-consumable": { name: "Healing draught", system: { uses: { value: 1, max: 1 } } },
};

/** A line of description for each sample item, as a GM would jot it down, so the sheets show a filled text box. */
const ITEM_DESCRIPTIONS: Record<string, string> = {
  "sections-weapon": "Ash shaft, iron leaf head. Keeps a charging beast at arm's length.",
  "sections-armour": "Limewood boards under rawhide, painted with the lantern sigil.",
  "sections-card": "A fan of sparks from the lantern's mouth: every enemy in the section ahead is caught.",
  "escalation-weapon": "A plain soldier's blade, well kept.",
  "escalation-armour": "Riveted rings over a padded jack.",
  "escalation-spell": "Summons a spectral hound that fights beside the caster until the spell lapses.",
  "escalation-feat": "Thralls under this unit's command fight as one.",
  "teams-weapon": "Two metres of ash with a steel head; strikes from the second rank.",
  "teams-armour": "Oak and iron, big enough to hide behind.",
  "teams-talent": "Never caught flat-footed: acts in the surprise round.",
  "teams-consumable": "Bitter herbs in wine. Restores health when drunk.",
  "strain-art": "The archer's patience: wait, bend, and loose when the line is clear.",
  "strain-ability": "An arrow through the boot or sleeve that pins the target in place.",
  "factions-weapon": "Heavy, slow to span, and deadly at range.",
  "factions-armour": "Quilted linen, stuffed with wool.",
  "factions-consumable": "A single swallow of red cordial.",
};

/** `over` laid over `base`, nested objects merged key by key (arrays replaced): how tests and tools vary a sample. */
export function mergeData(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(over)) {
    const b = base[k];
    out[k] =
      v && typeof v === "object" && !Array.isArray(v) && b && typeof b === "object" && !Array.isArray(b)
        ? mergeData(b as Record<string, unknown>, v as Record<string, unknown>)
        : v;
  }
  return out;
}

function samples(
  models: readonly { type: string; fields: Parameters<typeof initialData>[0] }[],
  overrides: typeof ACTOR_OVERRIDES,
): Sample[] {
  return models.map((m) => {
    const o = overrides[m.type];
    return { name: o?.name ?? m.type, type: m.type, system: mergeData(initialData(m.fields), o?.system ?? {}) };
  });
}

export const SAMPLE_ACTORS: readonly Sample[] = samples(ACTOR_MODELS, ACTOR_OVERRIDES).map((s) =>
  ACTOR_NOTES[s.type] ? { ...s, system: { ...s.system, notes: ACTOR_NOTES[s.type] } } : s,
);
export const SAMPLE_ITEMS: readonly Sample[] = samples(ITEM_MODELS, ITEM_OVERRIDES).map((s) =>
  ITEM_DESCRIPTIONS[s.type] ? { ...s, system: { ...s.system, description: ITEM_DESCRIPTIONS[s.type] } } : s,
);

/** The items each sample actor carries: the samples of its own rule set, and the extra ones of that rule set. */
export function sampleItemsFor(actorType: string): Sample[] {
  const ruleset = actorType.split("-")[0];
  const extra = EXTRA_ITEMS.map((e) => {
    const meta = ITEM_MODELS.find((m) => m.type === e.type);
    return { name: e.name, type: e.type, system: mergeData(meta ? initialData(meta.fields) : {}, e.system) };
  });
  return [...SAMPLE_ITEMS, ...extra].filter((i) => i.type.startsWith(`${ruleset}-`));
}

export interface SamplePart {
  readonly id: string;
  /** Path inside the repository. */
  readonly template: string;
}

/**
 * What a sheet renders for one sample: its parts in Foundry's order (an actor's header, tab buttons and one part
 * per tab; an item's one part) and the context the sheet class would give them, built by the same pure
 * `sheetView`, with the tabs Foundry's _prepareTabs gives when `tab` is the active one. The viewer owns the
 * actor, so attack items have their Attack button. For screenshots and render tests.
 */
export function sampleSheet(
  type: string,
  editable = true,
  tab: ActorTabId = "fight",
): { parts: SamplePart[]; context: Record<string, unknown> } {
  const meta = [...ACTOR_MODELS, ...ITEM_MODELS].find((m) => m.type === type);
  const sample = [...SAMPLE_ACTORS, ...SAMPLE_ITEMS].find((s) => s.type === type);
  if (!meta || !sample) throw new Error(`no sample for ${type}`);
  const rootId = `fray-sheet-${type}`;
  const actor = meta.documentName === "Actor";
  const items = actor
    ? sampleItemsFor(type).map((i, n) => ({ id: `item${n}`, name: i.name, img: null, type: i.type, system: i.system }))
    : [];
  // As the sheet's enrichedFields gives them: these samples hold no links or rolls, so enriching changes nothing.
  const enriched = Object.fromEntries(
    Object.entries(meta.fields).flatMap(([k, f]) => (f.kind === "html" ? [[k, shown(sample.system[k] ?? "")]] : [])),
  );
  const fray = sheetView(meta, sample.system, {
    idPrefix: rootId,
    editable,
    items,
    attackItems: attackCardFor(meta.ruleset)?.attackItems ?? [],
    attacksWith: (i) => attackCardFor(meta.ruleset)?.attacksWith?.(i) ?? true,
    combatSides: SAMPLE_COMBAT_SIDES[type] ?? [],
    // Shown as its owner sees it (the sheet's `actor.isOwner`): movement cards have their Play button.
    plays: true,
    enriched,
  });
  const specs = actor ? actorParts(type) : itemParts(type);
  const parts = Object.entries(specs).map(([id, p]) => ({ id, template: p.template.replace(/^systems\/fray\//, "") }));
  const context: Record<string, unknown> = {
    document: { name: sample.name, img: "icons/svg/mystery-man.svg", uuid: `${meta.documentName}.${rootId}` },
    editable,
    rootId,
    fray,
    ...(actor ? { tabs: prepareTabs(ACTOR_TABS, TAB_GROUP, tab) } : {}),
  };
  return { parts, context };
}

/** The whole sheet as Foundry puts it in the window: every part rendered with its own part context, in order. */
export function renderSampleSheet(
  hb: typeof Handlebars,
  type: string,
  editable = true,
  tab: ActorTabId = "fight",
): string {
  const { parts, context } = sampleSheet(type, editable, tab);
  return parts.map((p) => compile(hb, p.template)(partContext(p.id, context)).trim()).join("\n");
}
