/**
 * The card's newer parts, drawn from the real adapter like card-shots.ts: the GM's circumstances control (opened) on
 * each rule set's card, a card not checked on the map, a sealed blind card as a player and as the GM sees it, a
 * private (GM) roll's card as its roller and as another player see it, and a
 * map refusal as the player's warning says it (Foundry's notification is not drawn here: its text alone, in the chat).
 */
import { attackCardContext, sealedCardContext } from "../src/foundry/cards/attack-card-context.js";
import { ATTACK_CARDS } from "../src/foundry/rulesets/index.js";
import { sealedView } from "../src/foundry/cards/sealed/sealed-card.js";
import { lookup, render } from "../test/fakes/handlebars-env.js";
import { CARD_SCRIPTS, cardContext, playCard } from "./card-shots.js";
import type { Shot } from "./screenshot-page.js";

const CARD_TEMPLATE = "templates/chat/attack-card.hbs";
const THEMES = ["dark", "light"] as const;

const shot = (
  file: string,
  title: string,
  html: string,
  theme: Shot["theme"],
  sender: string,
  blind = false,
): Shot => ({
  file,
  title,
  html,
  frame: "sidebar",
  tab: "chat",
  theme,
  width: 300,
  message: { sender, blind },
});

/**
 * card-<ruleset>-circumstances-gm-<theme>, card-strain-unchecked-target-<theme>, card-teams-sealed-*, card-refusal-*.
 */
export async function cardMapShots(): Promise<Shot[]> {
  const shots: Shot[] = [];
  for (const script of CARD_SCRIPTS) {
    const [opened] = await playCard(script);
    if (!opened) throw new Error(`${script.ruleset}: no opened card`);
    // The control folded open, and the keyboard on its first input.
    const html = render(CARD_TEMPLATE, cardContext(script, opened.data, "gm")).replace(
      '<details class="fray-card-circumstances">',
      '<details class="fray-card-circumstances" open>',
    );
    for (const theme of THEMES)
      shots.push({
        ...shot(
          `card-${script.ruleset}-circumstances-gm-${theme}`,
          `Chat (the GM, ${script.ruleset}: circumstances)`,
          html,
          theme,
          script.choice.attacker.name,
        ),
        focus: ".fray-card-circumstance input",
      });
  }
  const strain = CARD_SCRIPTS.find((s) => s.ruleset === "strain")!;
  const [plain] = await playCard(strain);
  const unchecked = render(CARD_TEMPLATE, cardContext(strain, { ...plain!.data, map: "unchecked" }, "target"));
  for (const theme of THEMES)
    shots.push(
      shot(
        `card-strain-unchecked-target-${theme}`,
        "Chat (the target's owner, strain: no map)",
        unchecked,
        theme,
        strain.choice.attacker.name,
      ),
    );
  const teams = CARD_SCRIPTS.find((s) => s.ruleset === "teams")!;
  const rolled = (await playCard({ ...teams, steps: teams.steps.slice(0, 1) }, "blindroll")).at(-1)!.data;
  const card = ATTACK_CARDS.teams as never;
  // Actors and their items by name, as attack-card-model.ts gathers them ("Parry with Heater shield", not its id).
  const names: Record<string, string> = {};
  for (const actor of [teams.choice.attacker, teams.choice.target]) {
    names[actor.id] = actor.name;
    for (const i of actor.items) names[i.id] = i.name;
  }
  const alice = { id: "alice", name: "Alice", isGM: false };
  const gm = { id: "gm", name: "Gamemaster", isGM: true };
  const player = render(
    CARD_TEMPLATE,
    sealedCardContext(
      sealedView(card, rolled),
      { user: alice, ownsAttacker: true, ownsTarget: false, names },
      "shell",
      "blindroll",
    ),
  );
  // A private (GM) roll: its roller's client draws it whole from what the GM sent it; another player sees the title.
  const privately = {
    ...(await playCard({ ...teams, steps: teams.steps.slice(0, 1) }, "gmroll")).at(-1)!.data,
    roller: "alice",
  };
  const roller = render(
    CARD_TEMPLATE,
    attackCardContext(card, privately, { user: alice, ownsAttacker: true, ownsTarget: false, names }, true),
  );
  const bob = { id: "bob", name: "Bob", isGM: false };
  const other = render(
    CARD_TEMPLATE,
    sealedCardContext(
      sealedView(card, privately),
      { user: bob, ownsAttacker: false, ownsTarget: true, names },
      "shell",
      "gmroll",
    ),
  );
  const held = render(
    CARD_TEMPLATE,
    attackCardContext(card, rolled, { user: gm, ownsAttacker: false, ownsTarget: false, names }, true),
  );
  const outOfRange = (lookup("FRAY.Refusal.OutOfRange") ?? "").replace("{range}", "3").replace("{distance}", "4");
  const refusal = `<p class="fray-card-refusal">${outOfRange}</p>`;
  for (const theme of THEMES) {
    shots.push(
      shot(
        `card-teams-sealed-attacker-${theme}`,
        "Chat (the attacker's owner, teams: sealed blind roll)",
        player,
        theme,
        teams.choice.attacker.name,
        true,
      ),
    );
    shots.push(
      shot(
        `card-teams-sealed-gm-${theme}`,
        "Chat (the GM, teams: sealed blind roll)",
        held,
        theme,
        teams.choice.attacker.name,
        true,
      ),
    );
    shots.push(
      shot(
        `card-teams-private-roller-${theme}`,
        "Chat (the roller, teams: private roll)",
        roller,
        theme,
        teams.choice.attacker.name,
      ),
    );
    shots.push(
      shot(
        `card-teams-private-other-${theme}`,
        "Chat (another player, teams: private roll)",
        other,
        theme,
        teams.choice.attacker.name,
      ),
    );
    shots.push(
      shot(
        `card-refusal-${theme}`,
        "Chat (a player's attack out of range: the warning's text)",
        refusal,
        theme,
        "Fray",
      ),
    );
  }
  return shots;
}
