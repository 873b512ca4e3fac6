import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { FactionsAttackCommand, FactionsAttackState } from "../../../../src/core/attack/factions/index.js";
import type { AttackEvent } from "../../../../src/core/attack/pipeline.js";
import { scriptedRoller, type Roller } from "../../../../src/core/shared/roller.js";
import type {
  AttackChoice,
  CardActor,
  CardItem,
  CardLine,
  CardRole,
  CardView,
} from "../../../../src/foundry/cards/attack-ruleset.js";
import {
  factionsAttackCard as card,
  factionsItemPlan,
  gearOf,
  withNames,
} from "../../../../src/foundry/cards/factions/index.js";
import { initialData } from "../../../../src/foundry/data/field-spec.js";
import {
  factionsArmour,
  factionsCharacter,
  factionsConsumable,
  factionsWeapon,
} from "../../../../src/foundry/data/specs/index.js";
import { SAMPLE_ACTORS, SAMPLE_ITEMS } from "../../../../tools/sample-data.js";
import { mirroredField, statusEffectsFor } from "../../../../src/foundry/statuses/status-effects.js";

type Tree = { [k: string]: string | Tree };
const cardEn = JSON.parse(readFileSync("lang/en.json", "utf8")) as Tree;
const en = JSON.parse(readFileSync("lang/en.json", "utf8")) as Tree;

function lookup(tree: Tree, key: string): string | undefined {
  let v: string | Tree | undefined = tree;
  for (const part of key.split(".")) v = typeof v === "object" ? v[part] : undefined;
  return typeof v === "string" ? v : undefined;
}

/**
 * A key in English as the card shows it: values that are Fray keys are localised first, every placeholder must be
 * filled.
 */
function english(key: string, data: Readonly<Record<string, string | number>> = {}): string {
  const text = lookup(cardEn, key) ?? lookup(en, key);
  if (text === undefined) throw new Error(`missing key ${key}`);
  return text.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = data[name];
    if (v === undefined) throw new Error(`${key}: {${name}} not filled`);
    return typeof v === "string" && v.startsWith("FRAY.") ? english(v) : String(v);
  });
}

const names: Record<string, string> = { balthasar: "Balthasar", bandit: "Bandit", theobald: "Theobald" };
const say = (l: CardLine) => english(l.key, l.data);
const shown = (v: CardView) => withNames(v, (id) => names[id] ?? id).lines.map(say);

const sample = (type: string) => SAMPLE_ITEMS.find((s) => s.type === type)!;
function item(id: string, type: string, name: string, over: Record<string, unknown> = {}): CardItem {
  const fields = {
    "factions-weapon": factionsWeapon,
    "factions-armour": factionsArmour,
    "factions-consumable": factionsConsumable,
  }[type]!;
  return { id, type, name, system: { ...initialData(fields.fields), ...over } };
}
function character(id: string, over: Record<string, unknown> = {}, items: CardItem[] = []): CardActor {
  return {
    id,
    name: names[id] ?? id,
    type: "factions-character",
    system: { ...initialData(factionsCharacter.fields), ...over },
    items,
  };
}

const sword = item("sword", "factions-weapon", "Sword", { damageDie: "d8" });
const axe = item("axe", "factions-weapon", "Axe", { damageDie: "d6" });
const balthasar = () => {
  const s = SAMPLE_ACTORS.find((a) => a.type === "factions-character")!;
  const items = SAMPLE_ITEMS.filter((i) => i.type.startsWith("factions-")).map((i, n) => ({ id: `b${n}`, ...i }));
  return { id: "balthasar", name: s.name, type: s.type, system: s.system, items: [...items, sword] };
};
const bandit = (over: Record<string, unknown> = {}, items: CardItem[] = [axe]) =>
  character("bandit", { faction: "Bandits", agi: 10, str: 10, wit: 8, armour: 1, ...over }, items);

