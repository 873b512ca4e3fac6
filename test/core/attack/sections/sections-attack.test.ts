import { commandsOf } from "../../../../src/core/shared/journal.js";
import { describe, expect, it } from "vitest";
import {
  sectionsAttack,
  healEntity,
  hitDie,
  missDie,
  damageDie,
  type SectionsAttackSetup,
  type SectionsAttackState,
  type SectionsAttackCommand,
  type AttackDelivery,
  actionDelivery,
} from "../../../../src/core/attack/sections/index.js";
import { scriptedRoller, type Roller } from "../../../../src/core/shared/roller.js";
import { openJournal, record, replay } from "../../../../src/core/shared/journal.js";
import { entity, MELEE, SEEN, SHOT } from "./fixtures.js";

function setup(over: Partial<SectionsAttackSetup> = {}): SectionsAttackSetup {
  return {
    attacker: entity("a"),
    target: entity("t"),
    sight: SEEN,
    delivery: MELEE,
    crossesDistanceBlock: false,
    interceptors: [],
    targetUnderwater: false,
    reachesUnderwater: false,
    ...over,
  };
}

function run(s: SectionsAttackSetup, commands: SectionsAttackCommand[], roller: Roller) {
  const started = sectionsAttack.start(s, roller);
  if (!started.ok) throw new Error(started.reason);
  let state: SectionsAttackState = started.state;
  const events = [...started.events];
  for (const c of commands) {
    const r = sectionsAttack.apply(state, c, roller);
    if (!r.ok) throw new Error(r.reason);
    state = r.state;
    events.push(...r.events);
  }
  return { state, events };
}

describe("sections attack dice levels", () => {
  it("SEC-52 an attacker that cannot see its target is Debilitated: Hit die one level lower", () => {
    expect(hitDie(entity("a"), { attackerSeesTarget: false, targetSeesAttacker: true }).sides).toBe(6);
    expect(hitDie(entity("a"), SEEN).sides).toBe(8);
  });

  it("SEC-52 not seeing the target adds no second penalty on top of Debilitated (counted once)", () => {
    const a = entity("a", { conditions: ["debilitated"] });
    expect(hitDie(a, { attackerSeesTarget: false, targetSeesAttacker: true }).sides).toBe(6);
  });

  it("SEC-53 a target that cannot see its attacker is Vulnerable: Miss die one level lower", () => {
    expect(missDie(entity("t"), { attackerSeesTarget: true, targetSeesAttacker: false }).sides).toBe(6);
  });

  it("SEC-55 a Hindered entity's Miss die is one level lower (ruling)", () => {
    expect(missDie(entity("t", { conditions: ["hindered"] }), SEEN).sides).toBe(6);
  });

  it("SEC-18 a climbing entity is Debilitated and Vulnerable", () => {
    const c = entity("c", { conditions: ["climbing"] });
    expect(hitDie(c, SEEN).sides).toBe(6);
    expect(missDie(c, SEEN).sides).toBe(6);
  });

  it("SEC-68 swimming lowers Hit, Miss and Damage one level and stacks with Debilitated", () => {
    const s = entity("s", { conditions: ["swimming", "debilitated"] });
    expect(hitDie(s, SEEN).sides).toBe(4);
    expect(missDie(s, SEEN).sides).toBe(6);
    expect(damageDie(s).sides).toBe(4);
  });

  it("SEC-70 an Aquatic entity ignores all swimming penalties", () => {
    const s = entity("s", { conditions: ["swimming", "aquatic"] });
    expect([hitDie(s, SEEN).sides, missDie(s, SEEN).sides, damageDie(s).sides]).toEqual([8, 8, 6]);
  });

  it("SEC-71 a Dagger or Spear ignores the swimming Hit and Damage penalties but not the Miss penalty", () => {
    for (const weaponType of ["dagger", "Spear"]) {
      const s = entity("s", { conditions: ["swimming"], weaponType });
      expect([hitDie(s, SEEN).sides, missDie(s, SEEN).sides, damageDie(s).sides]).toEqual([8, 6, 6]);
    }
  });
});

