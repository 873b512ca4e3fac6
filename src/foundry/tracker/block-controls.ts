import type { TurnCommand } from "../combat/fight/turn-command.js";

/** A border a combatant may Block, as the canvas lists it (canvas/blocks/block-choices.ts). */
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
    const isBlock =
      command.type === "spend" &&
      command.phase === "strategy" &&
      command.action === "block" &&
      command.border === undefined;
    const list = isBlock && typeof command.combatant === "string" ? choices(command.combatant) : null;
    if (list === null) out.push(command);
    else for (const c of list) out.push({ ...command, border: c.border, from: c.from });
  }
  return out;
}

/** SEC-46: what a combatant may Block at a distance: the ability (item id) it does so with and the map's borders. */
export interface DistanceChoices {
  readonly source: string;
  readonly borders: readonly string[];
}

/**
 * SEC-46: the turn order lists no Block at a distance (it knows neither the sheets' abilities nor the map); the tracker
 * offers one per border of the map to each combatant whose actor has such an ability, leaving out the borders it
 * already Blocks at a distance (the legal list ends those). The GM checks the ability and the border on its own.
 */
export function withDistanceBlocks(
  legal: readonly TurnCommand[],
  combatants: readonly string[],
  choices: (combatant: string) => DistanceChoices | null,
): TurnCommand[] {
  const out = [...legal];
  for (const combatant of combatants) {
    const c = choices(combatant);
    if (!c) continue;
    const held = new Set(
      legal.filter((x) => x.type === "endDistanceBlock" && x.combatant === combatant).map((x) => x.border),
    );
    for (const border of c.borders)
      if (!held.has(border)) out.push({ type: "blockAtDistance", combatant, border, source: c.source });
  }
  return out;
}