function choose(over: Partial<AttackChoice> = {}): AttackChoice {
  return { attacker: balthasar(), target: bandit(), itemId: "sword", options: {}, ...over };
}

/** Open and play commands, with the view after each; every command but a stunt must be one `legal` offers. */
function play(choice: AttackChoice, commands: FactionsAttackCommand[], roller: Roller) {
  const opened = card.open(choice);
  if (!opened.ok) throw new Error(opened.reason);
  const started = card.engine.start(opened.state.setup, roller);
  if (!started.ok) throw new Error(started.reason);
  let state = started.state;
  const events: AttackEvent[] = [...started.events];
  const views: CardView[] = [card.view(state, events)];
  const roles: [string, CardRole][] = [];
  for (const c of commands) {
    for (const l of card.engine.legal(state)) roles.push([JSON.stringify(l), card.roleFor(l, state)]);
    // A stunt's effect is free text (FAC-40): legal cannot list it, the card offers it beside the reactions.
    if (c.type !== "proposeStunt") expect(card.engine.legal(state)).toContainEqual(c);
    const r = card.engine.apply(state, c, roller);
    if (!r.ok) throw new Error(`${c.type}: ${r.reason}`);
    state = r.state;
    events.push(...r.events);
    views.push(card.view(state, events));
  }
  return { state, events, views, roles };
}

function flatPaths(o: Record<string, unknown>, prefix = ""): string[] {
  return Object.entries(o).flatMap(([k, v]) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? flatPaths(v as Record<string, unknown>, `${prefix}${k}.`)
      : [`${prefix}${k}`],
  );
}
const MODEL_PATHS = flatPaths(initialData(factionsCharacter.fields));
// A status a card sets must be one a factions world offers (Foundry throws on any other) and no condition's mirror.
const STATUS_IDS = statusEffectsFor("factions").map((s) => s.id);
const find = (events: readonly AttackEvent[], type: string) =>
  events.filter((e) => e.type === type) as Record<string, unknown>[];

