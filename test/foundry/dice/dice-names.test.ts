import { describe, expect, it } from "vitest";
import type { RulesetId } from "../../../src/core/rulesets.js";
import { dealing, withDealtDice } from "../../../src/core/shared/dealing.js";
import { openJournal } from "../../../src/core/shared/journal.js";
import { seededRoller } from "../../../src/core/shared/roller.js";
import { contestDescent } from "../../../src/core/space/grid/descent-roll.js";
import type { MoveEffect } from "../../../src/core/space/move-effects.js";
import {
  openAttackCard,
  stepAttackCard,
  type AttackCardData,
} from "../../../src/foundry/cards/data/attack-card-data.js";
import { ATTACK_CARDS } from "../../../src/foundry/rulesets/index.js";
import type { AttackChoice, CardActor } from "../../../src/foundry/cards/attack-ruleset.js";
import { journalOf } from "../../../src/foundry/combat/fight/journal.js";
import { COMBAT_MODES } from "../../../src/foundry/rulesets/index.js";
import type { RosterEntry } from "../../../src/foundry/combat/fight/roster.js";
import type { TurnCommand } from "../../../src/foundry/combat/fight/turn-command.js";
import { handleTurnRequest, type TurnRequestContext } from "../../../src/foundry/combat/requests/turn-request.js";
import type { DiceShowing } from "../../../src/foundry/dice/dice-tray.js";
import type { RollPurpose } from "../../../src/foundry/dice/step-rolls.js";
import { postMoveEffects } from "../../../src/foundry/move-cards/move-card-post.js";
import { CARD_SCRIPTS } from "../../../tools/card-shots.js";
import { FakeCombat, FakeCombatant, FakeHooks, FakeUser } from "../../fakes/foundry-combat.js";
import { FakeDiceTray } from "../../fakes/foundry-dice.js";
import { gmMovePostHands } from "../cards/gm-card-hands.js";
import { gmTurnHands } from "../combat/gm-turn-hands.js";

/**
 * Every die that reaches chat says what it was for. This walks each turn order from its opening through the commands
 * its legal() offers, each attack card through every branch of its steps, and each rolled move effect, with scripted
 * dice (lowest faces, highest faces, seeded ones) through the same dice tray and step-rolls naming as the request
 * handlers, and finds any roll shown only as "Die" or "Roll".
 */
const UNNAMED: readonly RollPurpose[] = ["Die", "Roll"];

type Script = (sides: number) => number;
const SCRIPTS: readonly { readonly name: string; readonly make: () => Script }[] = [
  { name: "lowest faces", make: () => () => 1 },
  { name: "highest faces", make: () => (sides) => sides },
  // Highest faces but a d20 that neither chains nor misses: damage that wounds, then the dice a wound rolls.
  { name: "highest faces, a 15 on a d20", make: () => (sides) => (sides === 20 ? 15 : sides) },
  ...[3, 11, 29].map((seed) => ({
    name: `seed ${seed}`,
    make: (): Script => {
      const rng = seededRoller(seed);
      return (sides) => rng.die(sides);
    },
  })),
];

/** Each roll a tray showed that is named only "Die" or "Roll", with the message it came in. */
const unnamedIn = (tray: FakeDiceTray): string[] =>
  tray.shown.flatMap((s) =>
    s.rolls
      .filter((r) => UNNAMED.includes(r.purpose))
      .map((r) => `${s.flavor}: ${r.formula} = ${r.total} named ${r.purpose}`),
  );
const purposesIn = (tray: FakeDiceTray): Set<RollPurpose> =>
  new Set(tray.shown.flatMap((s) => s.rolls.map((r) => r.purpose)));

// ---------------------------------------------------------------- turn orders

const gm = new FakeUser("gm", "GM", true);

/** Six fighters on two sides (three with `three`), every number equal, so that ranked and rolled orders tie. */
function rosterOf(sides: readonly string[]): RosterEntry[] {
  return sides.flatMap((side) =>
    [1, 2, 3].map((n) => ({
      id: `${side}${n}`,
      name: `${side}${n}`,
      side,
      hidden: false,
      stats: { agility: 2, initiative: 0, wit: 10, health: 6, healthMax: 6, stamina: 3, focus: 3, speed: 6 },
    })),
  );
}

interface FightCase {
  readonly mode: string;
  readonly label: string;
  readonly sides: readonly string[];
  readonly ruleOptions?: Readonly<Record<string, unknown>>;
  /** FAC-05: the setup leaves the initiative holder unclear (the engine rolls for it). */
  readonly noHolder?: boolean;
  /** Names the walk must have shown at least once, so that it reached the dice it is about. */
  readonly expects: readonly RollPurpose[];
}

