import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  escalationAttack,
  escalationCombatant,
  type EscalationCommand,
} from "../../../src/core/attack/escalation/index.js";
import { factionsAttack, type FactionsAttackCommand } from "../../../src/core/attack/factions/index.js";
import { sectionsAttack, type SectionsAttackCommand } from "../../../src/core/attack/sections/index.js";
import { strainAttack, type StrainAttackCommand } from "../../../src/core/attack/strain/index.js";
import { teamsAttack, type TeamsCommand } from "../../../src/core/attack/teams/index.js";
import { dealing, withDealtDice } from "../../../src/core/shared/dealing.js";
import type { Engine } from "../../../src/core/shared/engine.js";
import { openJournal, record } from "../../../src/core/shared/journal.js";
import { resolveMoveEffect, type RolledEffect } from "../../../src/core/space/move-effects.js";
import type { DiceShowing } from "../../../src/foundry/dice/dice-tray.js";
import { foundryDiceTray } from "../../../src/foundry/dice/foundry-dice-tray.js";
import {
  applyRollMode,
  fakeDiceTerms,
  FakeDie,
  FakeRoll,
  isRollContentVisible,
  type FakeResult,
} from "../../fakes/foundry-roll.js";
import { fighter, setup as factionsSetup } from "../../core/attack/factions/fixtures.js";
import { entity, MELEE, SEEN } from "../../core/attack/sections/fixtures.js";
import { attackSetup } from "../../core/attack/strain/fixtures.js";
import { foe, spear, who } from "../../core/attack/teams/helpers.js";
import { FakeGame } from "../../fakes/foundry-game.js";

/** What ChatMessage.create was given: the message data, its rolls rebuilt as every client rebuilds them. */
interface Posted {
  readonly data: Record<string, unknown>;
  readonly rolls: FakeRoll[];
}

const EN: Record<string, string> = {
  "FRAY.Dice.Against": "{roll} against {against}",
  "FRAY.Dice.AtMost": "{roll}, at most {against}",
};
let posted: Posted[];
let shown3d: { roll: FakeRoll; user: unknown; synchronize: unknown }[];
let stubGame: (with3d: boolean) => void;

