import { commandsOf } from "../../../../src/core/shared/journal.js";
import { describe, expect, it } from "vitest";
import { openJournal, record, replay, undo, type Journal } from "../../../../src/core/shared/journal.js";
import {
  rankedEngine,
  type RankedCommand,
  type RankedSetup,
  type RankedState,
} from "../../../../src/core/turn-order/ranked/index.js";
import {
  initiativeOrder,
  rolledEngine,
  type RolledCommand,
  type RolledSetup,
  type RolledState,
} from "../../../../src/core/turn-order/rolled/index.js";
import { member, party } from "./ranked-helpers.js";

function play<S, C>(
  engine: typeof rankedEngine | typeof rolledEngine,
  setup: unknown,
  seed: number,
  cmds: C[],
): Journal<unknown, S, C>[] {
  const o = openJournal(engine as never, setup, seed);
  if (!o.ok) throw new Error(o.reason);
  const js: Journal<unknown, S, C>[] = [o.state as Journal<unknown, S, C>];
  for (const c of cmds) {
    const r = record(engine as never, js[js.length - 1] as never, c as never);
    if (!r.ok) throw new Error(`${r.key} ${JSON.stringify(c)}`);
    js.push(r.state as Journal<unknown, S, C>);
  }
  return js;
}

describe("ranked and rolled with the journal", () => {
  it("ESC-04 undo of the turn that closed a round restores the old round, and replay rebuilds the new one", () => {
    const turnOf = (id: string): RankedCommand[] => [
      { type: "act", combatant: id },
      { type: "endTurn", combatant: id },
    ];
    const cmds = [
      ...turnOf("ana"),
      { type: "freeHit", combatant: "orc" } as RankedCommand,
      ...turnOf("orc"),
      ...turnOf("bo"),
      ...turnOf("rat"),
    ];
    const js = play<RankedState, RankedCommand>(rankedEngine, party, 5, cmds);
    const last = js[js.length - 1] as Journal<RankedSetup, RankedState, RankedCommand>;
    expect(last.state.round).toBe(2);
    const back = undo(rankedEngine, last);
    expect(back.ok && back.state.state).toEqual(js[js.length - 2]?.state);
    expect(back.ok && back.state.state.round).toBe(1);
    expect(back.ok && member(back.state.state, "orc")?.freeHitsLeft).toBe(1);
    const again = replay(rankedEngine, party, 5, commandsOf(last));
    expect(again.ok && again.state.state).toEqual(last.state);
  });

  it("STR-06 undo of a delay puts the character back in its old place; replay keeps it moved", () => {
    const setup: RolledSetup = {
      combatants: [
        { id: "bob", side: "pc", initiative: 5 },
        { id: "alice", side: "pc", initiative: 0 },
        { id: "gob", side: "npc", initiative: -5 },
      ],
    };
    const first = openJournal(rolledEngine, setup, 11);
    if (!first.ok) throw new Error(first.reason);
    const order = initiativeOrder(first.state.state);
    const zero: RolledCommand[] = order.flatMap(
      (id) =>
        [
          { type: "act", combatant: id },
          { type: "endTurn", combatant: id },
        ] as RolledCommand[],
    );
    const up = order[0] as string;
    const js = play<RolledState, RolledCommand>(rolledEngine, setup, 11, [
      ...zero,
      { type: "delay", combatant: up, after: null },
    ]);
    const last = js[js.length - 1] as Journal<RolledSetup, RolledState, RolledCommand>;
    expect(initiativeOrder(last.state).at(-1)).toBe(up);
    const back = undo(rolledEngine, last);
    expect(back.ok && initiativeOrder(back.state.state)).toEqual(order);
    expect(back.ok && back.state.state).toEqual(js[js.length - 2]?.state);
    const again = replay(rolledEngine, setup, 11, commandsOf(last));
    expect(again.ok && again.state.state).toEqual(last.state);
    expect(again.ok && again.state.dice).toEqual(last.dice);
  });
});
