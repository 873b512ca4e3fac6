import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { AttackEvent } from "../../../../src/core/attack/pipeline.js";
import type { SectionsAttackCommand, SectionsAttackState } from "../../../../src/core/attack/sections/index.js";
import { scriptedRoller, type Roller } from "../../../../src/core/shared/roller.js";
import { canSeeOccupants } from "../../../../src/core/space/sections/vision.js";
import { initialData } from "../../../../src/foundry/data/field-spec.js";
import { sectionsEntity } from "../../../../src/foundry/data/specs/sections/sections-entity.js";
import type { AttackChoice, CardActor, CardLine, CardView } from "../../../../src/foundry/cards/attack-ruleset.js";
import { reactorOf, sectionsAttackCard as card } from "../../../../src/foundry/cards/sections/index.js";
import { SAMPLE_ACTORS, SAMPLE_ITEMS } from "../../../../tools/sample-data.js";

// ---- the language: the card's own fragment over the shipped lang/en.json, as the integrator will merge them ----
type Tree = { readonly [k: string]: string | Tree };
const fragment = JSON.parse(readFileSync("lang/en.json", "utf8")) as Tree;
const shipped = JSON.parse(readFileSync("lang/en.json", "utf8")) as Tree;

function lookup(tree: Tree, key: string): string | undefined {
  let at: string | Tree | undefined = tree;
  for (const part of key.split(".")) at = typeof at === "object" ? at[part] : undefined;
  return typeof at === "string" ? at : undefined;
}

/** A line in English as frayFormat gives it: values that are FRAY keys localised, every placeholder filled. */
function english(line: CardLine, tree: Tree = fragment): string {
  const text = lookup(tree, line.key);
  if (text === undefined) throw new Error(`missing key ${line.key}`);
  const out = text.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = line.data[name];
    if (v === undefined) throw new Error(`${line.key}: no value for {${name}}`);
    return typeof v === "string" && v.startsWith("FRAY.") ? english({ key: v, data: {} }, tree) : String(v);
  });
  expect(out).not.toMatch(/\{\w+\}/);
  return out;
}

function englishView(v: CardView): string[] {
  for (const l of [v.title, ...v.lines, ...(v.outcome ? [v.outcome] : [])])
    expect(l.key.startsWith("FRAY.Card.Sections.")).toBe(true);
  return [english(v.title), ...v.lines.map((l) => english(l)), ...(v.outcome ? [`= ${english(v.outcome)}`] : [])];
}

// ---- actors and items from the samples ----
const sampleActor = SAMPLE_ACTORS.find((s) => s.type === "sections-entity")!;
const item = (type: string, id: string, system: Record<string, unknown> = {}) => {
  const s = SAMPLE_ITEMS.find((i) => i.type === type)!;
  return { id, name: s.name, type, system: { ...s.system, ...system } };
};
const spear = item("sections-weapon", "spear");
/** The map or the GM says the spear attack is a shot at range (a weapon alone has no range entry). */
const SHOT = { kind: "ranged", area: false } as const;
const shield = item("sections-armour", "shield");
const embers = item("sections-card", "embers");

function entity(
  id: string,
  name: string,
  system: Record<string, unknown> = {},
  items = [spear, shield, embers],
): CardActor {
  return { id, name, type: "sections-entity", system: { ...initialData(sectionsEntity.fields), ...system }, items };
}
const ilsa = (): CardActor => ({ ...entity("ilsa", sampleActor.name, sampleActor.system), name: sampleActor.name });
const goblin = (over: Record<string, unknown> = {}): CardActor =>
  entity(
    "goblin",
    "Goblin",
    { side: "adversary", dice: { hit: "d6", miss: "d6", damage: "d4" }, health: { value: 6, max: 6 }, ...over },
    [item("sections-weapon", "club", { weaponType: "hammer", hitDie: "d6", damageDie: "d4" })],
  );

function choose(itemId: string | null, over: Partial<AttackChoice> = {}): AttackChoice {
  return { attacker: ilsa(), target: goblin(), itemId, options: {}, ...over };
}

