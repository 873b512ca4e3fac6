import { commandsOf } from "../../../../src/core/shared/journal.js";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { scriptedRoller, seededRoller } from "../../../../src/core/shared/roller.js";
import { openJournal, record, replay } from "../../../../src/core/shared/journal.js";
import {
  bonusActionsPerTurn,
  conditionAtHp,
  takeHit,
  effectiveAccuracy,
  effectiveAgility,
  effectiveMovement,
  effectiveStrength,
  escalationAttack,
  meleeZoneRadius,
  payCastTime,
  stepUp,
  summoningSlots,
  thrallCost,
  vanishingSummons,
  type EscalationCommand,
} from "../../../../src/core/attack/escalation/index.js";
import { resolveEscalationAttack } from "../../../../src/core/fast/index.js";
import { FULL, ofType, run, unit, sword } from "./helpers.js";

const declare = (extra: Partial<Extract<EscalationCommand, { type: "declare" }>> = {}): EscalationCommand => ({
  type: "declare",
  attacker: "ash",
  target: "orc",
  ...extra,
});
const fight = (attacker = {}, target = {}) => ({
  combatants: [unit("ash", attacker), unit("orc", { hp: 40, ...target })],
});

describe("escalation wounds", () => {
  it(
    "ESC-63 ruling: hit points alone make a unit defeated " + "at 0 and active above, the condition a hit to 0 leaves",
    () => {
      expect(conditionAtHp(0)).toBe("defeated");
      expect(conditionAtHp(1)).toBe("active");
      const hit = { ...unit("ash", { hp: 3 }) };
      takeHit(hit, { total: 3, wound: false } as Parameters<typeof takeHit>[1], null, 1);
      expect(hit.condition).toBe(conditionAtHp(hit.hp));
    },
  );

  it("ESC-20 a wound needs 6 net damage after armor", () => {
    const wound = run(fight({}, { armor: 2 }), [declare(), ...FULL], scriptedRoller([15, 8]));
    expect(wound.state.combatants.orc?.wounds).toEqual([{ target: "unaimed", round: 1 }]);
    const none = run(fight({}, { armor: 3 }), [declare(), ...FULL], scriptedRoller([15, 8]));
    expect(none.state.combatants.orc?.wounds).toEqual([]);
    expect(none.state.combatants.orc?.hp).toBe(35);
  });

  it("ESC-21 a Fatal wound adds 16 damage when the d4 shows 4 (ruling)", () => {
    const lucky = run(fight(), [declare({ aim: "fatal" }), ...FULL], scriptedRoller([15, 7, 4]));
    expect(lucky.state.combatants.orc?.hp).toBe(40 - 7 - 16);
    const plain = run(fight(), [declare({ aim: "fatal" }), ...FULL], scriptedRoller([15, 7, 3]));
    expect(plain.state.combatants.orc?.hp).toBe(33);
    const noWound = run(fight(), [declare({ aim: "fatal" }), ...FULL], scriptedRoller([15, 5]));
    expect(noWound.state.combatants.orc?.hp).toBe(35);
  });

  it("ESC-22 a Slowing wound costs 2 movement and 1 Agility", () => {
    const r = run(fight(), [declare({ aim: "slowing" }), ...FULL], scriptedRoller([15, 6]));
    const orc = r.state.combatants.orc;
    if (!orc) throw new Error("orc");
    expect(effectiveAgility(orc)).toBe(-1);
    expect(effectiveMovement(orc)).toBe(4);
  });

  it("ESC-23 a Weakening wound costs 1 Strength and a Bonus Action each turn", () => {
    const r = run(
      fight(),
      [declare({ aim: "weakening" }), ...FULL, { type: "startTurn", combatant: "orc" }],
      scriptedRoller([15, 6]),
    );
    const orc = r.state.combatants.orc;
    if (!orc) throw new Error("orc");
    expect(effectiveStrength(orc)).toBe(-1);
    expect(bonusActionsPerTurn(orc)).toBe(1);
    expect(orc.actions.ba).toBe(1);
  });

  it("ESC-24 a Disrupting wound costs 3 Accuracy this round (ruling: in total) and 1 afterwards", () => {
    const r = run(fight(), [declare({ aim: "disrupting" }), ...FULL], scriptedRoller([15, 6]));
    const orc = r.state.combatants.orc;
    if (!orc) throw new Error("orc");
    expect(effectiveAccuracy(orc, 1)).toBe(-3);
    expect(effectiveAccuracy(orc, 1, "additional")).toBe(-4);
    expect(effectiveAccuracy(orc, 2)).toBe(-1);
  });

  it("ESC-25 Center Mass leaves no special wound effect", () => {
    const r = run(fight(), [declare({ aim: "centerMass" }), ...FULL], scriptedRoller([15, 6]));
    const orc = r.state.combatants.orc;
    if (!orc) throw new Error("orc");
    expect(orc.wounds).toHaveLength(1);
    expect([effectiveAgility(orc), effectiveStrength(orc), effectiveAccuracy(orc, 1), effectiveMovement(orc)]).toEqual([
      0, 0, 0, 6,
    ]);
  });

  it("ESC-26 a single healing of 6 or more removes a wound; less does not; a removing spell does", () => {
    const hurt = run(fight(), [declare({ aim: "slowing" }), ...FULL], scriptedRoller([15, 8]));
    const small = escalationAttack.apply(hurt.state, { type: "heal", target: "orc", amount: 5 }, scriptedRoller([]));
    expect(small.ok && small.state.combatants.orc?.wounds).toHaveLength(1);
    const big = escalationAttack.apply(hurt.state, { type: "heal", target: "orc", amount: 6 }, scriptedRoller([]));
    expect(big.ok && big.state.combatants.orc).toMatchObject({ wounds: [], hp: 38 });
    const spell = escalationAttack.apply(hurt.state, { type: "removeWound", target: "orc" }, scriptedRoller([]));
    expect(spell.ok && spell.state.combatants.orc?.wounds).toEqual([]);
  });

  it("ESC-26 healing a dead character or a negative amount is refused", () => {
    const s = escalationAttack.start({ combatants: [unit("ash", { condition: "dead", hp: 0 })] }, scriptedRoller([]));
    if (!s.ok) throw new Error("start");
    const dead = escalationAttack.apply(s.state, { type: "heal", target: "ash", amount: 6 }, scriptedRoller([]));
    expect(!dead.ok && dead.key).toBe("FRAY.Refusal.CannotHealDead");
    const neg = escalationAttack.apply(s.state, { type: "heal", target: "ash", amount: -2 }, scriptedRoller([]));
    expect(!neg.ok && neg.key).toBe("FRAY.Refusal.NegativeValue");
  });
});

