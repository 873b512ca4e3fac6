/**
 * Attack card shots: for each rule set, one attack opened from the sample actors and items (tools/sample-data.ts) and
 * played step by step with scripted dice through the real adapter (`openAttackCard`, `stepAttackCard`), each step
 * rendered with `attackCardContext` for the GM and for the target's owner, light and dark; and a blind roll as the
 * attacker's owner sees it. Nothing here writes a card context by hand.
 */
import { dealing, type DrawDie } from "../src/core/shared/dealing.js";
import type { RulesetId } from "../src/core/rulesets.js";
import {
  openAttackCard,
  stepAttackCard,
  type AttackCardData,
  type CardCommand,
} from "../src/foundry/cards/data/attack-card-data.js";
import { attackCardContext, type Viewer } from "../src/foundry/cards/attack-card-context.js";
import { ATTACK_CARDS } from "../src/foundry/rulesets/index.js";
import type { AttackChoice, CardActor, CardItem } from "../src/foundry/cards/attack-ruleset.js";
import type { RollMode } from "../src/foundry/dice/dice-tray.js";
import { initialData } from "../src/foundry/data/field-spec.js";
import { ACTOR_MODELS } from "../src/foundry/data/models.js";
import { render } from "../test/fakes/handlebars-env.js";
import { SAMPLE_ACTORS, SAMPLE_ITEMS, mergeData } from "./sample-data.js";
import type { Shot } from "./screenshot-page.js";

const CARD_TEMPLATE = "templates/chat/attack-card.hbs";

type Data = Record<string, unknown>;

const sampleOf = (type: string) => {
  const s = [...SAMPLE_ACTORS, ...SAMPLE_ITEMS].find((x) => x.type === type);
  if (!s) throw new Error(`no sample ${type}`);
  return s;
};

/** A sample item under an id, with some fields laid over the sample's. */
const item = (id: string, type: string, over: Data = {}, name?: string): CardItem => {
  const s = sampleOf(type);
  return { id, name: name ?? s.name, type, system: mergeData(s.system, over) };
};

/** The sample actor of a type (its own name), with the given items. */
const sampleActor = (id: string, type: string, items: CardItem[]): CardActor => {
  const s = sampleOf(type);
  return { id, name: s.name, type, system: s.system, items };
};

/** A fresh actor of a type: its initial data with some fields laid over. */
const fresh = (id: string, name: string, type: string, over: Data, items: CardItem[] = []): CardActor => {
  const model = ACTOR_MODELS.find((m) => m.type === type);
  if (!model) throw new Error(`no actor model ${type}`);
  return { id, name, type, system: mergeData(initialData(model.fields), over), items };
};

/** One attack to play: who attacks whom with what, the clicks in order (each must be legal then), and the dice. */
export interface CardScript {
  readonly ruleset: RulesetId;
  readonly choice: AttackChoice;
  /** Each step's command, matched against what the pipeline offers (a command is legal when it has these fields). */
  readonly steps: readonly CardCommand[];
  /** The faces the scripted dice show, in the order the steps ask for them. */
  readonly dice: readonly number[];
}

