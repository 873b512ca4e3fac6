import { describe, expect, it } from "vitest";
import { scriptedRoller } from "../../../../src/core/shared/roller.js";
import { factionsEngine, type FactionsSetup } from "../../../../src/core/turn-order/factions/index.js";
import { begin, play, refused, turn, turnsTaken, field } from "./helpers.js";

const two = (extra: Partial<FactionsSetup> = {}): FactionsSetup => ({
  factions: ["A", "B"],
  initiative: "A",
  combatants: [
    { id: "a1", faction: "A", health: 10 },
    { id: "a2", faction: "A", health: 10 },
    { id: "b1", faction: "B", health: 10 },
    { id: "b2", faction: "B", health: 10 },
  ],
  ...extra,
});

const chosen = (extra: Partial<FactionsSetup> = {}, first = "A") => {
  const run = begin(two(extra));
  play(run, { type: "chooseFirst", side: first });
  return run;
};

describe("factions round procedure", () => {
  it("FAC-01 factions alternate, each taking a turn with one character or passing", () => {
    const run = chosen();
    refused(run, { type: "act", combatant: "b1" }, "NotYourTurn");
    refused(run, { type: "pass", side: "B" }, "NotYourTurn");
    refused(run, { type: "pass", side: "Z" }, "UnknownSide");
    const ev = play(run, ...turn("a1"), { type: "pass", side: "B" }, ...turn("a2"));
    expect(ev.filter((e) => e.type === "sideUp").map((e) => field(e, "side"))).toEqual(["B", "A", "B"]);
    expect(turnsTaken(ev)).toEqual(["a1", "a2"]);
  });

  it("FAC-02 each character takes only one turn per round", () => {
    const run = chosen();
    play(run, ...turn("a1"), ...turn("b1"));
    refused(run, { type: "act", combatant: "a1" }, "AlreadyActed");
    refused(run, { type: "endTurn", combatant: "a1" }, "NotYourTurn");
  });

  it("FAC-03 the round ends when all factions pass one after another", () => {
    const run = chosen();
    play(run, { type: "pass", side: "A" }, ...turn("b1"));
    expect(run.state.round).toBe(1);
    const ev = play(run, { type: "pass", side: "A" }, { type: "pass", side: "B" });
    expect(ev.filter((e) => e.type === "roundEnded")).toEqual([{ type: "roundEnded", round: 1 }]);
    expect(run.state.round).toBe(2);
    expect(run.state.members.a1?.acted).toBe(false);
  });

  it("FAC-03 by default a faction that passed may act again once another has acted in between", () => {
    const run = chosen();
    play(run, { type: "pass", side: "A" }, ...turn("b1"), ...turn("a1"));
    expect(turnsTaken(run.events)).toEqual(["b1", "a1"]);
    const strict = chosen({ options: { passIsFinal: true } });
    const ev = play(strict, { type: "pass", side: "A" }, ...turn("b1"));
    expect(strict.state.up).toBe("B");
    expect(ev.filter((e) => e.type === "sideUp").map((e) => field(e, "side"))).toEqual(["B", "B"]);
    const end = play(strict, ...turn("b2"));
    expect(end.some((e) => e.type === "roundEnded")).toBe(true);
  });

  it("FAC-03 a faction with nobody left to act passes by itself", () => {
    const run = chosen({
      combatants: [
        { id: "a1", faction: "A" },
        { id: "b1", faction: "B" },
        { id: "b2", faction: "B" },
      ],
    });
    const ev = play(run, ...turn("a1"), ...turn("b1"));
    expect(ev.filter((e) => e.type === "passed")).toEqual([{ type: "passed", round: 1, side: "A", auto: true }]);
    expect(run.state.up).toBe("B");
  });

  it("FAC-04 the initiative holder chooses which faction acts first each round", () => {
    const run = begin(two());
    expect(factionsEngine.view(run.state).choosing).toBe("A");
    refused(run, { type: "act", combatant: "a1" }, "ChooseFirstFaction");
    play(run, { type: "chooseFirst", side: "B" });
    refused(run, { type: "chooseFirst", side: "A" }, "FirstAlreadyChosen");
    expect(run.state.up).toBe("B");
    play(run, { type: "pass", side: "B" }, { type: "pass", side: "A" });
    expect(run.state.choosingFirst).toBe(true);
  });

  it("FAC-05 the faction that started the fight holds initiative, or a random one", () => {
    expect(begin(two({ initiative: "B" })).state.holder).toBe("B");
    const setup = { ...two() };
    delete (setup as { initiative?: string }).initiative;
    const r = factionsEngine.start(setup, scriptedRoller([2]));
    expect(r.ok && r.state.holder).toBe("B");
    // The die that decided it travels with the event, so the chat names it (a d2: one face per faction).
    const roll = { formula: "1d2", dice: [{ sides: 2, value: 2, kept: true }], modifier: 0, total: 2 };
    expect(r.ok && r.events[1]).toEqual({ type: "initiativeAssigned", side: "B", random: true, roll });
    expect(begin(two({ initiative: "A" })).events[1]).toEqual({ type: "initiativeAssigned", side: "A", random: false });
  });

  it("FAC-05 three factions: play goes round in setup order from the first chosen", () => {
    const run = begin({
      factions: ["A", "B", "C"],
      initiative: "A",
      combatants: [
        { id: "a", faction: "A" },
        { id: "b", faction: "B" },
        { id: "c", faction: "C" },
      ],
    });
    play(run, { type: "chooseFirst", side: "B" });
    const ev = play(run, ...turn("b"), ...turn("c"), ...turn("a"));
    expect(turnsTaken(ev)).toEqual(["b", "c", "a"]);
    expect(run.state.round).toBe(2);
  });
});