describe("escalation units, feats and summoning", () => {
  it("ESC-43 disengaging costs 1 AA or 2 BAs and lasts the round", () => {
    const r = run(fight(), [{ type: "disengage", combatant: "ash", pay: "ba" }], scriptedRoller([]));
    expect(r.state.combatants.ash).toMatchObject({ disengaged: true, actions: { aa: 1, ma: 1, ba: 0 } });
    const again = escalationAttack.apply(
      r.state,
      { type: "disengage", combatant: "ash", pay: "ba" },
      scriptedRoller([]),
    );
    expect(!again.ok && again.key).toBe("FRAY.Refusal.NoBonusActions");
    const next = escalationAttack.apply(r.state, { type: "newRound" }, scriptedRoller([]));
    expect(next.ok && next.state.combatants.ash?.disengaged).toBe(false);
  });

  it("ESC-52 summoning slots equal level and ESC-57 Legion leader adds 2", () => {
    expect(summoningSlots(unit("s", { level: 3 }))).toBe(3);
    expect(summoningSlots(unit("s", { level: 3, feats: ["legionLeader"] }))).toBe(5);
    const r = run(
      { combatants: [unit("sum", { level: 1 }), unit("orc")] },
      [{ type: "summon", summoner: "sum", unit: unit("wolf") }],
      scriptedRoller([]),
    );
    const over = escalationAttack.apply(
      r.state,
      { type: "summon", summoner: "sum", unit: unit("wolf2") },
      scriptedRoller([]),
    );
    expect(!over.ok && over.key).toBe("FRAY.Refusal.NoSummoningSlots");
  });

  it("ESC-53 un-thralled summons vanish at the battle's edge; thralled ones stay", () => {
    const made = [
      unit("a", { summoner: "s", summonedRound: null }),
      unit("b", { summoner: "s", summonedRound: 2 }),
      unit("c", { summoner: "s", summonedRound: 2, thralled: true }),
      unit("s"),
    ];
    expect(vanishingSummons(made, "battleStarts")).toEqual(["a"]);
    expect(vanishingSummons(made, "battleEnds")).toEqual(["b"]);
  });

  it("ESC-54 thrall cost is 6 x level unless the spell states one", () => {
    expect(thrallCost(3)).toBe(18);
    expect(thrallCost(3, 10)).toBe(10);
  });

  it("ESC-55 a newly summoned unit cannot act or dodge in the next round", () => {
    const r = run(
      { combatants: [unit("sum"), unit("orc")] },
      [{ type: "summon", summoner: "sum", unit: unit("wolf", { agility: 4 }) }, { type: "newRound" }],
      scriptedRoller([]),
    );
    const act = escalationAttack.apply(
      r.state,
      { type: "declare", attacker: "wolf", target: "orc" },
      scriptedRoller([]),
    );
    expect(!act.ok && act.key).toBe("FRAY.Refusal.SummoningSickness");
    const hit = escalationAttack.apply(
      r.state,
      { type: "declare", attacker: "orc", target: "wolf" },
      scriptedRoller([]),
    );
    if (!hit.ok) throw new Error(hit.reason);
    const rolled = escalationAttack.apply(hit.state, { type: "roll" }, scriptedRoller([5]));
    expect(rolled.ok && rolled.state.toHit?.needed).toBe(5);
    const later = escalationAttack.apply(r.state, { type: "newRound" }, scriptedRoller([]));
    expect(
      later.ok &&
        escalationAttack.apply(later.state, { type: "declare", attacker: "wolf", target: "orc" }, scriptedRoller([]))
          .ok,
    ).toBe(true);
  });

  it("ESC-61 Weapon focus raises the damage die one step on its chosen weapons only", () => {
    expect([4, 6, 8, 10, 12, 20].map(stepUp)).toEqual([6, 8, 10, 12, 20, 20]);
    const r = run(
      fight({ feats: ["weaponFocus"], focusWeapons: ["longsword"] }),
      [declare(), ...FULL],
      scriptedRoller([15, 10]),
    );
    expect(r.state.combatants.orc?.hp).toBe(30);
    const other = run(
      fight({ feats: ["weaponFocus"], focusWeapons: ["axe"] }),
      [declare(), { type: "roll" }],
      scriptedRoller([15]),
    );
    const o = escalationAttack.apply(other.state, { type: "rollDamage" }, scriptedRoller([8]));
    expect(o.ok && (o.events[0] as unknown as { roll: { dice: { sides: number }[] } }).roll.dice[0]?.sides).toBe(8);
  });

  it("ESC-60 Reach widens the melee zone to 2 spaces; ESC-37 otherwise adjacent squares", () => {
    expect(meleeZoneRadius(unit("a"))).toBe(1);
    expect(meleeZoneRadius(unit("a", { feats: ["reach"] }))).toBe(2);
  });

  it("ESC-62 Athlete grants 2 more movement spaces", () => {
    expect(effectiveMovement(unit("a", { feats: ["athlete"] }))).toBe(8);
  });

  it("ESC-17 cast time is paid with the AA and MA; ESC-18 notes spend BAs", () => {
    const paid = payCastTime({ aa: 1, ma: 1, ba: 2 }, 2, ["aa", "ma"], 1);
    expect(paid).toEqual({ ok: true, actions: { aa: 0, ma: 0, ba: 1 } });
    const ba = payCastTime({ aa: 1, ma: 1, ba: 2 }, 1, ["ba"]);
    expect(!ba.ok && ba.key).toBe("FRAY.Refusal.BonusActionCannotPayCastTime");
    expect(payCastTime({ aa: 1, ma: 1, ba: 2 }, 1, ["ba"], 0, true).ok).toBe(true);
    const short = payCastTime({ aa: 0, ma: 1, ba: 2 }, 1, ["aa"]);
    expect(!short.ok && short.key).toBe("FRAY.Refusal.NoActionLeft");
  });
});

