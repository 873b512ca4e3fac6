import { shown as kindShown } from "../../core/shared/shown.js";
import type { UpdateProblem } from "./review-update.js";

/** The format data of one FRAY.Update.* notification: {path} {value} {fixedTo}, all as text. Pure. */
export function problemMessageData(problem: UpdateProblem): Record<string, string> {
  return {
    path: `system.${problem.path}`,
    value: shown(problem.value),
    fixedTo: problem.fixedTo === undefined ? "" : String(problem.fixedTo),
  };
}

function shown(value: unknown): string {
  if (typeof value === "string") return value === "" ? '""' : value;
  if (value === undefined || value === null || typeof value === "number" || typeof value === "boolean")
    return String(value);
  try {
    return JSON.stringify(value);
  } catch {
    return kindShown(value);
  }
}
