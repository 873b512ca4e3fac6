import { problemMessageData } from "../data/problem-message.js";
import type { UpdateProblem } from "../data/review-update.js";

/**
 * One localised warning per refused or corrected value, so nothing a user typed disappears silently. The values go
 * as v13's `format` option, which escapes them: a notification is HTML, and a typed value must show as typed.
 */
export function warnProblems(problems: readonly UpdateProblem[]): void {
  for (const p of problems) ui.notifications?.warn(p.key, { format: problemMessageData(p) });
}