/** The five attacks, as the card tests play them (test/foundry/cards/<ruleset>.test.ts). */
export const CARD_SCRIPTS: readonly CardScript[] = [
  {
    // ESC-14 ESC-20: Captain Orrin's longsword, 14 to hit against 11, 7 damage less the Goblin's chain shirt.
    ruleset: "escalation",
    choice: {
      attacker: sampleActor("orrin", "escalation-unit", [item("sword", "escalation-weapon")]),
      target: fresh("gob", "Goblin", "escalation-unit", { agility: 1, hp: { value: 12, max: 12 } }, [
        item("chain", "escalation-armour"),
      ]),
      itemId: "sword",
      options: {},
    },
    steps: [{ type: "roll" }, { type: "rollDamage" }, { type: "apply" }],
    dice: [14, 7],
  },
  {
    // TEAM-43: Boudica's spear against an armoured enemy, who parries with a heater shield.
    ruleset: "teams",
    choice: {
      attacker: sampleActor("boudica", "teams-character", [
        item("spear", "teams-weapon"),
        item("shield", "teams-armour"),
      ]),
      target: fresh(
        "enemy",
        "Raider",
        "teams-character",
        { evasion: 6, damageReduction: { physical: 8, elemental: 0 }, endurance: { value: 20, max: 20 } },
        [item("eshield", "teams-armour")],
      ),
      itemId: "spear",
      options: {},
    },
    steps: [
      { type: "roll" },
      { type: "react", reaction: "parry", item: "eshield" },
      { type: "rollDamage" },
      { type: "apply" },
    ],
    dice: [3, 3, 5],
  },
  {
    // STR-40: Alice's Pinning shot (Way of the Reed +2) at Bram, who defends with Resilience and fails.
    ruleset: "strain",
    choice: {
      attacker: sampleActor("alice", "strain-character", [item("reed", "strain-art"), item("pin", "strain-ability")]),
      target: fresh("bram", "Bram", "strain-character", {}, [item("bramAxe", "strain-ability", {}, "Bram's axe")]),
      itemId: "pin",
      options: { defence: "resilience" },
    },
    steps: [{ type: "roll" }, { type: "rollDamage" }, { type: "apply" }],
    dice: [5, 4, 2, 1],
  },
  {
    // SEC-68: Ilsa's boar spear (Hit d8) against the Goblin's Miss d6, then Damage d8.
    ruleset: "sections",
    choice: {
      attacker: sampleActor("ilsa", "sections-entity", [
        item("spear", "sections-weapon"),
        item("shield", "sections-armour"),
        item("embers", "sections-card"),
      ]),
      target: fresh(
        "goblin",
        "Goblin",
        "sections-entity",
        { side: "adversary", dice: { hit: "d6", miss: "d6", damage: "d4" }, health: { value: 6, max: 6 } },
        [item("club", "sections-weapon", { weaponType: "hammer", hitDie: "d6", damageDie: "d4" }, "Club")],
      ),
      itemId: "spear",
      options: {},
    },
    steps: [{ type: "roll" }, { type: "rollDamage" }, { type: "apply" }],
    dice: [5, 3, 4],
  },
  {
    // FAC-25 FAC-18: Balthasar's sword, a WIT save to hit, the bandit's failed dodge, damage less armour.
    ruleset: "factions",
    choice: {
      attacker: sampleActor("balthasar", "factions-character", [
        item("crossbow", "factions-weapon"),
        item("gambeson", "factions-armour"),
        item(
          "sword",
          "factions-weapon",
          { damageDie: "d8", attack: "melee", range: 0, grip: "one", simple: false },
          "Sword",
        ),
      ]),
      target: fresh(
        "bandit",
        "Bandit",
        "factions-character",
        { faction: "Bandits", agi: 10, str: 10, wit: 8, armour: 1 },
        [item("axe", "factions-weapon", { damageDie: "d6", attack: "melee", range: 0 }, "Axe")],
      ),
      itemId: "sword",
      options: { gmCallsWitSave: true },
    },
    steps: [
      { type: "roll" },
      { type: "react", reaction: "dodge", by: "bandit" },
      { type: "rollDamage" },
      { type: "apply" },
    ],
    dice: [7, 15, 6],
  },
];

/** Dice from the script, in order; past its end, a die shows its middle face (so a changed step still renders). */
function scriptedDraw(dice: readonly number[]): DrawDie {
  let next = 0;
  return (sides) => Promise.resolve(next < dice.length ? (dice[next++] as number) : Math.ceil(sides / 2));
}

const sameFields = (legal: CardCommand, wanted: CardCommand) =>
  Object.entries(wanted).every(([k, v]) => JSON.stringify(legal[k]) === JSON.stringify(v));

