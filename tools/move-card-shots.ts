/**
 * The move cards as the chat draws them (templates/chat/move-card.hbs with the real context): a fall for the GM
 * (Apply), a failed descent roll that cut the move short as a player sees it, a climb holding short of the top, a free
 * hit offered to the enemy's owner (Take, Decline), and the opportunity attack that stopped a move, as the enemy's
 * owner sees it, light and dark.
 */
import { moveCardContext } from "../src/foundry/move-cards/move-card-context.js";
import { render } from "../test/fakes/handlebars-env.js";
import {
  CLIMB_CARD,
  DESCENT_CARD,
  FALL_CARD,
  FREE_HIT_OFFER,
  OPPORTUNITY_OFFER,
} from "../test/foundry/move-cards/move-card-samples.js";
import type { Shot } from "./screenshot-page.js";

const TEMPLATE = "templates/chat/move-card.hbs";

const CASES = [
  { name: "fall-gm", sender: "Ilsa", data: FALL_CARD, viewer: { isGM: true, ownsBy: false, names: { ilsa: "Ilsa" } } },
  {
    name: "descent-player",
    sender: "Mira",
    data: DESCENT_CARD,
    viewer: { isGM: false, ownsBy: false, names: { ilsa: "Mira" } },
  },
  {
    name: "free-hit-owner",
    sender: "Orrin",
    data: FREE_HIT_OFFER,
    viewer: { isGM: false, ownsBy: true, names: { ilsa: "Orrin", gob: "Goblin" } },
  },
  {
    name: "climb-player",
    sender: "Ilsa",
    data: CLIMB_CARD,
    viewer: { isGM: false, ownsBy: false, names: { ilsa: "Ilsa" } },
  },
  {
    name: "opportunity-stopped-owner",
    sender: "Thug",
    data: OPPORTUNITY_OFFER,
    viewer: { isGM: false, ownsBy: true, names: { ilsa: "Balthasar", thug: "Thug" } },
  },
] as const;

/**
 * move-card-<case>-<theme>: fall-gm, descent-player (cut short), climb-player, free-hit-owner,
 * opportunity-stopped-owner.
 */
export function moveCardShots(): Shot[] {
  return CASES.flatMap((c) =>
    (["dark", "light"] as const).map((theme): Shot => ({
      file: `move-card-${c.name}-${theme}`,
      title: `Chat (move card: ${c.name})`,
      html: render(TEMPLATE, moveCardContext(c.data, c.viewer)),
      frame: "sidebar",
      tab: "chat",
      theme,
      width: 300,
      message: { sender: c.sender, blind: false },
    })),
  );
}
