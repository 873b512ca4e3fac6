import { describe, expect, it } from "vitest";
import {
  FRESH_TURN,
  panicRollDue,
  spendAction,
  spendMove,
  spendStance,
  stepOf,
} from "../../../../src/core/economy/strain.js";
import { rolledEngine, type RolledCommand, type RolledSetup } from "../../../../src/core/turn-order/rolled/index.js";
import { begin, member, pastRoundZero, refused, run, trio, turn, types } from "./rolled-helpers.js";

const move = (combatant: string, squares: number): RolledCommand => ({
  type: "spend",
  combatant,
  action: "move",
  squares,
});
const action = (combatant: string, moveAfter?: boolean): RolledCommand =>
  moveAfter === undefined
    ? { type: "spend", combatant, action: "action", name: "Basic Attack" }
    : { type: "spend", combatant, action: "action", name: "Dash Strike", moveAfter };
const stance = (combatant: string, s: string): RolledCommand => ({
  type: "spend",
  combatant,
  action: "stance",
  stance: s,
});
const bobsTurn = () => run(pastRoundZero(begin().state), { type: "act", combatant: "bob" }).state;

describe("strain turn structure", () => {
  it("STR-10 a turn runs Start, Move (up to Speed), one Action, a Stance, End", () => {
    const t = run(bobsTurn(), move("bob", 2), move("bob", 3), action("bob"), stance("bob", "Guard"), {
      type: "endTurn",
      combatant: "bob",
    });
    expect(types(t.events)).toEqual(["actionSpent", "actionSpent", "actionSpent", "actionSpent", "turnEnded"]);
    expect(t.events[2]).toEqual({ type: "actionSpent", combatant: "bob", action: "action", detail: "Basic Attack" });
    expect(stepOf(FRESH_TURN)).toBe("start");
  });

  it("STR-10 movement is limited to Speed; one Action; nothing but End after the Stance", () => {
    const s = run(bobsTurn(), move("bob", 4)).state;
    refused(s, move("bob", 2), "BeyondSpeed", "STR-10");
    const a = run(s, action("bob")).state;
    refused(a, action("bob"), "AlreadyTookAction", "STR-10");
    const st = run(bobsTurn(), stance("bob", "Guard")).state;
    refused(st, action("bob"), "ActionAfterStance", "STR-10");
    refused(st, move("bob", 1), "MoveAfterStance", "STR-10");
    refused(bobsTurn(), move("bob", 0), "BadSquares");
  });

  it("STR-10a start of turn flags a Panic Roll when Stress Load exceeds Stress Tolerance", () => {
    expect([panicRollDue(3, 2), panicRollDue(2, 2), panicRollDue(0, 1)]).toEqual([true, false, false]);
    const setup: RolledSetup = {
      combatants: [{ ...trio.combatants[0]!, stressLoad: 3, stressTolerance: 2 }, ...trio.combatants.slice(1)],
    };
    const s = pastRoundZero(begin(setup).state);
    const t = run(s, { type: "act", combatant: "bob" });
    expect(t.events).toEqual([
      { type: "turnStarted", round: 1, combatant: "bob" },
      { type: "panicRollDue", round: 1, combatant: "bob", stressLoad: 3, stressTolerance: 2 },
    ]);
    // Equal is not "exceeds"; loads set by command are used.
    const calm = run(
      t.state,
      { type: "endTurn", combatant: "bob" },
      { type: "setLoads", combatant: "alice", stressLoad: 2, stressTolerance: 2 },
    ).state;
    expect(types(run(calm, { type: "act", combatant: "alice" }).events)).toEqual(["turnStarted"]);
    const frayed = run(calm, { type: "setLoads", combatant: "alice", stressLoad: 3 }).state;
    expect(types(run(frayed, { type: "act", combatant: "alice" }).events)).toEqual(["turnStarted", "panicRollDue"]);
  });

  it("STR-11 no moving after the Action unless the Action says so", () => {
    const s = run(bobsTurn(), move("bob", 1), action("bob")).state;
    refused(s, move("bob", 1), "MoveAfterAction", "STR-11");
    const dash = run(bobsTurn(), move("bob", 1), action("bob", true), move("bob", 2)).state;
    expect(dash.turn?.moved).toBe(3);
    expect(spendMove(spendAction(FRESH_TURN, false) as typeof FRESH_TURN, 1, null)).toMatchObject({
      ok: false,
      clause: "STR-11",
    });
  });

  it(
    "STR-10 a fresh turn's Action gives the same turn as any other turn's (the shared answers are " +
      "values, not new objects)",
    () => {
      for (const moveAfter of [false, true]) {
        const fresh = spendAction(FRESH_TURN, moveAfter);
        // The same turn reached from an equal but separate fresh turn, which takes the general path.
        expect(fresh).toEqual(spendAction({ ...FRESH_TURN }, moveAfter));
        expect(fresh).toEqual({ moved: 0, tookAction: true, moveAfterAction: moveAfter, tookStance: false });
        expect(spendAction(fresh as typeof FRESH_TURN, moveAfter)).toMatchObject({ ok: false, clause: "STR-10" });
      }
      expect(FRESH_TURN).toEqual({ moved: 0, tookAction: false, moveAfterAction: false, tookStance: false });
    },
  );

  it("STR-12 the Stance step takes a new Stance or keeps the current one, once; one Stance at a time", () => {
    const s = run(bobsTurn(), stance("bob", "Guard")).state;
    expect(member(s, "bob")?.stance).toBe("Guard");
    refused(s, stance("bob", "Charge"), "AlreadyTookStance", "STR-12");
    let n = run(s, { type: "endTurn", combatant: "bob" }).state;
    n = turn(turn(n, "alice").state, "gob").state;
    n = run(n, { type: "act", combatant: "bob" }, stance("bob", "Guard")).state;
    expect(member(n, "bob")?.stance).toBe("Guard");
    expect(spendStance(spendStance(FRESH_TURN) as typeof FRESH_TURN)).toMatchObject({ ok: false, clause: "STR-12" });
  });

  it(
    "STR-13 any Action or Stance name is accepted: the Basic " +
      "Combat Abilities and Combat Arts are not policed here",
    () => {
      const s = run(
        bobsTurn(),
        { type: "spend", combatant: "bob", action: "action", name: "Resuscitate" },
        stance("bob", "Art of the Storm: Eye"),
      );
      expect(s.events.map((e) => (e as { detail?: unknown }).detail)).toEqual(["Resuscitate", "Art of the Storm: Eye"]);
      refused(bobsTurn(), { type: "spend", combatant: "bob", action: "stance", stance: "" }, "MalformedCommand");
    },
  );

  it("STR-61 an incapacitated character still takes its turn but cannot move, act or take Stances", () => {
    let s = pastRoundZero(begin().state);
    s = run(s, { type: "setAble", combatant: "alice", able: false }).state;
    s = turn(s, "bob").state;
    expect(rolledEngine.legal(s)).toContainEqual({ type: "act", combatant: "alice" });
    s = run(s, { type: "act", combatant: "alice" }).state;
    refused(s, move("alice", 1), "Incapacitated", "STR-61");
    refused(s, action("alice"), "Incapacitated", "STR-61");
    expect(rolledEngine.legal(s).filter((c) => c.type === "spend")).toEqual([]);
  });
});