const FIGHTS: readonly FightCase[] = [
  {
    mode: "ranked",
    label: "ties rolled off (ESC-01)",
    sides: ["pc", "npc"],
    ruleOptions: { ties: "rollOff" },
    expects: ["TieBreak"],
  },
  { mode: "ranked", label: "ties by the table's default", sides: ["pc", "npc"], expects: [] },
  {
    mode: "rolled",
    label: "ties rolled off (STR-02)",
    sides: ["pc", "npc"],
    ruleOptions: { ties: "rollOff" },
    expects: ["Initiative", "TieBreak"],
  },
  { mode: "rolled", label: "ties by the table's default", sides: ["pc", "npc"], expects: ["Initiative"] },
  { mode: "teams", label: "two teams", sides: ["a", "b"], expects: [] },
  { mode: "sections", label: "two sides", sides: ["pc", "adversary"], expects: [] },
  {
    mode: "factions",
    label: "holder unclear, fast and slow (FAC-05, FAC-65)",
    sides: ["a", "b", "c"],
    ruleOptions: { fastSlow: true },
    noHolder: true,
    expects: ["InitiativeHolder", "FastAction"],
  },
  { mode: "factions", label: "holder named", sides: ["a", "b"], expects: [] },
];

/** Commands a walk leaves out: the GM ending the fight at once teaches nothing about dice. */
const NOT_WALKED = new Set(["endCombat", "declareEnd"]);
const STEPS = 150;

/** Open the fight as FrayCombat.startCombat does (its dice shown with the mode's name for bare ones), then walk it. */
async function walkFight(fc: FightCase, script: Script, pick: Script): Promise<FakeDiceTray> {
  const mode = COMBAT_MODES[fc.mode]!;
  const roster = rosterOf(fc.sides);
  const built = mode.buildSetup(roster, {
    sideOrder: [...fc.sides],
    ...(fc.ruleOptions ? { ruleOptions: fc.ruleOptions } : {}),
  });
  const setup = fc.noHolder ? { ...(built as Record<string, unknown>), initiative: undefined } : built;
  const tray = new FakeDiceTray(script);
  const cup = tray.cup();
  const { outcome } = await dealing(
    (dice) => openJournal(mode.engine, setup, 5, dice),
    (sides) => cup.draw(sides),
  );
  if (!outcome.ok) throw new Error(`${fc.mode}: the opening was refused: ${outcome.reason}`);
  const showing: DiceShowing = { flavor: `${fc.mode} opening`, rollMode: "publicroll", userId: "gm" };
  await cup.show({ ...showing, ...(mode.openingDice ? { unheld: mode.openingDice } : {}) }, outcome.events);
  const combatants = roster.map((r) => new FakeCombatant(r.id, r.name, r.side));
  const combat = new FakeCombat("c", fc.mode, combatants, new FakeHooks());
  combat.system = { journal: outcome.state, events: [], revision: 0 };
  const ctx: TurnRequestContext = {
    combat: () => combat,
    user: () => gm,
    mode: (id) => COMBAT_MODES[id],
    ...gmTurnHands(),
    dice: tray,
    flavor: (_c, command) => `${fc.mode} ${command.type}`,
  };
  for (let n = 0; n < STEPS; n++) {
    const j = journalOf(combat)!;
    if (mode.engine.view(j.state).ended) break;
    const legal = mode.engine.legal(j.state).filter((c) => !NOT_WALKED.has(c.type));
    if (legal.length === 0) break;
    const command = legal[pick(legal.length) - 1] as TurnCommand;
    const answer = await handleTurnRequest(ctx, { combatId: "c", command, revision: j.revision }, "gm");
    if (!answer.ok) throw new Error(`${fc.mode}: ${JSON.stringify(command)} was offered but refused: ${answer.reason}`);
  }
  return tray;
}

