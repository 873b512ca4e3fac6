import { refuse } from "../../core/shared/outcome.js";
import { LazyRegistry } from "../lazy/lazy-registry.js";
import { reportLoadFailed } from "../lazy/report-load-failed.js";
import type { DrawDie } from "../../core/shared/dealing.js";
import type { MoveCheckInput, MoveVerdict } from "./move-check.js";
import type { LetGoInput, LetGoVerdict } from "./move-check-sections.js";

type MoveCheck = (input: MoveCheckInput) => MoveVerdict;
type MoveCheckChunk = {
  readonly checkMove: MoveCheck;
  readonly checkLetGo: (input: LetGoInput) => LetGoVerdict;
  readonly checkMoveDealt: (input: MoveCheckInput, draw: DrawDie) => Promise<MoveVerdict>;
};

/** The one chunk of move checks: every space model's queries (src/core/space), which a scene may pick whatever the rule set. */
const SPACE = "space";

/**
 * The rules core's move queries (sections, zones, grid: the bulk of src/core/space) load on demand with move-check.ts,
 * asked for at init (lazy/preload-world-rules.ts) so they are there before the first drag. What compiles a scene and
 * prices a step for Foundry's cost functions stays in fray.mjs: Foundry calls those without waiting.
 */
const registry = new LazyRegistry<MoveCheckChunk>(
  "moveCheck",
  {
    [SPACE]: () =>
      import("./move-check.js").then((m) => ({ checkMove: m.checkMove, checkMoveDealt: m.checkMoveDealt, checkLetGo: m.checkLetGo })),
  },
  (what, id, error) => reportLoadFailed(what, id, error),
);

/** The move check, loading it the first time; rejects when it cannot load (told once on screen). */
export function loadMoveCheck(): Promise<MoveCheck> {
  return registry.load(SPACE).then((m) => m.checkMove);
}

/** Start loading the move check without waiting. */
export function preloadMoveCheck(): void {
  registry.preload(SPACE);
}

/** Whether the move check has loaded (the ruler shows no verdict before). */
export function moveCheckLoaded(): boolean {
  return registry.loaded(SPACE) !== undefined;
}

/**
 * For callers that cannot wait (the GM's audit of a made move): the core's verdict, or, before the check has loaded, a
 * refusal saying so. A move is never let through unchecked.
 */
export function checkMoveNow(input: MoveCheckInput): MoveVerdict {
  const check = registry.loaded(SPACE)?.checkMove;
  if (check) return check(input);
  return registry.failed(SPACE)
    ? refuse("RulesFailed", "the move check could not be loaded")
    : refuse("RulesLoading", "the move check is still loading");
}

/** For callers that can wait (a move's own check, the GM's check of a request): the verdict once the check has loaded. */
export async function checkMoveLoaded(input: MoveCheckInput): Promise<MoveVerdict> {
  let check: MoveCheck;
  try {
    check = (await registry.load(SPACE)).checkMove;
  } catch {
    return refuse("RulesFailed", "the move check could not be loaded");
  }
  return check(input);
}

/**
 * The GM's check with dice (a move request): descents rolled as the core asks for them, one die at a time from `draw`
 * (Foundry's Rolls), before the move lands (STR-26). The dealing loop lives in the chunk, beside the queries.
 */
export async function checkMoveWithDice(input: MoveCheckInput, draw: DrawDie): Promise<MoveVerdict> {
  let chunk: MoveCheckChunk;
  try {
    chunk = await registry.load(SPACE);
  } catch {
    return refuse("RulesFailed", "the move check could not be loaded");
  }
  return chunk.checkMoveDealt(input, draw);
}

/** SEC-21: the GM's check of a climber letting go, once the check has loaded. */
export async function checkLetGoLoaded(input: LetGoInput): Promise<LetGoVerdict> {
  try {
    return (await registry.load(SPACE)).checkLetGo(input);
  } catch {
    return refuse("RulesFailed", "the move check could not be loaded");
  }
}
