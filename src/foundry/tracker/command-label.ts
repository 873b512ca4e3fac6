import { shown } from "../../core/shared/shown.js";
import type { TurnCommand } from "../combat/fight/turn-command.js";
import { menuWords } from "./menu-words.js";
import type { CommandLabel, Namer } from "./namer.js";

export type { CommandLabel, Namer } from "./namer.js";

// The fields a command is told apart by; the rest (type, combatant, side) are shown by where the control sits.
const WHERE = new Set(["type", "combatant", "side"]);

/**
 * The label of any command's control. A boolean switch (setAble, setProne) has one key per value; every other
 * command names its type and, as `detail`, the values that set it apart from its siblings (the action spent, the
 * reaction, the Move kind, the health set, the victors...), with combatant and side ids turned into names.
 */
export function commandLabel(command: TurnCommand, names: Namer): CommandLabel {
  const flag = command.type === "setAble" ? command.able : command.type === "setProne" ? command.prone : undefined;
  if (typeof flag === "boolean")
    return { label: `FRAY.Tracker.Command.${command.type}.${flag ? "on" : "off"}`, data: {} };
  // SEC-42: a Block says which border, by the section beyond it.
  if (command.type === "spend" && typeof command.border === "string" && typeof command.from === "string")
    return {
      label: "FRAY.Tracker.Command.block",
      data: { section: names.across?.(command.border, command.from) ?? command.border },
    };
  // SEC-46: a Block at a distance says which border, by the two sections it lies between.
  if ((command.type === "blockAtDistance" || command.type === "endDistanceBlock") && typeof command.border === "string")
    return {
      label: `FRAY.Tracker.Command.${command.type}`,
      data: { between: names.between?.(command.border) ?? command.border },
    };
  // The rule set's own words, where its tables know the command (menu-words.ts).
  const words = menuWords(command, names);
  if (words) return words;
  const parts: string[] = [];
  for (const [key, value] of Object.entries(command)) {
    if (WHERE.has(key)) continue;
    parts.push(shownValue(key, value, names));
  }
  return { label: `FRAY.Tracker.Command.${command.type}`, data: { detail: parts.filter((p) => p !== "").join(" · ") } };
}

function shownValue(key: string, value: unknown, names: Namer): string {
  if (key === "after") return typeof value === "string" ? names.combatant(value) : "";
  if (key === "victors" && Array.isArray(value)) return value.map((v) => names.side(String(v))).join(", ");
  if (Array.isArray(value)) return value.map((v) => shownValue(key, v, names)).join(", ");
  if (value && typeof value === "object")
    return Object.values(value)
      .map((v) => shownValue(key, v, names))
      .join(", ");
  return value === undefined || value === null ? "" : shown(value);
}
