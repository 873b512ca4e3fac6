// The one place for Fray's declaration merging with the Foundry v13 types.
import type { RulesetId } from "./core/rulesets.js";
import type { FrayTokenDocument } from "./foundry/canvas/token/fray-token-document.js";
import type { FrayCombat } from "./foundry/combat/fray-combat.js";
import type { FrayCombatModel } from "./foundry/combat/fight/combat-model.js";
import type { FrayActor } from "./foundry/documents/fray-actor.js";
import type { FrayItem } from "./foundry/documents/fray-item.js";
import type { SealedDelivery } from "./foundry/cards/sealed/sealed-delivery.js";

declare module "fvtt-types/configuration" {
  // Registration runs in init; everything else (sheets, tracker, requests, cards) runs once the game is ready.
  interface AssumeHookRan {
    ready: never;
  }

  interface DataModelConfig {
    Combat: {
      ranked: typeof FrayCombatModel;
      rolled: typeof FrayCombatModel;
      teams: typeof FrayCombatModel;
      factions: typeof FrayCombatModel;
      sections: typeof FrayCombatModel;
    };
  }

  interface DocumentClassConfig {
    Combat: typeof FrayCombat;
    Actor: typeof FrayActor;
    Item: typeof FrayItem;
    Token: typeof FrayTokenDocument;
  }

  interface SettingConfig {
    "fray.ruleset": RulesetId;
  }
}

declare global {
  namespace CONFIG {
    // The query the active GM sends a private or self card's state by, to its roller alone
    // (cards/sealed/sealed-delivery.ts).
    interface Queries {
      "fray.sealedCard": (
        queryData: SealedDelivery,
        queryOptions: { timeout?: number | undefined },
      ) => Promise<boolean>;
    }
  }
}

export {};
