import { commandsOf } from "../../../../src/core/shared/journal.js";
import { describe, expect, it } from "vitest";
import { factionsAttack, heal, witSaveRequired } from "../../../../src/core/attack/factions/index.js";
import { scriptedRoller } from "../../../../src/core/shared/roller.js";
import { openJournal, record, replay } from "../../../../src/core/shared/journal.js";
import { fighter, find, run, setup, tryRun } from "./fixtures.js";

const skip = { type: "skipReaction" } as const;
const dmg = { type: "rollDamage" } as const;
const apply = { type: "apply" } as const;

describe("factions attacks", () => {
  it("FAC-25 an attack normally hits automatically and deals weapon damage less armour", () => {
    const { state, events } = run(setup(), [skip, dmg, apply], scriptedRoller([6]));
    expect(find(events, "autoHit")).toHaveLength(1);
    expect(state.slots[0]!.target.health).toBe(12 - 5);
  });

  it("FAC-25 challenging circumstances flagged by the GM need a WIT save (d20 roll-under)", () => {
    const miss = run(setup({ gmCallsWitSave: true }), [{ type: "roll" }], scriptedRoller([11]));
    expect(miss.state.step).toBe("done");
    expect(find(miss.events, "toHitRolled")[0]).toMatchObject({
      outcome: "miss",
      comparison: { total: 11, against: 10, margin: -1, under: true },
    });
    const hit = run(setup({ gmCallsWitSave: true }), [{ type: "roll" }], scriptedRoller([10]));
    expect(hit.state.step).toBe("reactionWindow");
  });

  it("FAC-36 a single-target attack names another character: an attack on oneself is refused", () => {
    const r = factionsAttack.start(setup({ targets: [fighter("p1")] }), scriptedRoller([]));
    expect(!r.ok && r.key).toBe("FRAY.Refusal.CannotAttackSelf");
    // FAC-37: a melee blast leaves the attacker out instead.
    expect(
      factionsAttack.start(setup({ mode: "meleeBlast", targets: [fighter("p1"), fighter("b1")] }), scriptedRoller([]))
        .ok,
    ).toBe(true);
  });

  it("FAC-26 unarmed attacks deal d4 impaired damage (keep the lower of two)", () => {
    const unarmed = fighter("p1", {
      weapon: { name: "fists", damageDie: 4, damaged: false, improvised: false, unarmed: true },
    });
    const { events, state } = run(setup({ attacker: unarmed }), [skip, dmg, apply], scriptedRoller([4, 3]));
    const roll = find(events, "damageRolled")[0]!.roll as { dice: { sides: number; kept: boolean }[]; total: number };
    expect(roll.dice.map((d) => [d.sides, d.kept])).toEqual([
      [4, false],
      [4, true],
    ]);
    expect(roll.total).toBe(3);
    expect(state.slots[0]!.target.health).toBe(10);
  });

  it("FAC-27 holding back impairs the damage", () => {
    const { events } = run(setup({ holdBack: true }), [skip, dmg], scriptedRoller([2, 7]));
    expect((find(events, "damageRolled")[0]!.roll as { total: number }).total).toBe(2);
  });

  it("FAC-26 option impaired=halved halves one die instead", () => {
    const { events } = run(
      setup({ holdBack: true, options: { impaired: "halved" } }),
      [skip, dmg],
      scriptedRoller([7]),
    );
    expect((find(events, "damageRolled")[0]!.roll as { total: number }).total).toBe(3);
  });

  it("FAC-28 a final blow kills a nearby incapacitated target; refused against a standing one", () => {
    const down = fighter("b1", { incapacitated: true, health: 0 });
    const { state } = run(setup({ targets: [down], finalBlow: true }), [apply], scriptedRoller([]));
    expect(state.slots[0]!.target.dead).toBe(true);
    const r = factionsAttack.start(setup({ finalBlow: true }), scriptedRoller([]));
    expect(!r.ok && r.clause).toBe("FAC-28");
  });

  it("FAC-29 a melee attack on a target that is not visible needs a WIT save", () => {
    expect(witSaveRequired(setup({ targetVisible: false }))).toBe(true);
    expect(witSaveRequired(setup())).toBe(false);
  });

  it("FAC-30 a ranged attack beyond half range or while moving needs a WIT save", () => {
    expect(witSaveRequired(setup({ mode: "ranged" }))).toBe(false);
    expect(witSaveRequired(setup({ mode: "ranged", beyondHalfRange: true }))).toBe(true);
    expect(witSaveRequired(setup({ mode: "ranged", moving: true }))).toBe(true);
  });

  it("FAC-31 a ranged attack cannot target beyond half range while moving, nor an invisible target", () => {
    const a = factionsAttack.start(setup({ mode: "ranged", beyondHalfRange: true, moving: true }), scriptedRoller([]));
    expect(!a.ok && a.key).toBe("FRAY.Refusal.BeyondHalfRangeWhileMoving");
    const b = factionsAttack.start(setup({ mode: "ranged", targetVisible: false }), scriptedRoller([]));
    expect(!b.ok && b.key).toBe("FRAY.Refusal.TargetNotVisible");
  });

  it(
    "FAC-32 an indirect attack: only beyond half range, never while moving, always a WIT save, " +
      "invisible targets allowed",
    () => {
      expect(factionsAttack.start(setup({ mode: "indirect" }), scriptedRoller([])).ok).toBe(false);
      expect(
        factionsAttack.start(setup({ mode: "indirect", beyondHalfRange: true, moving: true }), scriptedRoller([])).ok,
      ).toBe(false);
      const ok = factionsAttack.start(
        setup({ mode: "indirect", beyondHalfRange: true, targetVisible: false }),
        scriptedRoller([]),
      );
      expect(ok.ok && ok.state.step).toBe("rollToHit");
    },
  );

  it("FAC-33 concealment impairs the damage", () => {
    const { events } = run(setup({ concealment: true }), [skip, dmg], scriptedRoller([5, 6]));
    expect((find(events, "damageRolled")[0]!.roll as { total: number }).total).toBe(5);
  });

  it("FAC-34 cover adds 1 to the armour value unless the attack penetrates it", () => {
    const covered = run(setup({ cover: true }), [skip, dmg], scriptedRoller([6]));
    expect(find(covered.events, "damageRolled")[0]!.amount).toBe(4);
    const through = run(setup({ cover: true, coverPenetrated: true }), [skip, dmg], scriptedRoller([6]));
    expect(find(through.events, "damageRolled")[0]!.amount).toBe(5);
  });

  it("FAC-35 a barrier blocks the attack; a peeking attacker can be countered with the barrier as cover", () => {
    const r = factionsAttack.start(setup({ barrier: true }), scriptedRoller([]));
    expect(!r.ok && r.key).toBe("FRAY.Refusal.BlockedByBarrier");
    const { events } = run(
      setup({ attackerPeeking: true }),
      [{ type: "react", reaction: "counter", by: "b1" }, dmg],
      scriptedRoller([3, 6]),
    );
    expect(find(events, "damageRolled")[1]).toMatchObject({ amount: 4, counter: true });
  });
});