describe("every die a turn order rolls is named in chat", () => {
  for (const fc of FIGHTS) {
    it(
      `${fc.mode}, ${fc.label}: the opening and ${STEPS} ` + `offered commands show no die named only "Die" or "Roll"`,
      async () => {
        const seen = new Set<RollPurpose>();
        for (const [n, s] of SCRIPTS.entries()) {
          const rng = seededRoller(100 + n);
          const tray = await walkFight(fc, s.make(), (k) => rng.die(k));
          expect(unnamedIn(tray), `${fc.mode} with ${s.name}`).toEqual([]);
          for (const p of purposesIn(tray)) seen.add(p);
        }
        for (const p of fc.expects) expect([...seen], `${fc.mode} never showed a ${p} die`).toContain(p);
      },
    );
  }

  it("ESC-01 a ranked opening's roll-off: one Tie-break d6 per tied fighter, in chat with the opening", async () => {
    const tray = await walkFight(
      FIGHTS[0]!,
      () => 4,
      () => 1,
    );
    const opening = tray.shown.find((s) => s.flavor === "ranked opening");
    expect(opening?.rolls.map((r) => [r.purpose, r.formula, r.total])).toEqual(Array(6).fill(["TieBreak", "1d6", 4]));
  });

  it(
    "FAC-05 the die that picks the initiative holder is " + "named for it, not for the FAC-65 d20 that shares its face",
    async () => {
      // Three factions: a d3 picks the holder; every die shows 2, so the d20 of the fast action threshold shows 2 too.
      const tray = await walkFight(
        FIGHTS.find((f) => f.noHolder)!,
        () => 2,
        () => 1,
      );
      const opening = tray.shown.find((s) => s.flavor === "factions opening");
      expect(opening?.rolls.map((r) => [r.purpose, r.formula])).toEqual([
        ["InitiativeHolder", "1d3"],
        ["FastAction", "1d20"],
      ]);
    },
  );
});

// ---------------------------------------------------------------- attack cards

/** The most clicks one card walk takes over all its branches. */
const CARD_CLICKS = 400;

const actorWith = (a: CardActor, over: Readonly<Record<string, unknown>>): CardActor => ({
  ...a,
  system: { ...(a.system as Record<string, unknown>), ...over },
});

/** What a card walk must have shown at least once, by rule set: the dice it is about. */
const CARD_DICE: Readonly<Record<RulesetId, readonly RollPurpose[]>> = {
  escalation: ["Hit", "Chain", "Damage"],
  teams: ["Hit", "Luck", "Reaction"],
  strain: ["Hit", "Defence"],
  sections: ["Hit", "Miss", "Damage"],
  factions: ["Hit", "Reaction", "Damage"],
};

interface CardCase {
  readonly label: string;
  readonly ruleset: RulesetId;
  readonly choice: AttackChoice;
  readonly expects: readonly RollPurpose[];
}

/** The five card tests' attacks (tools/card-shots.ts), and some circumstances that roll other dice. */
function cardCases(): CardCase[] {
  const base = CARD_SCRIPTS.map((s) => ({
    label: "as the card tests play it",
    ruleset: s.ruleset,
    choice: s.choice,
    expects: CARD_DICE[s.ruleset],
  }));
  const of = (r: RulesetId) => CARD_SCRIPTS.find((s) => s.ruleset === r)!.choice;
  const teams = of("teams");
  const strain = of("strain");
  const escalation = of("escalation");
  const factions = of("factions");
  // FAC-36 FAC-39: a ranged blast at the Hall on a map of zones; a miss deviates into the Yard or the Tower.
  const bomb = {
    id: "bomb",
    name: "Bomb",
    type: "factions-weapon",
    system: { damageDie: "d6", attack: "ranged", range: 1, blast: true },
  };
  const second = { ...factions.target, id: "bandit2", name: "Bandit Two" };
  const blast = {
    zone: "hall",
    name: "Hall",
    targets: ["bandit"],
    neighbours: [
      { zone: "yard", name: "Yard", targets: ["bandit2"] },
      { zone: "tower", name: "Tower", targets: [] },
    ],
  };
  const blastChoice: AttackChoice = {
    ...factions,
    attacker: { ...factions.attacker, items: [...factions.attacker.items, bomb] },
    itemId: "bomb",
    options: { ...factions.options, blast },
    others: [second],
  };
  const withOptions = (
    label: string,
    ruleset: RulesetId,
    choice: AttackChoice,
    expects: readonly RollPurpose[],
  ): CardCase => ({
    label,
    ruleset,
    choice,
    expects,
  });
  return [
    ...base,
    withOptions("aimed at a Fatal wound (ESC-21)", "escalation", { ...escalation, options: { aim: "fatal" } }, [
      "FatalDie",
    ]),
    withOptions("undetected (ESC-51)", "escalation", { ...escalation, options: { undetected: true } }, ["Damage"]),
    withOptions("with advantage (TEAM-58)", "teams", { ...teams, options: { advantages: 1 } }, ["Hit"]),
    withOptions("with disadvantage (TEAM-58)", "teams", { ...teams, options: { disadvantages: 1 } }, ["Hit"]),
    withOptions(
      "against a target near death (TEAM-70)",
      "teams",
      {
        ...teams,
        target: actorWith(teams.target, { endurance: { value: 0, max: 20 }, health: { value: 1, max: 10 } }),
      },
      ["Luck"],
    ),
    withOptions("defended with Evasion (STR-37)", "strain", { ...strain, options: { defence: "evasion" } }, [
      "Defence",
    ]),
    withOptions("a ranged blast on a map of zones (FAC-36, FAC-39)", "factions", blastChoice, ["Hit", "Deviation"]),
  ];
}

