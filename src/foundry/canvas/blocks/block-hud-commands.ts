import type { TurnCommand } from "../../combat/fight/turn-command.js";
import { commandLabel, type Namer } from "../../tracker/command-label.js";

/** One control of the token HUD's Block palette: the command it sends and its label. */
export interface HudBlockControl {
  readonly command: TurnCommand;
  readonly label: string;
  readonly data: Readonly<Record<string, string | number>>;
}

/** What the token HUD offers a sections combatant about Blocks: a Block per border, and lowering its Block. */
export interface HudBlockControls {
  readonly blocks: readonly HudBlockControl[];
  readonly lower: HudBlockControl | null;
}

/**
 * SEC-42/SEC-43: the token HUD's Block controls are the tracker row's own: from the fight's legal commands (each
 * Block already one per border of the blocker's section: tracker-blocks.ts), those for this combatant that this user
 * may send (the GM checks again), labelled as the tracker labels them. A Block that names no border (a token off
 * every section) is left to the tracker: the HUD Blocks borders of the map.
 */
export function hudBlockControls(
  legal: readonly TurnCommand[],
  combatant: string,
  mayIssue: (command: TurnCommand) => boolean,
  names: Namer,
): HudBlockControls {
  const mine = legal.filter((c) => c.combatant === combatant && mayIssue(c));
  const control = (command: TurnCommand): HudBlockControl => ({ command, ...commandLabel(command, names) });
  const blocks = mine.filter(
    (c) => c.type === "spend" && c.phase === "strategy" && c.action === "block" && typeof c.border === "string",
  );
  const lower = mine.find((c) => c.type === "lowerBlock");
  return { blocks: blocks.map(control), lower: lower ? control(lower) : null };
}
