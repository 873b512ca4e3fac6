import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { EscalationAttackState, EscalationCommand } from "../../../../src/core/attack/escalation/index.js";
import type { AttackEvent } from "../../../../src/core/attack/pipeline.js";
import { scriptedRoller, type Roller } from "../../../../src/core/shared/roller.js";
import type {
  AttackChoice,
  CardActor,
  CardItem,
  CardLine,
  CardView,
} from "../../../../src/foundry/cards/attack-ruleset.js";
import { escalationAttackCard as card } from "../../../../src/foundry/cards/escalation/index.js";
import { initialData, withInitial } from "../../../../src/foundry/data/field-spec.js";
import { escalationUnit } from "../../../../src/foundry/data/specs/escalation/escalation-unit.js";
import { SAMPLE_ACTORS, SAMPLE_ITEMS } from "../../../../tools/sample-data.js";
import { EN } from "../../../fakes/lang.js";

// ---- localisation: lang/en.json with this card's fragment laid over it, as the integrator will merge it
const FRAGMENT = JSON.parse(readFileSync("lang/en.json", "utf8")) as Record<string, unknown>;
function flatten(node: Record<string, unknown>, prefix = "", out: Record<string, string> = {}): Record<string, string> {
  for (const [k, v] of Object.entries(node)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === "string") out[key] = v;
    else if (v && typeof v === "object") flatten(v as Record<string, unknown>, key, out);
  }
  return out;
}
const STRINGS: Record<string, string> = { ...EN, ...flatten(FRAGMENT) };

/** A line in English: its key found, every {placeholder} filled, values that are Fray keys localised too. */
function say(key: string, data: Readonly<Record<string, string | number>> = {}): string {
  const text = STRINGS[key];
  if (text === undefined) throw new Error(`missing key ${key}`);
  return text.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = data[name];
    if (v === undefined) throw new Error(`${key}: no value for {${name}}`);
    return typeof v === "string" && v.startsWith("FRAY.") ? say(v) : String(v);
  });
}
const english = (l: CardLine): string => say(l.key, l.data);
const text = (v: CardView): string[] => [
  english(v.title),
  ...v.lines.map(english),
  ...(v.outcome ? [english(v.outcome)] : []),
];

// ---- actors and items from the samples (tools/sample-data.ts) and initialData with overrides
const sample = (type: string) => {
  const s = [...SAMPLE_ACTORS, ...SAMPLE_ITEMS].find((x) => x.type === type);
  if (!s) throw new Error(type);
  return s;
};
const item = (id: string, type: string, over: Record<string, unknown> = {}, name?: string): CardItem => {
  const s = sample(type);
  return { id, name: name ?? s.name, type, system: { ...s.system, ...over } };
};
const longsword = item("sword", "escalation-weapon");
const chain = item("chain", "escalation-armour");
const orrin: CardActor = {
  id: "orrin",
  name: "Captain Orrin",
  type: "escalation-unit",
  system: sample("escalation-unit").system,
  items: [longsword],
};
const goblin = (over: Record<string, unknown> = {}, items: CardItem[] = [chain]): CardActor => ({
  id: "gob",
  name: "Goblin",
  type: "escalation-unit",
  system: withInitial(escalationUnit.fields, { agility: 1, hp: { value: 12, max: 12 }, ...over }),
  items,
});
const choice = (
  attacker: CardActor,
  target: CardActor,
  itemId: string | null,
  options: Record<string, unknown> = {},
): AttackChoice => ({
  attacker,
  target,
  itemId,
  options,
});

// ---- playing a card as the Foundry layer will: open, record the opening, then one click at a time
interface Card {
  state: EscalationAttackState;
  events: AttackEvent[];
}
function opened(choice: AttackChoice, roller: Roller): Card {
  const o = card.open(choice);
  if (!o.ok) throw new Error(`open refused: ${o.key} ${o.reason}`);
  const s = card.engine.start(o.state.setup, roller);
  if (!s.ok) throw new Error(s.reason);
  const c: Card = { state: s.state, events: [...s.events] };
  for (const cmd of o.state.opening) click(c, cmd, roller);
  return c;
}
function click(c: Card, cmd: EscalationCommand, roller: Roller): void {
  const o = card.engine.apply(c.state, cmd, roller);
  if (!o.ok) throw new Error(`${cmd.type} refused: ${o.key} ${o.reason}`);
  c.state = o.state;
  c.events.push(...o.events);
}
const ROLE: Record<string, string> = {
  roll: "attacker",
  rollDamage: "attacker",
  react: "target",
  skipReaction: "target",
};
/** Every command the pipeline offers now goes to the right person's button. */
function rolesHold(c: Card): void {
  const legal = card.engine.legal(c.state);
  for (const cmd of legal) expect([cmd.type, card.roleFor(cmd, c.state)]).toEqual([cmd.type, ROLE[cmd.type] ?? "gm"]);
}
const ofType = (events: readonly AttackEvent[], type: string) =>
  events.filter((e) => e.type === type) as Record<string, unknown>[];
