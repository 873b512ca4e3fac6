import { describe, expect, it } from "vitest";
import { commandsOf, openJournal, record, replay, undo } from "../../../../src/core/shared/journal.js";
import type { SectionsCommand } from "../../../../src/core/turn-order/sections/index.js";
import { engine, fight, quickTurn, refused, run } from "./fixtures.js";

const act = (combatant: string): SectionsCommand => ({ type: "act", combatant });
const draw = (combatant: string): SectionsCommand => ({ type: "draw", combatant });
const blockAt = (combatant: string, border: string, from: string): SectionsCommand => ({
  type: "spend",
  combatant,
  phase: "strategy",
  action: "block",
  border,
  from,
});
const lower = (combatant: string, reason?: "announced" | "immobilized" | "defenseless"): SectionsCommand =>
  reason ? { type: "lowerBlock", combatant, reason } : { type: "lowerBlock", combatant };

/** Ann has drawn and holds a Block on the hall/yard border from the hall. */
const annBlocks = () => run(fight(), act("ann"), draw("ann"), blockAt("ann", "hall|yard", "hall"));

describe("sections turns: Blocks (SEC-42..SEC-44)", () => {
  it("SEC-42 a Block spends the Strategy Phase and records the border and the section it is held from", () => {
    const { state, events } = annBlocks();
    expect(state.blocks).toEqual([{ blocker: "ann", border: "hall|yard", from: "hall" }]);
    expect(state.turn?.strategy).toBe("block");
    expect(state.turn?.step).toBe("action");
    expect(events.slice(-2)).toEqual([
      { type: "actionSpent", round: 1, combatant: "ann", action: "block", phase: "strategy" },
      { type: "blockRaised", round: 1, combatant: "ann", border: "hall|yard", from: "hall" },
    ]);
    expect(engine.view(state).blocks).toEqual([{ blocker: "ann", border: "hall|yard", from: "hall" }]);
  });

  it(
    "SEC-42 a Block needs the Strategy Phase: before the " + "draw, after it is spent, or off one's turn it is refused",
    () => {
      expect(refused(run(fight(), act("ann")).state, blockAt("ann", "hall|yard", "hall")).key).toBe(
        "FRAY.Refusal.MustDrawFirst",
      );
      const spent = run(fight(), act("ann"), draw("ann"), {
        type: "spend",
        combatant: "ann",
        phase: "strategy",
        action: "strategy",
      }).state;
      expect(refused(spent, blockAt("ann", "hall|yard", "hall")).key).toBe("FRAY.Refusal.PhaseOver");
      expect(refused(run(fight(), act("ann"), draw("ann")).state, blockAt("bo", "hall|yard", "hall")).key).toBe(
        "FRAY.Refusal.NotYourTurn",
      );
    },
  );

  it("SEC-42 one Block of its own at a time: a second is refused until the first is lowered (ruling)", () => {
    const s = run(annBlocks().state, { type: "endTurn", combatant: "ann" }, ...quickTurn("bo")).state;
    // Next round Ann may not raise a second one while the first is up.
    const next = run(s, ...quickTurn("orc"), ...quickTurn("imp"), act("ann"), draw("ann")).state;
    const r = refused(next, blockAt("ann", "hall|cellar", "hall"));
    expect(r.key).toBe("FRAY.Refusal.AlreadyBlocking");
    expect(r.clause).toBe("SEC-42");
    const after = run(next, lower("ann"), blockAt("ann", "hall|cellar", "hall")).state;
    expect(after.blocks).toEqual([{ blocker: "ann", border: "hall|cellar", from: "hall" }]);
  });

  it("SEC-42 a Block names both its border and its section, as text; only a Block names a border", () => {
    const s = run(fight(), act("ann"), draw("ann")).state;
    for (const bad of [
      { type: "spend", combatant: "ann", phase: "strategy", action: "block", border: "hall|yard" },
      { type: "spend", combatant: "ann", phase: "strategy", action: "block", border: 7, from: "hall" },
      { type: "spend", combatant: "ann", phase: "strategy", action: "block", border: "", from: "hall" },
      { type: "spend", combatant: "ann", phase: "strategy", action: "strategy", border: "hall|yard", from: "hall" },
    ])
      expect(refused(s, bad).key).toBe("FRAY.Refusal.MalformedCommand");
    // Without a border (a table playing without a map) the Phase is spent and nothing is recorded.
    expect(run(s, { type: "spend", combatant: "ann", phase: "strategy", action: "block" }).state.blocks).toEqual([]);
  });

  it("SEC-43 the blocker lowers its Block by announcing it, spending no Phase, even off its turn", () => {
    const s = run(annBlocks().state, { type: "endTurn", combatant: "ann" }).state;
    expect(engine.legal(s)).toContainEqual({ type: "lowerBlock", combatant: "ann" });
    const { state, events } = run(s, lower("ann"));
    expect(state.blocks).toEqual([]);
    expect(events).toEqual([
      { type: "blockLowered", round: 1, combatant: "ann", border: "hall|yard", from: "hall", reason: "announced" },
    ]);
    expect(refused(state, lower("ann")).key).toBe("FRAY.Refusal.NotBlocking");
    expect(engine.legal(state).some((c) => c.type === "lowerBlock")).toBe(false);
  });

  it("SEC-43 leaving the section lowers the Block: the innate Move and a granted Move both leave it", () => {
    const innate = run(annBlocks().state, { type: "move", combatant: "ann", kind: "innate" });
    expect(innate.state.blocks).toEqual([]);
    expect(innate.events.at(-1)).toMatchObject({ type: "blockLowered", combatant: "ann", reason: "left" });
    // SEC-06: a granted Move takes a card's pending grant, played with the Action Phase this turn.
    const played = run(annBlocks().state, {
      type: "spend",
      combatant: "ann",
      phase: "action",
      action: "action",
      grant: { source: "wings", kind: "fly", n: 2, height: 0 },
    });
    expect(played.state.blocks).toHaveLength(1);
    const granted = run(played.state, {
      type: "move",
      combatant: "ann",
      kind: "granted",
      source: "wings",
      movement: "fly",
    });
    expect(granted.state.blocks).toEqual([]);
  });

  it("SEC-44 Immobilized or Defenseless lowers it, and says why", () => {
    for (const reason of ["immobilized", "defenseless"] as const) {
      const { state, events } = run(annBlocks().state, lower("ann", reason));
      expect(state.blocks).toEqual([]);
      expect(events[0]).toMatchObject({ type: "blockLowered", reason });
    }
    expect(refused(annBlocks().state, { type: "lowerBlock", combatant: "ann", reason: "bored" }).key).toBe(
      "FRAY.Refusal.MalformedCommand",
    );
  });

  it("SEC-44 one taken out of the fight holds no Block", () => {
    const { state, events } = run(annBlocks().state, { type: "remove", combatant: "ann" });
    expect(state.blocks).toEqual([]);
    expect(events.some((e) => e.type === "blockLowered" && e.reason === "removed")).toBe(true);
  });

  it(
    "SEC-42 undo of the spend takes the Block down; undo of " + "a Move or a lowering puts it back; replay rebuilds it",
    () => {
      const opened = openJournal(
        engine,
        { combatants: fight().combatants.map((c) => ({ id: c.id, side: c.side, name: c.name })) },
        1,
      );
      if (!opened.ok) throw new Error(opened.reason);
      let j = opened.state;
      for (const c of [act("ann"), draw("ann"), blockAt("ann", "hall|yard", "hall")]) {
        const r = record(engine, j, c);
        if (!r.ok) throw new Error(r.reason);
        j = r.state;
      }
      const up = j;
      const back = undo(engine, up);
      expect(back.ok && back.state.state.blocks).toEqual([]);
      for (const c of [{ type: "move", combatant: "ann", kind: "innate" } as SectionsCommand, lower("ann")]) {
        const r = record(engine, up, c);
        if (!r.ok) throw new Error(r.reason);
        expect(r.state.state.blocks).toEqual([]);
        const undone = undo(engine, r.state);
        expect(undone.ok && undone.state.state.blocks).toEqual([{ blocker: "ann", border: "hall|yard", from: "hall" }]);
      }
      const again = replay(engine, up.setup, up.seed, commandsOf(up));
      expect(again.ok && again.state.state.blocks).toEqual(up.state.blocks);
    },
  );

  it(
    "SEC-42 a stored state's Blocks are checked: a stranger's, a second of one blocker's, or one without a " +
      "border is malformed",
    () => {
      const s = annBlocks().state;
      expect(engine.isState(s)).toBe(true);
      const bad = (blocks: unknown) => (engine.isState({ ...s, blocks }) ? "sound" : "malformed");
      expect(bad(undefined)).toBe("malformed");
      expect(bad([{ blocker: "ghost", border: "a|b", from: "a" }])).toBe("malformed");
      expect(bad([...s.blocks, { blocker: "ann", border: "a|b", from: "a" }])).toBe("malformed");
      expect(bad([{ blocker: "ann", from: "a" }])).toBe("malformed");
      expect(bad(3)).toBe("malformed");
    },
  );
});

