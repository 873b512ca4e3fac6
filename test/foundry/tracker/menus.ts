import { openJournal, type Journal } from "../../../src/core/shared/journal.js";
import { COMBAT_MODES } from "../../../src/foundry/rulesets/index.js";
import type { TurnCommand } from "../../../src/foundry/combat/fight/turn-command.js";
import { roster } from "./two-sides.js";

// The ⋯ menus of the rendered tracker, read back as a user reads them (menu-words.test.ts, menu-groups.test.ts).

export type J = Journal<unknown, unknown, TurnCommand>;

export function open(modeId: string, seed = 5): J {
  const mode = COMBAT_MODES[modeId]!;
  const j = openJournal(mode.engine, mode.buildSetup(roster, { sideOrder: ["a", "b"] }), seed);
  if (!j.ok) throw new Error(j.reason);
  return j.state;
}

/** The ⋯ menus of the rendered tracker: each row's menu HTML, by combatant id. */
export function menus(html: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of html.matchAll(
    /data-combatant-id="([^"]+)"[^>]*>[\s\S]*?(<details class="fray-menu fray-more">[\s\S]*?<\/details>)/g,
  ))
    out.set(m[1]!, m[2]!);
  return out;
}

/** The words of each item in a menu, as the user reads them. */
export const items = (menu: string): string[] =>
  [...menu.matchAll(/<button[^>]*>([\s\S]*?)<\/button>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, "").trim());
