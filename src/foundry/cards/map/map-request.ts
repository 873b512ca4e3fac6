import { isRecord } from "../../../core/shared/guards.js";

/** Where the attacking user says the attack happens: the scene they look at and the tokens they picked. Untrusted. */
export interface MapRequest {
  readonly sceneId?: string;
  readonly attackerTokenId?: string;
  readonly targetTokenId?: string;
}

export function readMapRequest(payload: Record<string, unknown>): MapRequest | null {
  const map = payload.map;
  if (map === undefined) return {};
  if (!isRecord(map)) return null;
  const out: Record<string, string> = {};
  for (const k of ["sceneId", "attackerTokenId", "targetTokenId"] as const) {
    if (map[k] === undefined) continue;
    if (typeof map[k] !== "string") return null;
    out[k] = map[k];
  }
  return out;
}
