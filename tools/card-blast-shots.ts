/**
 * A factions blast card (FAC-36, FAC-37): Balthasar's fire pot in the Great Hall, against three bandits and his ally
 * Edda, played step by step through the real adapter (`playCard`): one bandit dodges, the GM closes the reactions,
 * the damage is rolled and applied. The blast's zone and targets come in the options as the GM's map reading gives
 * them (cards/map/map-blast.ts), the other targets as `others`, as the GM's handler reads them from its documents.
 * Shots: card-blast-<n>-<step>-<viewer>-<theme>, for the GM and for the second bandit's owner.
 */
import { attackCardContext, type Viewer } from "../src/foundry/cards/attack-card-context.js";
import { ATTACK_CARDS } from "../src/foundry/rulesets/index.js";
import type { CardActor, CardItem } from "../src/foundry/cards/attack-ruleset.js";
import { initialData } from "../src/foundry/data/field-spec.js";
import { ACTOR_MODELS, ITEM_MODELS } from "../src/foundry/data/models.js";
import { render } from "../test/fakes/handlebars-env.js";
import { playCard, stageName, type CardScript } from "./card-shots.js";
import { SAMPLE_ACTORS, mergeData } from "./sample-data.js";
import type { Shot } from "./screenshot-page.js";

const CARD_TEMPLATE = "templates/chat/attack-card.hbs";

const modelData = (models: readonly { type: string; fields: never }[], type: string, over: Record<string, unknown>) => {
  const model = models.find((m) => m.type === type);
  if (!model) throw new Error(`no model ${type}`);
  return mergeData(initialData(model.fields), over);
};

const firePot: CardItem = {
  id: "firepot",
  name: "Fire pot",
  type: "factions-weapon",
  system: modelData(ITEM_MODELS as never, "factions-weapon", { damageDie: "d6", attack: "melee", blast: true }),
};

const character = (id: string, name: string, over: Record<string, unknown>): CardActor => ({
  id,
  name,
  type: "factions-character",
  system: modelData(ACTOR_MODELS as never, "factions-character", {
    wit: 10,
    agi: 10,
    str: 10,
    health: { value: 8, max: 8 },
    ...over,
  }),
  items: [],
});

const sample = SAMPLE_ACTORS.find((a) => a.type === "factions-character");
if (!sample) throw new Error("no sample factions character");
const balthasar: CardActor = {
  id: "balthasar",
  name: sample.name,
  type: sample.type,
  system: sample.system,
  items: [firePot],
};
const bandits = [
  character("bandit1", "Bandit", { faction: "Bandits", armour: 1 }),
  character("bandit2", "Bandit archer", { faction: "Bandits" }),
  character("bandit3", "Bandit chief", { faction: "Bandits", armour: 2, health: { value: 10, max: 10 } }),
];
const edda = character("edda", "Edda", { faction: "Players", agi: 12 });
const targets = [...bandits, edda];

/** FAC-37: the fire pot blasts the Great Hall, every character there but Balthasar (the map's reading). */
export const BLAST_SCRIPT: CardScript = {
  ruleset: "factions",
  choice: {
    attacker: balthasar,
    target: bandits[0]!,
    itemId: "firepot",
    options: { blast: { zone: "hall", name: "the Great Hall", targets: targets.map((t) => t.id), neighbours: [] } },
    others: targets.slice(1),
  },
  steps: [
    { type: "react", reaction: "dodge", by: "bandit1" },
    { type: "skipReaction" },
    { type: "rollDamage" },
    { type: "apply" },
  ],
  // The dodge's AGI save fails (14 > 10); the fire pot's d6 for each of the four.
  dice: [14, 5, 3, 6, 2],
};

const names = Object.fromEntries([balthasar, ...targets].map((a) => [a.id, a.name]));

/** The GM, or the second bandit's owner (Carol): her row's reactions are hers, nobody else's. */
function viewer(who: "gm" | "carol"): Viewer {
  if (who === "gm")
    return { user: { id: "gm", name: "Gamemaster", isGM: true }, ownsAttacker: false, ownsTarget: false, names };
  return {
    user: { id: "carol", name: "Carol", isGM: false },
    ownsAttacker: false,
    ownsTarget: false,
    owns: (r) => r === "bandit2",
    names,
  };
}

export async function cardBlastShots(): Promise<Shot[]> {
  const shots: Shot[] = [];
  const stages = await playCard(BLAST_SCRIPT);
  stages.forEach((stage, n) => {
    for (const who of ["gm", "carol"] as const)
      for (const theme of ["dark", "light"] as const) {
        const html = render(CARD_TEMPLATE, attackCardContext(ATTACK_CARDS.factions, stage.data, viewer(who)));
        shots.push({
          file: `card-blast-${stageName(stage, n)}-${who}-${theme}`,
          title:
            `Chat (${who === "gm" ? "the GM" : "the Bandit archer's owner"}, factions ` +
            `blast: ${stage.after ?? "opened"})`,
          html,
          frame: "sidebar",
          tab: "chat",
          theme,
          width: 300,
          message: { sender: balthasar.name },
        });
      }
  });
  return shots;
}
