import { isRecord, isStringArray } from "../../shared/guards.js";
import { refuse, type Refusal } from "../../shared/outcome.js";

/**
 * The kind of value a command field must hold before a step handler reads it. Only the kind: the
 * handlers still judge the value (a known combatant, a whole number, a known reaction) with the rules' clause.
 * A trailing "?" lets the field be left out.
 */
type FieldKind =
  "string" | "number" | "boolean" | "record" | "strings" | "string?" | "number?" | "boolean?" | "record?" | "strings?";

/** For each command type, its fields and their kinds; a type missing here is unknown. */
export type CommandShapes = Readonly<Record<string, Readonly<Record<string, FieldKind>>>>;

type Required = "string" | "number" | "boolean" | "record" | "strings";
const REQUIRED: Readonly<Record<FieldKind, Required>> = {
  string: "string",
  number: "number",
  boolean: "boolean",
  record: "record",
  strings: "strings",
  "string?": "string",
  "number?": "number",
  "boolean?": "boolean",
  "record?": "record",
  "strings?": "strings",
};

function fits(value: unknown, kind: Required): boolean {
  switch (kind) {
    case "string":
      return typeof value === "string";
    case "number":
      return typeof value === "number";
    case "boolean":
      return typeof value === "boolean";
    case "record":
      return isRecord(value);
    case "strings":
      return isStringArray(value);
  }
}

/** The fields of a declare command every rule set with one reads alike (escalation, teams). */
export const DECLARE_FIELDS = {
  attacker: "string",
  target: "string",
  weapon: "record?",
  flanking: "boolean?",
} as const;

/** Refuse a command that is not an object with a known type and fields of the right kinds; never throws. */
export function checkCommand(command: unknown, shapes: CommandShapes): Refusal | null {
  if (!isRecord(command) || typeof command.type !== "string")
    return refuse("MalformedCommand", "a command is an object with a type");
  const shape = Object.hasOwn(shapes, command.type) ? shapes[command.type] : undefined;
  if (!shape)
    return refuse("UnknownCommand", `unknown attack command ${command.type}`, undefined, { type: command.type });
  for (const field in shape) {
    const kind = shape[field]!;
    const value = command[field];
    const required = REQUIRED[kind];
    if (kind !== required && value === undefined) continue;
    if (!fits(value, required))
      return refuse("MalformedCommand", `${command.type}.${field} must be a ${required}`, undefined, {
        type: command.type,
        field,
      });
  }
  return null;
}
