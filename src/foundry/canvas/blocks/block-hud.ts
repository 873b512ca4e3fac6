import { authorise } from "../../combat/requests/authority.js";
import { currentJournal, readFight, sidesOf } from "../../combat/fight/journal.js";
import { combatModeOf } from "../../rulesets/index.js";
import { requestTurn } from "../../combat/requests/turn-client.js";
import type { TurnCommand } from "../../combat/fight/turn-command.js";
import { hudBlockControls, type HudBlockControl, type HudBlockControls } from "./block-hud-commands.js";
import { blockOffers } from "./tracker-blocks.js";
import { worldFight } from "../fight/world-fight.js";
import { theGame, type GamePort } from "../../game/game-port.js";

const format = (c: HudBlockControl, game: Pick<GamePort, "i18n">) =>
  game.i18n.format(c.label, Object.fromEntries(Object.entries(c.data).map(([k, v]) => [k, String(v)])));

/** The Block controls this user may use for the token's combatant, in a started sections fight; null otherwise. */
function controlsOf(
  token: TokenDocument.Implementation,
  game: Pick<GamePort, "user">,
): { combat: Combat.Implementation; controls: HudBlockControls } | null {
  const fight = token.parent?.id && token.id ? worldFight(token.parent.id).fighters.get(token.id)?.fight : undefined;
  const combat = fight?.combat as Combat.Implementation | undefined;
  const stored = combat ? readFight(combat.system) : null;
  if (!fight || !combat || stored?.kind !== "sound") return null;
  const mode = combatModeOf(stored.journal.engine);
  if (mode?.id !== "sections") return null;
  const journal = currentJournal(mode, stored.journal);
  if (!journal) return null;
  const view = mode.engine.view(journal.state);
  const offers = blockOffers(combat, mode.engine.legal(journal.state));
  const sides = sidesOf(stored.journal);
  const mayIssue = (command: TurnCommand) =>
    authorise({
      combat,
      user: game.user,
      command,
      sides,
      view: () => view,
      held: (id) => mode.engine.held(journal.state, id),
    }) === null;
  const names = {
    combatant: (id: string) => combat.combatants.get(id)?.name ?? id,
    side: (id: string) => id,
    across: offers.across,
  };
  const controls = hudBlockControls(offers.legal, fight.combatant, mayIssue, names);
  return controls.blocks.length > 0 || controls.lower ? { combat, controls } : null;
}

/** A token HUD control: a button the keyboard reaches, its label for screen readers and the tooltip. */
export function hudButton(icon: string, label: string, className: string): HTMLButtonElement {
  const b = document.createElement("button");
  b.type = "button";
  b.className = `control-icon ${className}`;
  b.setAttribute("aria-label", label);
  b.dataset.tooltip = label;
  const i = document.createElement("i");
  i.className = icon;
  i.setAttribute("aria-hidden", "true");
  b.append(i);
  return b;
}

/**
 * SEC-42/SEC-43 on the token HUD of a sections combatant: a Block control opening the list of borders the tracker
 * row's menu offers (same commands, same request: the GM checks each again) and, while it Blocks, a control to lower
 * it. Buttons, so the keyboard reaches them; the list closes with Escape.
 */
export function addBlockControls(
  hud: { readonly document: TokenDocument.Implementation; close(): unknown },
  html: HTMLElement,
): void {
  const game = theGame();
  const found = controlsOf(hud.document, game);
  const column = html.querySelector<HTMLElement>(".col.right");
  if (!found || !column) return;
  const { combat, controls } = found;
  const send = async (command: TurnCommand) => {
    const answer = await requestTurn(combat, command);
    if (answer.ok) await hud.close();
  };
  if (controls.blocks.length > 0) {
    const label = game.i18n.localize("FRAY.Hud.Block");
    const open = hudButton("fa-solid fa-shield-halved", label, "fray-hud-block");
    const palette = document.createElement("div");
    palette.className = "fray-block-palette";
    palette.setAttribute("role", "menu");
    palette.setAttribute("aria-label", label);
    palette.hidden = true;
    open.setAttribute("aria-haspopup", "menu");
    open.setAttribute("aria-expanded", "false");
    const toggle = (show: boolean) => {
      palette.hidden = !show;
      open.setAttribute("aria-expanded", String(show));
      open.classList.toggle("active", show);
      if (show) palette.querySelector<HTMLButtonElement>("button")?.focus();
    };
    open.addEventListener("click", () => toggle(palette.hidden));
    for (const c of controls.blocks) {
      const item = document.createElement("button");
      item.type = "button";
      item.setAttribute("role", "menuitem");
      item.textContent = format(c, game);
      item.addEventListener("click", () => void send(c.command));
      palette.append(item);
    }
    palette.addEventListener("keydown", (event) => {
      if (event.key !== "Escape") return;
      event.stopPropagation();
      toggle(false);
      open.focus();
    });
    const wrap = document.createElement("div");
    wrap.className = "fray-hud-block-wrap";
    wrap.append(open, palette);
    column.append(wrap);
  }
  if (controls.lower) {
    const lower = controls.lower;
    const b = hudButton("fa-solid fa-shield", format(lower, game), "fray-hud-lower-block");
    b.classList.add("active");
    b.addEventListener("click", () => void send(lower.command));
    column.append(b);
  }
}