beforeEach(() => {
  posted = [];
  shown3d = [];
  FakeDie.faces = [];
  const users = [
    { id: "gm", isGM: true, name: "Gamemaster" },
    { id: "alice", isGM: false, name: "Alice" },
    { id: "bob", isGM: false, name: "Bob" },
  ];
  vi.stubGlobal("Roll", FakeRoll);
  vi.stubGlobal("foundry", { dice: { terms: fakeDiceTerms } });
  vi.stubGlobal("CONFIG", { sounds: { dice: "sounds/dice.wav" } });
  vi.stubGlobal("ChatMessage", {
    // v13's applyRollMode, on the GM's client: the requests' dice are shown there.
    applyRollMode: (data: Record<string, unknown>, mode: string) => applyRollMode(data, mode, users[0]!, users),
    create: (data: Record<string, unknown>) => {
      // The message stores its rolls as JSON; each client rebuilds them with Roll.fromData.
      const stored = JSON.parse(JSON.stringify(data)) as { rolls: Record<string, unknown>[] };
      posted.push({ data: stored, rolls: stored.rolls.map((r) => FakeRoll.fromData(r)) });
      return Promise.resolve({ id: `m${posted.length}` });
    },
  });
  stubGame = (with3d: boolean) =>
    vi.stubGlobal(
      "game",
      new FakeGame({
        i18n: {
          localize: (k: string) => EN[k] ?? k.split(".").pop()!,
          format: (k: string, d?: Record<string, string>) =>
            (EN[k] ?? k).replace(/\{(\w+)\}/g, (_, n: string) => d?.[n] ?? ""),
        },
        user: users[0]!,
        users,
        ...(with3d
          ? {
              dice3d: {
                showForRoll: (roll: unknown, user: unknown, synchronize: unknown) => {
                  shown3d.push({ roll: roll as FakeRoll, user, synchronize });
                  return Promise.resolve(true);
                },
              },
            }
          : {}),
      }),
    );
  stubGame(true);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/**
 * Run an engine through its opening and `commands` as the request handlers do: Foundry's dice, one cup a step, shown
 * once.
 */
async function play<S, St, C, E>(
  engine: Engine<S, St, C, E>,
  setup: S,
  commands: readonly C[],
  faces: number[],
): Promise<void> {
  FakeDie.faces = [...faces];
  const showing = { flavor: "step", rollMode: "publicroll" as const, userId: "alice" };
  let cup = foundryDiceTray.cup();
  const opened = await dealing(
    (dice) => openJournal(engine, setup, 1, dice),
    (sides) => cup.draw(sides),
  );
  if (!opened.outcome.ok) throw new Error(opened.outcome.reason);
  await cup.show(showing, opened.outcome.events);
  let journal = opened.outcome.state;
  for (const command of commands) {
    cup = foundryDiceTray.cup();
    const from = journal;
    const next = await dealing(
      (dice) => record(engine, from, command, undefined, dice),
      (sides) => cup.draw(sides),
    );
    if (!next.outcome.ok) throw new Error(`${String((command as { type?: string }).type)}: ${next.outcome.reason}`);
    journal = next.outcome.state;
    await cup.show(showing, next.outcome.events);
  }
  expect(FakeDie.faces, "every scripted face was rolled").toEqual([]);
}

/** A rebuilt roll as the chat shows it: flavor, formula, total, and each die's faces with the dropped ones marked. */
const seen = (r: FakeRoll) => ({
  flavor: r.options.flavor,
  formula: r.formula,
  total: r.total,
  dice: r.dice.map((d) => d.results.map((x: FakeResult) => (x.discarded ? `(${x.result})` : x.result)).join(",")),
});
const allSeen = () => posted.flatMap((p) => p.rolls.map(seen));

describe("the dice in chat are the rolls the core made, one Foundry Roll each", () => {
  it(
    "STR-41 a strain attack with two Banes: 4d6kl2 + 2 " + "against the 2d6 defence, the dropped dice struck through",
    async () => {
      const s = attackSetup({ banes: 2 });
      await play(strainAttack, s, [{ type: "roll" }] as StrainAttackCommand[], [6, 5, 3, 1, 2, 2]);
      const rolls = allSeen();
      expect(rolls[0]).toMatchObject({ formula: "4d6kl2 + 2", dice: ["(6),(5),3,1"], total: 6 });
      expect(rolls[0]!.flavor).toMatch(/^Hit against \d+$/);
      // Bram's Resilience +1 (the fixture's) on his 2d6.
      expect(rolls[1]).toMatchObject({ flavor: "Defence", formula: "2d6 + 1", dice: ["2,2"], total: 5 });
      expect(posted).toHaveLength(1);
      expect(posted[0]!.data).toMatchObject({ flavor: "step", whisper: [], blind: false, sound: "sounds/dice.wav" });
    },
  );

  it("TEAM-47 TEAM-50 Boudica's spear: 2d6 + 1 = 6 against evasion 6, then her luck die", async () => {
    const setup = { combatants: [who("boudica", { weapon: spear }), foe("enemy", { evasion: 6 })] };
    const commands: TeamsCommand[] = [{ type: "declare", attacker: "boudica", target: "enemy" }, { type: "roll" }];
    await play(teamsAttack, setup, commands, [2, 3, 10]);
    expect(allSeen()).toEqual([
      { flavor: "Hit against 6", formula: "2d6 + 1", dice: ["2,3"], total: 6 },
      { flavor: "Luck", formula: "1d20", dice: ["10"], total: 10 },
    ]);
  });

  it("TEAM-56 TEAM-58 sneak and flanking: three attempts in a pool keeping the best, the others dropped", async () => {
    const setup = { combatants: [who("boudica", { weapon: spear }), foe("enemy", { evasion: 6 })] };
    const declare: TeamsCommand = {
      type: "declare",
      attacker: "boudica",
      target: "enemy",
      sneak: true,
      flanking: true,
    };
    await play(teamsAttack, setup, [declare, { type: "roll" }], [1, 1, 6, 5, 2, 2, 10]);
    const [test] = posted[0]!.rolls;
    expect(test!.formula).toBe("{2d6,2d6,2d6}kh + 1");
    expect(test!.total).toBe(12);
    const pool = test!.terms[0] as unknown as { results: FakeResult[] };
    expect(pool.results).toEqual([
      { result: 2, active: false, discarded: true },
      { result: 11, active: true },
      { result: 4, active: false, discarded: true },
    ]);
    // Dice So Nice reads roll.dice: all six dice of the three attempts.
    expect(test!.dice.flatMap((d) => d.results.map((r) => r.result))).toEqual([1, 1, 6, 5, 2, 2]);
  });

  it("ESC-27 ESC-28 a natural 20 and its chain: the d20 + modifier, then the chain counted die by die", async () => {
    const setup = { combatants: [escalationCombatant({ id: "ash" }), escalationCombatant({ id: "orc", hp: 40 })] };
    const commands: EscalationCommand[] = [{ type: "declare", attacker: "ash", target: "orc" }, { type: "roll" }];
    await play(escalationAttack, setup, commands, [20, 4, 2]);
    const [d20, chain] = allSeen();
    expect(d20!.formula).toMatch(/^1d20( [+-] \d+)?$/);
    expect(d20!.dice).toEqual(["20"]);
    expect(d20!.flavor).toMatch(/^Hit against \d+$/);
    expect(chain).toEqual({ flavor: "Chain", formula: "1d4cs>=4 + 1d6cs>=6", dice: ["4", "2"], total: 1 });
  });

  it("SEC-20 SEC-52 sections' Hit against Miss, each at its level, then the Damage die with its bonus", async () => {
    const s = {
      attacker: entity("a", { hitDie: 10, damageDie: 8, damageBonus: 2 }),
      target: entity("t", { missDie: 6 }),
      sight: { ...SEEN, attackerSeesTarget: false },
      delivery: MELEE,
      crossesDistanceBlock: false,
      interceptors: [],
      targetUnderwater: false,
      reachesUnderwater: false,
    };
    const commands = [{ type: "roll" }, { type: "rollDamage" }] as SectionsAttackCommand[];
    await play(sectionsAttack, s, commands, [7, 3, 5]);
    // Not seeing the target lowers the d10 Hit die one level (SEC-52).
    expect(allSeen()).toEqual([
      { flavor: "Hit against 3", formula: "1d8", dice: ["7"], total: 7 },
      { flavor: "Miss", formula: "1d6", dice: ["3"], total: 3 },
      { flavor: "Damage", formula: "1d8 + 2", dice: ["5"], total: 7 },
    ]);
  });

  it("FAC-25 FAC-26 a factions WIT save at most 10, then unarmed damage keeping the lower d4", async () => {
    const unarmed = fighter("p1", {
      weapon: { name: "fists", damageDie: 4, damaged: false, improvised: false, unarmed: true },
    });
    const commands = [{ type: "roll" }, { type: "skipReaction" }, { type: "rollDamage" }] as FactionsAttackCommand[];
    await play(factionsAttack, factionsSetup({ attacker: unarmed, gmCallsWitSave: true }), commands, [9, 4, 3]);
    expect(allSeen()).toEqual([
      { flavor: "Hit, at most 10", formula: "1d20", dice: ["9"], total: 9 },
      { flavor: "Damage", formula: "2d4kl1", dice: ["(4),3"], total: 3 },
    ]);
  });

  it("FAC-39 a missed ranged blast: the save, then the deviation die over the neighbouring zones", async () => {
    const neighbours = [
      { zone: "north", targets: [fighter("b7")] },
      { zone: "east", targets: [fighter("b8")] },
      { zone: "south", targets: [] },
    ];
    const s = factionsSetup({ mode: "rangedBlast", beyondHalfRange: true, neighbours });
    await play(factionsAttack, s, [{ type: "roll" }] as FactionsAttackCommand[], [15, 2]);
    expect(allSeen()).toEqual([
      { flavor: "Hit, at most 10", formula: "1d20", dice: ["15"], total: 15 },
      { flavor: "Deviation", formula: "1d3", dice: ["2"], total: 2 },
    ]);
  });

  it("SEC-13 a fall's 1d4 per Height and STR-26 a descent's two 2d6, the mover's and the environment's", async () => {
    for (const [effect, faces] of [
      [{ kind: "fall", clause: "SEC-13", mover: "t", height: 3 }, [1, 4, 2]],
      [
        {
          kind: "descent",
          clause: "STR-26",
          mover: "t",
          levels: 2,
          skill: "reflex",
          modifier: 1,
          speed: 6,
          spent: 2,
          speedLoss: 2,
        },
        [3, 3, 5, 1],
      ],
    ] as [RolledEffect, number[]][]) {
      FakeDie.faces = [...faces];
      const cup = foundryDiceTray.cup();
      const dealt = await dealing(
        (dice) => withDealtDice(dice, (roller) => resolveMoveEffect(effect, roller)),
        (sides) => cup.draw(sides),
      );
      await cup.show({ flavor: "move", rollMode: "publicroll", userId: "alice" }, [
        effect,
        dealt.outcome.ok ? dealt.outcome.state : null,
      ]);
    }
    expect(allSeen()).toEqual([
      { flavor: "Fall", formula: "3d4", dice: ["1,4,2"], total: 7 },
      { flavor: "Descent", formula: "2d6 + 1", dice: ["3,3"], total: 7 },
      { flavor: "Opposition", formula: "2d6 + 2", dice: ["5,1"], total: 8 },
    ]);
  });

  it("a die the step drew that no roll of the core holds is still shown, as itself", async () => {
    FakeDie.faces = [5];
    const cup = foundryDiceTray.cup();
    await cup.draw(6);
    await cup.show({ flavor: "step", rollMode: "publicroll", userId: "alice" }, [
      { type: "somethingRolled", value: 5 },
    ]);
    expect(allSeen()).toEqual([{ flavor: "Die", formula: "1d6", dice: ["5"], total: 5 }]);
  });

  it("a roll carried again in a later step's events is not shown twice: only the dice drawn now are", async () => {
    const s = attackSetup({ banes: 0 });
    FakeDie.faces = [4];
    const cup = foundryDiceTray.cup();
    await cup.draw(6);
    const old = {
      type: "toHitRolled",
      roll: { formula: "2d6", dice: [6, 6].map((value) => ({ sides: 6, value, kept: true })), modifier: 0, total: 12 },
    };
    await cup.show({ flavor: "step", rollMode: "publicroll", userId: "alice" }, [
      old,
      { type: "deviated", roll: { formula: "1d6", dice: [{ sides: 6, value: 4, kept: true }], modifier: 0, total: 4 } },
    ]);
    expect(s.banes).toBe(0);
    expect(allSeen()).toEqual([{ flavor: "Deviation", formula: "1d6", dice: ["4"], total: 4 }]);
  });
});

describe("a sealed step's dice", () => {
  it("are animated on this client only, synchronize false, for the user who asked; no message is posted", async () => {
    FakeDie.faces = [6, 5, 3, 1, 2, 2];
    const cup = foundryDiceTray.cup();
    const s = attackSetup({ banes: 2 });
    const started = strainAttack.start(s, { die: () => 1, state: () => ({ kind: "scripted", values: [], next: 0 }) });
    if (!started.ok) throw new Error(started.reason);
    const stepped = await dealing(
      (dice) => withDealtDice(dice, (roller) => strainAttack.apply(started.state, { type: "roll" }, roller)),
      (sides) => cup.draw(sides),
    );
    if (!stepped.outcome.ok || !stepped.outcome.state.ok) throw new Error("the roll was refused");
    await cup.showHere("alice", stepped.outcome.state.events);
    expect(posted).toEqual([]);
    expect(shown3d.map((s) => [s.roll.formula, s.user, s.synchronize])).toEqual([
      ["4d6kl2 + 2", { id: "alice", isGM: false, name: "Alice" }, false],
      ["2d6 + 1", { id: "alice", isGM: false, name: "Alice" }, false],
    ]);
  });

  it("without Dice So Nice nothing is shown and nothing fails", async () => {
    stubGame(false);
    FakeDie.faces = [3];
    const cup = foundryDiceTray.cup();
    await cup.draw(6);
    await cup.showHere("alice", [
      { type: "deviated", roll: { formula: "1d6", dice: [{ sides: 6, value: 3, kept: true }], modifier: 0, total: 3 } },
    ]);
    expect(posted).toEqual([]);
    expect(shown3d).toEqual([]);
  });
});

describe("the turn orders' dice", () => {
  it(
    "STR-02 a rolled initiative, FAC-54 a morale save given as its bare face, and a tie-break " +
      "die the opening names",
    async () => {
      FakeDie.faces = [3, 4, 7, 2];
      const cup = foundryDiceTray.cup();
      for (const sides of [6, 6, 20, 6]) await cup.draw(sides);
      const initiative = {
        formula: "2d6+1",
        dice: [3, 4].map((value) => ({ sides: 6, value, kept: true })),
        modifier: 1,
        total: 8,
      };
      // The rolled order's opening: its dice no roll holds are the tie roll-off's (mode-info.ts openingDice).
      await cup.show({ flavor: "turn", rollMode: "publicroll", userId: "alice", unheld: "TieBreak" }, [
        { type: "initiativeRolled", combatant: "a", roll: initiative, total: 8 },
        { type: "moraleRolled", round: 1, combatant: "b", roll: 7, wit: 9, passed: true },
      ]);
      expect(allSeen()).toEqual([
        { flavor: "Initiative", formula: "2d6 + 1", dice: ["3,4"], total: 8 },
        { flavor: "Morale", formula: "1d20", dice: ["7"], total: 7 },
        { flavor: "TieBreak", formula: "1d6", dice: ["2"], total: 2 },
      ]);
    },
  );

  it(
    "FAC-05 the die that picked the initiative holder, carried by its event, before the FAC-65 " +
      "d20 of the same face",
    async () => {
      FakeDie.faces = [2, 2];
      const cup = foundryDiceTray.cup();
      for (const sides of [3, 20]) await cup.draw(sides);
      const holder = { formula: "1d3", dice: [{ sides: 3, value: 2, kept: true }], modifier: 0, total: 2 };
      await cup.show({ flavor: "turn", rollMode: "publicroll", userId: "alice" }, [
        { type: "initiativeAssigned", side: "b", random: true, roll: holder },
        { type: "fastActionThreshold", round: 1, fat: 2 },
      ]);
      expect(allSeen()).toEqual([
        { flavor: "InitiativeHolder", formula: "1d3", dice: ["2"], total: 2 },
        { flavor: "FastAction", formula: "1d20", dice: ["2"], total: 2 },
      ]);
    },
  );
});

describe("who sees a step's dice: the GM's client posts them for the user who asked (v13 isContentVisible)", () => {
  /** Alice asked; the GM's client rolls one d6 and posts it with her roll mode (and a speaker, when one is given). */
  async function shownFor(
    rollMode: "publicroll" | "gmroll" | "blindroll" | "selfroll",
    speaker?: DiceShowing["speaker"],
  ) {
    FakeDie.faces = [4];
    const cup = foundryDiceTray.cup();
    await cup.draw(6);
    const made = [
      { type: "deviated", roll: { formula: "1d6", dice: [{ sides: 6, value: 4, kept: true }], modifier: 0, total: 4 } },
    ];
    await cup.show({ flavor: "step", rollMode, userId: "alice", ...(speaker ? { speaker } : {}) }, made);
    const message = posted.at(-1)!.data;
    // The message's author is the GM: the GM's client created it.
    const sees = Object.fromEntries(["gm", "alice", "bob"].map((u) => [u, isRollContentVisible(message, u, "gm")]));
    return { message, sees };
  }

  it(
    "a private (GM) roll: the roller and the GM see the " + "numbers, another player sees it was rolled privately",
    async () => {
      expect((await shownFor("gmroll")).sees).toEqual({ gm: true, alice: true, bob: false });
    },
  );

  it("a blind roll stays blind to the roller; only the GM sees it", async () => {
    const { message, sees } = await shownFor("blindroll");
    expect(sees).toEqual({ gm: true, alice: false, bob: false });
    expect(message).toMatchObject({ whisper: ["gm"], blind: true });
  });

  it("a self roll is whispered to the roller alone; a public roll is seen by all", async () => {
    expect((await shownFor("selfroll")).message).toMatchObject({ whisper: ["alice"], blind: false });
    expect((await shownFor("publicroll")).sees).toEqual({ gm: true, alice: true, bob: true });
  });

  it("the message speaks for the actor the caller names, else for the roller, never for the GM", async () => {
    const speaker = { scene: "s1", actor: "a1", token: "t1", alias: "Boudica" };
    expect((await shownFor("gmroll", speaker)).message.speaker).toEqual(speaker);
    expect((await shownFor("publicroll")).message.speaker).toEqual({
      scene: null,
      actor: null,
      token: null,
      alias: "Alice",
    });
  });
});
