import { problemMessageData } from "../data/problem-message.js";
import type { UpdateProblem } from "../data/review-update.js";

/** One localised warning per refused or corrected value, so nothing a user typed disappears silently. */
export function warnProblems(problems: readonly UpdateProblem[]): void {
  for (const p of problems) ui.notifications?.warn(game.i18n?.format(p.key, problemMessageData(p)) ?? p.key);
}
