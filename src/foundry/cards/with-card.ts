import { RULESETS } from "../../core/rulesets.js";
import { deny, type RequestAnswer } from "../requests/request-answer.js";
import { currentRuleset } from "../settings/ruleset.js";
import { loadCardRuleset } from "./card-registry.js";

/**
 * The attack card a request needs (its message's rule set, else the world's) loaded before the handler runs, which
 * then checks everything as before; a load that failed refuses the request instead of running anything unchecked.
 */
export async function withCard(
  payload: unknown,
  handle: () => Promise<RequestAnswer>,
  load: (ruleset: string) => Promise<unknown> = loadCardRuleset,
): Promise<RequestAnswer> {
  const messageId = (payload as { messageId?: unknown } | null)?.messageId;
  const stored = typeof messageId === "string" ? (game.messages.get(messageId)?.system as { ruleset?: unknown } | undefined) : undefined;
  const ruleset = typeof stored?.ruleset === "string" ? stored.ruleset : currentRuleset();
  if ((RULESETS as readonly string[]).includes(ruleset)) {
    try {
      await load(ruleset);
    } catch {
      return deny("RulesFailed", `the attack card of ${ruleset} could not be loaded`);
    }
  }
  return handle();
}