describe("factions reactions", () => {
  it("FAC-16 FAC-18 dodge: an AGI save; a pass makes the attack miss", () => {
    const { state, events } = run(
      setup(),
      [{ type: "react", reaction: "dodge", by: "b1" }, apply],
      scriptedRoller([9]),
    );
    expect(state.slots[0]!.avoided).toBe(true);
    expect(state.slots[0]!.target.health).toBe(12);
    expect(state.slots[0]!.target.turnUsed).toBe(true);
    expect(find(events, "reactionTaken")[0]).toMatchObject({ reaction: "dodge", outcome: "dodged" });
    const fail = run(setup(), [{ type: "react", reaction: "dodge", by: "b1" }, dmg, apply], scriptedRoller([15, 4]));
    expect(fail.state.slots[0]!.target.health).toBe(9);
  });

  it("FAC-16 the reaction comes after the WIT save and before damage", () => {
    const s = factionsAttack.start(setup({ gmCallsWitSave: true }), scriptedRoller([]));
    if (!s.ok) throw new Error();
    const early = factionsAttack.apply(s.state, { type: "react", reaction: "dodge", by: "b1" }, scriptedRoller([1]));
    expect(!early.ok && early.key).toBe("FRAY.Refusal.WrongAttackStep");
    const r = run(setup(), [skip, dmg], scriptedRoller([3]));
    const late = factionsAttack.apply(r.state, { type: "react", reaction: "dodge", by: "b1" }, scriptedRoller([1]));
    expect(late.ok).toBe(false);
  });

  it("FAC-14 FAC-15 a character that has used its turn has no reaction left", () => {
    const used = fighter("b1", { turnUsed: true });
    const r = tryRun(setup({ targets: [used] }), [{ type: "react", reaction: "dodge", by: "b1" }], scriptedRoller([1]));
    expect(!r.ok && r.key).toBe("FRAY.Refusal.NoReactionLeft");
  });

  it("FAC-17 an unaware target cannot react", () => {
    const r = tryRun(
      setup({ targets: [fighter("b1", { aware: false })] }),
      [{ type: "react", reaction: "dodge", by: "b1" }],
      scriptedRoller([1]),
    );
    expect(!r.ok && r.clause).toBe("FAC-17");
  });

  it("FAC-50 an enemy attacked by a concealed character is surprised and cannot react", () => {
    const r = tryRun(
      setup({ attacker: fighter("p1", { concealed: true }) }),
      [{ type: "react", reaction: "counter", by: "b1" }],
      scriptedRoller([]),
    );
    expect(!r.ok && r.clause).toBe("FAC-50");
  });

  it("FAC-19 counter: both roll damage; who suffers more is hit first", () => {
    const { events, state } = run(
      setup(),
      [{ type: "react", reaction: "counter", by: "b1" }, dmg, apply],
      scriptedRoller([7, 3]),
    );
    expect(find(events, "counterExchange")[0]).toMatchObject({ hitFirst: "b1" });
    const applied = find(events, "damageApplied").map((e) => e.combatant);
    expect(applied).toEqual(["b1", "p1"]);
    expect(state.slots[0]!.target.health).toBe(6);
    expect(state.attackerData.health).toBe(10);
  });

  it("FAC-19 a tie in counter damage: both are hit at the same time, even if one goes down", () => {
    const frail = fighter("p1", { health: 2 });
    const { events, state } = run(
      setup({ attacker: frail, targets: [fighter("b1", { health: 2 })] }),
      [{ type: "react", reaction: "counter", by: "b1" }, dmg, apply],
      scriptedRoller([4, 4]),
    );
    expect(find(events, "counterExchange")[0]).toMatchObject({ hitFirst: "both" });
    expect(state.attackerData.incapacitated).toBe(true);
    expect(state.slots[0]!.target.incapacitated).toBe(true);
  });

  it("FAC-19 ruling: the second blow does not land if the first took its dealer down (option always)", () => {
    const frail = fighter("p1", { health: 3 });
    const cmds = [{ type: "react", reaction: "counter", by: "b1" } as const, dmg, apply];
    const a = run(setup({ attacker: frail }), cmds, scriptedRoller([2, 8]));
    expect(a.state.attackerData.incapacitated).toBe(true);
    expect(a.state.slots[0]!.target.health).toBe(12);
    const b = run(setup({ attacker: frail, options: { counterSecondBlow: "always" } }), cmds, scriptedRoller([2, 8]));
    expect(b.state.slots[0]!.target.health).toBe(11);
  });

  it("FAC-20 an attack with several targets can be countered by only one of them", () => {
    const s = setup({ mode: "meleeBlast", targets: [fighter("b1"), fighter("b2")] });
    const r = tryRun(
      s,
      [
        { type: "react", reaction: "counter", by: "b1" },
        { type: "react", reaction: "counter", by: "b2" },
      ],
      scriptedRoller([]),
    );
    expect(!r.ok && r.key).toBe("FRAY.Refusal.CounterTaken");
    expect(
      tryRun(
        s,
        [
          { type: "react", reaction: "counter", by: "b1" },
          { type: "react", reaction: "dodge", by: "b2" },
        ],
        scriptedRoller([1]),
      ).ok,
    ).toBe(true);
  });

  it("FAC-21 hiding behind a nearby character who agrees makes it the target, and it may react itself", () => {
    const s = setup({ bystanders: [fighter("b2")] });
    const refused = tryRun(
      s,
      [{ type: "react", reaction: "hide", by: "b1", behind: "b2", agreed: false }],
      scriptedRoller([]),
    );
    expect(!refused.ok && refused.key).toBe("FRAY.Refusal.HideNotAgreed");
    const { state } = run(
      s,
      [
        { type: "react", reaction: "hide", by: "b1", behind: "b2", agreed: true },
        { type: "react", reaction: "dodge", by: "b2" },
        apply,
      ],
      scriptedRoller([2]),
    );
    expect(state.target).toBe("b2");
    expect(state.slots[0]!.avoided).toBe(true);
    expect(state.bystanders.find((b) => b.id === "b1")!.turnUsed).toBe(true);
  });

  it("FAC-22 a nearby character may guard the target and become the target, then cannot dodge or counter", () => {
    const s = setup({ bystanders: [fighter("b2")] });
    const r = tryRun(
      s,
      [
        { type: "react", reaction: "guard", by: "b2", for: "b1" },
        { type: "react", reaction: "dodge", by: "b2" },
      ],
      scriptedRoller([1]),
    );
    expect(!r.ok && r.key).toBe("FRAY.Refusal.GuardCannotReact");
    const { state } = run(
      s,
      [{ type: "react", reaction: "guard", by: "b2", for: "b1" }, skip, dmg, apply],
      scriptedRoller([5]),
    );
    expect(state.slots[0]!.target.id).toBe("b2");
    expect(state.slots[0]!.target.health).toBe(8);
  });

  it("FAC-23 FAC-24 an opportunity attack interrupts movement, cannot be reacted to, and the mover resumes", () => {
    const s = setup({ opportunity: true });
    const r = tryRun(s, [{ type: "react", reaction: "dodge", by: "b1" }], scriptedRoller([1]));
    expect(!r.ok && r.key).toBe("FRAY.Refusal.CannotReactToOpportunity");
    const { events } = run(s, [skip, dmg, apply], scriptedRoller([3]));
    expect(find(events, "movementInterrupted")).toHaveLength(1);
    expect(find(events, "movementResumes")).toHaveLength(1);
    expect(
      tryRun(
        { ...s, opportunityReactable: true },
        [{ type: "react", reaction: "dodge", by: "b1" }],
        scriptedRoller([1]),
      ).ok,
    ).toBe(true);
  });

  it(
    "FAC-40 FAC-41 a stunt: accepted, the target cannot " + "react and takes no damage; refused, the attack goes on",
    () => {
      const acc = run(
        setup(),
        [
          { type: "proposeStunt", effect: "cut the rope" },
          { type: "answerStunt", accept: true },
        ],
        scriptedRoller([]),
      );
      expect(acc.state.step).toBe("done");
      expect(find(acc.events, "stuntAccepted")).toHaveLength(1);
      expect(acc.state.slots[0]!.target.health).toBe(12);
      const pending = tryRun(
        setup(),
        [
          { type: "proposeStunt", effect: "x" },
          { type: "react", reaction: "dodge", by: "b1" },
        ],
        scriptedRoller([1]),
      );
      expect(!pending.ok && pending.key).toBe("FRAY.Refusal.StuntPending");
      const ref = run(
        setup(),
        [
          { type: "proposeStunt", effect: "x" },
          { type: "answerStunt", accept: false },
          { type: "react", reaction: "dodge", by: "b1" },
        ],
        scriptedRoller([20]),
      );
      expect(ref.state.step).toBe("damage");
      const late = tryRun(
        setup(),
        [
          { type: "react", reaction: "counter", by: "b1" },
          { type: "proposeStunt", effect: "x" },
        ],
        scriptedRoller([]),
      );
      expect(late.ok).toBe(false);
    },
  );
});