describe("factions attack card: opening from the sheets", () => {
  it(
    "FAC-30 opens a ranged attack from the sample Balthasar and his sample crossbow, worn armour " +
      "adding to the sheet's",
    () => {
      const crossbow = balthasar().items.find((i) => i.type === "factions-weapon")!;
      const r = card.open(choose({ itemId: crossbow.id }));
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      expect(r.state.opening).toEqual([]);
      const { attacker, targets, mode, effect } = r.state.setup;
      expect(mode).toBe("ranged");
      expect(effect).toBe("damage");
      expect(attacker).toMatchObject({
        id: "balthasar",
        faction: "Players",
        wit: 12,
        agi: 11,
        str: 10,
        health: 8,
        armour: 2 + 1,
      });
      expect(attacker.weapon).toEqual({
        name: sample("factions-weapon").name,
        damageDie: 8,
        damaged: false,
        improvised: false,
        unarmed: false,
      });
      // The target counters with its first weapon (FAC-19).
      expect(targets[0]).toMatchObject({
        id: "bandit",
        wit: 8,
        armour: 1,
        aware: true,
        turnUsed: false,
        weapon: { name: "Axe", damageDie: 6 },
      });
    },
  );

  it("FAC-26 no item is an unarmed d4 attack; a target with no weapon counters unarmed", () => {
    const r = card.open(choose({ itemId: null, target: bandit({}, []) }));
    expect(r.ok && r.state.setup.attacker.weapon).toMatchObject({ damageDie: 4, unarmed: true });
    expect(r.ok && r.state.setup.targets[0]!.weapon.unarmed).toBe(true);
  });

  it("FAC-36 a blast weapon opens a blast; a shield item is the shield (FAC-63) and options are circumstances", () => {
    const bomb = item("bomb", "factions-weapon", "Fire pot", { attack: "ranged", blast: true, damageDie: "d10" });
    const shield = item("sh", "factions-armour", "Buckler", { shield: true, armour: 1, damaged: true });
    const r = card.open(
      choose({
        attacker: { ...balthasar(), items: [bomb] },
        itemId: "bomb",
        target: bandit({}, [shield]),
        options: { cover: true },
      }),
    );
    expect(r.ok && r.state.setup).toMatchObject({
      mode: "rangedBlast",
      cover: true,
      targets: [{ armour: 1, shield: { armour: 1, damaged: true } }],
    });
  });

  it("refuses another actor's item, a missing item and an item that is not a weapon", () => {
    const theirs = card.open(choose({ itemId: "axe" }));
    expect(!theirs.ok && theirs.key).toBe("FRAY.Refusal.CardItemNotCarried");
    expect(!theirs.ok && english(theirs.key, theirs.data)).toBe("Balthasar does not carry Axe.");
    const missing = card.open(choose({ itemId: "nothing" }));
    expect(!missing.ok && missing.key).toBe("FRAY.Refusal.UnknownItem");
    const armour = balthasar().items.find((i) => i.type === "factions-armour")!;
    const notWeapon = card.open(choose({ itemId: armour.id }));
    expect(!notWeapon.ok && notWeapon.key).toBe("FRAY.Refusal.CardNotAnAttackItem");
    expect(!notWeapon.ok && english(notWeapon.key, notWeapon.data)).toBe("Gambeson is not something to attack with.");
  });

  it("refuses junk system data, another rule set's actor, bad options and attacking oneself, never throwing", () => {
    const cases: [Partial<AttackChoice>, string][] = [
      [{ target: { ...bandit(), system: "junk" } }, "FRAY.Refusal.CardActorData"],
      [{ target: { ...bandit(), system: null } }, "FRAY.Refusal.CardActorData"],
      [{ target: bandit({ health: { value: -2, max: 10 } }) }, "FRAY.Refusal.CardActorData"],
      [{ attacker: { ...balthasar(), system: { ...balthasar().system, wit: "12" } } }, "FRAY.Refusal.CardActorData"],
      [{ target: { ...bandit(), type: "teams-character" } }, "FRAY.Refusal.CardActorType"],
      [
        { attacker: { ...balthasar(), items: [{ ...sword, system: { damageDie: "d7" } }] } },
        "FRAY.Refusal.CardItemData",
      ],
      [{ options: { cover: "yes" } }, "FRAY.Refusal.CardOption"],
      [{ options: { effect: "maim" } }, "FRAY.Refusal.CardOption"],
      [{ target: { ...balthasar() } }, "FRAY.Refusal.CannotAttackSelf"],
    ];
    for (const [over, key] of cases) {
      const r = card.open(choose(over));
      expect(!r.ok && r.key).toBe(key);
      if (!r.ok)
        expect(() => english(r.key, { name: "x", item: "x", field: "x", option: "x", ...r.data })).not.toThrow();
    }
    const r = card.open(choose({ target: { ...bandit(), system: { health: "x" } } }));
    expect(!r.ok && english(r.key, r.data)).toBe(
      "Bandit's sheet cannot make a combatant: faction is missing or not valid.",
    );
  });

  it("FAC-31 the core's declaration check is the card's: a ranged attack on a target out of sight is refused", () => {
    const crossbow = balthasar().items.find((i) => i.type === "factions-weapon")!;
    const r = card.open(choose({ itemId: crossbow.id, options: { targetVisible: false } }));
    expect(!r.ok && r.key).toBe("FRAY.Refusal.TargetNotVisible");
    expect(!r.ok && r.clause).toBe("FAC-31");
  });
});

const ROLE: Record<string, string> = {
  roll: "attacker",
  rollDamage: "attacker",
  proposeStunt: "attacker",
  apply: "gm",
};

