import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { AttackEvent } from "../../../../src/core/attack/pipeline.js";
import type { TeamsAttackState, TeamsCommand, TeamsSetup } from "../../../../src/core/attack/teams/types.js";
import { scriptedRoller, type Roller } from "../../../../src/core/shared/roller.js";
import type {
  AttackChoice,
  CardActor,
  CardItem,
  CardLine,
  CardView,
} from "../../../../src/foundry/cards/attack-ruleset.js";
import { teamsAttackCard as card, type TeamsApplyPlan } from "../../../../src/foundry/cards/teams/index.js";
import { initialData, type FieldSpecs } from "../../../../src/foundry/data/field-spec.js";
import { teamsArmour } from "../../../../src/foundry/data/specs/teams/teams-armour.js";
import { teamsCharacter } from "../../../../src/foundry/data/specs/teams/teams-character.js";
import { teamsWeapon } from "../../../../src/foundry/data/specs/teams/teams-weapon.js";
import { SAMPLE_ACTORS, SAMPLE_ITEMS, mergeData } from "../../../../tools/sample-data.js";

// ---------- building actors from the specs and the samples ----------

type Data = Record<string, unknown>;

const sample = (type: string): { name: string; system: Data } => {
  const s = [...SAMPLE_ACTORS, ...SAMPLE_ITEMS].find((x) => x.type === type);
  if (!s) throw new Error(`no sample ${type}`);
  return s;
};

function item(id: string, type: string, over: Data = {}, name?: string): CardItem {
  const s = sample(type);
  return { id, name: name ?? s.name, type, system: mergeData(s.system, over) };
}

const SPEAR = (): CardItem => item("spear", "teams-weapon");
const SHIELD = (): CardItem => item("shield", "teams-armour");

function character(id: string, name: string, over: Data, items: CardItem[] = []): CardActor {
  return { id, name, type: "teams-character", system: mergeData(initialData(teamsCharacter.fields), over), items };
}

/** Boudica as tools/sample-data.ts has her, with her spear and shield. */
const boudica = (items: CardItem[] = [SPEAR(), SHIELD()]): CardActor => ({
  id: "boudica",
  name: sample("teams-character").name,
  type: "teams-character",
  system: sample("teams-character").system,
  items,
});

/** TEAM-49: an enemy with physical damage reduction 8 and evasion 6. */
const armoured = (): CardActor =>
  character("enemy", "Enemy", {
    evasion: 6,
    damageReduction: { physical: 8, elemental: 0 },
    endurance: { value: 20, max: 20 },
  });

function choice(attacker: CardActor, target: CardActor, itemId: string | null, options: Data = {}): AttackChoice {
  return { attacker, target, itemId, options };
}

// ---------- playing a card ----------

interface Played {
  readonly state: TeamsAttackState;
  readonly events: AttackEvent[];
}

function open(c: AttackChoice): { setup: TeamsSetup; opening: readonly TeamsCommand[] } {
  const o = card.open(c);
  if (!o.ok) throw new Error(`open refused: ${o.key} ${o.reason}`);
  return o.state;
}

function refusalOf(c: AttackChoice): string {
  const o = card.open(c);
  return o.ok ? "opened" : o.key;
}

function send(p: Played, commands: readonly TeamsCommand[], roller: Roller): Played {
  let state = p.state;
  const events = [...p.events];
  for (const c of commands) {
    expect(card.engine.legal(state), `${c.type} is legal at ${state.step}`).toContainEqual(c);
    const o = card.engine.apply(state, c, roller);
    if (!o.ok) throw new Error(`${c.type} refused: ${o.key} ${o.reason}`);
    state = o.state;
    events.push(...o.events);
  }
  return { state, events };
}

function play(c: AttackChoice, commands: readonly TeamsCommand[], roller: Roller): Played {
  const { setup, opening } = open(c);
  const s = card.engine.start(setup, roller);
  if (!s.ok) throw new Error(`start refused: ${s.reason}`);
  const o = card.engine.apply(s.state, opening[0]!, roller);
  if (!o.ok) throw new Error(`opening refused: ${o.reason}`);
  return send({ state: o.state, events: [...o.events] }, commands, roller);
}

const THROUGH: readonly TeamsCommand[] = [{ type: "roll" }, { type: "skipReaction" }, { type: "rollDamage" }];

// ---------- the card's words ----------

const LANG = JSON.parse(readFileSync("lang/en.json", "utf8")) as Data;

function lookup(key: string): string | undefined {
  let v: unknown = LANG;
  for (const k of key.split(".")) v = v && typeof v === "object" ? (v as Data)[k] : undefined;
  return typeof v === "string" ? v : undefined;
}

/**
 * A line in English, as the card's frayFormat gives it: values that are Fray keys localised, every placeholder filled.
 */