const refusalOf = (choice: AttackChoice): string => {
  const o = card.open(choice);
  if (o.ok) throw new Error("not refused");
  say(o.key, o.data ?? {}); // every refusal reads in English
  return o.key;
};

describe("escalation attack card: opening from the sheets", () => {
  it("reads both units, the weapon and the armour from the sample data", () => {
    const o = card.open(choice(orrin, goblin(), "sword"));
    expect(o.ok).toBe(true);
    if (!o.ok) return;
    const [a, t] = o.state.setup.combatants;
    expect(a).toMatchObject({
      id: "orrin",
      name: "Captain Orrin",
      level: 3,
      agility: 2,
      accuracy: 3,
      strength: 1,
      hp: 22,
      maxHp: 30,
    });
    expect(a?.wounds).toHaveLength(1);
    expect(a?.weapon).toEqual({ name: "Longsword", dice: 1, sides: 8, modifier: 0, melee: true, physical: true });
    expect(t).toMatchObject({ id: "gob", agility: 1, hp: 12, armor: 2 });
    expect(o.state.opening).toEqual([{ type: "declare", attacker: "orrin", target: "gob", weapon: a?.weapon }]);
    expect(card.attackItems).toEqual(["escalation-weapon", "escalation-spell"]);
  });

  it("ESC-61 a Weapon focus feat item names its chosen weapons (at most 3); the unit's others are not focused", () => {
    const focus = item(
      "focus",
      "escalation-feat",
      { feat: "weaponFocus", weapons: "Longsword, Maul , Dagger, Rapier" },
      "Weapon focus",
    );
    const o = card.open(choice({ ...orrin, items: [longsword, focus] }, goblin(), "sword"));
    expect(o.ok && o.state.setup.combatants[0]?.focusWeapons).toEqual(["Longsword", "Maul", "Dagger"]);
    const unnamed = item("focus", "escalation-feat", { feat: "weaponFocus" }, "Weapon focus");
    const bare = card.open(choice({ ...orrin, items: [longsword, unnamed] }, goblin(), "sword"));
    expect(bare.ok && bare.state.setup.combatants[0]?.focusWeapons).toEqual([]);
    // Another feat's chosen weapons mean nothing.
    const other = item("reach", "escalation-feat", { feat: "reach", weapons: "Longsword" }, "Reach");
    const not = card.open(choice({ ...orrin, items: [longsword, other] }, goblin(), "sword"));
    expect(not.ok && not.state.setup.combatants[0]?.focusWeapons).toEqual([]);
  });

  it("carries the attacker's choices in the declaration and reads a damaging spell", () => {
    const bolt = item("bolt", "escalation-spell", { damage: "2d6+1", summons: false }, "Firebolt");
    const mage: CardActor = { ...orrin, items: [longsword, bolt] };
    const o = card.open(choice(mage, goblin(), "bolt", { flanking: true, inMeleeZone: false }));
    expect(o.ok && o.state.opening[0]).toMatchObject({
      weapon: { name: "Firebolt", dice: 2, sides: 6, modifier: 1, melee: false, physical: false },
      flanking: true,
      inMeleeZone: false,
    });
  });

  it("refuses a missing item, another actor's item, an item that makes no attack, and junk data", () => {
    const gob = goblin({}, [chain, item("gsword", "escalation-weapon")]);
    expect(refusalOf(choice(orrin, gob, "nothing"))).toBe("FRAY.Refusal.UnknownItem");
    expect(refusalOf(choice(orrin, gob, "gsword"))).toBe("FRAY.Refusal.NotYourItem");
    expect(refusalOf(choice({ ...orrin, items: [chain] }, gob, "chain"))).toBe("FRAY.Refusal.NotAnAttackItem");
    const hound = item("hound", "escalation-spell");
    expect(refusalOf(choice({ ...orrin, items: [hound] }, gob, "hound"))).toBe("FRAY.Refusal.NotAnAttackItem");
    const odd = item("odd", "escalation-weapon", { damage: "2d6+1d4" });
    expect(refusalOf(choice({ ...orrin, items: [odd] }, gob, "odd"))).toBe("FRAY.Refusal.DamageNotOneDie");
    const typo = item("typo", "escalation-weapon", { damage: "1d" });
    expect(refusalOf(choice({ ...orrin, items: [typo] }, gob, "typo"))).toBe("FRAY.Refusal.BadFormula");
    expect(refusalOf(choice({ ...orrin, system: "junk" }, gob, "sword"))).toBe("FRAY.Refusal.NotAnEscalationUnit");
    expect(refusalOf(choice(orrin, { ...gob, type: "teams-character" }, "sword"))).toBe(
      "FRAY.Refusal.NotAnEscalationUnit",
    );
    expect(refusalOf(choice(orrin, goblin({ hp: { value: -3, max: 10 } }), "sword"))).toBe(
      "FRAY.Refusal.NegativeValue",
    );
    expect(refusalOf(choice(orrin, goblin({ agility: "quick" }), "sword"))).toBe("FRAY.Refusal.NotAWholeNumber");
    expect(refusalOf(choice(orrin, goblin({ wounds: 1.5 }), "sword"))).toBe("FRAY.Refusal.InvalidCombatant");
    expect(refusalOf(choice(orrin, { ...orrin }, "sword"))).toBe("FRAY.Refusal.DuplicateCombatant");
  });

  it("ESC-19 refuses to aim a spell: only a physical attack can be aimed", () => {
    const bolt = item("bolt", "escalation-spell", { damage: "2d6", summons: false }, "Firebolt");
    expect(refusalOf(choice({ ...orrin, items: [bolt] }, goblin(), "bolt", { aim: "fatal" }))).toBe(
      "FRAY.Refusal.AimNeedsPhysicalAttack",
    );
  });

  it("ESC-63 refuses a target already defeated (0 HP)", () => {
    expect(refusalOf(choice(orrin, goblin({ hp: { value: 0, max: 12 } }), "sword"))).toBe(
      "FRAY.Refusal.TargetDefeated",
    );
  });

  it("ESC-49 a disarmed unit's weapon attack is made with bare hands", () => {
    const disarmed = { ...orrin, system: { ...(orrin.system as object), conditions: { disarmed: true } } };
    const c = opened(choice(disarmed, goblin(), "sword"), scriptedRoller([]));
    expect(c.state.declaration?.weapon).toMatchObject({ name: "unarmed", sides: 4 });
    expect(english(card.view(c.state, c.events).title)).toBe("Captain Orrin attacks Goblin with bare hands");
  });
});

