// Actors of every rule set as a world holds them (each type's initial data with a few numbers changed, and its
// items), and the combat reading the odds take from a combat of them, as odds-controller.ts reads a real one.
import type { RulesetId } from "../../../src/core/rulesets.js";
import { mergeData } from "../../../tools/sample-data.js";
import type { CardActor, CardItem } from "../../../src/foundry/cards/attack-ruleset.js";
import type { CombatantSource } from "../../../src/foundry/combat/fight/combat-roster.js";
import type { AnyJournal } from "../../../src/foundry/combat/fight/journal.js";
import { COMBAT_MODES, MODE_FOR_RULESET } from "../../../src/foundry/rulesets/index.js";
import { initialData } from "../../../src/foundry/data/field-spec.js";
import { ACTOR_MODELS, ITEM_MODELS } from "../../../src/foundry/data/models.js";
import type { CombatReading } from "../../../src/foundry/odds/combat-odds.js";

type Data = Record<string, unknown>;

const initial = (type: string): Data => {
  const m = [...ACTOR_MODELS, ...ITEM_MODELS].find((x) => x.type === type);
  if (!m) throw new Error(`no model ${type}`);
  return initialData(m.fields);
};

export const item = (id: string, type: string, over: Data = {}, name = type): CardItem => ({
  id,
  name,
  type,
  system: mergeData(initial(type), over),
});

export function actor(id: string, type: string, over: Data, items: CardItem[] = [], name = id): CardActor {
  return { id, name, type, system: mergeData(initial(type), over), items };
}

export type Strength = "strong" | "weak" | "even";

/**
 * One actor of the rule set: strong (far above its initial data), weak (far below), or even (its initial data and a
 * plain weapon).
 */
export const CAST: { readonly [R in RulesetId]: (id: string, strength: Strength) => CardActor } = {
  sections: (id, s) => {
    const d = { strong: "d12", weak: "d4", even: "d6" }[s];
    const hp = { strong: 30, weak: 4, even: 10 }[s];
    return actor(id, "sections-entity", { health: { value: hp, max: hp }, dice: { hit: d, miss: d, damage: d } }, [
      item(`${id}-w`, "sections-weapon", { hitDie: d, damageDie: d }, "Sword"),
    ]);
  },
  escalation: (id, s) => {
    const hp = { strong: 40, weak: 6, even: 20 }[s];
    const n = { strong: 4, weak: 0, even: 1 }[s];
    return actor(id, "escalation-unit", { accuracy: n, agility: n, strength: n, hp: { value: hp, max: hp } }, [
      item(`${id}-w`, "escalation-weapon", { damage: { strong: "1d12", weak: "1d4", even: "1d6" }[s] }, "Sword"),
      ...(s === "strong" ? [item(`${id}-a`, "escalation-armour", { reduction: 3 }, "Plate")] : []),
    ]);
  },
  teams: (id, s) => {
    const d = { strong: "d12", weak: "d4", even: "d6" }[s];
    const pool = { strong: 20, weak: 3, even: 10 }[s];
    return actor(
      id,
      "teams-character",
      {
        attributes: { strength: d, dexterity: d },
        skills: { combat: d, athletics: d },
        evasion: { strong: 9, weak: 3, even: 6 }[s],
        damageReduction: { physical: { strong: 5, weak: 0, even: 1 }[s], elemental: 0 },
        endurance: { value: pool, max: pool },
        health: { value: pool, max: pool },
      },
      [
        item(
          `${id}-w`,
          "teams-weapon",
          { attributes: ["strength"], proficiencies: ["martial"], damage: { strong: 6, weak: 1, even: 3 }[s] },
          "Spear",
        ),
      ],
    );
  },
  strain: (id, s) =>
    actor(
      id,
      "strain-character",
      {
        resilience: { strong: 3, weak: 0, even: 1 }[s],
        evasion: { strong: 2, weak: 0, even: 0 }[s],
        fatigue: { load: 0, tolerance: { strong: 6, weak: 1, even: 3 }[s] },
      },
      [item(`${id}-art`, "strain-art", { modifier: { strong: 5, weak: 0, even: 2 }[s] }, "Blade")],
    ),
  factions: (id, s) => {
    const hp = { strong: 16, weak: 5, even: 10 }[s];
    return actor(
      id,
      "factions-character",
      { health: { value: hp, max: hp }, armour: { strong: 3, weak: 0, even: 1 }[s] },
      [item(`${id}-w`, "factions-weapon", { damageDie: { strong: "d12", weak: "d4", even: "d8" }[s] }, "Axe")],
    );
  },
};

/** A combatant of a fake combat: its side (a CombatantGroup), whether a player owns it, whether it is defeated. */
export interface CastEntry {
  readonly actor: CardActor;
  readonly side: string;
  readonly playerOwned?: boolean;
  readonly defeated?: boolean;
}

export function sourceOf(e: CastEntry): CombatantSource {
  return {
    id: e.actor.id,
    name: e.actor.name,
    hidden: false,
    groupId: e.side,
    disposition: null,
    defeated: e.defeated ?? false,
    playerOwned: e.playerOwned ?? false,
    actorSystem: e.actor.system,
  };
}

/** The combat of `cast` as the odds read it, in a world of `ruleset`, before the start or with its journal. */
export function readingOf(
  ruleset: RulesetId,
  cast: readonly CastEntry[],
  journal: AnyJournal | null = null,
  sideOrder = ["a", "b"],
): CombatReading {
  return {
    ruleset,
    mode: COMBAT_MODES[MODE_FOR_RULESET[ruleset]]!,
    journal,
    start: { sideOrder, surprise: [], initiators: [] },
    worldOptions: {},
    sideLabels: { a: "Heroes", b: "Foes" },
    combatants: cast.map((e) => ({ source: sourceOf(e), actor: e.actor })),
  };
}
