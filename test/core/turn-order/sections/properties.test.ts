import { commandsOf } from "../../../../src/core/shared/journal.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { openJournal, record, replay, undo, type Journal } from "../../../../src/core/shared/journal.js";
import type { SectionsCommand, SectionsSetup, SectionsState } from "../../../../src/core/turn-order/sections/index.js";
import type { TurnEvent } from "../../../../src/core/turn-order/types.js";
import { engine, noDice } from "./fixtures.js";

const SIDES = ["players", "enemies", "beasts"];

const setupArb: fc.Arbitrary<SectionsSetup> = fc
  .record({
    sides: fc.integer({ min: 2, max: 3 }),
    members: fc.array(fc.record({ sideSeed: fc.nat(), able: fc.boolean() }), { minLength: 2, maxLength: 7 }),
    order: fc.constantFrom("sides" as const, "fixed" as const, "popcorn" as const),
    grantedMoveWindow: fc.constantFrom("anytime" as const, "drawToDiscard" as const),
  })
  .map(({ sides, members, order, grantedMoveWindow }) => {
    // every side gets at least its first member, so the fight starts with `sides` sides
    const combatants = members.map((m, i) => ({
      id: `c${i}`,
      side: SIDES[i < sides ? i : m.sideSeed % sides] as string,
      able: i === 0 ? true : m.able,
    }));
    return { combatants, options: { order, grantedMoveWindow } };
  });

/** Every command the tests try: the finite vocabulary legal() speaks, plus unknown ids and wrong values. */
function vocabulary(s: SectionsState): SectionsCommand[] {
  const ids = [...s.combatants.map((c) => c.id), "ghost"];
  const out: SectionsCommand[] = [];
  for (const combatant of ids) {
    out.push(
      { type: "act", combatant },
      { type: "draw", combatant },
      { type: "spend", combatant, phase: "strategy", action: "block" },
      { type: "spend", combatant, phase: "strategy", action: "strategy" },
      { type: "spend", combatant, phase: "action", action: "action" },
      { type: "spend", combatant, phase: "action", action: "incant" },
      { type: "move", combatant, kind: "innate" },
      { type: "move", combatant, kind: "granted" },
      { type: "move", combatant, kind: "granted", source: "wings", movement: "fly" },
      { type: "move", combatant, kind: "granted", source: "wings", movement: "phase" },
      {
        type: "spend",
        combatant,
        phase: "action",
        action: "action",
        grant: { source: "wings", kind: "fly", n: 2, height: 0 },
      },
      {
        type: "spend",
        combatant,
        phase: "strategy",
        action: "strategy",
        grant: { source: "dash", kind: "move", n: 3, height: 1 },
      },
      { type: "discard", combatant },
      { type: "lowerBlock", combatant },
      { type: "endTurn", combatant },
      { type: "setAble", combatant, able: true },
      { type: "setAble", combatant, able: false },
      { type: "remove", combatant },
    );
  }
  for (const side of s.sides) out.push({ type: "declareEnd", outcome: "victory", victors: [side] });
  out.push({ type: "declareEnd", outcome: "draw", victors: [] }, { type: "endCombat" });
  return out;
}

const WRONG: unknown[] = [
  null,
  42,
  { type: "spend", combatant: "c0", phase: "strategy", action: "dance" },
  { type: "spend", combatant: "c0", phase: "lunch", action: "block" },
  { type: "move", combatant: "c0", kind: "teleport" },
  { type: "setAble", combatant: "c0" },
  { type: "declareEnd", outcome: "", victors: [] },
  { type: "declareEnd", outcome: "victory", victors: ["nobody"] },
  { type: "act" },
  { type: "nap", combatant: "c0" },
];

/**
 * A step of a random run: mostly a legal command (so fights get somewhere), else any command of the vocabulary, else
 * junk.
 */
const stepArb = fc.oneof(
  { weight: 8, arbitrary: fc.record({ pick: fc.constant("turn" as const), n: fc.nat() }) },
  { weight: 3, arbitrary: fc.record({ pick: fc.constant("legal" as const), n: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ pick: fc.constant("innate" as const), n: fc.nat() }) },
  { weight: 3, arbitrary: fc.record({ pick: fc.constant("any" as const), n: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ pick: fc.constant("junk" as const), n: fc.nat() }) },
);

