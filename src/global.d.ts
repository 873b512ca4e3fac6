// The one place for Fray's declaration merging with the Foundry v13 types.
import type { RulesetId } from "./core/rulesets.js";

declare module "fvtt-types/configuration" {
  // Everything Fray runs happens in or after the init hook.
  interface AssumeHookRan {
    init: never;
  }

  interface SettingConfig {
    "fray.ruleset": RulesetId;
  }
}

export {};
