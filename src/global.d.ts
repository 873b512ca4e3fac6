// The one place for Fray's declaration merging with the Foundry v13 types.
import type { RulesetId } from "./core/rulesets.js";
import type { FrayActor } from "./foundry/documents/fray-actor.js";
import type { FrayItem } from "./foundry/documents/fray-item.js";

declare module "fvtt-types/configuration" {
  // Everything Fray runs happens in or after the init hook.
  interface AssumeHookRan {
    init: never;
  }

  interface DocumentClassConfig {
    Actor: typeof FrayActor;
    Item: typeof FrayItem;
  }

  interface SettingConfig {
    "fray.ruleset": RulesetId;
  }
}

export {};