describe("factions turn economy", () => {
  const acting = (extra: Partial<FactionsSetup> = {}) => {
    const run = chosen(extra);
    play(run, { type: "act", combatant: "a1" });
    return run;
  };
  const spend = (action: string, more: object = {}) => ({ type: "spend" as const, combatant: "a1", action, ...more });

  it("FAC-06 one bonus action and one main action, or two bonus actions, and one zone", () => {
    const run = acting();
    play(run, spend("Speak"), spend("Attack"));
    refused(run, spend("Speak"), "NoBonusActionLeft");
    refused(run, spend("Attack"), "NoMainActionLeft");
    const twoBonus = acting();
    play(twoBonus, spend("Pick Up"), spend("Equip"));
    refused(twoBonus, spend("Attack"), "NoMainActionLeft");
    const noMain = acting();
    play(noMain, spend("Attack"));
    refused(noMain, spend("Cast a Spell"), "NoMainActionLeft");
    refused(noMain, { ...spend("Attack"), combatant: "b1" }, "NotYourTurn");
  });

  it("FAC-07 movement splits before, after and between actions, one zone in all", () => {
    const run = acting();
    play(
      run,
      spend("Move", { zones: 0.5 }),
      spend("Attack"),
      spend("Move", { zones: 0.25 }),
      spend("Speak"),
      spend("Move", { zones: 0.25 }),
    );
    refused(run, spend("Move", { zones: 0.1 }), "NoMovementLeft");
    refused(acting(), spend("Move", { zones: -1 }), "BadZones");
    const thirds = acting();
    play(thirds, spend("Move", { zones: 1 / 3 }), spend("Move", { zones: 1 / 3 }), spend("Move", { zones: 1 / 3 }));
  });

  it("FAC-08 FAC-11 FAC-13 picking up, using a consumable and saying a few words are bonus actions", () => {
    for (const action of ["Pick Up", "Put Down", "Use Consumable", "Speak"]) {
      const run = acting();
      play(run, spend(action));
      expect(run.state.members.a1?.turn).toEqual({ bonus: 1, main: false, zones: 0 });
    }
  });

  it("FAC-09 equipping is a bonus action and swapping two items costs two", () => {
    const run = acting();
    play(run, spend("Swap"));
    expect(run.state.members.a1?.turn?.bonus).toBe(2);
    const late = acting();
    play(late, spend("Unequip"));
    refused(late, spend("Swap"), "NoBonusActionLeft");
  });

  it("FAC-10 armour cannot be changed during a fight", () => {
    refused(acting(), spend("Change Armour"), "ArmourLocked");
  });

  it("FAC-12 interacting is a bonus action unless the GM rules it complex", () => {
    const run = acting();
    play(run, spend("Interact", { complex: true }));
    expect(run.state.members.a1?.turn).toEqual({ bonus: 0, main: true, zones: 0 });
  });

  it("FAC-14 a reaction out of order uses the whole turn", () => {
    const run = acting();
    play(run, spend("Attack"), { type: "react", combatant: "b1", trigger: "counter" });
    refused(run, { type: "react", combatant: "b1", trigger: "dodge" }, "AlreadyActed");
    refused(run, { type: "react", combatant: "a1", trigger: "dodge" }, "AlreadyActing");
    refused(run, { type: "react", combatant: "b2", trigger: "" }, "NoTrigger");
    play(run, { type: "endTurn", combatant: "a1" });
    refused(run, { type: "act", combatant: "b1" }, "AlreadyActed");
    const loose = acting({ options: { reactAfterActing: true } });
    play(loose, { type: "endTurn", combatant: "a1" }, { type: "react", combatant: "a1", trigger: "dodge" });
  });

  it("FAC-14 a faction whose last ready character reacts passes by itself", () => {
    const run = chosen({
      combatants: [
        { id: "a1", faction: "A" },
        { id: "a2", faction: "A" },
        { id: "b1", faction: "B" },
      ],
    });
    play(run, ...turn("a1"), { type: "react", combatant: "a2", trigger: "dodge" });
    expect(run.state.up).toBe("B");
    const ev = play(run, ...turn("b1"));
    expect(ev.filter((e) => e.type === "passed")).toEqual([
      { type: "passed", round: 1, side: "A", auto: true },
      { type: "passed", round: 1, side: "B", auto: true },
    ]);
    expect(run.state.round).toBe(2);
  });
});

