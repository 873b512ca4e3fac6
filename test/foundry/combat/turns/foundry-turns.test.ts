// Issue 25, divergences 2 and 9: Foundry's own turn machinery (client/documents/combat.mjs) sees each turn and round
// change of a Fray fight once, with the right previous combatant, and its turn hooks carry v13's options.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { commandsOf } from "../../../../src/core/shared/journal.js";
import type { TurnEvent } from "../../../../src/core/turn-order/types.js";
import type { FrayCombat as FrayCombatClass } from "../../../../src/foundry/combat/fray-combat.js";
import { journalOf } from "../../../../src/foundry/combat/fight/journal.js";
import { COMBAT_MODES } from "../../../../src/foundry/rulesets/index.js";
import type { TurnCommand } from "../../../../src/foundry/combat/fight/turn-command.js";
import { handleTurnRequest } from "../../../../src/foundry/combat/requests/turn-request.js";
import type { FoundryCombat, HistoryData } from "../../../fakes/foundry-combat-document.js";
import type { FakeCombatant, FakeUser } from "../../../fakes/foundry-combat.js";
import {
  alice,
  cast,
  frayFight,
  gm,
  gmContext,
  loadFrayCombat,
  startedSystem,
  table,
  type Table,
} from "../fight-table.js";

let FrayCombat: typeof FrayCombatClass;

beforeAll(async () => {
  FrayCombat = await loadFrayCombat();
});
afterEach(() => vi.unstubAllGlobals());

const fight = (list: FakeCombatant[], system: Record<string, unknown>, round = 1) =>
  frayFight(FrayCombat, list, system, round);

/** Whoever the core says is acting now. */
function acting(combat: FrayCombatClass): string | null {
  return combat.frayView?.acting ?? null;
}

/** Play `steps` of the fight as the GM's clicks would (the first act or end of turn the core allows), each settled. */
async function play(combat: FrayCombatClass, t: Table, steps: number, after?: (step: Step) => void): Promise<void> {
  const mode = COMBAT_MODES.teams!;
  for (let i = 0; i < steps; i++) {
    const j = journalOf(combat)!;
    const next = mode.engine.legal(j.state).find((c) => c.type === "act" || c.type === "endTurn") as TurnCommand;
    const before = { acting: acting(combat), round: combat.round };
    const answer = await handleTurnRequest(
      gmContext(combat, t),
      { combatId: "fight", command: next, revision: j.revision },
      gm.id,
    );
    expect(answer.ok, `step ${i} ${next.type}`).toBe(true);
    await (combat as unknown as FoundryCombat).settled();
    after?.({ before, events: (combat.system as unknown as { events: TurnEvent[] }).events });
  }
}

interface Step {
  readonly before: { acting: string | null; round: number };
  readonly events: readonly TurnEvent[];
}

/** Foundry's turn events a core step should give: its turn ends and starts, its round ends and starts, in order. */
function expectedLifecycle(events: readonly TurnEvent[]): string[] {
  const names: Record<string, string> = {
    turnEnded: "endTurn",
    roundEnded: "endRound",
    roundStarted: "startRound",
    turnStarted: "startTurn",
  };
  return events
    .filter((e) => e.type in names)
    .map((e) => `${names[e.type]}${"combatant" in e ? ` ${String(e.combatant)}` : ""}`);
}

function startedFight(user: FakeUser = gm, time?: Table["time"]) {
  const t = table(user, time);
  const list = cast();
  const made = fight(list, startedSystem(list));
  t.combats.push(made.fake);
  t.combats.viewed = made.combat;
  return { t, list, ...made };
}