/** Open the card and take every branch of its steps, each step's dice shown as the card requests show them. */
async function walkCard(ruleset: RulesetId, choice: AttackChoice, script: Script): Promise<FakeDiceTray> {
  const card = ATTACK_CARDS[ruleset] as never as Parameters<typeof openAttackCard>[0];
  const tray = new FakeDiceTray(script);
  const showing = (what: string): DiceShowing => ({
    flavor: `${ruleset} ${what}`,
    rollMode: "publicroll",
    userId: "gm",
  });
  const cup = tray.cup();
  const opened = await openAttackCard(card, choice, "publicroll", 1, (sides) => cup.draw(sides));
  if (!opened.ok) throw new Error(`${ruleset}: the card did not open: ${opened.key} ${opened.reason}`);
  await cup.show(showing("opening"), opened.events);
  let clicks = 0;
  const visit = async (data: AttackCardData, depth: number): Promise<void> => {
    const legal = card.engine.legal(data.journal.state).filter((c) => c.type !== "undo");
    for (const command of legal) {
      if (++clicks > CARD_CLICKS || depth > 12) return;
      // Each branch from its own copy: the card's data travels as JSON, as a message's system does.
      const from = JSON.parse(JSON.stringify(data)) as AttackCardData;
      const step = tray.cup();
      const { outcome } = await dealing(
        (dice) => stepAttackCard(card, from, command, dice),
        (sides) => step.draw(sides),
      );
      if (!outcome.ok)
        throw new Error(`${ruleset}: ${JSON.stringify(command)} was offered but refused: ${outcome.reason}`);
      await step.show(showing(command.type), outcome.events);
      await visit(outcome.state, depth + 1);
    }
  };
  await visit(opened.state, 0);
  return tray;
}

describe("every die an attack card rolls is named in chat", () => {
  for (const c of cardCases()) {
    it(
      `${c.ruleset}, ${c.label}: every branch of the ` + `card's steps shows no die named only "Die" or "Roll"`,
      async () => {
        const seen = new Set<RollPurpose>();
        for (const s of SCRIPTS) {
          const tray = await walkCard(c.ruleset, c.choice, s.make());
          expect(unnamedIn(tray), `${c.ruleset} with ${s.name}`).toEqual([]);
          for (const p of purposesIn(tray)) seen.add(p);
        }
        for (const p of c.expects) expect([...seen], `${c.ruleset} never showed a ${p} die`).toContain(p);
      },
    );
  }
});

// ---------------------------------------------------------------- move cards

describe("every die a move card rolls is named in chat", () => {
  const effects: MoveEffect[] = [
    ...[1, 2, 4].map((height): MoveEffect => ({ kind: "fall", clause: "SEC-13", mover: "t", height })),
    ...[0, 2].map((levels): MoveEffect => ({
      kind: "descent",
      clause: "STR-26",
      mover: "t",
      levels,
      skill: "reflex",
      modifier: 1,
      speed: 4,
      spent: 2,
      speedLoss: 1,
    })),
  ];

  it(
    "SEC-13 STR-26 a fall's and a descent's dice, rolled " + "as the card is posted or when the move was checked",
    async () => {
      for (const s of SCRIPTS) {
        const tray = new FakeDiceTray(s.make());
        const ctx = {
          ...gmMovePostHands(),
          actorOf: () => ({ ref: "Actor.t", name: "Mover" }),
          dice: tray,
          post: () => Promise.resolve({ id: "m" }),
          flavor: (e: MoveEffect) => e.kind,
        };
        await postMoveEffects(ctx, "s1", effects, "gm");
        // STR-26: a descent rolled while the GM checked the move, its dice in the check's cup, shown with its card.
        const checked = tray.cup();
        const rolled = await dealing(
          (dice) => withDealtDice(dice, (roller) => contestDescent(0, 2, roller)),
          (sides) => checked.draw(sides),
        );
        if (!rolled.outcome.ok) throw new Error(rolled.outcome.reason);
        const { result, total, opposition, rolls } = rolled.outcome.state;
        const descent = {
          ...(effects.at(-1) as Extract<MoveEffect, { kind: "descent" }>),
          roll: { result, total, opposition, rolls },
        };
        await postMoveEffects(ctx, "s1", [descent], "gm", checked);
        expect(unnamedIn(tray), s.name).toEqual([]);
        expect([...purposesIn(tray)].sort()).toEqual(["Descent", "Fall", "Opposition"]);
      }
    },
  );
});