/** One card state along the attack: after which click (null: as it opened) and the card's data then. */
export interface CardStage {
  readonly after: string | null;
  readonly data: AttackCardData;
}

/** Open the script's card and play each step through the real adapter, with the script's dice. */
export async function playCard(script: CardScript, rollMode: RollMode = "publicroll"): Promise<CardStage[]> {
  const card = ATTACK_CARDS[script.ruleset] as never;
  const draw = scriptedDraw(script.dice);
  const opened = await openAttackCard(card, script.choice, rollMode, 1, draw);
  if (!opened.ok) throw new Error(`${script.ruleset}: the card did not open: ${opened.key} ${opened.reason}`);
  const stages: CardStage[] = [{ after: null, data: opened.state }];
  let data = opened.state;
  for (const wanted of script.steps) {
    const legal = ATTACK_CARDS[script.ruleset].engine.legal(data.journal.state) as CardCommand[];
    const command = legal.find((c) => sameFields(c, wanted));
    if (!command)
      throw new Error(`${script.ruleset}: ${JSON.stringify(wanted)} is not offered; legal: ${JSON.stringify(legal)}`);
    const from = data;
    const { outcome } = await dealing((dice) => stepAttackCard(card, from, command, dice), draw);
    if (!outcome.ok) throw new Error(`${script.ruleset}: ${command.type} refused: ${outcome.key} ${outcome.reason}`);
    data = outcome.state;
    stages.push({ after: command.type, data });
  }
  return stages;
}

export type CardViewer = "gm" | "target" | "attacker";

/** Actor and item names by id, as attack-card-model.ts gathers them from the two actors. */
function namesOf(choice: AttackChoice): Record<string, string> {
  const names: Record<string, string> = {};
  for (const actor of [choice.attacker, choice.target]) {
    names[actor.id] = actor.name;
    for (const i of actor.items) names[i.id] = i.name;
  }
  return names;
}

/** The card's context as one viewer sees it: the GM, the target's owner (a player) or the attacker's owner. */
export function cardContext(script: CardScript, data: AttackCardData, viewer: CardViewer) {
  const user =
    viewer === "gm"
      ? { id: "gm", name: "Gamemaster", isGM: true }
      : { id: viewer === "target" ? "carol" : "alice", name: viewer === "target" ? "Carol" : "Alice", isGM: false };
  // The users by name too: a card names who declared its circumstances.
  const names = { ...namesOf(script.choice), alice: "Alice", carol: "Carol" };
  const v: Viewer = {
    user,
    ownsAttacker: viewer === "attacker",
    ownsTarget: viewer === "target",
    names,
    messageId: "m1",
  };
  return attackCardContext(ATTACK_CARDS[script.ruleset], data, v);
}

/** A stage's name in a shot's file: 1-opened, 2-roll, 3-react, ... */
export const stageName = (stage: CardStage, n: number): string => `${n + 1}-${stage.after ?? "opened"}`;

// ---- the shots ----

const THEMES = ["dark", "light"] as const;
const VIEWERS: readonly { readonly id: CardViewer; readonly label: (s: CardScript) => string }[] = [
  { id: "gm", label: () => "the GM" },
  { id: "target", label: (s) => `${s.choice.target.name}'s owner` },
  { id: "attacker", label: (s) => `${s.choice.attacker.name}'s owner` },
];

const sender = (script: CardScript) => script.choice.attacker.name;

/**
 * Every rule set's attack, each step, as the GM, the target's owner and the attacker's owner, dark and light:
 * card-<ruleset>-<n>-<step>-<viewer>-<theme>; a blind roll as the attacker's owner sees it
 * (card-teams-blind-attacker-<theme>); keyboard focus on a reaction (card-teams-focus-target-<theme>).
 */