/** Every dotted path of the unit's initial data: where the apply plan may write. */
const UNIT_FIELD_PATHS = new Set(
  (function paths(o: Record<string, unknown>, prefix = ""): string[] {
    return Object.entries(o).flatMap(([k, v]) =>
      v && typeof v === "object" && !Array.isArray(v)
        ? paths(v as Record<string, unknown>, `${prefix}${k}.`)
        : [`${prefix}${k}`],
    );
  })(initialData(escalationUnit.fields)),
);
const planOf = (c: Card) => card.applyPlan(c.state, c.events);
/** The plan writes only the data model's paths, and the HP it writes is the pipeline's damageApplied.after. */
function planMatchesPipeline(c: Card): void {
  const plan = planOf(c);
  for (const a of plan.actors) for (const path of Object.keys(a.changes)) expect(UNIT_FIELD_PATHS).toContain(path);
  for (const e of ofType(c.events, "damageApplied"))
    expect(plan.actors.find((a) => a.actorId === e.combatant)?.changes["hp.value"]).toBe(
      (e.after as { hp: number }).hp,
    );
}
const rustyBlade = item("rusty", "escalation-weapon", { damage: "1d6" }, "Rusty blade");

describe("escalation attack card: a whole attack", () => {
  it("ESC-14 ESC-20 a hit, its damage less armour, a wound, and what applying writes", () => {
    const roller = scriptedRoller([14, 7]);
    const c = opened(choice(orrin, goblin(), "sword"), roller);
    const v0 = card.view(c.state, c.events);
    // The opened card says who attacks whom with what, and what it waits for: the d20 and the number to reach.
    expect(text(v0)).toEqual([
      "Captain Orrin attacks Goblin with Longsword",
      "Next: Captain Orrin rolls 1d20+3 to hit, needing 11 (Agility modifier + 10).",
    ]);
    expect(v0.lines.every((l) => !l.dice)).toBe(true);
    expect(v0.outcome).toBeNull();
    rolesHold(c);
    click(c, { type: "roll" }, roller);
    const v1 = card.view(c.state, c.events);
    const toHit = ofType(c.events, "toHitRolled")[0] as { comparison: { total: number; against: number } };
    expect(toHit.comparison).toMatchObject({ total: 17, against: 11 });
    expect(v1.lines.filter((l) => l.dice).map(english)).toEqual([
      "Captain Orrin rolls 1d20+3: 14 (d20) +3 = 17 against 11 (Agility modifier + 10)",
    ]);
    expect(text(v1).at(-1)).toBe("Hit");
    rolesHold(c);
    click(c, { type: "rollDamage" }, roller);
    expect(text(card.view(c.state, c.events)).slice(2)).toEqual([
      "Damage 1d8+1: 7 (d8) +1 = 8",
      "8 damage − 2 armour = 6 net",
      "6 net damage: a wound",
      "Total: 6 damage",
      "Applying: Goblin loses 6 HP (12 → 6)",
      "Applying: Goblin takes a wound (unaimed), 1 in all",
      "Hit",
    ]);
    expect(planOf(c)).toEqual({ actors: [], statuses: [], dropped: [] });
    rolesHold(c);
    click(c, { type: "apply" }, roller);
    expect(text(card.view(c.state, c.events)).slice(-3)).toEqual([
      "Goblin loses 6 HP (12 → 6)",
      "Goblin takes a wound (unaimed), 1 in all",
      "Hit",
    ]);
    expect(planOf(c)).toEqual({
      actors: [{ actorId: "gob", changes: { "hp.value": 6, wounds: 1 } }],
      statuses: [],
      dropped: [],
    });
    planMatchesPipeline(c);
    rolesHold(c);
    expect(roller.used).toBe(2);
  });

  it("ESC-34 ESC-40 a natural 1 in melee: the target's owner takes the free hit, then rolls it", () => {
    const roller = scriptedRoller([1, 2, 15, 4]);
    const c = opened(choice(orrin, goblin({}, [chain, rustyBlade]), "sword"), roller);
    click(c, { type: "roll" }, roller);
    expect(c.state.step).toBe("reactionWindow");
    rolesHold(c);
    const v = card.view(c.state, c.events);
    expect(text(v).slice(1)).toEqual([
      "Captain Orrin rolls 1d20+3: 1 (d20) +3 = 4 against 11 (Agility modifier + 10)",
      "Escalation dice: 2 (d4)",
      "Goblin may take a free hit against Captain Orrin",
      "Free hit owed to Goblin",
    ]);
    click(c, { type: "react", reaction: "freeHit" }, roller);
    expect(card.roleFor({ type: "roll" }, c.state)).toBe("attacker");
    expect(c.state.attacker).toBe("gob");
    // The card now waits for the Goblin's own d20 and says so.
    expect(text(card.view(c.state, c.events))).toContain(
      "Next: Goblin rolls 1d20 to hit, needing 12 (Agility modifier + 10).",
    );
    rolesHold(c);
    for (const cmd of [{ type: "roll" }, { type: "rollDamage" }, { type: "apply" }] as const) {
      click(c, cmd, roller);
      rolesHold(c);
    }
    const lines = text(card.view(c.state, c.events));
    expect(lines).toContain("Goblin takes the Free hit");
    expect(lines).toContain("Goblin strikes back at Captain Orrin with Rusty blade");
    expect(lines).toContain("Goblin rolls 1d20: 15 against 12 (Agility modifier + 10)");
    expect(lines.at(-1)).toBe("Hit");
    expect(planOf(c).actors).toEqual([{ actorId: "orrin", changes: { "hp.value": 18 } }]);
    planMatchesPipeline(c);
  });

  it("ESC-40 the target may let the free hit go: the attack ends as an auto fail", () => {
    const roller = scriptedRoller([1, 2]);
    const c = opened(choice(orrin, goblin(), "sword"), roller);
    click(c, { type: "roll" }, roller);
    click(c, { type: "skipReaction" }, roller);
    expect(text(card.view(c.state, c.events)).slice(-2)).toEqual(["Goblin lets the free hit go", "Auto fail"]);
    expect(planOf(c)).toEqual({ actors: [], statuses: [], dropped: [] });
    rolesHold(c);
  });

  it("ESC-35 a tragedy gives the target a free critical hit, which lands without a roll and doubles its damage", () => {
    const roller = scriptedRoller([1, 4, 2, 5]);
    const c = opened(choice(orrin, goblin({}, [chain, rustyBlade]), "sword"), roller);
    click(c, { type: "roll" }, roller);
    expect(english(card.view(c.state, c.events).outcome!)).toBe("Free critical hit owed to Goblin");
    for (const cmd of [{ type: "react", reaction: "freeHit" }, { type: "rollDamage" }, { type: "apply" }] as const) {
      rolesHold(c);
      click(c, cmd, roller);
    }
    const lines = text(card.view(c.state, c.events));
    expect(lines).toContain("Goblin's free critical hit lands without a roll");
    expect(lines).toContain("Damage ×2 = 10");
    expect(planOf(c).actors).toEqual([{ actorId: "orrin", changes: { "hp.value": 12, wounds: 2 } }]);
    planMatchesPipeline(c);
  });

  it("ESC-36 a tragedy escalating to a 6 kills the attacker: dead, and out of the fight", () => {
    const roller = scriptedRoller([1, 4, 6]);
    const c = opened(choice(orrin, goblin(), "sword"), roller);
    click(c, { type: "roll" }, roller);
    expect(c.state.step).toBe("apply");
    expect(text(card.view(c.state, c.events)).slice(-3)).toEqual([
      "Applying: Captain Orrin loses 22 HP (22 → 0)",
      "Applying: Goblin kills Captain Orrin",
      "Fatal tragedy",
    ]);
    click(c, { type: "apply" }, roller);
    expect(planOf(c)).toEqual({
      actors: [{ actorId: "orrin", changes: { "hp.value": 0 } }],
      statuses: [{ actorId: "orrin", status: "dead", active: true }],
      dropped: [{ actorId: "orrin", how: "out" }],
    });
    planMatchesPipeline(c);
  });

  it(
    "ESC-33 ESC-63 a super critical escalating to a 6 defeats the target on the spot: " +
      "unconscious, out of the battle",
    () => {
      const roller = scriptedRoller([20, 4, 6]);
      const c = opened(choice(orrin, goblin(), "sword"), roller);
      click(c, { type: "roll" }, roller);
      expect(text(card.view(c.state, c.events))).toContain("Escalation dice: 4 (d4), 6 (d6)");
      click(c, { type: "apply" }, roller);
      expect(text(card.view(c.state, c.events)).slice(-3)).toEqual([
        "Goblin loses 12 HP (12 → 0)",
        "Goblin is defeated",
        "Decisive victory",
      ]);
      expect(planOf(c)).toEqual({
        actors: [{ actorId: "gob", changes: { "hp.value": 0 } }],
        statuses: [{ actorId: "gob", status: "unconscious", active: true }],
        dropped: [{ actorId: "gob", how: "out" }],
      });
      planMatchesPipeline(c);
    },
  );

  it("ESC-19 ESC-21 a wound on a Fatal target: the d4 shows 4 and adds 16 damage", () => {
    const roller = scriptedRoller([14, 7, 4]);
    const c = opened(choice(orrin, goblin({ hp: { value: 30, max: 30 } }), "sword", { aim: "fatal" }), roller);
    for (const cmd of [{ type: "roll" }, { type: "rollDamage" }, { type: "apply" }] as const) click(c, cmd, roller);
    const lines = text(card.view(c.state, c.events));
    expect(lines).toContain("Aimed at the Fatal target");
    expect(lines).toContain("Fatal target d4: 4, 16 more damage");
    expect(lines).toContain("Goblin takes a wound (Fatal target), 1 in all");
    expect(planOf(c).actors).toEqual([{ actorId: "gob", changes: { "hp.value": 8, wounds: 1 } }]);
  });
});

