import { currentRuleset } from "../settings/ruleset.js";
import { registerFightConditions } from "./foundry-fights.js";
import { statusEffectsFor } from "./status-effects.js";
import { theGame } from "../game/game-port.js";

/** An actor that can put its icons in step with its conditions (FrayActor). */
interface Mirrors {
  mirrorConditions(): Promise<void>;
}
const mirrors = (a: unknown): a is Mirrors => typeof (a as Partial<Mirrors> | null)?.mirrorConditions === "function";

/**
 * The world rule set's conditions as the token HUD's status effects. Settings are readable from "setup" on. At
 * "ready" the active GM gives every actor the icons of the conditions it already holds (data from before the icons).
 * During a fight, a condition's field and the turn order are kept in step (fight-sync.ts).
 */
export function registerStatusEffects(): void {
  registerFightConditions();
  Hooks.once("setup", () => {
    CONFIG.statusEffects = statusEffectsFor(currentRuleset()) as unknown as typeof CONFIG.statusEffects;
  });
  Hooks.once("ready", () => {
    const game = theGame();
    if (!game.user.isActiveGM) return;
    const synthetic = game.scenes.contents.flatMap((s) =>
      s.tokens.contents.filter((t) => !t.actorLink).map((t) => t.actor),
    );
    for (const actor of [...game.actors.contents, ...synthetic])
      if (mirrors(actor))
        actor.mirrorConditions().catch((error: unknown) => console.error("Fray | status icons not updated", error));
  });
}