describe("factions blasts and non-lethal attacks", () => {
  it("FAC-36 FAC-37 a melee blast targets everyone in the zone but the attacker and cannot miss", () => {
    const { state, events } = run(
      setup({ mode: "meleeBlast", targets: [fighter("p1"), fighter("b1"), fighter("b2")], gmCallsWitSave: true }),
      [skip, dmg, apply],
      scriptedRoller([4, 5]),
    );
    expect(state.slots.map((s) => s.target.id)).toEqual(["b1", "b2"]);
    expect(find(events, "autoHit")[0]).toMatchObject({ clause: "FAC-37" });
  });

  it("FAC-38 a ranged blast aimed at the attacker's own zone targets the attacker too", () => {
    const { state } = run(
      setup({ mode: "rangedBlast", targets: [fighter("p1"), fighter("b1")] }),
      [skip, dmg, apply],
      scriptedRoller([4, 4]),
    );
    expect(state.slots.map((s) => s.target.id)).toEqual(["p1", "b1"]);
  });

  it("FAC-38 an attacker caught in its own blast may dodge it, not counter itself", () => {
    const s = factionsAttack.start(
      setup({ mode: "rangedBlast", targets: [fighter("p1"), fighter("b1")] }),
      scriptedRoller([]),
    );
    if (!s.ok) throw new Error(s.reason);
    const mine = factionsAttack.legal(s.state).filter((c) => c.type === "react" && c.by === "p1");
    expect(mine.map((c) => (c.type === "react" ? c.reaction : ""))).toEqual(["dodge"]);
    expect(factionsAttack.legal(s.state)).toContainEqual({ type: "react", reaction: "counter", by: "b1" });
    const forced = factionsAttack.apply(s.state, { type: "react", reaction: "counter", by: "p1" }, scriptedRoller([]));
    expect(forced).toMatchObject({ ok: false, key: "FRAY.Refusal.CounterOwnAttack" });
  });

  it("FAC-39 a missed ranged blast deviates into a neighbouring zone chosen by a die", () => {
    const neighbours = [
      { zone: "north", targets: [fighter("b7")] },
      { zone: "east", targets: [fighter("b8"), fighter("b9")] },
      { zone: "south", targets: [] },
    ];
    const { state, events } = run(
      setup({ mode: "rangedBlast", beyondHalfRange: true, neighbours }),
      [{ type: "roll" }, skip, dmg, apply],
      scriptedRoller([15, 2, 3, 3]),
    );
    expect(find(events, "deviated")[0]).toMatchObject({ zone: "east" });
    expect((find(events, "deviated")[0]!.roll as { dice: { sides: number }[] }).dice[0]!.sides).toBe(3);
    expect(state.slots.map((s) => s.target.id)).toEqual(["b8", "b9"]);
  });

  it("FAC-42 FAC-43 disarm: a failed STR save drops the weapon; no damage", () => {
    const { state, events } = run(setup({ effect: "disarm" }), [skip, apply], scriptedRoller([14]));
    expect(state.slots[0]!.target.weapon.unarmed).toBe(true);
    expect(find(events, "disarmed")[0]).toMatchObject({ weapon: "sword" });
    expect(find(events, "damageApplied")).toHaveLength(0);
    expect(factionsAttack.start(setup({ effect: "disarm", mode: "ranged" }), scriptedRoller([])).ok).toBe(false);
  });

  it("FAC-44 grapple: a failed STR save grabs the target", () => {
    const { state } = run(setup({ effect: "grapple" }), [skip, apply], scriptedRoller([11]));
    expect(state.attackerData.grabbing).toBe("b1");
    expect(state.slots[0]!.target.grabbedBy).toBe("p1");
  });

  it("FAC-42 a non-lethal attack can be dodged and countered, and resolves last in a counter", () => {
    const { events } = run(
      setup({ effect: "grapple" }),
      [{ type: "react", reaction: "counter", by: "b1" }, dmg, apply],
      scriptedRoller([2, 15]),
    );
    const order = events.filter((e) => e.type === "damageApplied" || e.type === "saveRolled").map((e) => e.type);
    expect(order).toEqual(["damageApplied", "saveRolled"]);
    const dodged = run(
      setup({ effect: "grapple" }),
      [{ type: "react", reaction: "dodge", by: "b1" }, apply],
      scriptedRoller([3]),
    );
    expect(dodged.state.attackerData.grabbing).toBeNull();
  });

  it("FAC-45 attacking someone other than the held character frees it", () => {
    const holder = fighter("p1", { grabbing: "b5" });
    const s = factionsAttack.start(setup({ attacker: holder }), scriptedRoller([]));
    expect(s.ok && s.state.attackerData.grabbing).toBeNull();
    expect(s.ok && s.events.some((e) => e.type === "released")).toBe(true);
    const same = factionsAttack.start(
      setup({ attacker: holder, targets: [fighter("b5", { grabbedBy: "p1" })] }),
      scriptedRoller([]),
    );
    expect(same.ok && same.state.attackerData.grabbing).toBe("b5");
  });

  it("FAC-47 a grabbing character may hide behind the held one, who has no choice", () => {
    const holder = fighter("b1", { grabbing: "p2" });
    const held = fighter("p2", { grabbedBy: "b1" });
    const { state } = run(
      setup({ targets: [holder], bystanders: [held] }),
      [{ type: "react", reaction: "hide", by: "b1", behind: "p2", agreed: false }],
      scriptedRoller([]),
    );
    expect(state.target).toBe("p2");
  });

  it("FAC-58 a surrendering character harmed by the enemy resumes fighting", () => {
    const { state, events } = run(
      setup({ targets: [fighter("b1", { surrendering: true })] }),
      [skip, dmg, apply],
      scriptedRoller([4]),
    );
    expect(state.slots[0]!.target.surrendering).toBe(false);
    expect(find(events, "resumesFighting")).toHaveLength(1);
  });

  it("FAC-62 FAC-64 a damaged or improvised weapon is destroyed when its damage die shows 1", () => {
    const improvised = fighter("p1", {
      weapon: { name: "chair", damageDie: 6, damaged: false, improvised: true, unarmed: false },
    });
    const { state, events } = run(setup({ attacker: improvised }), [skip, dmg], scriptedRoller([1]));
    expect(state.attackerData.weapon.unarmed).toBe(true);
    expect(find(events, "itemDestroyed")[0]).toMatchObject({ item: "chair", clause: "FAC-62" });
    const sound = run(setup(), [skip, dmg], scriptedRoller([1]));
    expect(sound.state.attackerData.weapon.name).toBe("sword");
  });

  it("FAC-63 8+ damage before armour destroys a damaged shield first, otherwise damaged armour", () => {
    const t = fighter("b1", { shield: { damaged: true, armour: 1 }, armourDamaged: true });
    const { state, events } = run(setup({ targets: [t] }), [skip, dmg, apply], scriptedRoller([8]));
    expect(state.slots[0]!.target.shield).toBeNull();
    expect(state.slots[0]!.target.armour).toBe(1);
    expect(find(events, "damageApplied")[0]!.amount).toBe(6);
    const noShield = run(
      setup({ targets: [fighter("b1", { armourDamaged: true })] }),
      [skip, dmg, apply],
      scriptedRoller([8]),
    );
    expect(noShield.state.slots[0]!.target.armour).toBe(0);
    const light = run(setup({ targets: [t] }), [skip, dmg, apply], scriptedRoller([7]));
    expect(light.state.slots[0]!.target.shield).not.toBeNull();
  });
});