export async function cardShots(): Promise<Shot[]> {
  const shots: Shot[] = [];
  const shot = (file: string, title: string, html: string, theme: Shot["theme"], message: Shot["message"]): Shot => ({
    file,
    title,
    html,
    frame: "sidebar",
    tab: "chat",
    theme,
    width: 300,
    message,
  });
  for (const script of CARD_SCRIPTS) {
    const stages = await playCard(script);
    stages.forEach((stage, n) => {
      for (const viewer of VIEWERS)
        for (const theme of THEMES) {
          const html = render(CARD_TEMPLATE, cardContext(script, stage.data, viewer.id));
          const title = `Chat (${viewer.label(script)}, ${script.ruleset}: ${stage.after ?? "opened"})`;
          shots.push(
            shot(`card-${script.ruleset}-${stageName(stage, n)}-${viewer.id}-${theme}`, title, html, theme, {
              sender: sender(script),
            }),
          );
        }
    });
  }
  // Keyboard focus on the target's first reaction (teams, after the roll), light and dark.
  const teams = CARD_SCRIPTS.find((s) => s.ruleset === "teams");
  if (!teams) throw new Error("no teams script");
  const rolled = (await playCard({ ...teams, steps: teams.steps.slice(0, 1) })).at(-1);
  if (!rolled) throw new Error("no rolled card");
  for (const theme of THEMES)
    shots.push({
      ...shot(
        `card-teams-focus-target-${theme}`,
        `Chat (${teams.choice.target.name}'s owner, teams: keyboard focus)`,
        render(CARD_TEMPLATE, cardContext(teams, rolled.data, "target")),
        theme,
        { sender: sender(teams) },
      ),
      focus: ".fray-card-buttons .fray-button",
    });
  // A blind roll: after the roll, the attacker's owner sees the card without its dice.
  const blind = (await playCard({ ...teams, steps: teams.steps.slice(0, 1) }, "blindroll")).at(-1);
  if (!blind) throw new Error("no blind card");
  for (const theme of THEMES)
    shots.push(
      shot(
        `card-teams-blind-attacker-${theme}`,
        `Chat (${teams.choice.attacker.name}'s owner, teams: a blind roll)`,
        render(CARD_TEMPLATE, cardContext(teams, blind.data, "attacker")),
        theme,
        { sender: sender(teams), blind: true },
      ),
    );
  shots.push(...(await declaredShots(shot)));
  return shots;
}

/**
 * Issue 28: a player's declared circumstances on the teams card, as the GM and the attacker's owner see them, dark and
 * light: waiting for the GM, confirmed, changed (card-teams-declared-<answer>-<viewer>-<theme>). The card is opened
 * with the options the GM's handler would open it with, and carries the declaration it would write.
 */
async function declaredShots(
  shot: (file: string, title: string, html: string, theme: Shot["theme"], message: Shot["message"]) => Shot,
) {
  const teams = CARD_SCRIPTS.find((s) => s.ruleset === "teams");
  if (!teams) throw new Error("no teams script");
  const said = { flanking: true, advantages: 1, disadvantages: 0 };
  const states = [
    { answer: "awaiting", options: said },
    { answer: "confirmed", options: said },
    { answer: "changed", options: { ...said, flanking: false } },
  ] as const;
  const shots: Shot[] = [];
  for (const { answer, options } of states) {
    const [opened] = await playCard({ ...teams, choice: { ...teams.choice, options }, steps: [] });
    if (!opened) throw new Error("no teams card");
    const data = { ...opened.data, declared: { by: "alice", values: said, answer } };
    for (const viewer of ["gm", "attacker"] as const)
      for (const theme of THEMES) {
        const who = viewer === "gm" ? "the GM" : `${teams.choice.attacker.name}'s owner`;
        const html = render(CARD_TEMPLATE, cardContext(teams, data, viewer));
        const title = `Chat (${who}, teams: circumstances declared, ${answer})`;
        shots.push(
          shot(`card-teams-declared-${answer}-${viewer}-${theme}`, title, html, theme, { sender: sender(teams) }),
        );
      }
  }
  return shots;
}
