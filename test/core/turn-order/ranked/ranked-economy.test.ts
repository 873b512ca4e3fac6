import { describe, expect, it } from "vitest";
import {
  FULL_TURN,
  PAYMENT_NAMES,
  PAYMENTS,
  USES,
  freeHitSlots,
  isPayment,
  isUse,
  moveSpaces,
  pay,
  paymentIndex,
  useIndex,
} from "../../../../src/core/economy/escalation.js";
import { rankedEngine, type RankedCommand } from "../../../../src/core/turn-order/ranked/index.js";
import { begin, member, refused, run, turn } from "./ranked-helpers.js";

const spend = (combatant: string, action: string, p: string) =>
  ({ type: "spend", combatant, action, pay: p }) as RankedCommand;
const acting = () => run(begin().state, { type: "act", combatant: "ana" }).state;

describe("escalation action economy", () => {
  it("ESC-05 each turn grants exactly 1 AA, 1 MA and 2 BA", () => {
    expect(FULL_TURN).toEqual({ aa: 1, ma: 1, ba: 2 });
    const s = acting();
    expect(member(s, "ana")?.left).toEqual({ aa: 1, ma: 1, ba: 2 });
    const after = run(
      s,
      spend("ana", "attack", "AA"),
      spend("ana", "move", "MA"),
      spend("ana", "talk", "BA"),
      spend("ana", "pickUp", "BA"),
    ).state;
    expect(member(after, "ana")?.left).toEqual({ aa: 0, ma: 0, ba: 0 });
    refused(after, spend("ana", "drawOrSheathe", "BA"), "NoActionsLeft", "ESC-05");
    refused(after, spend("ana", "attack", "AA"), "NoActionsLeft", "ESC-05");
    // The next turn brings a fresh set.
    let n = run(after, { type: "endTurn", combatant: "ana" }).state;
    for (const id of ["orc", "bo", "rat"]) n = turn(n, id).state;
    expect(member(run(n, { type: "act", combatant: "ana" }).state, "ana")?.left).toEqual(FULL_TURN);
  });

  it(
    "ESC-05 the uses and payments are known by name: the quick lookups (useIndex, paymentIndex) agree " +
      "with USES and PAYMENTS",
    () => {
      USES.forEach((u, i) => expect(useIndex(u)).toBe(i));
      PAYMENT_NAMES.forEach((p, i) => expect(paymentIndex(p)).toBe(i));
      for (const x of ["", "Attack", "attack ", "AA+BA", "toString", "__proto__", 0, null, undefined, {}, ["attack"]]) {
        expect(useIndex(x)).toBe(-1);
        expect(paymentIndex(x)).toBe(-1);
        expect(isUse(x)).toBe(false);
        expect(isPayment(x)).toBe(false);
      }
      // Every payment pays for exactly the uses its rule lists, with its cost taken from a full turn.
      for (const p of PAYMENT_NAMES)
        for (const u of USES) {
          const paid = pay(FULL_TURN, u, p);
          if (PAYMENTS[p].uses.includes(u))
            expect(paid).toEqual({
              aa: 1 - PAYMENTS[p].cost.aa,
              ma: 1 - PAYMENTS[p].cost.ma,
              ba: 2 - PAYMENTS[p].cost.ba,
            });
          else expect(paid).toMatchObject({ ok: false, key: "FRAY.Refusal.CannotPayWith", clause: PAYMENTS[p].clause });
        }
    },
  );

  it("ESC-05 actions are spent only on the unit's own turn", () => {
    refused(acting(), spend("orc", "attack", "AA"), "NotYourTurn", "ESC-01");
  });

  it(
    "ESC-06 an AA pays for attack, cast time, pick up, " +
      "draw/sheathe, talk, stand up or disengage, and nothing else",
    () => {
      expect(PAYMENTS.AA.uses).toEqual([
        "attack",
        "castTime",
        "pickUp",
        "drawOrSheathe",
        "talk",
        "standUp",
        "disengage",
      ]);
      for (const use of PAYMENTS.AA.uses) expect("ok" in pay(FULL_TURN, use, "AA")).toBe(false);
      for (const use of ["move", "toggleSpell", "boostHit", "extraAttack"] as const)
        expect(pay(FULL_TURN, use, "AA")).toMatchObject({ ok: false, clause: "ESC-06" });
      const s = run(acting(), spend("ana", "disengage", "AA"));
      expect(s.events).toEqual([{ type: "actionSpent", combatant: "ana", action: "disengage", detail: "AA" }]);
      refused(acting(), spend("ana", "move", "AA"), "CannotPayWith", "ESC-06");
    },
  );

  it("ESC-07 an MA pays for move, cast time, pick up, draw/sheathe, talk or stand up", () => {
    expect(PAYMENTS.MA.uses).toEqual(["move", "castTime", "pickUp", "drawOrSheathe", "talk", "standUp"]);
    refused(acting(), spend("ana", "attack", "MA"), "CannotPayWith", "ESC-07");
    expect(member(run(acting(), spend("ana", "castTime", "MA")).state, "ana")?.left).toEqual({ aa: 1, ma: 0, ba: 2 });
  });

  it("ESC-07 a Move Action moves 6 spaces by default", () => {
    expect(moveSpaces(6, 0, 0)).toBe(6);
  });

  it("ESC-08 a BA pays for pick up, draw/sheathe, talk, toggling spells or standing up", () => {
    for (const use of ["pickUp", "drawOrSheathe", "talk", "toggleSpell", "standUp"] as const)
      expect(PAYMENTS.BA.uses).toContain(use);
    refused(acting(), spend("ana", "attack", "BA"), "CannotPayWith", "ESC-08");
    refused(acting(), spend("ana", "castTime", "BA"), "CannotPayWith", "ESC-08");
  });

  it("ESC-09 a BA buys one boost; ruling: boosts last the round and stack", () => {
    let s = run(acting(), spend("ana", "boostHit", "BA"), spend("ana", "boostHit", "BA")).state;
    expect(member(s, "ana")?.boosts).toEqual({ damage: 0, hit: 2, dodge: 0, move: 0 });
    expect(moveSpaces(6, 0, 1)).toBe(8);
    s = run(s, { type: "endTurn", combatant: "ana" }).state;
    expect(member(s, "ana")?.boosts.hit).toBe(2);
    for (const id of ["orc", "bo", "rat"]) s = turn(s, id).state;
    expect(s.round).toBe(2);
    expect(member(s, "ana")?.boosts).toEqual({ damage: 0, hit: 0, dodge: 0, move: 0 });
  });

  it("ESC-10 spending the MA and both BAs grants one extra attack on top of the AA", () => {
    const s = run(acting(), spend("ana", "attack", "AA"), spend("ana", "extraAttack", "MA+2BA"));
    expect(member(s.state, "ana")?.left).toEqual({ aa: 0, ma: 0, ba: 0 });
    expect(s.events[1]).toEqual({ type: "actionSpent", combatant: "ana", action: "extraAttack", detail: "MA+2BA" });
    const used = run(acting(), spend("ana", "talk", "BA")).state;
    refused(used, spend("ana", "extraAttack", "MA+2BA"), "NoActionsLeft", "ESC-05");
    refused(acting(), spend("ana", "extraAttack", "AA"), "CannotPayWith", "ESC-06");
  });

  it("ESC-11 both BAs may pay for a disengage instead of the AA", () => {
    const s = run(acting(), spend("ana", "disengage", "2BA")).state;
    expect(member(s, "ana")?.left).toEqual({ aa: 1, ma: 1, ba: 0 });
    expect(member(s, "ana")?.disengaged).toBe(true);
    refused(acting(), spend("ana", "attack", "2BA"), "CannotPayWith", "ESC-11");
  });

  it(
    "ESC-12 movement is halved while sneaking, swimming, climbing or at max capacity; ruling: " +
      "halve once, round down",
    () => {
      expect(moveSpaces(6, 1, 0)).toBe(3);
      expect(moveSpaces(6, 2, 0)).toBe(3);
      expect(moveSpaces(7, 1, 0)).toBe(3);
      expect(moveSpaces(6, 1, 1)).toBe(5);
    },
  );

  it("ESC-38 a free hit spends neither the Move Action nor the Attack Action", () => {
    const s = acting();
    const after = run(s, { type: "freeHit", combatant: "ana" }, { type: "freeHit", combatant: "orc" });
    expect(member(after.state, "ana")?.left).toEqual(member(s, "ana")?.left);
    expect(after.events).toEqual([
      { type: "freeHit", round: 1, combatant: "ana", slotsLeft: 2 },
      { type: "freeHit", round: 1, combatant: "orc", slotsLeft: 1 },
    ]);
  });

  it("ESC-42 Free Hit Slots = Agility + 1 per round, none at 0 or less, refreshed at round start", () => {
    expect([freeHitSlots(2), freeHitSlots(0), freeHitSlots(-1), freeHitSlots(-3)]).toEqual([3, 1, 0, 0]);
    const { state } = begin();
    refused(state, { type: "freeHit", combatant: "rat" }, "NoFreeHitSlots", "ESC-42");
    let s = run(state, { type: "freeHit", combatant: "bo" }).state;
    refused(s, { type: "freeHit", combatant: "bo" }, "NoFreeHitSlots", "ESC-42");
    for (const id of ["ana", "orc", "bo", "rat"]) s = turn(s, id).state;
    expect(member(s, "bo")?.freeHitsLeft).toBe(1);
  });

  it(
    "ESC-43 disengaging lasts the rest of the round; it " + "costs 1 AA, 2 BAs, or comes granted by a spell or ability",
    () => {
      let s = run(acting(), spend("ana", "disengage", "granted")).state;
      expect(member(s, "ana")?.left).toEqual(FULL_TURN);
      expect(member(s, "ana")?.disengaged).toBe(true);
      refused(s, spend("ana", "disengage", "AA"), "AlreadyDisengaged", "ESC-43");
      s = run(s, { type: "endTurn", combatant: "ana" }).state;
      expect(member(s, "ana")?.disengaged).toBe(true);
      for (const id of ["orc", "bo", "rat"]) s = turn(s, id).state;
      expect(member(s, "ana")?.disengaged).toBe(false);
      refused(acting(), spend("ana", "attack", "granted"), "CannotPayWith", "ESC-43");
    },
  );

  it("ESC-47 standing up from prone costs 1 AA, 1 MA or 1 BA, the unit's choice", () => {
    const prone = run(
      begin().state,
      { type: "setProne", combatant: "ana", prone: true },
      { type: "act", combatant: "ana" },
    ).state;
    for (const [p, left] of [
      ["AA", { aa: 0, ma: 1, ba: 2 }],
      ["MA", { aa: 1, ma: 0, ba: 2 }],
      ["BA", { aa: 1, ma: 1, ba: 1 }],
    ] as const) {
      const s = run(prone, spend("ana", "standUp", p)).state;
      expect(member(s, "ana")?.left).toEqual(left);
      expect(member(s, "ana")?.prone).toBe(false);
    }
    refused(acting(), spend("ana", "standUp", "BA"), "NotProne", "ESC-47");
    refused(prone, spend("ana", "standUp", "2BA"), "CannotPayWith", "ESC-11");
  });

  it("ESC-48 standing up off-turn takes the chosen action from the unit's next turn", () => {
    const s = run(
      begin().state,
      { type: "setProne", combatant: "bo", prone: true },
      { type: "act", combatant: "ana" },
    ).state;
    const up = run(s, spend("bo", "standUp", "MA")).state;
    expect(member(up, "bo")?.prone).toBe(false);
    expect(member(up, "bo")?.owed).toEqual({ aa: 0, ma: 1, ba: 0 });
    let t = run(up, { type: "endTurn", combatant: "ana" }).state;
    t = turn(t, "orc").state;
    t = run(t, { type: "act", combatant: "bo" }).state;
    expect(member(t, "bo")?.left).toEqual({ aa: 1, ma: 0, ba: 2 });
    expect(member(t, "bo")?.owed).toEqual({ aa: 0, ma: 0, ba: 0 });
    refused(t, spend("bo", "move", "MA"), "NoActionsLeft", "ESC-05");
  });

  it(
    "ESC-48 if the next turn has no action of the chosen kind left to give, the unit cannot stand up (ruling: " +
      "of the chosen kind)",
    () => {
      let s = run(
        begin().state,
        { type: "act", combatant: "ana" },
        { type: "setProne", combatant: "bo", prone: true },
        spend("bo", "standUp", "AA"),
      ).state;
      s = run(s, { type: "setProne", combatant: "bo", prone: true }).state;
      refused(s, spend("bo", "standUp", "AA"), "NextTurnHasNoAction", "ESC-48");
      s = run(s, spend("bo", "standUp", "BA")).state;
      expect(member(s, "bo")?.owed).toEqual({ aa: 1, ma: 0, ba: 1 });
      expect(rankedEngine.legal(s)).not.toContainEqual(spend("bo", "standUp", "AA"));
      refused(
        run(s, { type: "setProne", combatant: "bo", prone: true }).state,
        spend("bo", "standUp", "2BA"),
        "CannotPayWith",
        "ESC-11",
      );
    },
  );
});