describe("Foundry sees each turn and round change of a Fray fight once (issue 25, divergence 2)", () => {
  it("a started fight prepares its data without an error and takes the rules' order", () => {
    table(gm);
    const list = cast();
    // setupTurns runs while Foundry's constructor prepares the data, before a subclass's private fields exist.
    const { combat, fake } = fight(list, startedSystem(list));
    expect(fake.preparationErrors).toEqual([]);
    expect(combat.turns.map((c) => c.id)).toEqual(combat.frayView?.order);
  });

  it(
    "on the active GM's client, _onStartTurn, _onEndTurn and the round events follow the core's turns " +
      "exactly, never skipped",
    async () => {
      const { combat, fake, t } = startedFight();
      const expected: string[] = [];
      await play(combat, t, 14, (step) => expected.push(...expectedLifecycle(step.events)));
      const seen = fake.lifecycle.map((e) => `${e.event}${e.combatant ? ` ${e.combatant}` : ""}`);
      expect(expected.filter((e) => e.startsWith("endRound")).length).toBeGreaterThan(0);
      expect(seen).toEqual(expected);
      expect(fake.lifecycle.every((e) => e.context.skipped === false)).toBe(true);
    },
  );

  it(
    "combatTurnChange fires once per change, on every client, with the combatant who was acting " +
      "as the previous one",
    async () => {
      for (const user of [gm, alice]) {
        const { combat, t } = startedFight(user);
        let changes = 0;
        await play(combat, t, 14, (step) => {
          const calls = t.hooks.calls.filter((c) => c.hook === "combatTurnChange");
          const now = { acting: acting(combat), round: combat.round };
          if (now.acting !== step.before.acting || now.round !== step.before.round) changes++;
          expect(calls.length, `${user.id}: after change ${changes}`).toBe(changes);
          if (now.acting === step.before.acting && now.round === step.before.round) return;
          const [, previous, current] = calls.at(-1)!.args as [unknown, HistoryData, HistoryData];
          expect(previous.combatantId).toBe(step.before.acting);
          expect(previous.round).toBe(step.before.round);
          expect(current.combatantId).toBe(now.acting);
          expect(combat.combatant?.id ?? null).toBe(now.acting);
        });
        expect(changes).toBeGreaterThan(5);
        vi.unstubAllGlobals();
      }
    },
  );

  it("only the active GM runs the turn events; a player's client runs none", async () => {
    const { combat, fake, t } = startedFight(alice);
    await play(combat, t, 6);
    expect(fake.lifecycle).toEqual([]);
  });

  it(
    "region turn and round events reach the regions of the tokens, and a turn's start clears its " +
      "token's movement history",
    async () => {
      const { combat, list, t } = startedFight();
      await play(combat, t, 14);
      const events = (id: string) => list.find((c) => c.id === id)!.token!.regions[0]!.events.map((e) => e.name);
      const started = commandsOf(journalOf(combat)!).filter((c) => c.type === "act").length;
      const starts = list.reduce((n, c) => n + events(c.id).filter((e) => e === "tokenTurnStart").length, 0);
      expect(starts).toBe(started);
      expect(list.reduce((n, c) => n + c.token!.cleared, 0)).toBe(started);
      for (const c of list) expect(events(c.id)).toContain("tokenRoundEnd");
      for (const c of list) expect(events(c.id)).toContain("tokenRoundStart");
    },
  );

  it("each change refreshes the acting combatant's turn marker; between turns nobody is next up", async () => {
    const { combat, list, t } = startedFight();
    let between = 0;
    await play(combat, t, 8, (step) => {
      const now = acting(combat);
      if (now === null) {
        between++;
        expect(combat.nextCombatant).toBeUndefined();
      }
      if (now === null || now === step.before.acting) return;
      const token = list.find((c) => c.id === now)!.token!;
      expect(token.refreshed.length, `marker of ${now}`).toBeGreaterThan(0);
      token.refreshed.length = 0;
    });
    expect(between).toBeGreaterThan(0);
  });

  it("the GM hears 'your turn' when one of the GM's combatants starts, Alice when one of hers does", async () => {
    for (const [user, mine] of [
      [gm, ["b1", "b2"]],
      [alice, ["a1", "a2"]],
    ] as const) {
      const { combat, fake, t } = startedFight(user);
      let expected = 0;
      await play(combat, t, 12, (step) => {
        const now = acting(combat);
        if (now !== null && now !== step.before.acting && (mine as readonly string[]).includes(now)) expected++;
      });
      expect(fake.played.filter((s) => s === "yourTurn").length, user.id).toBe(expected);
      expect(expected).toBeGreaterThan(0);
      // "Next up" when one's own combatant stands next in the rules' order; never between turns, when nobody is next.
      expect(fake.played, user.id).toContain("nextUp");
      vi.unstubAllGlobals();
    }
  });
});