describe("factions ambush, morale, gear and optional rules", () => {
  it("FAC-51 concealed ambushers take a bonus turn in which nobody else acts, and still act in round 1", () => {
    const run = begin(
      two({
        combatants: [
          { id: "a1", faction: "A", concealed: true },
          { id: "a2", faction: "A" },
          { id: "b1", faction: "B" },
        ],
      }),
    );
    expect(run.state.phase).toBe("ambush");
    expect(run.state.up).toBe("A");
    refused(run, { type: "act", combatant: "a2" }, "NotConcealed");
    refused(run, { type: "react", combatant: "b1", trigger: "dodge" }, "NoReactionNow");
    const ev = play(run, ...turn("a1"));
    expect(ev.map((e) => e.type)).toEqual([
      "turnStarted",
      "turnEnded",
      "passed",
      "passed",
      "phaseEnded",
      "roundStarted",
    ]);
    expect(run.state.round).toBe(1);
    play(run, { type: "chooseFirst", side: "A" }, ...turn("a1"));
    const used = begin(
      two({
        combatants: [
          { id: "a1", faction: "A", concealed: true },
          { id: "b1", faction: "B" },
        ],
        options: { ambushUsesFirstTurn: true },
      }),
    );
    play(used, ...turn("a1"));
    // a1's bonus turn was its round-1 turn, so only B can act: the holder's choice is moot
    expect(used.state.choosingFirst).toBe(false);
    expect(used.state.up).toBe("B");
    refused(used, { type: "act", combatant: "a1" }, "AlreadyActed");
  });

  it("FAC-53 FAC-54 a group at half its number checks morale in the morale phase at the end of the round", () => {
    const run = chosen();
    play(run, { type: "remove", combatant: "b2" });
    const ev = play(run, { type: "pass", side: "A" }, { type: "pass", side: "B" });
    expect(ev.filter((e) => e.type === "moraleDue")).toEqual([
      { type: "moraleDue", round: 1, side: "B", combatants: ["b1"], reason: "group" },
    ]);
    expect(ev.some((e) => e.type === "roundEnded")).toBe(false);
    expect(factionsEngine.view(run.state).banner.key).toBe("FRAY.Banner.MoralePhase");
    refused(run, { type: "act", combatant: "a1" }, "MoralePhase");
    refused(run, { type: "morale", combatant: "a1", result: "pass" }, "NoMoraleDue");
    const done = play(run, { type: "morale", combatant: "b1", result: "pass" });
    expect(done.map((e) => e.type)).toEqual(["moraleResult", "phaseEnded", "roundEnded", "roundStarted"]);
  });

  it("FAC-53 a character fighting alone checks morale at half health or less", () => {
    const run = chosen({
      combatants: [
        { id: "a1", faction: "A", health: 10 },
        { id: "b1", faction: "B", health: 9 },
      ],
    });
    play(run, { type: "setHealth", combatant: "b1", health: 5 });
    const none = play(run, { type: "pass", side: "A" }, { type: "pass", side: "B" });
    expect(none.filter((e) => e.type === "moraleDue")).toEqual([]);
    play(run, { type: "chooseFirst", side: "A" }, { type: "setHealth", combatant: "a1", health: 5 });
    const due = play(run, { type: "pass", side: "A" }, { type: "pass", side: "B" });
    expect(due.filter((e) => e.type === "moraleDue")).toEqual([
      { type: "moraleDue", round: 2, side: "A", combatants: ["a1"], reason: "alone" },
    ]);
  });

  it("FAC-55 those who fail surrender or retreat, those who pass are exempt for the rest of the fight", () => {
    const run = chosen({
      combatants: [
        { id: "a1", faction: "A" },
        { id: "b1", faction: "B" },
        { id: "b2", faction: "B" },
        { id: "b3", faction: "B" },
        { id: "b4", faction: "B" },
      ],
    });
    play(
      run,
      { type: "remove", combatant: "b4" },
      { type: "remove", combatant: "b3" },
      { type: "pass", side: "A" },
      { type: "pass", side: "B" },
    );
    expect(run.state.moraleDue).toEqual(["b1", "b2"]);
    play(
      run,
      { type: "morale", combatant: "b1", result: "pass" },
      { type: "morale", combatant: "b2", result: "surrender" },
    );
    expect(run.state.members.b1?.moraleExempt).toBe(true);
    expect(factionsEngine.view(run.state).status.b2).toBe("unable");
    const again = play(
      run,
      { type: "chooseFirst", side: "A" },
      { type: "pass", side: "A" },
      { type: "pass", side: "B" },
    );
    expect(again.filter((e) => e.type === "moraleDue")).toEqual([]);
    const retreat = chosen({
      combatants: [
        { id: "a1", faction: "A" },
        { id: "b1", faction: "B" },
        { id: "b2", faction: "B" },
      ],
    });
    play(retreat, { type: "remove", combatant: "b2" }, { type: "pass", side: "A" }, { type: "pass", side: "B" });
    const ended = play(retreat, { type: "morale", combatant: "b1", result: "retreat" });
    expect(ended.filter((e) => e.type === "combatEnded")).toEqual([
      { type: "combatEnded", reason: "lastFaction", victors: ["A"], steps: [] },
    ]);
  });

  it("FAC-56 characters immune to fear are immune to morale", () => {
    const run = chosen({
      combatants: [
        { id: "a1", faction: "A" },
        { id: "b1", faction: "B", immuneToFear: true },
        { id: "b2", faction: "B" },
      ],
    });
    play(run, { type: "remove", combatant: "b2" });
    const ev = play(run, { type: "pass", side: "A" }, { type: "pass", side: "B" });
    expect(ev.filter((e) => e.type === "moraleDue")).toEqual([]);
    expect(run.state.round).toBe(2);
  });

  it("FAC-57 a character may spend its turn to surrender", () => {
    const run = chosen();
    const ev = play(run, { type: "surrender", combatant: "a1" });
    expect(ev.map((e) => e.type)).toEqual(["turnStarted", "surrendered", "turnEnded", "sideUp"]);
    refused(run, { type: "surrender", combatant: "a1" }, "Surrendered");
    play(run, { type: "act", combatant: "b1" });
    const during = play(run, { type: "surrender", combatant: "b1" });
    expect(during.map((e) => e.type)).toEqual(["surrendered", "turnEnded", "sideUp"]);
  });

  it("FAC-58 a surrendering character harmed by the enemy may fight again", () => {
    const run = chosen();
    play(run, { type: "surrender", combatant: "a1" }, ...turn("b1"));
    refused(run, { type: "act", combatant: "a1" }, "Surrendered");
    const ev = play(run, { type: "setHealth", combatant: "a1", health: 7 });
    expect(ev).toEqual([
      { type: "healthChanged", combatant: "a1", health: 7 },
      { type: "resumedFighting", combatant: "a1" },
    ]);
    const rest = play(run, { type: "pass", side: "A" }, ...turn("b2"), { type: "pass", side: "A" });
    expect(rest.some((e) => e.type === "roundEnded")).toBe(true);
    play(run, { type: "chooseFirst", side: "A" }, ...turn("a1"));
  });

  it("FAC-61 the end of the fight asks durability rolls for everyone whose gear was used", () => {
    const run = chosen();
    play(
      run,
      { type: "act", combatant: "a1" },
      { type: "spend", combatant: "a1", action: "Attack" },
      { type: "setHealth", combatant: "b2", health: 3 },
      { type: "useGear", combatant: "b1" },
    );
    const ev = play(run, { type: "declareEnd", outcome: "victory", victors: ["A"] });
    expect(ev).toEqual([
      {
        type: "combatEnded",
        reason: "victory",
        victors: ["A"],
        steps: [{ type: "durabilityRolls", combatants: ["a1", "b1", "b2"] }],
      },
    ]);
    expect(factionsEngine.legal(run.state)).toEqual([]);
  });

  it("FAC-65 FAC-66 a d20 at the start of each round sets the FAT; WIT at or above it acts in the fast phase", () => {
    const run = begin(
      two({
        combatants: [
          { id: "a1", faction: "A", wit: 15 },
          { id: "b1", faction: "B", wit: 14 },
        ],
        options: { fastSlow: true },
      }),
      [15, 20],
    );
    expect(run.events.filter((e) => e.type === "fastActionThreshold")).toEqual([
      { type: "fastActionThreshold", round: 1, fat: 15 },
    ]);
    expect(run.state.up).toBe("A");
    refused(run, { type: "act", combatant: "b1" }, "TooSlow");
    play(run, ...turn("a1"));
    expect(run.state.phase).toBe("slow");
    expect(run.state.up).toBe("B"); // only B can act in the slow phase: no choice to make
    play(run, ...turn("b1"));
    // a round whose FAT nobody reaches goes straight to the slow phase
    expect(run.state.round).toBe(2);
    expect(run.state.phase).toBe("slow");
  });

  it("FAC-67 each phase ends when all factions pass in a row, and anyone may react in either phase", () => {
    const run = begin(
      two({
        combatants: [
          { id: "a1", faction: "A", wit: 15 },
          { id: "b1", faction: "B", wit: 1 },
          { id: "b2", faction: "B", wit: 20 },
        ],
        options: { fastSlow: true },
      }),
      [10],
    );
    play(
      run,
      { type: "chooseFirst", side: "A" },
      { type: "act", combatant: "a1" },
      { type: "react", combatant: "b1", trigger: "dodge" },
      { type: "endTurn", combatant: "a1" },
    );
    const ev = play(run, { type: "pass", side: "B" });
    expect(ev.map((e) => e.type)).toEqual(["passed", "passed", "phaseEnded", "phaseStarted", "sideUp"]);
    expect(ev[1]).toEqual({ type: "passed", round: 1, side: "A", auto: true });
  });

  it("FAC-70 FAC-13 a short sentence costs a bonus action", () => {
    const run = chosen();
    play(run, { type: "act", combatant: "a1" }, { type: "spend", combatant: "a1", action: "Speak" });
    expect(run.state.members.a1?.turn?.bonus).toBe(1);
  });

  it("FAC-71 a Player who has not declared within the time does nothing that turn", () => {
    const run = chosen({ players: ["A"], options: { declarationSeconds: 15 } });
    play(run, { type: "act", combatant: "a1" });
    expect(factionsEngine.view(run.state).declaration).toEqual({ combatant: "a1", seconds: 15 });
    const ev = play(run, { type: "declarationLapsed", combatant: "a1" });
    expect(ev.slice(0, 2)).toEqual([
      { type: "turnLost", round: 1, combatant: "a1", reason: "declaration" },
      { type: "turnEnded", round: 1, combatant: "a1" },
    ]);
    play(run, { type: "act", combatant: "b1" });
    expect(run.state.declaration).toBe(null);
    play(
      run,
      { type: "endTurn", combatant: "b1" },
      { type: "act", combatant: "a2" },
      { type: "spend", combatant: "a2", action: "Attack" },
    );
    refused(run, { type: "declarationLapsed", combatant: "a2" }, "AlreadyDeclared");
    refused(chosen(), { type: "declarationLapsed", combatant: "a1" }, "NoDeclarationTimer");
  });
});
