import type { TurnCommand } from "../combat/turn-command.js";

/** A border a combatant may Block, as the canvas lists it (canvas/block-choices.ts). */
export interface BorderChoice {
  readonly border: string;
  readonly from: string;
}

/**
 * SEC-42: the turn order lists a Strategy Phase spent on a Block without its border (it knows no map); the tracker
 * offers one control per border of the blocker's section instead, each naming its border and section (the GM checks
 * both against its own map). `choices` gives null where the combatant stands on no sections map: the plain spend stays.
 */
export function withBlockChoices(
  legal: readonly TurnCommand[],
  choices: (combatant: string) => readonly BorderChoice[] | null,
): TurnCommand[] {
  const out: TurnCommand[] = [];
  for (const command of legal) {
    const isBlock = command.type === "spend" && command.phase === "strategy" && command.action === "block" && command.border === undefined;
    const list = isBlock && typeof command.combatant === "string" ? choices(command.combatant) : null;
    if (list === null) out.push(command);
    else for (const c of list) out.push({ ...command, border: c.border, from: c.from });
  }
  return out;
}