function opened(choice: AttackChoice) {
  const o = card.open(choice);
  if (!o.ok) throw new Error(o.reason);
  return o.state;
}

/** The pipeline's state right after the opening: what the core made of the card's setup. */
function started(setup: ReturnType<typeof opened>["setup"]): SectionsAttackState {
  const s = card.engine.start(setup, scriptedRoller([]));
  if (!s.ok) throw new Error(s.reason);
  return s.state;
}

/** Play an attack through the engine, checking at every step the view's English and the role of every legal command. */
function play(choice: AttackChoice, commands: SectionsAttackCommand[], roller: Roller) {
  const { setup, opening } = opened(choice);
  const started = card.engine.start(setup, roller);
  if (!started.ok) throw new Error(started.reason);
  let state: SectionsAttackState = started.state;
  const events: AttackEvent[] = [...started.events];
  const views: string[][] = [];
  const roles: string[] = [];
  for (const c of [...opening, ...commands]) {
    views.push(englishView(card.view(state, events)));
    for (const legal of card.engine.legal(state)) {
      const role = card.roleFor(legal, state);
      // A step for named actors' owners reads as "owners(ids)".
      roles.push(`${state.step}:${legal.type}:${typeof role === "object" ? `owners(${role.owners.join(",")})` : role}`);
    }
    const r = card.engine.apply(state, c, roller);
    if (!r.ok) throw new Error(r.reason);
    state = r.state;
    events.push(...r.events);
  }
  const last = card.view(state, events);
  views.push(englishView(last));
  return { state, events, views, roles, last, plan: card.applyPlan(state, events) };
}

const lines = (v: CardView, suffix: string) => v.lines.filter((l) => l.key.endsWith(suffix));
/** The fields these tests read off an event, by name. */
interface EventFields {
  readonly amount: number;
  readonly roll: { readonly total: number };
  readonly comparison: { readonly total: number; readonly against: number };
  readonly before: { readonly hp: number };
  readonly after: { readonly hp: number; readonly charges: number };
}
const event = (events: readonly AttackEvent[], type: string) =>
  events.find((e) => e.type === type) as unknown as EventFields;

/** Every path of an actor's system data, as "a.b" (pools and groups walked). */
function paths(data: Record<string, unknown>, prefix = ""): string[] {
  return Object.entries(data).flatMap(([k, v]) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? paths(v as Record<string, unknown>, `${prefix}${k}.`)
      : [`${prefix}${k}`],
  );
}
const ENTITY_PATHS = paths(initialData(sectionsEntity.fields));

