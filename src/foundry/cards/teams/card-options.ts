import { isWholeNumber } from "../../../core/shared/guards.js";
import { refuse, type Refusal } from "../../../core/shared/outcome.js";
import { shown } from "../../../core/shared/shown.js";

/**
 * The teams card's own choices (AttackChoice.options), each checked before it reaches the pipeline:
 * what the attacker picks, what the fight's turn order knows, and what only the table can see.
 */
export interface TeamsCardOptions {
  /** TEAM-46/47: the weapon's attribute and proficiency the test uses; unpicked, the larger. */
  readonly attribute?: string;
  readonly proficiency?: string;
  /** TEAM-56 sneak attack, TEAM-57 flanking; other advantages and disadvantages (TEAM-58). */
  readonly sneak: boolean;
  readonly flanking: boolean;
  readonly advantages: number;
  readonly disadvantages: number;
  /** TEAM-72: a killing strike on an unconscious target instead of an attack. */
  readonly killingStrike: boolean;
  /** TEAM-54: the attacker's attacks earlier this round (from the turn order). */
  readonly attacksThisRound: number;
  /** TEAM-35: the target's reactions left (from the turn order). */
  readonly reactions: number;
  /** TEAM-22 Guard and TEAM-25 Seek Cover on the target, until its next turn. */
  readonly targetGuarding: boolean;
  readonly targetInCover: boolean;
}

const FLAGS = ["sneak", "flanking", "killingStrike", "targetGuarding", "targetInCover"] as const;
const COUNTS = { advantages: 0, disadvantages: 0, attacksThisRound: 0, reactions: 1 } as const;
const PICKS = ["attribute", "proficiency"] as const;

function badOption(option: string, value: unknown): Refusal {
  return refuse("TeamsCardBadOption", `option ${option} cannot be ${shown(value)}`, undefined, {
    option,
    value: shown(value),
  });
}

/** The options read with their defaults, or a refusal naming the first one that is not what it should be. */
export function readCardOptions(options: Readonly<Record<string, unknown>>): TeamsCardOptions | Refusal {
  const out: Record<string, unknown> = {};
  for (const k of FLAGS) {
    const v = Object.hasOwn(options, k) ? options[k] : false;
    if (typeof v !== "boolean") return badOption(k, v);
    out[k] = v;
  }
  for (const [k, initial] of Object.entries(COUNTS)) {
    const v = Object.hasOwn(options, k) ? options[k] : initial;
    if (!isWholeNumber(v) || v < 0) return badOption(k, v);
    out[k] = v;
  }
  for (const k of PICKS) {
    const v = Object.hasOwn(options, k) ? options[k] : undefined;
    if (v !== undefined && typeof v !== "string") return badOption(k, v);
    if (v !== undefined) out[k] = v;
  }
  return out as unknown as TeamsCardOptions;
}
