/**
 * The move cards as the chat draws them (templates/chat/move-card.hbs with the real context): a fall for the GM (Apply),
 * a failed descent roll as a player sees it, and a free hit offered to the enemy's owner (Take), light and dark.
 */
import type { MoveCardData } from "../src/foundry/move-cards/move-card-data.js";
import { moveCardContext } from "../src/foundry/move-cards/move-card-context.js";
import { render } from "../test/fakes/handlebars-env.js";
import type { Shot } from "./screenshot-page.js";

const TEMPLATE = "templates/chat/move-card.hbs";

const fall: MoveCardData = {
  effect: { kind: "fall", clause: "SEC-13", mover: "t", height: 2 },
  sceneId: "s1",
  moverRef: "ilsa",
  byRef: "",
  rollMode: "publicroll",
  outcome: { kind: "fall", damage: 7, dice: [3, 4] },
  applied: null,
  taken: null,
};

const descent: MoveCardData = {
  ...fall,
  effect: { kind: "descent", clause: "STR-26", mover: "t", levels: 3, skill: "reflex", modifier: 0, speed: 4, spent: 4, speedLoss: 1 },
  outcome: { kind: "descent", result: "failure", total: 5, opposition: 9, slowed: 1, dazed: 1 },
};

const offer: MoveCardData = {
  ...fall,
  effect: { kind: "free-hit", clause: "ESC-39", mover: "t", by: "e", why: "left-melee-zone" },
  byRef: "gob",
  outcome: null,
};

const CASES = [
  { name: "fall-gm", sender: "Ilsa", data: fall, viewer: { isGM: true, ownsBy: false, names: { ilsa: "Ilsa" } } },
  { name: "descent-player", sender: "Mira", data: descent, viewer: { isGM: false, ownsBy: false, names: { ilsa: "Mira" } } },
  { name: "free-hit-owner", sender: "Orrin", data: offer, viewer: { isGM: false, ownsBy: true, names: { ilsa: "Orrin", gob: "Goblin" } } },
] as const;

/** move-card-fall-gm-<theme>, move-card-descent-player-<theme>, move-card-free-hit-owner-<theme>. */
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