describe("escalation pipeline", () => {
  it("ESC-14 a command at the wrong step is refused, and a refusal leaves the state as it was", () => {
    const s = escalationAttack.start(fight(), scriptedRoller([]));
    if (!s.ok) throw new Error("start");
    const frozen = JSON.stringify(s.state);
    const o = escalationAttack.apply(s.state, { type: "rollDamage" }, scriptedRoller([]));
    expect(!o.ok && o.key).toBe("FRAY.Refusal.WrongAttackStep");
    const u = escalationAttack.apply(s.state, declare({ target: "ghost" }), scriptedRoller([]));
    expect(!u.ok && u.key).toBe("FRAY.Refusal.UnknownCombatant");
    expect(JSON.stringify(s.state)).toBe(frozen);
  });

  it("ESC-14 malformed setups are refused", () => {
    expect(escalationAttack.start({ combatants: [unit("a", { hp: -1 })] }, scriptedRoller([])).ok).toBe(false);
    expect(escalationAttack.start({ combatants: [unit("a"), unit("a")] }, scriptedRoller([])).ok).toBe(false);
  });

  it(
    "ESC-14 seeded runs reproduce: same seed and choices " + "give the same dice and outcome, also through the journal",
    () => {
      fc.assert(
        fc.property(fc.integer(), (seed) => {
          const cmds: EscalationCommand[] = [declare(), { type: "roll" }];
          const a = run(fight(), cmds, seededRoller(seed));
          const b = run(fight(), cmds, seededRoller(seed));
          expect(a.events).toEqual(b.events);
          expect(a.state).toEqual(b.state);
        }),
        { numRuns: 50 },
      );
      let j = openJournal(escalationAttack, fight(), 99);
      for (const c of [declare(), { type: "roll" }] as EscalationCommand[])
        j = j.ok ? record(escalationAttack, j.state, c) : j;
      if (!j.ok) throw new Error("journal");
      const again = replay(escalationAttack, fight(), 99, commandsOf(j.state));
      expect(again.ok && again.state.state).toEqual(j.state.state);
    },
  );

  it("ESC-14 the quick resolver gives the same outcome and damage as the card with default choices", () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.integer({ min: -2, max: 5 }),
        fc.integer({ min: -1, max: 4 }),
        fc.boolean(),
        (seed, acc, agi, sneak) => {
          const att = unit("ash", { accuracy: acc, weapon: sword, strength: 1 });
          const tgt = unit("orc", { agility: agi, hp: 30, armor: 1 });
          const quick = resolveEscalationAttack(att, tgt, seededRoller(seed), { declaration: { undetected: sneak } });
          const s = escalationAttack.start({ combatants: [att, tgt] }, seededRoller(0));
          if (!s.ok) throw new Error("start");
          const roller = seededRoller(seed);
          let st = s.state;
          let c: EscalationCommand | undefined = declare({ undetected: sneak });
          // default choices: press the card's one button until the attack ends or offers a free hit
          for (
            ;
            c && st.step !== "reactionWindow";
            c = st.step === "done" ? undefined : escalationAttack.legal(st)[0]
          ) {
            const o = escalationAttack.apply(st, c, roller);
            if (!o.ok) throw new Error(o.reason);
            st = o.state;
          }
          expect(st.outcome).toBe(quick.outcome);
          expect(st.combatants.orc?.hp).toBe(quick.target.hp);
          expect(st.combatants.ash?.condition).toBe(quick.attacker.condition);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("ESC-13 legal offers declare at the start and one button per later step", () => {
    const s = escalationAttack.start(fight(), scriptedRoller([]));
    if (!s.ok) throw new Error("start");
    expect(escalationAttack.legal(s.state)).toContainEqual({ type: "declare", attacker: "ash", target: "orc" });
    const d = escalationAttack.apply(s.state, declare(), scriptedRoller([]));
    expect(d.ok && escalationAttack.legal(d.state)).toEqual([{ type: "roll" }]);
    expect(ofType(d.ok ? d.events : [], "stepChanged")).toEqual([
      { type: "stepChanged", from: "declare", to: "rollToHit" },
    ]);
  });
});
