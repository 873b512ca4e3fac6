import { describe, expect, it } from "vitest";
import type { RulesetId } from "../../src/core/rulesets.js";
import { RULESETS } from "../../src/core/rulesets.js";
import { valueAt } from "../../src/core/shared/guards.js";
import type { CardActor } from "../../src/foundry/cards/attack-ruleset.js";
import { modelFor } from "../../src/foundry/data/models.js";
import { MEMBER_READERS } from "../../src/foundry/odds/members/index.js";
import { readPackSources } from "../../tools/pack-sources.mjs";

// Issue 29, "Items do what they say": every item of the packs changes what its text says it changes, or its text
// says, after "At the table:", what the GM does because Fray does not. The audit below is the list; a new item, or
// a text that stops saying what the GM does, fails here until it is audited.

/** What changes the fight or the sheet, and the tests that hold it; "table" where the GM plays it instead. */
type Audit = Readonly<Record<string, string>>;
const TABLE = "table";

const AUDIT: { readonly [R in RulesetId]: Audit } = {
  sections: {
    "Arc of embers": "card: Incantation 1, Range 2, Area Attack on enemies (SEC-27, SEC-60..SEC-67)",
    "Arming sword": "card: Hit and Damage dice (SEC-68)",
    "Boar spear": "card: Hit and Damage dice; a Spear ignores the swimming penalty (SEC-71)",
    Charge: "card and canvas: a granted Move 2, then a melee strike (SEC-05, SEC-06)",
    "Cinder storm": "card: Incantation 2, an Area Attack on its own section without the player (SEC-36)",
    Crossbow: "card: Hit and Damage dice (SEC-68)",
    Dagger: "card: Hit and Damage dice; a Dagger ignores the swimming penalty (SEC-71)",
    "Great axe": "card: Hit and Damage dice (SEC-68)",
    "Hand axe": "card: Hit and Damage dice (SEC-68)",
    "Heavy crossbow": "card: Hit and Damage dice (SEC-68)",
    "Hurl the dagger": "card and map: Thrown 1, its own Damage die (SEC-29)",
    "Leather coat": TABLE,
    "Loose an arrow": "card and map: Range 3, not with an enemy in the section (SEC-28)",
    Lunge: "card and map: Reach 1 (SEC-30)",
    "Mail hauberk": TABLE,
    "Round shield": TABLE,
    "Scale the wall": "canvas: a granted Move 1 with Height 2 (SEC-14)",
    "Shadow step": "canvas: a granted Teleport 2 (SEC-09, SEC-10)",
    Shortbow: "card: Hit and Damage dice (SEC-68)",
    Staff: "card: Hit and Damage dice (SEC-68)",
    Strike: "card: a melee Action with the weapon's dice (SEC-27)",
    "War hammer": "card: Hit and Damage dice (SEC-68)",
    "Wings of ash": "canvas: a granted Fly 2 (SEC-08)",
  },
  escalation: {
    Athlete: "sheet and canvas: 2 more movement spaces (ESC-62)",
    "Battle caster": "sheet and card: no flat-footed while channeling (ESC-58)",
    "Call the hound": TABLE,
    "Chain shirt": "card: reduction 2 (ESC-20)",
    Club: "card: 1d8 damage",
    Dagger: "card: 1d4 damage, sneak damage when undetected (ESC-51)",
    Greataxe: "card: 1d12 damage",
    "Leather jerkin": "card: reduction 1 (ESC-20)",
    "Legion leader": "sheet: 2 more summoning slots (ESC-57)",
    Longsword: "card: 1d8, a physical weapon that may aim (ESC-19)",
    Maneuverer: TABLE,
    Maul: "card: 1d10 damage",
    Quarterstaff: "card: 1d6 damage",
    Rapier: "card: 1d6+1 damage",
    Reach: "map and canvas: a melee zone of 2 spaces (ESC-60)",
    "Round shield": "card: reduction 1 with the armour (ESC-20)",
    "Searing lance": TABLE,
    Shortbow: "card and map: 1d6 at range 12 (ESC-37 ruling)",
    Shortsword: "card: 1d6+1 damage",
    "Sneak attack": "card: another d4 of sneak damage (ESC-56)",
    "Spark bolt": TABLE,
    "Ward of thorns": TABLE,
    "Weapon focus": "card: its chosen weapons one die larger (ESC-61)",
  },
  teams: {
    Bandages: TABLE,
    Buckler: "card: block 2, parry 1, durability (TEAM-40..TEAM-44)",
    Club: "card: nonlethal (TEAM-73)",
    "Crossbow bolts": TABLE,
    Crossbow: TABLE,
    Dagger: TABLE,
    "Danger sense": "sheet and fight: Cannot be surprised (TEAM-15, TEAM-16)",
    Halberd: TABLE,
    Hatchet: TABLE,
    "Healing potion": TABLE,
    "Heater shield": "card: block 3, parry 2, durability (TEAM-40..TEAM-44)",
    "Leather armour": "sheet and card: physical damage reduction 2 (TEAM-48)",
    "Mail shirt": "sheet and card: physical damage reduction 4 (TEAM-48)",
    "Plate harness": "sheet and card: damage reduction 8 and 1 (TEAM-48, TEAM-49)",
    Rapier: "card: test, damage, critical, parry 2 (TEAM-46..TEAM-51)",
    Shortbow: TABLE,
    Sling: TABLE,
    Spear: "card: test, damage, critical (TEAM-46..TEAM-51)",
    Sword: "card: test, damage, critical, parry 2 (TEAM-43, TEAM-46..TEAM-51)",
  },
  strain: {
    "Basic Attack": "card: a Physical Attack with the highest Art (STR-13)",
    Blade: "card: its modifier, the character's own (STR-13)",
    Bow: "card: its modifier, the character's own (STR-13)",
    Bulwark: TABLE,
    Caltrops: TABLE,
    "Cleaving Strike": "card: Finisher (STR-60)",
    "Iron Resolve": TABLE,
    "Pinning Shot": "card and map: Ranged, a Bane per adjacent enemy (STR-42)",
    "Reckless Swing": "card: Overexert (STR-44)",
    Resuscitate: TABLE,
    Riposte: TABLE,
    "Shadow Step": TABLE,
    "Shield Bash": "card: a Physical Attack with the Shield Art (STR-13)",
    Shield: "card: its modifier, the character's own (STR-13)",
    "Unnerving Glare": "card: a Mental Attack dealing Stress (STR-13)",
    Volley: TABLE,
    Will: "card: its modifier, the character's own (STR-13)",
  },
  factions: {
    Antidote: TABLE,
    Axe: "card: d8 melee",
    "Chair leg": "card: improvised, handled as damaged (FAC-62, FAC-64)",
    Club: "card: d6 melee",
    Crossbow: "card and map: ranged, range 6, half range 3 (FAC-30)",
    Dagger: "card and map: d4 melee, nearby (FAC-29)",
    "Dose of poison": TABLE,
    "Fire pot": "card and map: a ranged blast (FAC-36..FAC-39)",
    Gambeson: TABLE,
    Greatsword: "card: d12 melee",
    "Healing draught": TABLE,
    Mace: "card: d8 melee",
    "Mail hauberk": "card: armour 2 (FAC-63 ruling)",
    Shield: "card: armour 1, destroyed first once damaged (FAC-63)",
    Shortbow: "card and map: ranged, range 4, WIT save past half range (FAC-30)",
    Spear: "card: d10 melee",
    "Staff sling": "card and map: indirect (FAC-32)",
    Sword: "card: d8 melee",
  },
};