describe("sections attack pipeline", () => {
  it("SEC-68 a hit: Hit die >= Miss die, then the Damage die plus bonus lowers hp", () => {
    const a = entity("a", { damageBonus: 1 });
    const { state, events } = run(
      setup({ attacker: a }),
      [{ type: "roll" }, { type: "rollDamage" }, { type: "apply" }],
      scriptedRoller([5, 5, 4]),
    );
    expect(state.step).toBe("done");
    expect(state.targetData.hp).toBe(5);
    const hit = events.find((e) => e.type === "toHitRolled") as {
      comparison: { total: number; against: number };
      outcome: string;
    };
    expect(hit.comparison).toMatchObject({ total: 5, against: 5 });
    expect(hit.outcome).toBe("hit");
    expect(events.find((e) => e.type === "damageRolled")).toMatchObject({ amount: 5 });
  });

  it("SEC-68 a miss ends the attack without damage", () => {
    const { state, events } = run(setup(), [{ type: "roll" }], scriptedRoller([2, 7]));
    expect(state.step).toBe("done");
    expect(state.result).toBe("miss");
    expect(events.at(-1)).toEqual({ type: "attackEnded", outcome: "miss" });
  });

  it("SEC-68 option tiesHit=false: a tie misses", () => {
    const { state } = run(setup({ options: { tiesHit: false } }), [{ type: "roll" }], scriptedRoller([4, 4]));
    expect(state.result).toBe("miss");
  });

  it("SEC-68 a swimming attacker rolls the lowered dice (d6 Hit, d4 Damage)", () => {
    const a = entity("a", { conditions: ["swimming"] });
    const { events } = run(
      setup({ attacker: a }),
      [{ type: "roll" }, { type: "rollDamage" }],
      scriptedRoller([6, 1, 4]),
    );
    const hit = events.find((e) => e.type === "toHitRolled") as unknown as { roll: { dice: { sides: number }[] } };
    expect(hit.roll.dice[0]!.sides).toBe(6);
    const dmg = events.find((e) => e.type === "damageRolled") as unknown as { roll: { dice: { sides: number }[] } };
    expect(dmg.roll.dice[0]!.sides).toBe(4);
    expect(() =>
      run(setup({ attacker: a }), [{ type: "roll" }, { type: "rollDamage" }], scriptedRoller([6, 1, 5])),
    ).toThrow();
  });

  it("SEC-47 an entity Blocking a crossed border may Intercept and become the new target", () => {
    const g = entity("g", { missDie: 4 });
    const { state, events } = run(
      setup({ delivery: SHOT, interceptors: [g] }),
      [{ type: "roll" }, { type: "react", reaction: "intercept", by: "g" }, { type: "rollDamage" }, { type: "apply" }],
      scriptedRoller([6, 2, 3, 4]),
    );
    expect(state.target).toBe("g");
    expect(state.targetData.hp).toBe(6);
    expect(state.targetData.interrupts).toBe(0);
    expect(events.find((e) => e.type === "reactionTaken")).toMatchObject({
      reactor: "g",
      reaction: "intercept",
      outcome: "hit",
    });
  });

  it(
    "SEC-47 an Intercept is made by a third entity: the attacker or the target listed as Blocking is " +
      "offered none and refused",
    () => {
      // Both sit on a Blocked border of the route, as the map may report them; only the guard is a third entity.
      const s = setup({ delivery: SHOT, interceptors: [entity("a"), entity("t"), entity("g")] });
      const { state } = run(s, [{ type: "roll" }], scriptedRoller([6, 2]));
      expect(state.step).toBe("reactionWindow");
      expect(sectionsAttack.legal(state)).toEqual([
        { type: "react", reaction: "intercept", by: "g" },
        { type: "skipReaction" },
      ]);
      for (const by of ["a", "t"]) {
        const r = sectionsAttack.apply(state, { type: "react", reaction: "intercept", by }, scriptedRoller([1]));
        expect(!r.ok && r.key, by).toBe("FRAY.Refusal.InterceptorNotThird");
      }
      // With only the attacker and the target Blocking, nobody may Intercept: no window opens.
      const alone = run(
        setup({ delivery: SHOT, interceptors: [entity("a"), entity("t")] }),
        [{ type: "roll" }],
        scriptedRoller([6, 2]),
      );
      expect(alone.state.step).toBe("damage");
    },
  );

  it(
    "SEC-47 ruling: the pipeline decides what is ranged: Range always, Thrown unless the table says not, never " +
      "Reach, melee or an Area Attack",
    () => {
      const windowFor = (delivery: AttackDelivery, options = {}) =>
        run(setup({ delivery, interceptors: [entity("g")], options }), [{ type: "roll" }], scriptedRoller([6, 2]))
          .state;
      expect(windowFor({ kind: "ranged", area: false }).ranged).toBe(true);
      expect(windowFor({ kind: "thrown", area: false }).step).toBe("reactionWindow");
      expect(windowFor({ kind: "thrown", area: false }, { thrownCountsAsRanged: false })).toMatchObject({
        ranged: false,
        step: "damage",
      });
      expect(windowFor({ kind: "ranged", area: true })).toMatchObject({ ranged: false, step: "damage" });
      expect(windowFor({ kind: "reach", area: false })).toMatchObject({ ranged: false, step: "damage" });
      expect(windowFor(MELEE)).toMatchObject({ ranged: false, step: "damage" });
      // SEC-48 reads the same decision: a Thrown shot over a distance Block misses only when Thrown counts as ranged.
      const thrown = { kind: "thrown", area: false } as const;
      expect(
        run(setup({ delivery: thrown, crossesDistanceBlock: true }), [{ type: "roll" }], scriptedRoller([])).state
          .result,
      ).toBe("miss");
      const spared = run(
        setup({ delivery: thrown, crossesDistanceBlock: true, options: { thrownCountsAsRanged: false } }),
        [{ type: "roll" }],
        scriptedRoller([6, 2]),
      );
      expect(spared.state.result).toBe("hit");
      expect(actionDelivery({ thrown: 2 })).toEqual(thrown);
      expect(actionDelivery({ range: 3, area: {} })).toEqual({ kind: "ranged", area: true });
      expect(actionDelivery({})).toEqual(MELEE);
    },
  );

  it("SEC-28 the declaration refuses a delivery that is no range entry, and an attack on the attacker itself", () => {
    for (const delivery of [undefined, { kind: "lobbed", area: false }, { kind: "ranged" }]) {
      const r = sectionsAttack.start({ ...setup(), delivery } as unknown as SectionsAttackSetup, scriptedRoller([]));
      expect(!r.ok && r.key).toBe("FRAY.Refusal.MalformedAttack");
    }
    const bad = sectionsAttack.start(
      setup({ options: { thrownCountsAsRanged: "yes" as unknown as boolean } }),
      scriptedRoller([]),
    );
    expect(!bad.ok && bad.key).toBe("FRAY.Refusal.MalformedAttack");
    const self = sectionsAttack.start(setup({ target: entity("a") }), scriptedRoller([]));
    expect(!self.ok && self.key).toBe("FRAY.Refusal.CannotAttackSelf");
  });

  it("SEC-47 an Interceptor with no Interrupt left is refused", () => {
    const g = entity("g", { interrupts: 0 });
    const s = setup({ delivery: SHOT, interceptors: [g, entity("h")] });
    const r0 = run(s, [{ type: "roll" }], scriptedRoller([6, 2]));
    const r = sectionsAttack.apply(r0.state, { type: "react", reaction: "intercept", by: "g" }, scriptedRoller([1]));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.key).toBe("FRAY.Refusal.NoReactionLeft");
  });

  it("SEC-47 a melee attack offers no Intercept: the reaction window is skipped", () => {
    const { state } = run(setup({ interceptors: [entity("g")] }), [{ type: "roll" }], scriptedRoller([6, 2]));
    expect(state.step).toBe("damage");
  });

  it("SEC-48 a ranged attack across a distance Block misses automatically, with no dice", () => {
    const roller = scriptedRoller([]);
    const { state, events } = run(setup({ delivery: SHOT, crossesDistanceBlock: true }), [{ type: "roll" }], roller);
    expect(state.result).toBe("miss");
    expect(events.some((e) => e.type === "autoMiss")).toBe(true);
    expect(roller.used).toBe(0);
  });

  it(
    "SEC-72 ruling: a Thrown attack cannot reach an underwater target either, whatever the " +
      "Thrown option; Reach can",
    () => {
      const thrown = { kind: "thrown", area: false } as const;
      const r = sectionsAttack.start(
        setup({ delivery: thrown, targetUnderwater: true, options: { thrownCountsAsRanged: false } }),
        scriptedRoller([]),
      );
      expect(!r.ok && r.key).toBe("FRAY.Refusal.TargetUnderwater");
      expect(
        sectionsAttack.start(
          setup({ delivery: { kind: "reach", area: false }, targetUnderwater: true }),
          scriptedRoller([]),
        ).ok,
      ).toBe(true);
    },
  );

  it("SEC-72 a ranged attack cannot reach an underwater target unless an effect says it can", () => {
    const r = sectionsAttack.start(setup({ delivery: SHOT, targetUnderwater: true }), scriptedRoller([]));
    expect(!r.ok && r.key).toBe("FRAY.Refusal.TargetUnderwater");
    expect(
      sectionsAttack.start(
        setup({ delivery: SHOT, targetUnderwater: true, reachesUnderwater: true }),
        scriptedRoller([]),
      ).ok,
    ).toBe(true);
    expect(sectionsAttack.start(setup({ targetUnderwater: true }), scriptedRoller([])).ok).toBe(true);
  });

  it("SEC-67 damage while holding charges breaks the incanting and loses them", () => {
    const t = entity("t", { incantation: { incanting: true, charges: 2, startWindow: false } });
    const { state, events } = run(
      setup({ target: t }),
      [{ type: "roll" }, { type: "rollDamage" }, { type: "apply" }],
      scriptedRoller([8, 1, 2]),
    );
    expect(state.targetData.incantation).toEqual({ incanting: false, charges: 0, startWindow: false });
    expect(events.some((e) => e.type === "incantingBroken")).toBe(true);
  });

  it("SEC-20 a climbing target that takes damage must make an Acrobatics check", () => {
    const t = entity("t", { conditions: ["climbing"] });
    const { events } = run(
      setup({ target: t }),
      [{ type: "roll" }, { type: "rollDamage" }, { type: "apply" }],
      scriptedRoller([6, 1, 2]),
    );
    expect(events.some((e) => e.type === "acrobaticsCheckDue")).toBe(true);
  });

  it("SEC-68 refusals: defeated attacker, bad die, wrong step, negative damage override", () => {
    const dead = sectionsAttack.start(setup({ attacker: entity("a", { hp: 0 }) }), scriptedRoller([]));
    expect(!dead.ok && dead.key).toBe("FRAY.Refusal.AttackerDefeated");
    const badDie = sectionsAttack.start(setup({ attacker: entity("a", { hitDie: 7 }) }), scriptedRoller([]));
    expect(!badDie.ok && badDie.key).toBe("FRAY.Refusal.NotADiceLevel");
    const s = sectionsAttack.start(setup(), scriptedRoller([]));
    if (!s.ok) throw new Error();
    const early = sectionsAttack.apply(s.state, { type: "rollDamage" }, scriptedRoller([1]));
    expect(!early.ok && early.key).toBe("FRAY.Refusal.WrongAttackStep");
    const r = run(setup(), [{ type: "roll" }, { type: "rollDamage" }], scriptedRoller([6, 1, 3]));
    const neg = sectionsAttack.apply(r.state, { type: "apply", damage: -2 }, scriptedRoller([]));
    expect(!neg.ok && neg.key).toBe("FRAY.Refusal.NegativeValue");
    expect(r.state.targetData.hp).toBe(10);
  });

  it("SEC-68 healing refuses a defeated entity and negative amounts", () => {
    expect(healEntity(entity("x", { hp: 0 }), 3, 10).ok).toBe(false);
    expect(healEntity(entity("x", { hp: 4 }), -1, 10).ok).toBe(false);
    const h = healEntity(entity("x", { hp: 8 }), 5, 10);
    expect(h.ok && h.state.hp).toBe(10);
  });

  it("SEC-68 seeded runs reproduce exactly through the journal", () => {
    const commands: SectionsAttackCommand[] = [{ type: "roll" }];
    const j = openJournal(sectionsAttack, setup(), 1234);
    if (!j.ok) throw new Error();
    const j1 = record(sectionsAttack, j.state, commands[0]!);
    if (!j1.ok) throw new Error();
    const again = replay(sectionsAttack, setup(), 1234, commandsOf(j1.state));
    expect(again.ok && again.state.state).toEqual(j1.state.state);
  });
});