describe("escalation attack card: the rule text's numbers on the card", () => {
  const needed = (target: CardActor): number => {
    const c = opened(choice(orrin, target, "sword"), scriptedRoller([10]));
    click(c, { type: "roll" }, scriptedRoller([10]));
    return (ofType(c.events, "toHitRolled")[0] as { comparison: { against: number } }).comparison.against;
  };

  it("ESC-14 the number to reach is the target's Agility modifier + 10, as the sample's sheet shows it", () => {
    const sheet = escalationUnit.derive!(withInitial(escalationUnit.fields, sample("escalation-unit").system));
    const target = { ...orrin, id: "orrin2" };
    expect(needed(target)).toBe(12);
    expect(sheet.toHitTarget).toBe(12);
  });

  it("ESC-44 a flat-footed target needs a total of 5; ESC-46 a prone one 5 + its Agility modifier", () => {
    expect(needed(goblin({ agility: 3, conditions: { flatFooted: true } }))).toBe(5);
    expect(needed(goblin({ agility: 3, conditions: { prone: true } }))).toBe(8);
    const c = opened(choice(orrin, goblin({ agility: 3, conditions: { prone: true } }), "sword"), scriptedRoller([10]));
    click(c, { type: "roll" }, scriptedRoller([10]));
    expect(text(card.view(c.state, c.events))[1]).toBe(
      "Captain Orrin rolls 1d20+3: 10 (d20) +3 = 13 against 8 (prone: 5 + Agility modifier)",
    );
  });
});