type Doc = Record<string, unknown> & { name: string; type: string; system: Record<string, unknown> };
const itemsOf = (ruleset: RulesetId): Doc[] =>
  readPackSources(`packs/${ruleset}-items`, "Item").docs.map((d) => d.doc as Doc);
const actorsOf = (ruleset: RulesetId): CardActor[] =>
  readPackSources(`packs/${ruleset}-actors`, "Actor")
    .docs.map((d) => d.doc as Doc & { _id: string; items?: (Doc & { _id: string })[] })
    .filter((d) => d.type !== "Actor" && d.items !== undefined)
    .map((d) => ({
      id: d._id,
      name: d.name,
      type: d.type,
      system: d.system,
      items: (d.items ?? []).map((i) => ({ id: i._id, name: i.name, type: i.type, system: i.system })),
    }));
const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);
const num = (v: unknown): number => (typeof v === "number" ? v : 0);

describe.each(RULESETS.map((r) => [r] as [RulesetId]))("the %s items, audited", (ruleset) => {
  it("every item of the pack is in the audit, and nothing else", () => {
    expect(
      itemsOf(ruleset)
        .map((i) => i.name)
        .sort(),
    ).toEqual(Object.keys(AUDIT[ruleset]).sort());
  });

  it("an item Fray does not play says what the GM does, after 'At the table:'; one Fray plays does not", () => {
    for (const item of itemsOf(ruleset)) {
      const text = String(item.system.description);
      expect(text.includes("At the table:"), `${item.name}: ${text}`).toBe(AUDIT[ruleset][item.name] === TABLE);
    }
  });
});

