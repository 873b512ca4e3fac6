import { ATTACK_COUNT_RESETS } from "../../core/economy/teams.js";
import { GRANTED_MOVE_WINDOWS } from "../../core/economy/sections.js";
import { DEFAULT_FACTIONS_OPTIONS } from "../../core/turn-order/factions/index.js";
import { END_WHEN, DEFAULT_RANKED_OPTIONS, RANKED_TIE_BREAKS, TIE_BREAKS } from "../../core/turn-order/ranked/index.js";
import { DELAY_LIMITS, DEFAULT_ROLLED_OPTIONS, ROUND_ZERO } from "../../core/turn-order/rolled/index.js";
import { DEFAULT_SECTIONS_OPTIONS, SECTIONS_ORDERS } from "../../core/turn-order/sections/index.js";
import { DEFAULT_TEAMS_OPTIONS, SURPRISE_ORDERS } from "../../core/turn-order/teams/index.js";

/**
 * A turn order's rule option a table may change (docs/rulings.md names each under its clause; the core owns its
 * default and its choices): a world setting
 * `fray.option.<mode>.<key>`, defaulting to the core's own default, passed to the engine when a fight starts.
 */
type RuleOption =
  | { readonly mode: string; readonly key: string; readonly kind: "boolean"; readonly initial: boolean }
  | {
      readonly mode: string;
      readonly key: string;
      readonly kind: "choice";
      readonly initial: string;
      readonly choices: readonly string[];
    }
  | {
      readonly mode: string;
      readonly key: string;
      readonly kind: "number";
      readonly initial: number;
      readonly min: number;
      readonly max: number;
    };

const flag = (mode: string, key: string, initial: boolean): RuleOption => ({ mode, key, kind: "boolean", initial });
const choice = (mode: string, key: string, initial: string, choices: readonly string[]): RuleOption => ({
  mode,
  key,
  kind: "choice",
  initial,
  choices,
});

export const RULE_OPTIONS: readonly RuleOption[] = [
  choice("ranked", "ties", DEFAULT_RANKED_OPTIONS.ties, RANKED_TIE_BREAKS),
  flag("ranked", "delayKeepsPlace", DEFAULT_RANKED_OPTIONS.delayKeepsPlace),
  choice("ranked", "endWhen", DEFAULT_RANKED_OPTIONS.endWhen, END_WHEN),
  choice("rolled", "ties", DEFAULT_ROLLED_OPTIONS.ties, TIE_BREAKS),
  choice("rolled", "roundZero", DEFAULT_ROLLED_OPTIONS.roundZero, ROUND_ZERO),
  choice("rolled", "delayLimit", DEFAULT_ROLLED_OPTIONS.delayLimit, DELAY_LIMITS),
  choice("rolled", "endWhen", DEFAULT_ROLLED_OPTIONS.endWhen, END_WHEN),
  flag("rolled", "recoverAtZeroTolerance", DEFAULT_ROLLED_OPTIONS.recoverAtZeroTolerance),
  {
    mode: "teams",
    key: "commandActions",
    kind: "number",
    initial: DEFAULT_TEAMS_OPTIONS.commandActions,
    min: 0,
    max: 3,
  },
  flag("teams", "sprintRepeatable", DEFAULT_TEAMS_OPTIONS.sprintRepeatable),
  flag("teams", "stepWithMove", DEFAULT_TEAMS_OPTIONS.stepWithMove),
  flag("teams", "readyUsesReaction", DEFAULT_TEAMS_OPTIONS.readyUsesReaction),
  flag("teams", "abandonSameTurn", DEFAULT_TEAMS_OPTIONS.abandonSameTurn),
  choice("teams", "attackCountResets", DEFAULT_TEAMS_OPTIONS.attackCountResets, ATTACK_COUNT_RESETS),
  choice("teams", "surpriseOrder", DEFAULT_TEAMS_OPTIONS.surpriseOrder, SURPRISE_ORDERS),
  flag("factions", "passIsFinal", DEFAULT_FACTIONS_OPTIONS.passIsFinal),
  flag("factions", "fastSlow", DEFAULT_FACTIONS_OPTIONS.fastSlow),
  flag("factions", "reactAfterActing", DEFAULT_FACTIONS_OPTIONS.reactAfterActing),
  flag("factions", "ambushUsesFirstTurn", DEFAULT_FACTIONS_OPTIONS.ambushUsesFirstTurn),
  choice("sections", "order", DEFAULT_SECTIONS_OPTIONS.order, SECTIONS_ORDERS),
  choice("sections", "grantedMoveWindow", DEFAULT_SECTIONS_OPTIONS.grantedMoveWindow, GRANTED_MOVE_WINDOWS),
];

export const settingKey = (o: Pick<RuleOption, "mode" | "key">): string => `option.${o.mode}.${o.key}`;

/**
 * The options of one turn order as the world has set them, each read by `read` and kept only when it is a value the
 * option allows (a setting edited by hand to something else falls back to the core's default).
 */
export function ruleOptionsFor(mode: string, read: (settingKey: string) => unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const o of RULE_OPTIONS) {
    if (o.mode !== mode) continue;
    const v = read(settingKey(o));
    const allowed =
      o.kind === "boolean"
        ? typeof v === "boolean"
        : o.kind === "choice"
          ? typeof v === "string" && o.choices.includes(v)
          : typeof v === "number" && Number.isInteger(v) && v >= o.min && v <= o.max;
    out[o.key] = allowed ? v : o.initial;
  }
  return out;
}
