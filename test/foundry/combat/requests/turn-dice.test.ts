import { describe, expect, it } from "vitest";
import { commandsOf, openJournal, replay } from "../../../../src/core/shared/journal.js";
import { COMBAT_MODES } from "../../../../src/foundry/rulesets/index.js";
import type { RosterEntry } from "../../../../src/foundry/combat/fight/roster.js";
import { journalOf } from "../../../../src/foundry/combat/fight/journal.js";
import type { TurnCommand } from "../../../../src/foundry/combat/fight/turn-command.js";
import { handleTurnRequest, type TurnRequestContext } from "../../../../src/foundry/combat/requests/turn-request.js";
import { FakeCombat, FakeCombatant, FakeHooks, FakeUser } from "../../../fakes/foundry-combat.js";
import { FakeDiceTray } from "../../../fakes/foundry-dice.js";
import { gmTurnHands } from "../gm-turn-hands.js";

// A factions fight with fast and slow activations: the GM's open d20 (FAC-65) is rolled at the start of every round.
const gm = new FakeUser("gm", "GM", true);
const alice = new FakeUser("alice", "Alice");
const ids = ["a1", "a2", "b1", "b2"];
const roster: RosterEntry[] = ids.map((id, i) => ({
  id,
  name: `Fighter ${id}`,
  side: id.slice(0, 1),
  hidden: false,
  stats: { wit: 8 + 2 * i, health: 6, healthMax: 6 },
}));
const mode = COMBAT_MODES.factions!;

function fight(): { combat: FakeCombat; ctx: TurnRequestContext; tray: FakeDiceTray } {
  const docs = ids.map(
    (id) => new FakeCombatant(id, `Fighter ${id}`, id.slice(0, 1), id.startsWith("a") ? ["alice"] : []),
  );
  const combat = new FakeCombat("c", "factions", docs, new FakeHooks());
  const opened = openJournal(
    mode.engine,
    mode.buildSetup(roster, { sideOrder: ["a", "b"], ruleOptions: { fastSlow: true } }),
    3,
  );
  if (!opened.ok) throw new Error(opened.reason);
  combat.system = { journal: opened.state, events: [], revision: 0 };
  const tray = new FakeDiceTray(11);
  const ctx: TurnRequestContext = {
    combat: () => combat,
    user: (id) => [gm, alice].find((u) => u.id === id),
    mode: (id) => COMBAT_MODES[id],
    ...gmTurnHands(),
    dice: tray,
    flavor: (_c, command) => `step ${command.type}`,
  };
  return { combat, ctx, tray };
}

/** The GM plays for whichever side is up (ends turns, acts, passes) until the round turns over `rounds` times. */
async function playRounds(
  combat: FakeCombat,
  ctx: TurnRequestContext,
  rounds: number,
  rollMode = "publicroll",
): Promise<void> {
  for (let guard = 0; guard < 200; guard++) {
    const j = journalOf(combat)!;
    const view = mode.engine.view(j.state);
    if (view.round > rounds) return;
    const legal = mode.engine.legal(j.state);
    const next = ["endTurn", "act", "chooseFirst", "pass"]
      .map((t) => legal.find((c) => c.type === t))
      .find((c) => c !== undefined);
    if (!next) throw new Error(`nothing to do in ${view.phase}: ${legal.map((c) => c.type).join(", ")}`);
    const answer = await handleTurnRequest(ctx, { combatId: "c", command: next, revision: j.revision, rollMode }, "gm");
    if (!answer.ok) throw new Error(answer.reason);
  }
}

describe("the turn order's dice are Foundry rolls, shown in chat and recorded", () => {
  it(
    "FAC-65 each round's d20 is rolled through the dice tray, shown once with the sender's roll mode, " +
      "and kept in the log",
    async () => {
      const { combat, ctx, tray } = fight();
      await playRounds(combat, ctx, 3, "blindroll");
      const j = journalOf(combat)!;
      expect(tray.shown.length).toBeGreaterThanOrEqual(2);
      for (const shown of tray.shown) {
        expect(shown.dice.map((d) => d.sides)).toEqual([20]);
        expect(shown).toMatchObject({
          rollMode: "blindroll",
          userId: "gm",
          flavor: expect.stringMatching(/^step /) as unknown,
        });
      }
      // The fight's threshold is the die the table saw.
      const fat = (j.state as { fat: number | null }).fat;
      expect(fat).toBe(tray.shown.at(-1)!.dice[0]!.value);
      expect(Object.values(j.dealt ?? {}).flat()).toEqual(tray.shown.map((s) => s.dice[0]!.value));
    },
  );

  it("FAC-65 undo and replay of a fight rolled with Foundry's dice give the same state", async () => {
    const { combat, ctx } = fight();
    await playRounds(combat, ctx, 4);
    const played = structuredClone(journalOf(combat)!); // the stored journal changes in place as updates land
    const again = replay(mode.engine, played.setup, played.seed, commandsOf(played), played.dealt);
    expect(again.ok && again.state.state).toEqual(played.state);
    // Undo every step through the request path, checking each state against the replay of the shorter log.
    for (let n = played.length - 1; n >= played.length - 8; n--) {
      const j = journalOf(combat)!;
      const answer = await handleTurnRequest(
        ctx,
        { combatId: "c", command: { type: "undo" }, revision: j.revision },
        "gm",
      );
      if (!answer.ok) throw new Error(answer.reason);
      const shorter = replay(mode.engine, played.setup, played.seed, commandsOf(played).slice(0, n), played.dealt);
      expect(shorter.ok && shorter.state.state).toEqual(journalOf(combat)!.state);
      expect(Object.keys(journalOf(combat)!.dealt ?? {}).every((k) => Number(k) < n)).toBe(true);
    }
  });

  it("a request with a roll mode Foundry does not have is refused before anything is rolled", async () => {
    const { combat, ctx, tray } = fight();
    const j = journalOf(combat)!;
    const pass = mode.engine.legal(j.state)[0] as TurnCommand;
    for (const rollMode of ["loud", 3, { toString: "publicroll" }, "__proto__"]) {
      const answer = await handleTurnRequest(
        ctx,
        { combatId: "c", command: pass, revision: j.revision, rollMode },
        "gm",
      );
      expect(answer.ok === false && answer.key).toBe("FRAY.Refusal.BadRequest");
    }
    expect(tray.shown).toEqual([]);
    expect(journalOf(combat)!.revision).toBe(j.revision);
  });

  it("a refused step shows no dice and records none", async () => {
    const { combat, ctx, tray } = fight();
    const j = journalOf(combat)!;
    const answer = await handleTurnRequest(
      ctx,
      { combatId: "c", command: { type: "pass", side: "b" }, revision: j.revision },
      "alice",
    );
    expect(answer.ok).toBe(false);
    expect(tray.shown).toEqual([]);
    expect(journalOf(combat)!.dealt).toBeUndefined();
  });

  it(
    "a step's dice speak for whom the GM's context names, " + "and without one for nobody but the user who asked",
    async () => {
      const { combat, ctx, tray } = fight();
      const speaker = () => ({ scene: "s", actor: "x", token: "t", alias: "X" });
      await playRounds(combat, { ...ctx, speaker }, 2, "gmroll");
      expect(tray.shown.length).toBeGreaterThan(0);
      expect(tray.shown.every((s) => s.speaker?.alias === "X" && s.rollMode === "gmroll")).toBe(true);
      const again = fight();
      await playRounds(again.combat, again.ctx, 2);
      expect(again.tray.shown.every((s) => s.speaker === undefined)).toBe(true);
    },
  );
});