function english(l: CardLine): string {
  const template = lookup(l.key);
  expect(template, `missing ${l.key}`).toBeTypeOf("string");
  return template!.replace(/\{(\w+)\}/g, (_, name: string) => {
    expect(l.data, `${l.key} needs {${name}}`).toHaveProperty(name);
    const v = l.data[name]!;
    if (typeof v === "string" && v.startsWith("FRAY.")) {
      expect(lookup(v), `missing ${v}`).toBeTypeOf("string");
      return lookup(v)!;
    }
    return String(v);
  });
}

function words(v: CardView): string[] {
  return [v.title, ...v.lines, ...(v.outcome ? [v.outcome] : [])].map(english);
}

const view = (p: Played): CardView => card.view(p.state, p.events);
const keys = (v: CardView): string[] => v.lines.map((l) => l.key.replace("FRAY.Card.Teams.", ""));
const lineOf = (v: CardView, key: string): CardLine => {
  const l = v.lines.find((x) => x.key === `FRAY.Card.Teams.${key}`);
  if (!l) throw new Error(`no line ${key} in ${keys(v).join(", ")}`);
  return l;
};
const plan = (p: Played): TeamsApplyPlan => card.applyPlan(p.state, p.events) as TeamsApplyPlan;

/** Every dotted path to a leaf of a document's initial data. */
function paths(fields: FieldSpecs): Set<string> {
  const out = new Set<string>();
  const walk = (v: unknown, at: string): void => {
    if (v && typeof v === "object" && !Array.isArray(v))
      for (const [k, x] of Object.entries(v)) walk(x, at ? `${at}.${k}` : k);
    else out.add(at);
  };
  walk(initialData(fields), "");
  return out;
}

/** The actor after the plan's changes: what the next card opens from. */
function applied(actor: CardActor, p: TeamsApplyPlan): CardActor {
  let system = actor.system as Data;
  for (const a of p.actors.filter((x) => x.actorId === actor.id))
    for (const [path, value] of Object.entries(a.changes)) {
      const over: Data = {};
      let at = over;
      const ks = path.split(".");
      ks.slice(0, -1).forEach((k) => (at = at[k] = {}));
      at[ks[ks.length - 1]!] = value;
      system = mergeData(system, over);
    }
  return { ...actor, system };
}

// ---------- the scenes ----------

/** TEAM-66..71: Boudica (endurance 12, health 12, constitution 4) hit by a raider whose test is d4 + d4 and club 4. */
const CLUB = (): CardItem =>
  item(
    "club",
    "teams-weapon",
    { attributes: ["strength"], proficiencies: [], damage: 4, damageType: "bludgeoning", criticalThreshold: 20 },
    "Club",
  );
const raider = (): CardActor =>
  character(
    "raider",
    "Raider",
    { attributes: { strength: "d4", dexterity: "d4" }, skills: { combat: "d4", athletics: "d4" } },
    [CLUB()],
  );
const woundable = (): CardActor =>
  merged(boudica(), {
    endurance: { value: 12, max: 12 },
    health: { value: 12, max: 12 },
    evasion: 0,
    damageReduction: { physical: 0, elemental: 0 },
  });

function merged(actor: CardActor, over: Data): CardActor {
  return { ...actor, system: mergeData(actor.system as Data, over) };
}

/** The enemy with Boudica's heater shield (block value 3, parry value 2, durability 8 of 10). */
const shielded = (): CardActor => ({ ...armoured(), items: [item("eshield", "teams-armour")] });

function expectWords(p: Played): string[] {
  const w = words(view(p));
  expect(w.join("\n")).not.toMatch(/[{}]|FRAY\./);
  return w;
}

const ROLE: Readonly<Record<string, string>> = {
  roll: "attacker",
  rollDamage: "attacker",
  react: "target",
  skipReaction: "target",
  fortify: "target",
  fallUnconscious: "target",
  apply: "gm",
  declare: "gm",
  killingStrike: "gm",
};