describe("the armour and talents the packs' actors carry, as their cards and sheets read them", () => {
  it("TEAM-48 every teams actor meets a hit with its own reduction plus its armour's, counted once", () => {
    for (const actor of actorsOf("teams")) {
      const member = MEMBER_READERS.teams(actor);
      if ("ok" in member) throw new Error(member.reason);
      const armour = actor.items.filter((i) => i.type === "teams-armour");
      const own = (kind: string) => num(valueAt(actor.system, `damageReduction.${kind}`));
      expect(member.deflection, actor.name).toEqual({
        physical: own("physical") + sum(armour.map((i) => num(valueAt(i.system, "damageReduction.physical")))),
        elemental: own("elemental") + sum(armour.map((i) => num(valueAt(i.system, "damageReduction.elemental")))),
      });
      // The party's sheets hold what the character has without armour: the armour is not counted twice.
      expect(own("physical"), actor.name).toBe(0);
    }
  });

  it("TEAM-16 a teams actor carrying danger sense cannot be surprised, by its talent alone", () => {
    const meta = modelFor("Actor", "teams-character")!;
    for (const actor of actorsOf("teams")) {
      const talent = actor.items.some((i) => i.name === "Danger sense");
      const derived = meta.derive!(actor.system as Record<string, unknown>, actor.items);
      expect(derived.cannotBeSurprisedWithTalents, actor.name).toBe(talent);
    }
  });

  it(
    "ESC-20 every escalation unit's armour is the sum of " + "its armour items; ESC-61 Maren's focus is her longsword",
    () => {
      for (const actor of actorsOf("escalation")) {
        const member = MEMBER_READERS.escalation(actor);
        if ("ok" in member) throw new Error(member.reason);
        const armour = actor.items.filter((i) => i.type === "escalation-armour");
        expect(member.armor, actor.name).toBe(sum(armour.map((i) => num(valueAt(i.system, "reduction")))));
        if (actor.name === "Maren") expect(member.focusWeapons).toEqual(["Longsword"]);
      }
    },
  );

  it("FAC-63 every factions character's armour counts its armour items, its shield apart", () => {
    for (const actor of actorsOf("factions")) {
      const member = MEMBER_READERS.factions(actor);
      if ("ok" in member) throw new Error(member.reason);
      const pieces = actor.items.filter((i) => i.type === "factions-armour");
      const shield = pieces.find((i) => valueAt(i.system, "shield") === true);
      const worn = pieces.filter((i) => i !== shield);
      expect(member.armour, actor.name).toBe(
        num(valueAt(actor.system, "armour")) + sum(worn.map((i) => num(valueAt(i.system, "armour")))),
      );
      expect(member.shield?.armour ?? 0, actor.name).toBe(shield ? num(valueAt(shield.system, "armour")) : 0);
    }
  });
});