describe("factions refusals and reproducibility", () => {
  it("FAC-25 refusals: a down attacker, a dead target, healing the dead, negative healing", () => {
    const a = factionsAttack.start(setup({ attacker: fighter("p1", { incapacitated: true }) }), scriptedRoller([]));
    expect(!a.ok && a.key).toBe("FRAY.Refusal.AttackerDown");
    const d = factionsAttack.start(setup({ targets: [fighter("b1", { dead: true })] }), scriptedRoller([]));
    expect(!d.ok && d.key).toBe("FRAY.Refusal.TargetDead");
    expect(heal(fighter("x", { dead: true }), 2, 12).ok).toBe(false);
    expect(heal(fighter("x"), -2, 12).ok).toBe(false);
    const h = heal(fighter("x", { health: 0, incapacitated: true }), 3, 12);
    expect(h.ok && h.state).toMatchObject({ health: 3, incapacitated: false });
  });

  it("FAC-25 seeded runs replay exactly through the journal", () => {
    const j = openJournal(factionsAttack, setup({ gmCallsWitSave: true }), 5);
    if (!j.ok) throw new Error();
    let cur = j.state;
    for (const c of [{ type: "roll" }] as const) {
      const n = record(factionsAttack, cur, c);
      if (!n.ok) throw new Error(n.reason);
      cur = n.state;
    }
    const again = replay(factionsAttack, setup({ gmCallsWitSave: true }), 5, commandsOf(cur));
    expect(again.ok && again.state.state).toEqual(cur.state);
  });
});