describe("teams attack card: open", () => {
  it("TEAM-46 TEAM-47 opens Boudica's spear attack: strength d6 + combat d6 + martial +1 from her sheet", () => {
    const { setup, opening } = open(choice(boudica(), armoured(), "spear"));
    const [a, t] = setup.combatants;
    expect(a?.weapon).toEqual({
      name: "Spear",
      attack: { dice: [6, 6], modifier: 1 },
      damage: 4,
      criticalDamage: 8,
      criticalThreshold: 19,
      damageType: "piercing",
      delivery: "melee",
      nonlethal: false,
    });
    expect(a).toMatchObject({
      id: "boudica",
      name: "Boudica",
      endurance: 5,
      maxEndurance: 12,
      health: 7,
      maxHealth: 12,
    });
    expect(a?.deflection).toEqual({ physical: 2, elemental: 1 });
    expect(a?.fortify).toEqual({ dice: [6, 4], modifier: 1 });
    expect(a?.items.map((i) => [i.id, i.block, i.parry, i.durability])).toEqual([
      ["spear", null, null, 10],
      ["shield", 3, 2, 8],
    ]);
    expect(t).toMatchObject({
      id: "enemy",
      evasion: 6,
      deflection: { physical: 8, elemental: 0 },
      reactions: 1,
      cheatDeathDifficulty: 10,
    });
    expect(setup.options).toEqual({ luckDieSides: 20 });
    expect(opening).toEqual([
      {
        type: "declare",
        attacker: "boudica",
        target: "enemy",
        weapon: a?.weapon,
        sneak: false,
        flanking: false,
        advantages: 0,
        disadvantages: 0,
      },
    ]);
    expect(card.attackItems).toEqual(["teams-weapon"]);
  });

  it("TEAM-46 the attacker's picks choose among the weapon's attributes and proficiencies", () => {
    const agile = merged(boudica(), {
      attributes: { strength: "d4", dexterity: "d8" },
      proficiencies: { finesse: 2, martial: 1 },
    });
    expect(open(choice(agile, armoured(), "spear")).setup.combatants[0]?.weapon.attack).toEqual({
      dice: [8, 6],
      modifier: 2,
    });
    const picked = open(choice(agile, armoured(), "spear", { attribute: "strength", proficiency: "martial" }));
    expect(picked.setup.combatants[0]?.weapon.attack).toEqual({ dice: [4, 6], modifier: 1 });
    expect(refusalOf(choice(agile, armoured(), "spear", { attribute: "wits" }))).toBe(
      "FRAY.Refusal.TeamsCardNotListed",
    );
  });

  it("TEAM-56 TEAM-57 TEAM-72 the card's options reach the declaration, or open a killing strike", () => {
    const { opening } = open(
      choice(boudica(), armoured(), "spear", { sneak: true, flanking: true, attacksThisRound: 1 }),
    );
    expect(opening[0]).toMatchObject({ type: "declare", sneak: true, flanking: true });
    const down = merged(armoured(), { conditions: { unconscious: true } });
    expect(open(choice(boudica(), down, "spear", { killingStrike: true })).opening).toEqual([
      { type: "killingStrike", attacker: "boudica", target: "enemy" },
    ]);
  });

  it("refuses another actor's item, an item that does not attack, a missing item and no item", () => {
    const target = { ...armoured(), items: [item("theirs", "teams-weapon")] };
    expect(refusalOf(choice(boudica(), target, "theirs"))).toBe("FRAY.Refusal.TeamsCardNotYourItem");
    expect(refusalOf(choice(boudica(), armoured(), "shield"))).toBe("FRAY.Refusal.TeamsCardNotAnAttackItem");
    expect(refusalOf(choice(boudica([SPEAR(), item("tonic", "teams-consumable")]), armoured(), "tonic"))).toBe(
      "FRAY.Refusal.TeamsCardNotAnAttackItem",
    );
    expect(refusalOf(choice(boudica(), armoured(), "nothing"))).toBe("FRAY.Refusal.TeamsCardNoItem");
    expect(refusalOf(choice(boudica(), armoured(), null))).toBe("FRAY.Refusal.TeamsCardNoItem");
  });

  it("refuses junk system data, naming the field, and actors that are not teams characters", () => {
    const junk = (over: Data): string => refusalOf(choice(boudica(), merged(armoured(), over), "spear"));
    expect(junk({ endurance: "lots" })).toBe("FRAY.Refusal.TeamsCardBadData");
    expect(junk({ endurance: { value: 30, max: 20 } })).toBe("FRAY.Refusal.TeamsCardBadData");
    expect(junk({ attributes: { strength: "d7" } })).toBe("FRAY.Refusal.TeamsCardBadData");
    expect(junk({ size: 1.5 })).toBe("FRAY.Refusal.TeamsCardBadData");
    const o = card.open(choice(boudica(), { ...armoured(), system: null }, "spear"));
    expect(o.ok ? null : o.data).toMatchObject({ name: "Enemy", field: "attributes.strength" });
    const badSpear = boudica([item("spear", "teams-weapon", { damage: -1 })]);
    expect(refusalOf(choice(badSpear, armoured(), "spear"))).toBe("FRAY.Refusal.TeamsCardBadData");
    expect(refusalOf(choice(boudica(), { ...armoured(), type: "strain-character" }, "spear"))).toBe(
      "FRAY.Refusal.TeamsCardWrongActor",
    );
    expect(refusalOf(choice(boudica(), boudica(), "spear"))).toBe("FRAY.Refusal.CannotAttackSelf");
    expect(refusalOf(choice(boudica(), armoured(), "spear", { sneak: "yes" }))).toBe("FRAY.Refusal.TeamsCardBadOption");
    expect(refusalOf(choice(boudica(), armoured(), "spear", { advantages: -1 }))).toBe(
      "FRAY.Refusal.TeamsCardBadOption",
    );
  });

  it("TEAM-46 refuses a new weapon that lists no attribute for its attack test", () => {
    const blank: CardItem = {
      id: "new",
      name: "New weapon",
      type: "teams-weapon",
      system: initialData(teamsWeapon.fields),
    };
    expect(refusalOf(choice(boudica([blank]), armoured(), "new"))).toBe("FRAY.Refusal.TeamsCardNoAttribute");
  });

  it("every refusal key it gives has its English", () => {
    const src = ["card-options", "open", "read-system", "weapon-from-item"]
      .map((f) => readFileSync(`src/foundry/cards/teams/${f}.ts`, "utf8"))
      .join("\n");
    const used = [...src.matchAll(/refuse\("(TeamsCard\w+)"/g)].map((m) => m[1]);
    expect(used.length).toBeGreaterThan(5);
    for (const k of used) expect(lookup(`FRAY.Refusal.${k}`), k).toBeTypeOf("string");
  });
});

describe("teams attack card: a whole attack", () => {
  it(
    "TEAM-48 TEAM-49 the enemy's plate harness is its damage reduction: 10 piercing against own 0 " +
      "+ harness 8 leaves 2",
    () => {
      const harness = item(
        "plate",
        "teams-armour",
        { kind: "armour", damageReduction: { physical: 8, elemental: 1 } },
        "Plate harness",
      );
      const mail = item(
        "mail",
        "teams-armour",
        { kind: "armour", damageReduction: { physical: 4, elemental: 0 } },
        "Mail shirt",
      );
      const bare = character("enemy", "Enemy", { evasion: 6, endurance: { value: 20, max: 20 } }, [harness]);
      expect(open(choice(boudica(), bare, "spear")).setup.combatants[1]?.deflection).toEqual({
        physical: 8,
        elemental: 1,
      });
      // Every armour item counts, over the sheet's own reduction; a shield without reductions adds nothing.
      const layered = merged(
        { ...bare, items: [harness, mail, item("eshield", "teams-armour")] },
        { damageReduction: { physical: 1, elemental: 0 } },
      );
      expect(open(choice(boudica(), layered, "spear")).setup.combatants[1]?.deflection).toEqual({
        physical: 13,
        elemental: 1,
      });
      const p = play(choice(boudica(), bare, "spear"), THROUGH, scriptedRoller([3, 2, 10]));
      expect(lineOf(view(p), "Reduced").data).toEqual({
        kind: "FRAY.Card.Teams.Kind.physical",
        reduction: 8,
        amount: 2,
      });
      expect(p.state.damage?.dealt).toBe(2);
      const junk = item("junk", "teams-armour", { damageReduction: { physical: "lots", elemental: 0 } }, "Junk");
      expect(refusalOf(choice(boudica(), { ...bare, items: [junk] }, "spear"))).toBe("FRAY.Refusal.TeamsCardBadData");
    },
  );

  it(
    "TEAM-47 TEAM-49 Boudica's spear: 2d6+1 = 6 against evasion 6 hits; 6 + 4 = 10 piercing less " +
      "reduction 8 leaves 2",
    () => {
      const dice = scriptedRoller([3, 2, 10]);
      const p = play(choice(boudica(), armoured(), "spear"), THROUGH, dice);
      const v = view(p);
      expect(lineOf(v, "ToHit")).toEqual({
        key: "FRAY.Card.Teams.ToHit",
        data: { formula: "2d6+1", dice: "3 + 2", modifier: " + 1", total: 6, sum: "3 + 2 + 1 = 6", evasion: 6 },
        dice: true,
      });
      expect(lineOf(v, "Luck").data).toMatchObject({ dice: "10", total: 10, threshold: 19 });
      expect(v.outcome?.key).toBe("FRAY.Card.Teams.Outcome.hit");
      expect(lineOf(v, "Damage").data).toEqual({
        test: 6,
        weapon: 4,
        base: 10,
        type: "FRAY.Card.Teams.DamageType.piercing",
        amount: 2,
      });
      expect(lineOf(v, "Reduced").data).toEqual({ kind: "FRAY.Card.Teams.Kind.physical", reduction: 8, amount: 2 });
      expect(p.state.damage?.dealt).toBe(2);
      // before apply: what applying will do, from the pipeline's own apply
      expect(lineOf(v, "Preview.damageApplied.endurance").data).toMatchObject({
        name: "Enemy",
        amount: 2,
        enduranceBefore: 20,
        enduranceAfter: 18,
      });
      expect(expectWords(p)).toEqual([
        "Boudica attacks Enemy with Spear",
        "Attack test 2d6+1: 3 + 2 + 1 = 6 against evasion 6",
        "Luck die 1d20: 10 (critical on 19 or more)",
        "Enemy takes no reaction",
        "Damage: test 6 + weapon damage 4 = 10 piercing",
        "Less physical damage reduction 8: 2 damage (never less than 1)",
        // TEAM-64: only the pool the blow changed is named (health stays 10).
        "Applying: Enemy takes 2 from endurance: 20 → 18",
        "Hit",
      ]);
      const done = send(p, [{ type: "apply" }], dice);
      expect(dice.used).toBe(3);
      const applied = done.events.find((e) => e.type === "damageApplied") as
        { after: Record<string, number> } | undefined;
      expect(plan(done)).toEqual({
        actors: [
          {
            actorId: "enemy",
            changes: { "endurance.value": applied?.after.endurance, "health.value": applied?.after.health },
          },
        ],
        statuses: [],
        dropped: [],
        items: [],
      });
      expect(keys(view(done))).toContain("Applied.damageApplied.endurance");
      expect(keys(view(done)).filter((k) => k.startsWith("Preview"))).toEqual([]);
      expectWords(done);
    },
  );

  it("TEAM-50 TEAM-51 a luck roll of 19 against the spear's 19+: critical damage 8 + 6 = 14 less 8 leaves 6", () => {
    const p = play(choice(boudica(), armoured(), "spear"), THROUGH, scriptedRoller([3, 2, 19]));
    const v = view(p);
    expect(v.outcome?.key).toBe("FRAY.Card.Teams.Outcome.critical");
    expect(lineOf(v, "CriticalDamage").data).toMatchObject({ test: 6, weapon: 8, base: 14 });
    expect(lineOf(v, "Reduced").data).toMatchObject({ amount: 6 });
    expect(expectWords(p)).toContain("Critical hit");
  });

  it("TEAM-46 a test below evasion misses, and the card ends there with nothing to apply", () => {
    const dice = scriptedRoller([1, 2, 5]);
    const p = play(choice(boudica(), armoured(), "spear"), [{ type: "roll" }], dice);
    expect(p.state.step).toBe("done");
    expect(view(p).outcome?.key).toBe("FRAY.Card.Teams.Outcome.miss");
    expect(plan(p)).toEqual({ actors: [], statuses: [], dropped: [], items: [] });
    expectWords(p);
  });

  it("TEAM-56 TEAM-58 a sneak attack shows its advantage and the dropped roll", () => {
    const p = play(
      choice(boudica(), armoured(), "spear", { sneak: true }),
      [{ type: "roll" }],
      scriptedRoller([1, 1, 4, 3, 5]),
    );
    const v = view(p);
    expect(keys(v).slice(0, 4)).toEqual(["Sneak", "ToHit", "Dropped", "Edge.Advantage"]);
    expect(lineOf(v, "ToHit").data).toMatchObject({ dice: "4 + 3", total: 8 });
    expect(lineOf(v, "Dropped")).toMatchObject({ data: { dice: "1, 1" }, dice: true });
    expectWords(p);
  });

  it("TEAM-54 the attacker's earlier attacks this round give the multiple attack penalty", () => {
    const p = play(
      choice(boudica(), armoured(), "spear", { attacksThisRound: 1 }),
      [{ type: "roll" }],
      scriptedRoller([3, 2, 5]),
    );
    const v = view(p);
    expect(lineOf(v, "Penalty").data).toEqual({ penalty: -2 });
    expect(lineOf(v, "ToHit").data).toMatchObject({ modifier: " − 1", total: 4 });
    expect(v.outcome?.key).toBe("FRAY.Card.Teams.Outcome.miss");
    expectWords(p);
  });
});

describe("teams attack card: reactions", () => {
  it("TEAM-36 a dodge test meeting the attack's result avoids it; the dodger's stamina is written", () => {
    // Enemy's dodge: dexterity d6 + athletics d4 + finesse 0
    const p = play(
      choice(boudica(), shielded(), "spear"),
      [{ type: "roll" }, { type: "react", reaction: "dodge" }],
      scriptedRoller([3, 3, 5, 6, 1]),
    );
    const v = view(p);
    expect(lineOf(v, "ReactionTest").data).toMatchObject({
      reaction: "FRAY.Card.Teams.Reaction.dodge",
      total: 7,
      against: 7,
    });
    expect(v.outcome?.key).toBe("FRAY.Card.Teams.Outcome.dodged");
    expect(plan(p).actors).toEqual([{ actorId: "enemy", changes: { "stamina.value": 2, "focus.value": 3 } }]);
    expect(expectWords(p)).toContain("Enemy reacts with Dodge: 1d6+1d4: 6 + 1 = 7 against the attack's 7: dodged");
  });

  it("TEAM-43 a parry adds the shield's parry value 2 to physical reduction and wears it by 1", () => {
    const react: TeamsCommand = { type: "react", reaction: "parry", item: "eshield" };
    const dice = scriptedRoller([3, 3, 5]);
    const p = play(
      choice(boudica(), shielded(), "spear"),
      [{ type: "roll" }, react, { type: "rollDamage" }, { type: "apply" }],
      dice,
    );
    const v = view(p);
    expect(lineOf(v, "Parry").data).toEqual({ name: "Enemy", item: "Heater shield", bonus: 2 });
    expect(lineOf(v, "Reduced").data).toMatchObject({ reduction: 10, amount: 1 });
    expect(plan(p).items).toEqual([{ actorId: "enemy", itemId: "eshield", changes: { "durability.value": 7 } }]);
    expect(plan(p).actors[0]?.changes).toMatchObject({ "stamina.value": 2, "endurance.value": 19 });
    expectWords(p);
  });

  it("TEAM-40 TEAM-44 a block: the shield takes 11 less block value 3, all of its durability 8, and breaks", () => {
    const react: TeamsCommand = { type: "react", reaction: "block", item: "eshield" };
    const dice = scriptedRoller([3, 3, 5]);
    const before = play(
      choice(boudica(), shielded(), "spear"),
      [{ type: "roll" }, react, { type: "rollDamage" }],
      dice,
    );
    const v = view(before);
    expect(lineOf(v, "BlockedDamage").data).toEqual({ item: "Heater shield", block: 3, toItem: 8, excess: 0 });
    expect(lineOf(v, "Preview.itemDamaged").data).toEqual({ item: "Heater shield", amount: 8, durability: 0 });
    expect(keys(v)).toContain("Preview.itemBroken");
    const p = send(before, [{ type: "apply" }], dice);
    expect(plan(p).items).toEqual([{ actorId: "enemy", itemId: "eshield", changes: { "durability.value": 0 } }]);
    expect(expectWords(p)).toContain("Heater shield breaks");
    // TEAM-40: the shield took it all: no pool changed, and the card says so instead of "20 → 20".
    expect(expectWords(p)).toContain("Enemy takes no damage");
  });
});

describe("teams attack card: Boudica's wounds, card after card (TEAM-66, TEAM-68, TEAM-71)", () => {
  const three = (): { first: Played; second: Played; third: Played; after: CardActor[] } => {
    const r = raider();
    // 1st: test d4 2 + d4 1 = 3 (evasion 0) + club 4 = 7
    const first = play(choice(r, woundable(), "club"), [...THROUGH, { type: "apply" }], scriptedRoller([2, 1, 5]));
    const b1 = applied(woundable(), plan(first));
    // 2nd: 3 + 3 = 6 + 4 = 10; then she fortifies: strength d6 4 + athletics d4 2 + fortitude 1 = 7 against 5
    const dice2 = scriptedRoller([3, 3, 5, 4, 2]);
    const second = play(choice(r, b1, "club"), [...THROUGH, { type: "apply" }, { type: "fortify" }], dice2);
    const b2 = applied(b1, plan(second));
    // 3rd: 2 + 2 = 4 + 4 = 8 against health 7; the luck test to cheat death shows 1
    const third = play(choice(r, b2, "club"), [...THROUGH, { type: "apply" }], scriptedRoller([2, 2, 5, 1]));
    return { first, second, third, after: [b1, b2, applied(b2, plan(third))] };
  };

  it("TEAM-66 she takes 7: endurance 12 to 5, harmed", () => {
    const { first, after } = three();
    expect(lineOf(view(first), "Applied.damageApplied.endurance").data).toMatchObject({
      amount: 7,
      enduranceBefore: 12,
      enduranceAfter: 5,
    });
    expect(expectWords(first)).toContain("Boudica is harmed");
    expect(after[0]?.system).toMatchObject({ endurance: { value: 5, max: 12 }, health: { value: 12, max: 12 } });
  });

  it(
    "TEAM-67 TEAM-68 she takes 10: endurance 0, health 7, missing 5 > constitution 4; fortifies 7 against 5 " +
      "and stays conscious",
    () => {
      const { second, after } = three();
      const v = view(second);
      // TEAM-64: the blow empties endurance and reaches health, so the line names both pools.
      expect(lineOf(v, "Applied.damageApplied.both").data).toMatchObject({
        enduranceBefore: 5,
        enduranceAfter: 0,
        healthBefore: 12,
        healthAfter: 7,
      });
      expect(lineOf(v, "Applied.consciousnessAtRisk").data).toEqual({ name: "Boudica", difficulty: 5 });
      expect(lineOf(v, "StayConscious")).toMatchObject({
        data: { formula: "1d6+1d4+1", total: 7, against: 5 },
        dice: true,
      });
      expect(keys(v)).toContain("Applied.bloodied");
      expect(plan(second).actors).toEqual([
        {
          actorId: "boudica",
          changes: { "endurance.value": 0, "health.value": 7, "stamina.value": 2, "focus.value": 3 },
        },
      ]);
      expect(plan(second).dropped).toEqual([]);
      expect(after[1]?.system).toMatchObject({ endurance: { value: 0 }, health: { value: 7 }, stamina: { value: 2 } });
      expectWords(second);
    },
  );

  it("TEAM-67 at the choice the target fortifies or falls, the GM has nothing to click", () => {
    const b1 = applied(
      woundable(),
      plan(play(choice(raider(), woundable(), "club"), [...THROUGH, { type: "apply" }], scriptedRoller([2, 1, 5]))),
    );
    const p = play(choice(raider(), b1, "club"), [...THROUGH, { type: "apply" }], scriptedRoller([3, 3, 5]));
    expect(card.engine.legal(p.state)).toEqual([{ type: "fortify" }, { type: "fallUnconscious" }]);
    for (const c of card.engine.legal(p.state)) expect(card.roleFor(c, p.state)).toBe("target");
    const fell = send(p, [{ type: "fallUnconscious" }], scriptedRoller([]));
    // The field is the truth; the token's unconscious icon follows it (test/foundry/statuses), the plan toggles
    // nothing.
    expect(plan(fell).statuses).toEqual([]);
    expect(plan(fell).dropped).toEqual([{ actorId: "boudica", how: "unable" }]);
    expect(plan(fell).actors[0]?.changes).toMatchObject({ "conditions.unconscious": true });
    expect(expectWords(fell)).toContain("Boudica chooses to fall unconscious");
  });

  it("TEAM-69 TEAM-70 TEAM-71 she takes 8 with 7 health: unconscious, risks death, rolls 1 and dies", () => {
    const { third } = three();
    expect(third.state.step).toBe("done");
    const v = view(third);
    expect(lineOf(v, "Applied.deathRisked")).toMatchObject({
      data: { total: 1, difficulty: 10, result: "FRAY.Card.Teams.Result.died" },
      dice: true,
    });
    expect(plan(third)).toMatchObject({
      actors: [
        { actorId: "boudica", changes: { "endurance.value": 0, "health.value": 0, "conditions.unconscious": true } },
      ],
      statuses: [{ actorId: "boudica", status: "dead", active: true }],
      dropped: [{ actorId: "boudica", how: "out" }],
    });
    expect(expectWords(third)).toContain("Boudica risks death: luck test 1d20: 1 against 10: dies");
  });

  it("TEAM-70 the preview names the risk of death and its difficulty, not the luck die it has not rolled", () => {
    const b2 = three().after[1]!;
    const p = play(choice(raider(), b2, "club"), THROUGH, scriptedRoller([2, 2, 5]));
    const v = view(p);
    expect(keys(v).filter((k) => k.startsWith("Preview"))).toEqual([
      "Preview.damageApplied.health",
      "Preview.unconscious",
      "Preview.deathRisked",
    ]);
    expect(lineOf(v, "Preview.deathRisked").data).toEqual({ name: "Boudica", difficulty: 10 });
    expectWords(p);
  });

  it("TEAM-70 cheating death raises timesCheatedDeath on the sheet", () => {
    const b2 = three().after[1]!;
    const p = play(choice(raider(), b2, "club"), [...THROUGH, { type: "apply" }], scriptedRoller([2, 2, 5, 15]));
    expect(plan(p).actors[0]?.changes).toMatchObject({ timesCheatedDeath: 1, "conditions.unconscious": true });
    expect(plan(p).dropped).toEqual([{ actorId: "boudica", how: "unable" }]);
    const again = open(choice(raider(), applied(b2, plan(p)), "club")).setup.combatants[1];
    expect(again?.cheatDeathDifficulty).toBe(15);
    expectWords(p);
  });

  it("TEAM-72 a killing strike on the unconscious Boudica: advantage against constitution 4", () => {
    const down = merged(woundable(), { health: { value: 0, max: 12 }, conditions: { unconscious: true } });
    const p = play(choice(raider(), down, "club", { killingStrike: true }), [], scriptedRoller([1, 1, 2, 1]));
    const v = view(p);
    expect(v.title.key).toBe("FRAY.Card.Teams.TitleKillingStrike");
    expect(lineOf(v, "KillingStrike").data).toMatchObject({ total: 3, constitution: 4 });
    expect(expectWords(p)).toContain("The killing strike fails: a sneak attack on Boudica follows");
    const struck = play(choice(raider(), down, "club", { killingStrike: true }), [], scriptedRoller([1, 1, 2, 2]));
    // The kill waits for the GM's apply like any other harm, and the card says what applying will do.
    expect(struck.state.step).toBe("apply");
    expect(card.engine.legal(struck.state)).toEqual([{ type: "apply" }]);
    expect(expectWords(struck)).toContain("Boudica will die");
    const killed = play(
      choice(raider(), down, "club", { killingStrike: true }),
      [{ type: "apply" }],
      scriptedRoller([1, 1, 2, 2]),
    );
    expect(view(killed).outcome?.key).toBe("FRAY.Card.Teams.Outcome.killed");
    expect(plan(killed)).toMatchObject({
      actors: [{ actorId: "boudica", changes: { "health.value": 0 } }],
      statuses: [{ actorId: "boudica", status: "dead", active: true }],
      dropped: [{ actorId: "boudica", how: "out" }],
    });
    expectWords(killed);
  });
});

describe("teams attack card: roles and the apply plan's paths", () => {
  /**
   * Walk an attack one legal command at a time (the first offered, or the one named), checking each offered command's
   * role.
   */
  function walk(c: AttackChoice, pickReaction: (cmds: TeamsCommand[]) => TeamsCommand, dice: number[]): Played {
    const roller = scriptedRoller(dice);
    let p = play(c, [], roller);
    const seen = new Set<string>();
    while (p.state.step !== "done") {
      const legal = card.engine.legal(p.state);
      for (const cmd of legal) {
        expect(card.roleFor(cmd, p.state), `${cmd.type} at ${p.state.step}`).toBe(ROLE[cmd.type]);
        seen.add(cmd.type);
      }
      const next = p.state.step === "reactionWindow" || p.state.pending !== "none" ? pickReaction(legal) : legal[0]!;
      p = send(p, [next], roller);
    }
    expect([...seen].sort()).toEqual(expect.arrayContaining(["roll", "rollDamage", "apply"]));
    return p;
  }

  it("TEAM-35 every command legal at each step is the attacker's, the target's or the GM's as the table says", () => {
    const parry = (cmds: TeamsCommand[]): TeamsCommand =>
      cmds.find((x) => x.type === "react" && x.reaction === "parry") ?? cmds[0]!;
    walk(choice(boudica(), shielded(), "spear"), parry, [3, 3, 5]);
    walk(choice(boudica(), shielded(), "spear"), (cmds) => cmds[0]!, [3, 3, 5]);
    walk(choice(raider(), woundable(), "club"), (cmds) => cmds[0]!, [3, 3, 5]);
    const done = play(choice(boudica(), armoured(), "spear"), [{ type: "roll" }], scriptedRoller([1, 1, 5]));
    for (const cmd of card.engine.legal(done.state)) expect(card.roleFor(cmd, done.state)).toBe("gm");
    const intercept: TeamsCommand = { type: "react", reaction: "intercept", by: "ally" };
    expect(card.roleFor(intercept, done.state)).toBe("gm");
  });

  it("the apply plan writes only paths the data models have, with the pipeline's damageApplied.after", () => {
    const actorPaths = paths(teamsCharacter.fields);
    const itemPaths = { "teams-weapon": paths(teamsWeapon.fields), "teams-armour": paths(teamsArmour.fields) };
    const scenes: Played[] = [
      play(
        choice(boudica(), shielded(), "spear"),
        [
          { type: "roll" },
          { type: "react", reaction: "parry", item: "eshield" },
          { type: "rollDamage" },
          { type: "apply" },
        ],
        scriptedRoller([3, 3, 5]),
      ),
      play(
        choice(boudica(), shielded(), "spear"),
        [
          { type: "roll" },
          { type: "react", reaction: "block", item: "eshield" },
          { type: "rollDamage" },
          { type: "apply" },
        ],
        scriptedRoller([3, 3, 5]),
      ),
      play(choice(raider(), woundable(), "club"), [...THROUGH, { type: "apply" }], scriptedRoller([4, 4, 20])),
      play(
        choice(
          raider(),
          merged(woundable(), { endurance: { value: 0, max: 12 }, health: { value: 3, max: 12 } }),
          "club",
        ),
        [...THROUGH, { type: "apply" }],
        scriptedRoller([2, 2, 5, 12]),
      ),
    ];
    for (const p of scenes) {
      const pl = plan(p);
      for (const a of pl.actors) for (const path of Object.keys(a.changes)) expect(actorPaths, path).toContain(path);
      for (const i of pl.items)
        for (const path of Object.keys(i.changes)) expect(itemPaths["teams-armour"], path).toContain(path);
      for (const e of p.events.filter((x) => x.type === "damageApplied") as {
        combatant: string;
        after: Record<string, number>;
      }[]) {
        const changes = pl.actors.find((a) => a.actorId === e.combatant)?.changes;
        expect(changes?.["endurance.value"]).toBe(e.after.endurance);
        expect(changes?.["health.value"]).toBe(e.after.health);
      }
      expect(itemPaths["teams-weapon"]).toContain("durability.value");
      expectWords(p);
    }
  });
});