describe("sections card: open", () => {
  it(
    "SEC-68 opens from the sample entity and weapon: the weapon's Hit and Damage dice, the target's " +
      "Miss die and health",
    () => {
      const { setup, opening } = opened(choose("spear"));
      expect(opening).toEqual([]);
      expect(setup.attacker).toMatchObject({
        id: "ilsa",
        hp: 14,
        hitDie: 8,
        damageDie: 8,
        weaponType: "spear",
        missDie: 6,
      });
      expect(setup.attacker.incantation).toEqual({ incanting: true, charges: 2, startWindow: false });
      expect(setup.target).toMatchObject({ id: "goblin", hp: 6, missDie: 6, conditions: [] });
      expect(setup).toMatchObject({
        delivery: { kind: "melee", area: false },
        crossesDistanceBlock: false,
        interceptors: [],
        sight: { attackerSeesTarget: true },
      });
      expect(card.attackItems).toEqual(["sections-weapon", "sections-card"]);
    },
  );

  it(
    "SEC-28 an Action card plays its own dice; an Area Attack (the sample) is passed on as one, so the core " +
      "offers no Intercept",
    () => {
      const { setup } = opened(choose("embers"));
      expect(setup.attacker).toMatchObject({ hitDie: 6, damageDie: 10 });
      expect(setup.delivery.area).toBe(true);
      expect(started(setup).ranged).toBe(false);
    },
  );

  it(
    "SEC-47 the card passes its range entry and the Thrown option; the core counts Range and Thrown as ranged, not " +
      "Reach or melee; a blank die comes from the weapon played from",
    () => {
      const withCard = (system: Record<string, unknown>, options = {}) =>
        opened(
          choose("c", {
            attacker: entity("ilsa", "Ilsa", sampleActor.system, [
              spear,
              { ...embers, id: "c", system: { ...embers.system, areaAttack: false, ...system } },
            ]),
            options,
          }),
        ).setup;
      expect(withCard({ reachKind: "range" }).delivery).toEqual({ kind: "ranged", area: false });
      expect(withCard({ reachKind: "thrown" }).delivery).toEqual({ kind: "thrown", area: false });
      expect(withCard({ reachKind: "thrown" }, { thrownCountsAsRanged: false }).options).toEqual({
        thrownCountsAsRanged: false,
      });
      expect(started(withCard({ reachKind: "range" })).ranged).toBe(true);
      expect(started(withCard({ reachKind: "thrown" })).ranged).toBe(true);
      expect(started(withCard({ reachKind: "thrown" }, { thrownCountsAsRanged: false })).ranged).toBe(false);
      expect(started(withCard({ reachKind: "reach" })).ranged).toBe(false);
      expect(started(withCard({ reachKind: "melee" })).ranged).toBe(false);
      expect(withCard({ hitDie: "", damageDie: "" }, { weaponId: "spear" }).attacker).toMatchObject({
        hitDie: 8,
        damageDie: 8,
        weaponType: "spear",
      });
      expect(withCard({ hitDie: "", damageDie: "d12" }).attacker).toMatchObject({
        hitDie: 8,
        damageDie: 12,
        weaponType: "",
      });
    },
  );

  it("SEC-52 the sheet's conditions and the map's facts (sight, swimming) reach the pipeline", () => {
    const { setup } = opened(
      choose("spear", {
        target: goblin({
          conditions: { debilitated: false, vulnerable: true, hindered: false, immobilized: false, defenseless: false },
          aquatic: true,
        }),
        options: { sight: { attackerSeesTarget: false }, conditions: { goblin: ["swimming", "nonsense"] } },
      }),
    );
    expect(setup.sight).toEqual({ attackerSeesTarget: false, targetSeesAttacker: true });
    expect(setup.target.conditions).toEqual(["vulnerable", "aquatic", "swimming"]);
  });

  it("refuses a missing item, another actor's item, a non-attack item, no item, and actors of another type", () => {
    const key = (c: AttackChoice) => {
      const o = card.open(c);
      return o.ok ? "opened" : o.key;
    };
    expect(key(choose("nope"))).toBe("FRAY.Refusal.UnknownItem");
    expect(key(choose("club"))).toBe("FRAY.Refusal.CardItemNotOwned");
    expect(key(choose("shield"))).toBe("FRAY.Refusal.CardNotAnAttackItem");
    expect(key(choose(null))).toBe("FRAY.Refusal.CardNoItem");
    // SEC-06: a card that only grants movement makes no attack (no Attack button either).
    const wings = {
      ...embers,
      id: "w",
      name: "Wings",
      system: { ...embers.system, attack: false, movement: { kind: "fly", distance: 2, height: 0 } },
    };
    const flier = entity("ilsa", "Ilsa", sampleActor.system, [spear, wings]);
    expect(key(choose("w", { attacker: flier }))).toBe("FRAY.Refusal.CardNotAnAttackItem");
    expect(card.attacksWith?.(wings)).toBe(false);
    expect(card.attacksWith?.(embers)).toBe(true);
    expect(card.attacksWith?.(spear)).toBe(true);
    expect(key(choose("spear", { target: { ...goblin(), type: "teams-character" } }))).toBe(
      "FRAY.Refusal.CardNotAnEntity",
    );
  });

  it("refuses sheet data that gives no valid combatant, never throwing, with a key and data the language fills", () => {
    const junk: Record<string, unknown>[] = [
      { health: { value: "x", max: 6 } },
      { health: null },
      { dice: { hit: "d6", miss: "d7", damage: "d4" } },
      { dice: "junk" },
      { incantationCharges: -1 },
    ];
    const refusals = [
      ...junk.map((system) => card.open(choose("spear", { target: goblin(system) }))),
      card.open(choose("spear", { target: { ...goblin(), system: null } })),
      card.open(choose("spear", { attacker: { ...ilsa(), system: "junk" } })),
      card.open(choose("spear", { attacker: entity("ilsa", "Ilsa", {}, [{ ...spear, system: { hitDie: 7 } }]) })),
      card.open(choose("spear", { target: goblin({ health: { value: 0, max: 6 } }) })),
    ];
    for (const r of refusals) {
      expect(r.ok).toBe(false);
      if (r.ok) continue;
      expect(r.key).toMatch(/^FRAY\.Refusal\./);
      const inFragment = lookup(fragment, r.key) !== undefined;
      english({ key: r.key, data: r.data ?? {} }, inFragment ? fragment : shipped);
    }
    expect(refusals.at(-1)).toMatchObject({ key: "FRAY.Refusal.TargetDefeated" });
  });

  it("every refusal the card adds reads in English from its own fragment, placeholders filled", () => {
    const choices = [
      choose("club"),
      choose("shield"),
      choose(null),
      choose("spear", { attacker: { ...ilsa(), type: "x" } }),
    ];
    for (const c of choices) {
      const o = card.open(c);
      if (o.ok) throw new Error("opened");
      english({ key: o.key, data: o.data ?? {} });
    }
  });
});