describe(
  "Foundry's turn hooks carry v13's options and world time advances as the world says " + "(issue 25, divergence 9)",
  () => {
    it(
      "combatRound and combatTurn get { direction, " + "worldTime: { delta } }, and the update carries the same",
      async () => {
        const { combat, fake, t } = startedFight();
        const seen: Record<string, unknown>[] = [];
        t.hooks.on("combatRound", (_c, _d, options) => void seen.push(options as Record<string, unknown>));
        t.hooks.on("combatTurn", (_c, _d, options) => void seen.push(options as Record<string, unknown>));
        const clock = () => fake.clock.worldTime;
        let expected = 0;
        await play(combat, t, 14, (step) => {
          const ended = (type: string) => step.events.filter((e) => e.type === type).length;
          expected += ended("roundEnded") * t.time.roundTime + ended("turnEnded") * t.time.turnTime;
          expect(clock()).toBe(expected);
        });
        expect(seen.length).toBeGreaterThan(0);
        for (const options of seen) {
          expect(options).not.toHaveProperty("advanceTime");
          expect(options.direction).toBe(1);
          expect(typeof (options.worldTime as { delta: number }).delta).toBe("number");
        }
        expect(seen.some((o) => (o.worldTime as { delta: number }).delta === t.time.roundTime + t.time.turnTime)).toBe(
          true,
        );
      },
    );

    it("the GM's undo goes back with direction -1 and takes back the time its step advanced", async () => {
      const { combat, fake, t } = startedFight();
      await play(combat, t, 9);
      const before = fake.clock.worldTime;
      const rounds: Record<string, unknown>[] = [];
      t.hooks.on("combatRound", (_c, _d, options) => void rounds.push(options as Record<string, unknown>));
      // Undo until the round goes back: every step taken back returns the time it advanced.
      let undone = 0;
      for (let round = combat.round; combat.round === round && undone < 9; undone++) {
        const answer = await handleTurnRequest(
          gmContext(combat, t),
          { combatId: "fight", command: { type: "undo" }, revision: journalOf(combat)!.revision },
          gm.id,
        );
        expect(answer.ok).toBe(true);
        await fake.settled();
      }
      expect(rounds.at(-1)).toMatchObject({
        direction: -1,
        worldTime: { delta: -(t.time.roundTime + t.time.turnTime) },
      });
      expect(fake.clock.worldTime).toBeLessThan(before);
    });

    it("a module that stops the clock in the hook (delta 0) is obeyed: the update carries its delta", async () => {
      // Foundry's own turnTime is 0: the clock then moves only with rounds, and every round fires combatRound.
      const { combat, fake, t } = startedFight(gm, { roundTime: 6, turnTime: 0 });
      const stopped: unknown[] = [];
      for (const hook of ["combatRound", "combatTurn"])
        t.hooks.on(hook, (_c, _d, options) => {
          (options as { worldTime: { delta: number } }).worldTime.delta = 0;
          stopped.push(options);
        });
      await play(combat, t, 14);
      expect(stopped.length).toBeGreaterThan(1);
      expect(
        fake.updateOptions
          .filter((o) => o.direction === 1)
          .every((o) => (o.worldTime as { delta: number }).delta === 0),
      ).toBe(true);
      expect(fake.clock.worldTime).toBe(0);
    });

    it("the GM's Begin plays Foundry's start-of-encounter sound", async () => {
      const t = table(gm);
      const list = cast();
      const { combat, fake } = fight(list, { journal: null, events: [], revision: 0, start: {} }, 0);
      await combat.startCombat();
      await fake.settled();
      expect(journalOf(combat)).not.toBeNull();
      expect(fake.played[0]).toBe("startEncounter");
      expect(t.sounds[0]).toBe("start.ogg");
    });

    it(
      "the GM's Begin fires Foundry's combatStart once, before the update that starts the fight, " +
        "with its round and turn",
      async () => {
        const t = table(gm);
        const list = cast();
        const { combat, fake } = fight(list, { journal: null, events: [], revision: 0, start: {} }, 0);
        let journalAtHook: unknown = "never called";
        t.hooks.on("combatStart", () => (journalAtHook = journalOf(combat)));
        await combat.startCombat();
        await fake.settled();
        const calls = t.hooks.calls.filter((c) => c.hook === "combatStart");
        expect(calls).toHaveLength(1);
        expect(calls[0]!.args.slice(0, 2)).toEqual([combat, { round: combat.round, turn: combat.turn ?? 0 }]);
        expect(journalAtHook).toBeNull();
      },
    );
  },
);