const TURN_FLOW = ["act", "draw", "spend", "discard", "endTurn"];

function choose(
  s: SectionsState,
  step: { pick: "turn" | "legal" | "innate" | "any" | "junk"; n: number },
): SectionsCommand {
  // Try the innate Move at any moment, mostly for whoever is acting: legal or not.
  if (step.pick === "innate") {
    const other = s.combatants[step.n % Math.max(1, s.combatants.length)]?.id ?? "ghost";
    return { type: "move", combatant: s.acting !== null && step.n % 4 !== 0 ? s.acting : other, kind: "innate" };
  }
  if (step.pick === "turn") {
    const flow = engine
      .legal(s)
      .filter((c) => TURN_FLOW.includes(c.type) || (c.type === "move" && c.kind === "innate"));
    if (flow.length > 0) return flow[step.n % flow.length] as SectionsCommand;
  }
  // Keep GM endings rare so runs last: one legal pick in fifty may end the fight or remove someone.
  if (step.pick === "legal" || step.pick === "turn") {
    const all = engine.legal(s);
    const ending = (c: SectionsCommand) => c.type === "declareEnd" || c.type === "endCombat" || c.type === "remove";
    const play = all.filter((c) => !ending(c));
    const from = play.length > 0 && step.n % 50 !== 0 ? play : all;
    return from[step.n % Math.max(1, from.length)] ?? { type: "endCombat" };
  }
  if (step.pick === "any") {
    const v = vocabulary(s);
    return v[step.n % v.length] as SectionsCommand;
  }
  return WRONG[step.n % WRONG.length] as SectionsCommand;
}

const key = (c: unknown) => JSON.stringify(c);
/** legal() leaves out a spend's optional Move grant (SEC-06): a well-formed one is accepted wherever the spend is. */
const withoutGrant = (c: SectionsCommand): SectionsCommand => {
  if (c.type !== "spend" || c.grant === undefined) return c;
  const { grant: _grant, ...rest } = c;
  return rest;
};