describe("sections turns: Blocks at a distance (SEC-46)", () => {
  const far = (combatant: string, border: string, source = "ward"): SectionsCommand => ({
    type: "blockAtDistance",
    combatant,
    border,
    source,
  });
  const end = (combatant: string, border: string): SectionsCommand => ({ type: "endDistanceBlock", combatant, border });

  it(
    "SEC-46 a Block at a distance is kept with its ability, " + "spends no Phase, may be several, and ends when told",
    () => {
      const { state, events } = run(fight(), act("ann"), far("ann", "hall|yard"), far("ann", "yard|gate"));
      expect(state.distanceBlocks).toEqual([
        { blocker: "ann", border: "hall|yard", source: "ward" },
        { blocker: "ann", border: "yard|gate", source: "ward" },
      ]);
      expect(state.turn?.strategy ?? null).toBeNull();
      expect(events.at(-1)).toEqual({
        type: "distanceBlockRaised",
        round: 1,
        combatant: "ann",
        border: "yard|gate",
        source: "ward",
      });
      expect(engine.view(state).distanceBlocks).toHaveLength(2);
      expect(engine.legal(state)).toContainEqual(end("ann", "hall|yard"));
      const ended = run(state, end("ann", "hall|yard"));
      expect(ended.state.distanceBlocks).toEqual([{ blocker: "ann", border: "yard|gate", source: "ward" }]);
      expect(ended.events.at(-1)).toMatchObject({ type: "distanceBlockEnded", combatant: "ann", border: "hall|yard" });
    },
  );

  it(
    "SEC-46 a second one on the same border, a blank border or ability, an unknown blocker, and " +
      "ending none are refused",
    () => {
      const { state } = run(fight(), act("ann"), far("ann", "hall|yard"));
      expect(refused(state, far("ann", "hall|yard")).key).toBe("FRAY.Refusal.DuplicateBlock");
      expect(refused(state, far("ann", "")).key).toBe("FRAY.Refusal.MalformedCommand");
      expect(refused(state, { type: "blockAtDistance", combatant: "ann", border: "hall|yard" }).key).toBe(
        "FRAY.Refusal.MalformedCommand",
      );
      expect(refused(state, far("nobody", "hall|yard")).key).toBe("FRAY.Refusal.UnknownCombatant");
      expect(refused(state, end("ann", "yard|gate")).key).toBe("FRAY.Refusal.NotBlocking");
    },
  );

  it(
    "SEC-46 it outlasts the blocker's Move and its own Block's lowering; undo and replay carry it; " +
      "the state stays sound",
    () => {
      const opened = openJournal(
        engine,
        { combatants: fight().combatants.map((c) => ({ id: c.id, side: c.side, name: c.name })) },
        1,
      );
      if (!opened.ok) throw new Error(opened.reason);
      let j = opened.state;
      const move = { type: "move", combatant: "ann", kind: "innate" } as SectionsCommand;
      for (const c of [act("ann"), far("ann", "yard|gate"), draw("ann"), blockAt("ann", "hall|yard", "hall"), move]) {
        const r = record(engine, j, c);
        if (!r.ok) throw new Error(r.reason);
        j = r.state;
      }
      expect(j.state.blocks).toEqual([]);
      expect(j.state.distanceBlocks).toEqual([{ blocker: "ann", border: "yard|gate", source: "ward" }]);
      expect(engine.isState(j.state)).toBe(true);
      const again = replay(engine, j.setup, j.seed, commandsOf(j));
      expect(again.ok && again.state.state.distanceBlocks).toEqual(j.state.distanceBlocks);
      let back = j;
      for (let k = 0; k < 4; k++) {
        const u = undo(engine, back);
        if (!u.ok) throw new Error(u.reason);
        back = u.state;
      }
      expect(back.state.distanceBlocks).toEqual([]);
    },
  );
});
