import { SYSTEM_ID } from "./ruleset.js";

/** The world setting's key: whether a player's declared circumstances count without the GM's answer. */
const TRUST_CIRCUMSTANCES = "trustCircumstances";

/**
 * "Trust players' circumstances" (off by default): on, a player's declared circumstances count at once and they roll
 * without waiting; off, the GM confirms or changes them first (cards/requests/attack-circumstances.ts). A world
 * setting: only users who may configure the world change it, and the active GM's client reads it.
 */
export function registerTrustCircumstances(): void {
  const settings = game.settings as unknown as {
    register(ns: string, key: string, data: Record<string, unknown>): void;
  };
  settings.register(SYSTEM_ID, TRUST_CIRCUMSTANCES, {
    name: "FRAY.Setting.TrustCircumstances.Name",
    hint: "FRAY.Setting.TrustCircumstances.Hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: false,
  });
}

/** Whether this world trusts players' circumstances (read on the active GM's client, which handles the requests). */
export function trustsCircumstances(): boolean {
  return (
    (game.settings as unknown as { get(ns: string, key: string): unknown }).get(SYSTEM_ID, TRUST_CIRCUMSTANCES) === true
  );
}