describe("sections card: a whole attack", () => {
  it("SEC-68 Ilsa's spear hits the Goblin: each step's lines in English, the numbers the pipeline's", () => {
    // Hit d8 shows 5, the Goblin's Miss d6 shows 3, Damage d8 shows 4.
    const { events, views, last, plan, state } = play(
      choose("spear"),
      [{ type: "roll" }, { type: "rollDamage" }, { type: "apply" }],
      scriptedRoller([5, 3, 4]),
    );
    expect(views[0]).toEqual([
      "Ilsa of the Lantern attacks Goblin with Boar spear",
      "Hit die d8 against Goblin's Miss die d6; Damage die d8",
    ]);
    expect(views[1]).toEqual([
      ...views[0]!,
      // Issue 28: a lone die's line shows its result once ("1d6: 3", not "1d6: 3 = 3").
      "Goblin's Miss roll 1d6: 3",
      "Ilsa of the Lantern's Hit roll 1d8: 5, against the Miss roll's 3",
      "= Hit: Goblin is struck",
    ]);
    expect(views[2]).toContain("Damage roll 1d8: 4 damage");
    expect(views[2]).toContain("Applying: Goblin's Health goes from 6 to 2 (4 damage).");
    expect(views[3]).toContain("Goblin's Health went from 6 to 2 (4 damage).");
    expect(views[3]!.some((l) => l.startsWith("Applying"))).toBe(false);

    const hit = event(events, "toHitRolled");
    const [hitLine] = lines(last, ".HitRoll");
    expect(hitLine).toMatchObject({
      dice: true,
      data: { total: hit.comparison.total, against: hit.comparison.against, faces: "5" },
    });
    expect(lines(last, ".MissRoll")[0]).toMatchObject({
      dice: true,
      data: { total: event(events, "missRolled").roll.total },
    });
    expect(lines(last, ".DamageRollPlain")[0]).toMatchObject({
      dice: true,
      data: { amount: event(events, "damageRolled").amount },
    });
    const applied = event(events, "damageApplied");
    expect(lines(last, ".Effect.Health")[0]!.data).toMatchObject({
      before: applied.before.hp,
      after: applied.after.hp,
      amount: applied.amount,
    });
    expect(last.lines.filter((l) => l.dice).map((l) => l.key.split(".").at(-1))).toEqual([
      "MissRoll",
      "HitRoll",
      "DamageRollPlain",
    ]);

    expect(state.step).toBe("done");
    expect(plan).toEqual({
      actors: [{ actorId: "goblin", changes: { "health.value": 2, incantationCharges: 0 } }],
      statuses: [],
      dropped: [],
    });
  });

  it(
    "roleFor: the attacker's owner rolls to hit and damage, " + "the GM applies, for every command legal at each step",
    () => {
      const { roles } = play(
        choose("spear"),
        [{ type: "roll" }, { type: "rollDamage" }, { type: "apply" }],
        scriptedRoller([5, 3, 4]),
      );
      expect(roles).toEqual(["rollToHit:roll:attacker", "damage:rollDamage:attacker", "apply:apply:gm"]);
    },
  );

  it("the apply plan's paths exist in the entity's data model and its values are damageApplied.after", () => {
    const target = entity("ilsa2", "Ilsa's twin", sampleActor.system);
    const { events, plan } = play(
      choose("spear", { target }),
      [{ type: "roll" }, { type: "rollDamage" }, { type: "apply" }],
      scriptedRoller([6, 1, 7]),
    );
    const after = event(events, "damageApplied").after;
    const changes = plan.actors[0]!.changes;
    for (const path of Object.keys(changes)) expect(ENTITY_PATHS).toContain(path);
    expect(changes["health.value"]).toBe(after.hp);
    expect(changes.incantationCharges).toBe(after.charges);
  });

  it(
    "SEC-67 damage to an incanting entity holding charges ends the incanting and loses every charge: shown " +
      "before and after, written",
    () => {
      const target = entity("ilsa2", "Ilsa's twin", sampleActor.system);
      const { views, plan } = play(
        choose("spear", { target }),
        [{ type: "roll" }, { type: "rollDamage" }, { type: "apply" }],
        scriptedRoller([6, 1, 7]),
      );
      expect(views[2]).toContain("Applying: Ilsa's twin stops incanting and loses 2 Incantation charges.");
      expect(views[3]).toContain("Ilsa's twin stopped incanting and lost 2 Incantation charges.");
      expect(plan.actors[0]!.changes).toEqual({ "health.value": 7, incantationCharges: 0, incanting: false });
    },
  );

  it("SEC-68 ruling: a hit to 0 health defeats the target: Foundry's defeated status and out of the fight", () => {
    const { views, plan } = play(
      choose("spear", { target: goblin({ health: { value: 3, max: 6 } }) }),
      [{ type: "roll" }, { type: "rollDamage" }, { type: "apply" }],
      scriptedRoller([5, 3, 8]),
    );
    expect(views[2]).toContain("Applying: Goblin is defeated and out of the fight.");
    expect(views[3]).toContain("Goblin is defeated and out of the fight.");
    expect(plan.actors[0]!.changes["health.value"]).toBe(0);
    expect(plan.statuses).toEqual([{ actorId: "goblin", status: "dead", active: true }]);
    expect(plan.dropped).toEqual([{ actorId: "goblin", how: "out" }]);
  });

  it("SEC-68 a miss ends the card: no damage line, nothing to write", () => {
    const { views, plan, last } = play(choose("spear"), [{ type: "roll" }], scriptedRoller([2, 5]));
    expect(views.at(-1)!.at(-1)).toBe("= Miss");
    expect(lines(last, ".DamageRoll")).toEqual([]);
    expect(plan).toEqual({ actors: [], statuses: [], dropped: [] });
  });

  it("SEC-48 a ranged shot across a border Blocked from a distance misses without a roll", () => {
    const { views, plan } = play(
      choose("spear", { options: { delivery: SHOT, crossesDistanceBlock: true } }),
      [{ type: "roll" }],
      scriptedRoller([]),
    );
    expect(views.at(-1)).toContain("The shot crosses a border Blocked from a distance: it misses without a roll.");
    expect(views.at(-1)!.at(-1)).toBe("= Automatic miss");
    expect(plan.actors).toEqual([]);
  });

  it(
    "SEC-47 a Blocking entity Intercepts a ranged shot: offered by name, its owner's click (the Interceptor is " +
      "named), it takes the damage",
    () => {
      const guard = entity(
        "guard",
        "Gate guard",
        { dice: { hit: "d6", miss: "d4", damage: "d6" }, health: { value: 5, max: 5 } },
        [],
      );
      const choice = choose("spear", { options: { delivery: SHOT, interceptors: [guard] } });
      // Hit 5 vs Miss 3: hit; the guard Intercepts, Miss d4 shows 2 (still hit); Damage 6.
      const { views, roles, events, plan, state } = play(
        choice,
        [
          { type: "roll" },
          { type: "react", reaction: "intercept", by: "guard" },
          { type: "rollDamage" },
          { type: "apply" },
        ],
        scriptedRoller([5, 3, 2, 6]),
      );
      expect(views[1]).toContain("May Intercept, becoming the target: Gate guard");
      expect(roles).toContain("reactionWindow:react:owners(guard)");
      expect(roles).toContain("reactionWindow:skipReaction:gm");
      expect(reactorOf({ type: "react", reaction: "intercept", by: "guard" })).toBe("guard");
      expect(reactorOf({ type: "skipReaction" })).toBeNull();
      const taken = event(events, "reactionTaken");
      expect(views[2]).toContain(
        `Gate guard Intercepts and becomes the target: Miss roll 1d4: 2, against the Hit ` +
          `roll's ${taken.comparison.total}`,
      );
      expect(views[2]!.at(-1)).toBe("= Hit: Gate guard is struck");
      expect(views[2]![0]).toBe("Ilsa of the Lantern attacks Goblin with Boar spear");
      expect(state.target).toBe("guard");
      expect(plan.actors).toEqual([{ actorId: "guard", changes: { "health.value": 0, incantationCharges: 0 } }]);
      expect(plan.dropped).toEqual([{ actorId: "guard", how: "out" }]);
    },
  );

  it(
    "SEC-47 the map's Blockers are passed on as they are; " + "the core offers the Intercept to the third entity only",
    () => {
      const guard = entity("guard", "Gate guard", {}, []);
      const choice = choose("spear", { options: { delivery: SHOT, interceptors: [ilsa(), goblin(), guard] } });
      const { roles } = play(choice, [{ type: "roll" }, { type: "skipReaction" }], scriptedRoller([5, 3]));
      expect(roles.filter((r) => r.startsWith("reactionWindow:react"))).toEqual(["reactionWindow:react:owners(guard)"]);
      const { state } = play(choice, [{ type: "roll" }], scriptedRoller([5, 3]));
      expect(card.engine.legal(state)).toEqual([
        { type: "react", reaction: "intercept", by: "guard" },
        { type: "skipReaction" },
      ]);
    },
  );

  it("SEC-47 nobody Intercepts: the window closes and the attack goes on to damage", () => {
    const guard = entity("guard", "Gate guard", {}, []);
    const { views } = play(
      choose("spear", { options: { delivery: SHOT, interceptors: [guard] } }),
      [{ type: "roll" }, { type: "skipReaction" }],
      scriptedRoller([5, 3]),
    );
    expect(views.at(-1)).toContain("No one Intercepts.");
  });

  it(
    "SEC-59 example: Ilsa (Low-light Vision and Light Sensitivity) sees a lit section as shadowy, so not a target " +
      "in the next one: Debilitated (SEC-52)",
    () => {
      const senses = sampleActor.system.senses as {
        lowLightVision: boolean;
        darkvision: boolean;
        lightSensitivity: boolean;
      };
      const attackerSeesTarget = canSeeOccupants("hall", "yard", "lit", senses);
      expect(attackerSeesTarget).toBe(false);
      const { views } = play(choose("spear", { options: { sight: { attackerSeesTarget } } }), [], scriptedRoller([]));
      expect(views[0]).toEqual([
        "Ilsa of the Lantern attacks Goblin with Boar spear",
        "Hit die d6 against Goblin's Miss die d6; Damage die d8",
        "Hit die one level lower: Debilitated",
      ]);
    },
  );

  it("SEC-71 swimming with a Spear: the Hit and Damage dice keep their level, the Miss die does not", () => {
    const target = goblin();
    const options = { conditions: { ilsa: ["swimming"], goblin: ["swimming"] } };
    const { views } = play(choose("spear", { target, options }), [], scriptedRoller([]));
    expect(views[0]!.slice(1)).toEqual([
      "Hit die d8 against Goblin's Miss die d4; Damage die d8",
      "Miss die one level lower: swimming",
    ]);
  });
});