describe("sections turns: properties over random command sequences", () => {
  it(
    "SEC-05 refused commands leave the state deep-equal, " +
      "nothing throws, and legal() is exactly what apply accepts",
    () => {
      const runs = 40;
      // Runs in which a chosen command was accepted: a fight where nothing goes would pass every check unseen.
      let played = 0;
      fc.assert(
        fc.property(setupArb, fc.array(stepArb, { maxLength: 60 }), (setup, steps) => {
          const started = engine.start(setup, noDice());
          if (!started.ok) throw new Error(started.reason);
          let s = started.state;
          let accepted = false;
          for (const step of steps) {
            const legal = new Set(engine.legal(s).map(key));
            for (const c of vocabulary(s)) {
              const o = engine.apply(s, c, noDice());
              expect(o.ok, `${key(c)} ${o.ok ? "" : o.key}`).toBe(legal.has(key(withoutGrant(c))));
            }
            const command = choose(s, step);
            const before = structuredClone(s);
            const o = engine.apply(s, command, noDice());
            expect(s).toEqual(before);
            if (o.ok) {
              s = o.state;
              accepted = true;
            } else expect(o.key).toMatch(/^FRAY\.Refusal\.[A-Za-z]+$/);
            // the view never throws and always shows every combatant
            expect(Object.keys(engine.view(s).status).sort()).toEqual(s.combatants.map((c) => c.id).sort());
          }
          if (accepted) played++;
        }),
        { numRuns: runs },
      );
      expect(played).toBeGreaterThan(runs / 2);
    },
    60_000,
  );

  it(
    "SEC-04 SEC-05 SEC-06 one turn per combatant per round; the innate Move at most once per turn, only " +
      "between draw and discard",
    () => {
      const runs = 300;
      // Runs in which someone took a turn: with no turns there is nothing for the checks below to see.
      let played = 0;
      fc.assert(
        fc.property(setupArb, fc.array(stepArb, { maxLength: 120 }), (setup, steps) => {
          const started = engine.start(setup, noDice());
          if (!started.ok) throw new Error(started.reason);
          let s = started.state;
          const events: TurnEvent[] = [...started.events];
          for (const step of steps) {
            const o = engine.apply(s, choose(s, step), noDice());
            if (o.ok) {
              s = o.state;
              events.push(...o.events);
            }
          }
          if (events.some((e) => e.type === "turnStarted")) played++;
          let round = 0;
          const hadTurn = new Set<string>();
          let turn: { who: string; drawn: boolean; discarded: boolean; innate: number } | null = null;
          for (const e of events) {
            const who = (e as { combatant?: string }).combatant ?? "";
            if (e.type === "roundStarted") {
              expect(e.round).toBe(round + 1);
              round = e.round as number;
              hadTurn.clear();
            }
            if (e.type === "turnStarted") {
              expect(turn).toBeNull();
              expect(hadTurn.has(who), `${who} twice in round ${round}`).toBe(false);
              hadTurn.add(who);
              turn = { who, drawn: false, discarded: false, innate: 0 };
            }
            if (e.type === "cardDrawn" && turn) turn.drawn = true;
            if (e.type === "cardDiscarded" && turn) turn.discarded = true;
            if (e.type === "moveTaken" && e.kind === "innate") {
              expect(turn?.who).toBe(who);
              expect(turn?.drawn).toBe(true);
              expect(turn?.discarded).toBe(false);
              if (turn) turn.innate += 1;
              expect(turn?.innate).toBe(1);
            }
            if (e.type === "moveTaken" && e.kind === "granted" && s.options.grantedMoveWindow === "drawToDiscard") {
              expect(turn?.who === who && turn.drawn && !turn.discarded).toBe(true);
            }
            if (e.type === "turnEnded") {
              expect(turn?.who).toBe(who);
              turn = null;
            }
          }
        }),
        { numRuns: runs },
      );
      expect(played).toBeGreaterThan(runs / 2);
    },
    60_000,
  );

  it("journal: undo restores the state before each command and replay rebuilds the run exactly", () => {
    const runs = 60;
    // Runs that recorded at least one command: an empty log would make undo and replay trivially right.
    let recorded = 0;
    fc.assert(
      fc.property(setupArb, fc.integer(), fc.array(stepArb, { maxLength: 50 }), (setup, seed, steps) => {
        const opened = openJournal(engine, setup, seed);
        if (!opened.ok) throw new Error(opened.reason);
        let j: Journal<SectionsSetup, SectionsState, SectionsCommand> = opened.state;
        for (const step of steps) {
          const r = record(engine, j, choose(j.state, step));
          if (!r.ok) continue;
          const back = undo(engine, r.state);
          expect(back.ok && back.state.state).toEqual(j.state);
          j = r.state;
        }
        if (j.length > 0) recorded++;
        const again = replay(engine, setup, seed, commandsOf(j));
        expect(again.ok && again.state.state).toEqual(j.state);
      }),
      { numRuns: runs },
    );
    expect(recorded).toBeGreaterThan(runs / 2);
  }, 60_000);

  it("malformed states are refused where they are read, junk commands by apply; never thrown", () => {
    fc.assert(
      fc.property(setupArb, fc.anything(), fc.anything(), fc.nat(), (setup, junk, command, field) => {
        const started = engine.start(setup, noDice());
        if (!started.ok) throw new Error(started.reason);
        const fields = Object.keys(started.state);
        const corrupted = { ...started.state, [fields[field % fields.length] as string]: junk };
        // A field replaced by junk may still fit (a boolean for a boolean): then the state is sound, else refused.
        expect(engine.isState(junk)).toBe(false);
        expect(() => engine.isState(corrupted)).not.toThrow();
        if (engine.isState(corrupted)) expect(engine.view(corrupted).round).toEqual(expect.any(Number));
        const o = engine.apply(started.state, command as SectionsCommand, noDice());
        if (!o.ok) expect(o.key).toMatch(/^FRAY\.Refusal\./);
      }),
      { numRuns: 300 },
    );
  }, 60_000);
});
