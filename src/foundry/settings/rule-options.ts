import { DEFAULT_FACTIONS_OPTIONS } from "../../core/turn-order/factions/index.js";
import { RANKED_DEFAULTS } from "../../core/turn-order/ranked/index.js";
import { ROLLED_DEFAULTS } from "../../core/turn-order/rolled/index.js";
import { DEFAULT_SECTIONS_OPTIONS } from "../../core/turn-order/sections/index.js";
import { DEFAULT_TEAMS_OPTIONS } from "../../core/turn-order/teams/index.js";

/**
 * A turn order's rule option a table may change (docs/rulings.md names each under its clause): a world setting
 * `fray.option.<mode>.<key>`, defaulting to the core's own default, passed to the engine when a fight starts.
 */
export type RuleOption =
  | { readonly mode: string; readonly key: string; readonly kind: "boolean"; readonly initial: boolean }
  | { readonly mode: string; readonly key: string; readonly kind: "choice"; readonly initial: string; readonly choices: readonly string[] }
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
  choice("ranked", "ties", RANKED_DEFAULTS.ties, ["listed", "pcFirst", "rollOff"]),
  flag("ranked", "delayKeepsPlace", RANKED_DEFAULTS.delayKeepsPlace),
  choice("ranked", "endWhen", RANKED_DEFAULTS.endWhen, ["oneSideLeft", "anySideDown"]),
  choice("rolled", "ties", ROLLED_DEFAULTS.ties, ["listed", "modifier", "pcFirst", "rollOff"]),
  choice("rolled", "roundZero", ROLLED_DEFAULTS.roundZero, ["everyone", "pcsOnly"]),
  choice("rolled", "delayLimit", ROLLED_DEFAULTS.delayLimit, ["perCharacter", "perRound"]),
  choice("rolled", "endWhen", ROLLED_DEFAULTS.endWhen, ["oneSideLeft", "anySideDown"]),
  flag("rolled", "recoverAtZeroTolerance", ROLLED_DEFAULTS.recoverAtZeroTolerance),
  { mode: "teams", key: "commandActions", kind: "number", initial: DEFAULT_TEAMS_OPTIONS.commandActions, min: 0, max: 3 },
  flag("teams", "sprintRepeatable", DEFAULT_TEAMS_OPTIONS.sprintRepeatable),
  flag("teams", "stepWithMove", DEFAULT_TEAMS_OPTIONS.stepWithMove),
  flag("teams", "readyUsesReaction", DEFAULT_TEAMS_OPTIONS.readyUsesReaction),
  flag("teams", "abandonSameTurn", DEFAULT_TEAMS_OPTIONS.abandonSameTurn),
  choice("teams", "attackCountResets", DEFAULT_TEAMS_OPTIONS.attackCountResets, ["round", "turn"]),
  choice("teams", "surpriseOrder", DEFAULT_TEAMS_OPTIONS.surpriseOrder, ["initiative", "surprisersFirst"]),
  flag("factions", "passIsFinal", DEFAULT_FACTIONS_OPTIONS.passIsFinal),
  flag("factions", "fastSlow", DEFAULT_FACTIONS_OPTIONS.fastSlow),
  flag("factions", "reactAfterActing", DEFAULT_FACTIONS_OPTIONS.reactAfterActing),
  flag("factions", "ambushUsesFirstTurn", DEFAULT_FACTIONS_OPTIONS.ambushUsesFirstTurn),
  choice("sections", "order", DEFAULT_SECTIONS_OPTIONS.order, ["sides", "fixed", "popcorn"]),
  choice("sections", "grantedMoveWindow", DEFAULT_SECTIONS_OPTIONS.grantedMoveWindow, ["anytime", "drawToDiscard"]),
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