describe("factions attack card: a whole attack", () => {
  const roll = { type: "roll" } as const;
  const dodge = { type: "react", reaction: "dodge", by: "bandit" } as const;
  const damage = { type: "rollDamage" } as const;
  const apply = { type: "apply" } as const;

  it(
    "FAC-25 FAC-18 a WIT save to hit, a failed dodge, damage less armour, applied: the card says " +
      "each step in English",
    () => {
      const roller = scriptedRoller([7, 15, 6]);
      const { state, events, views } = play(
        choose({ options: { gmCallsWitSave: true } }),
        [roll, dodge, damage, apply],
        roller,
      );
      expect(roller.used).toBe(3);
      expect(
        english(
          withNames(views[0]!, (id) => names[id]!).title.key,
          withNames(views[0]!, (id) => names[id]!).title.data,
        ),
      ).toBe("Balthasar attacks Bandit with Sword");
      expect(shown(views[0]!)).toEqual(["A melee attack to harm: it needs a WIT save to hit."]);
      expect(views[0]!.outcome).toBeNull();
      expect(shown(views[1]!)[1]).toBe("WIT save to hit: 7 on 1d20, needing 12 or less: passed.");
      expect(views[1]!.lines[1]!.dice).toBe(true);
      expect(english(views[1]!.outcome!.key)).toBe("Hit");
      expect(shown(views[2]!)[2]).toBe("Bandit dodges: AGI save 15 on 1d20, needing 10 or less: failed.");
      // FAC-18: the dodge failed, so the attack is a hit, in the rule set's words.
      expect(english(views[2]!.outcome!.key)).toBe("Hit");
      // Before apply: the damage rolled and what applying will do, read from the core.
      expect(shown(views[3]!).slice(3)).toEqual([
        "Damage to Bandit: 6 on 1d8, less armour 1: 5.",
        "Applying: Bandit will take 5 damage: health 10 → 5.",
      ]);
      expect(shown(views[4]!).slice(4)).toEqual(["Bandit takes 5 damage: health 10 → 5."]);
      expect(english(views[4]!.outcome!.key)).toBe("Hit");
      // The numbers shown are the pipeline's.
      const hit = find(events, "toHitRolled")[0]!;
      expect(views[1]!.lines[1]!.data).toMatchObject({ total: (hit.roll as { total: number }).total, against: 12 });
      const dealt = find(events, "damageRolled")[0]!;
      expect(views[3]!.lines[3]!.data).toMatchObject({ amount: dealt.amount, total: 6, armour: 1 });
      expect(state.step).toBe("done");
    },
  );

  it("FAC-26 an impaired roll shows the dice behind its total: unarmed, the lower of two d4", () => {
    const { views } = play(choose({ itemId: null }), [{ type: "skipReaction" }, damage], scriptedRoller([3, 4]));
    expect(shown(views.at(-1)!)).toContain("Damage to Bandit: 3 on 2d4kl1 (3, (4)), less armour 1: 2.");
    expect(views.at(-1)!.lines.find((l) => l.key.endsWith(".Damage"))?.dice).toBe(true);
  });

  it("every line of every view resolves to English with each placeholder filled, after every kind of event", () => {
    const runs = [
      play(choose({ options: { gmCallsWitSave: true } }), [roll, dodge, damage, apply], scriptedRoller([7, 15, 6])),
      play(choose({ options: { gmCallsWitSave: true } }), [roll], scriptedRoller([20])),
      play(choose(), [{ type: "react", reaction: "counter", by: "bandit" }, damage, apply], scriptedRoller([8, 6])),
      play(
        choose(),
        [
          { type: "proposeStunt", effect: "cut the strap" },
          { type: "answerStunt", accept: true },
        ],
        scriptedRoller([]),
      ),
      play(choose({ options: { effect: "grapple" } }), [{ type: "skipReaction" }, apply], scriptedRoller([19])),
      play(choose({ options: { effect: "disarm" } }), [{ type: "skipReaction" }, apply], scriptedRoller([19])),
      play(
        choose({
          itemId: null,
          target: bandit({ health: { value: 2, max: 10 }, armour: 0, conditions: { surrendering: true } }),
        }),
        [{ type: "skipReaction" }, damage, apply],
        scriptedRoller([4, 3]),
      ),
    ];
    for (const r of runs)
      for (const v of r.views) {
        const named = withNames(v, (id) => names[id]!);
        for (const l of [named.title, ...named.lines, ...(named.outcome ? [named.outcome] : [])]) {
          expect(l.key.startsWith("FRAY.Card.Factions.")).toBe(true);
          expect(() => say(l)).not.toThrow();
          expect(say(l)).not.toMatch(/FRAY\.|undefined|\{/);
        }
      }
    expect(shown(runs[1]!.views[1]!)[1]).toContain("failed");
    expect(english(runs[1]!.views[1]!.outcome!.key)).toBe("Miss");
    expect(english(runs[3]!.views[2]!.outcome!.key)).toBe("Stunt accepted");
  });

  it(
    "roleFor: the attacker rolls, the target's owner reacts " + "or skips, the GM applies, at every step legal offers",
    () => {
      const runs = [
        play(choose({ options: { gmCallsWitSave: true } }), [roll, dodge, damage, apply], scriptedRoller([7, 15, 6])),
        play(
          choose(),
          [
            { type: "proposeStunt", effect: "yield" },
            { type: "answerStunt", accept: false },
            { type: "skipReaction" },
            damage,
            apply,
          ],
          scriptedRoller([5]),
        ),
      ];
      const seen = new Set<string>();
      for (const { roles } of runs)
        for (const [json, role] of roles) {
          const c = JSON.parse(json) as FactionsAttackCommand;
          seen.add(c.type);
          // Each reaction, the stunt's answer and the window's close are the bandit's owner's: its own choice (FAC-16).
          expect(role).toEqual(
            ["react", "answerStunt", "skipReaction"].includes(c.type) ? { owners: ["bandit"] } : ROLE[c.type],
          );
        }
      expect([...seen].sort()).toEqual(["answerStunt", "apply", "react", "roll", "rollDamage", "skipReaction"]);
      const s = { target: "bandit", slots: [{ target: { id: "bandit" } }] } as unknown as FactionsAttackState;
      expect(card.roleFor({ type: "react", reaction: "guard", by: "ally", for: "bandit" }, s)).toBe("gm");
      expect(card.roleFor({ type: "proposeStunt", effect: "x" }, s)).toBe("attacker");
    },
  );

  it(
    "FAC-21 hiding behind a bystander waits on the bystander's owner too (it must agree); FAC-47 " +
      "one held has no say",
    () => {
      const s = {
        target: "bandit",
        slots: [{ target: { id: "bandit", grabbing: null } }],
      } as unknown as FactionsAttackState;
      const hide = { type: "react", reaction: "hide", by: "bandit", behind: "merchant", agreed: true } as const;
      // The target's owner alone would say the merchant agreed: a user who owns both (or the GM) clicks it.
      expect(card.roleFor(hide, s)).toEqual({ owners: ["bandit", "merchant"] });
      const holding = {
        target: "bandit",
        slots: [{ target: { id: "bandit", grabbing: "merchant" } }],
      } as unknown as FactionsAttackState;
      expect(card.roleFor(hide, holding)).toEqual({ owners: ["bandit"] });
    },
  );

  it("the apply plan writes the data model's paths with the pipeline's damageApplied.after", () => {
    const { state, events } = play(
      choose({ options: { gmCallsWitSave: true } }),
      [roll, dodge, damage, apply],
      scriptedRoller([7, 15, 6]),
    );
    const plan = card.applyPlan(state, events);
    const applied = find(events, "damageApplied")[0]!;
    expect(plan.actors).toEqual([
      { actorId: "bandit", changes: { "health.value": (applied.after as { health: number }).health } },
    ]);
    expect(plan.actors[0]!.changes["health.value"]).toBe(5);
    expect(plan.statuses).toEqual([]);
    expect(plan.dropped).toEqual([]);
  });
});

describe("factions attack card: the rules' examples and what applying writes", () => {
  const damage = { type: "rollDamage" } as const;
  const apply = { type: "apply" } as const;

  it(
    "FAC-15 Theobald (WIT 9) attacks a bandit (WIT 8) who dodges: the bandit's owner chooses, and the " +
      "dodge uses its turn",
    () => {
      const theobald = character("theobald", { faction: "Players", wit: 9 }, [sword]);
      const { state, views, roles } = play(
        choose({ attacker: theobald }),
        [{ type: "react", reaction: "dodge", by: "bandit" }, apply],
        scriptedRoller([3]),
      );
      expect(roles.filter(([c]) => c.includes('"dodge"'))).toEqual([
        [JSON.stringify({ type: "react", reaction: "dodge", by: "bandit" }), { owners: ["bandit"] }],
      ]);
      expect(shown(views[1]!)).toContain("Bandit dodges: AGI save 3 on 1d20, needing 10 or less: passed.");
      // FAC-18: on a pass the attack misses.
      expect(english(views[1]!.outcome!.key)).toBe("Miss: dodged");
      expect(state.slots[0]!.target.turnUsed).toBe(true);
      expect(english(views.at(-1)!.outcome!.key)).toBe("Miss");
    },
  );

  it("FAC-28 a final blow on an incapacitated target: the dead status, and the target is out of the fight", () => {
    const down = bandit({ health: { value: 0, max: 10 }, conditions: { incapacitated: true } });
    const { state, events, views } = play(
      choose({ target: down, options: { finalBlow: true } }),
      [apply],
      scriptedRoller([]),
    );
    expect(shown(views[0]!)).toContain("Applying: Balthasar will kill Bandit with a final blow.");
    expect(shown(views[1]!)).toContain("Balthasar kills Bandit with a final blow.");
    expect(english(views[1]!.outcome!.key)).toBe("Final blow");
    const plan = card.applyPlan(state, events);
    expect(plan.statuses).toEqual([{ actorId: "bandit", status: "dead", active: true }]);
    expect(plan.dropped).toEqual([{ actorId: "bandit", how: "out" }]);
  });

  it("FAC-44 a grapple the target fails to resist: entangled on the sheet, which the token's icon follows", () => {
    const { state, events } = play(
      choose({ options: { effect: "grapple" } }),
      [{ type: "skipReaction" }, apply],
      scriptedRoller([19]),
    );
    const plan = card.applyPlan(state, events);
    expect(plan.actors).toEqual([{ actorId: "bandit", changes: { "conditions.entangled": true } }]);
    expect(plan.statuses).toEqual([]);
  });

  it(
    "FAC-63 FAC-62 destroyed gear is named on the card and deleted by the apply plan; FAC-43 a disarmed " +
      "weapon is marked dropped",
    () => {
      const buckler = item("buckler", "factions-armour", "Buckler", { shield: true, armour: 1, damaged: true });
      const club = item("club", "factions-weapon", "Club", { damageDie: "d8", improvised: true });
      const choice = choose({
        attacker: { ...balthasar(), items: [club] },
        itemId: "club",
        target: bandit({}, [buckler]),
      });
      // A d8 of 1 breaks the improvised club (FAC-62/64); an 8 before armour would break the buckler (FAC-63).
      const broke = play(choice, [{ type: "skipReaction" }, damage, apply], scriptedRoller([1]));
      expect(shown(broke.views.at(-1)!)).toContain("Balthasar's Club is destroyed.");
      expect(factionsItemPlan(gearOf(choice), broke.events)).toEqual([
        { actorId: "balthasar", itemId: "club", change: "destroyed" },
      ]);
      expect(card.applyPlan(broke.state, broke.events)).toMatchObject({
        destroyed: [{ actorId: "balthasar", itemId: "club" }],
        items: [],
      });
      const heavy = play(
        choose({ target: bandit({}, [buckler]) }),
        [{ type: "skipReaction" }, damage, apply],
        scriptedRoller([8]),
      );
      expect(shown(heavy.views.at(-1)!)).toContain("Bandit's shield is destroyed.");
      expect(card.applyPlan(heavy.state, heavy.events).destroyed).toEqual([{ actorId: "bandit", itemId: "buckler" }]);
      const disarm = play(
        choose({ options: { effect: "disarm" } }),
        [{ type: "skipReaction" }, apply],
        scriptedRoller([19]),
      );
      expect(card.applyPlan(disarm.state, disarm.events)).toMatchObject({
        items: [{ actorId: "bandit", itemId: "axe", changes: { dropped: true } }],
        destroyed: [],
      });
      // Every path written to an item is a field of the weapon model.
      expect(Object.keys(initialData(factionsWeapon.fields))).toContain("dropped");
    },
  );

  it(
    "FAC-43 a dropped weapon is not in hand: attacking with " + "it is refused, and the target counters with another",
    () => {
      const axe = item("axe", "factions-weapon", "Axe", { damageDie: "d6", dropped: true });
      const knife = item("knife", "factions-weapon", "Knife", { damageDie: "d4" });
      const r = card.open(choose({ attacker: { ...balthasar(), items: [axe] }, itemId: "axe" }));
      expect(!r.ok && r.key).toBe("FRAY.Refusal.WeaponDropped");
      const o = card.open(choose({ target: bandit({}, [axe, knife]) }));
      expect(o.ok && o.state.setup.targets[0]!.weapon.name).toBe("Knife");
    },
  );

  it(
    "FAC-52 FAC-58 every path the plan writes is a field " + "of the character model, and every status a Foundry one",
    () => {
      const runs = [
        play(
          choose({
            attacker: {
              ...balthasar(),
              system: {
                ...balthasar().system,
                conditions: { ...(balthasar().system.conditions as object), concealed: true },
              },
            },
          }),
          [{ type: "skipReaction" }, damage, apply],
          scriptedRoller([5]),
        ),
        play(
          choose({
            itemId: null,
            target: bandit({ health: { value: 2, max: 10 }, armour: 0, conditions: { surrendering: true } }),
          }),
          [{ type: "skipReaction" }, damage, apply],
          scriptedRoller([4, 3]),
        ),
        play(choose(), [{ type: "react", reaction: "counter", by: "bandit" }, damage, apply], scriptedRoller([8, 6])),
      ];
      const plans = runs.map((r) => card.applyPlan(r.state, r.events));
      expect(plans[0]!.actors).toContainEqual({ actorId: "balthasar", changes: { "conditions.concealed": false } });
      expect(plans[1]!.actors).toEqual([
        {
          actorId: "bandit",
          changes: { "health.value": 0, "conditions.surrendering": false, "conditions.incapacitated": true },
        },
      ]);
      expect(plans[1]!.dropped).toEqual([{ actorId: "bandit", how: "unable" }]);
      for (const [i, plan] of plans.entries()) {
        for (const a of plan.actors) for (const path of Object.keys(a.changes)) expect(MODEL_PATHS).toContain(path);
        for (const s of plan.statuses) {
          expect(STATUS_IDS).toContain(s.status);
          expect(mirroredField("factions-character", s.status)).toBeNull();
        }
        const after = new Map(
          find(runs[i]!.events, "damageApplied").map((e) => [e.combatant, (e.after as { health: number }).health]),
        );
        for (const [id, health] of after)
          expect(plan.actors.find((a) => a.actorId === id)!.changes["health.value"]).toBe(health);
      }
    },
  );
});
