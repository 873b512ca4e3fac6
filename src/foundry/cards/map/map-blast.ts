import { isRecord } from "../../../core/shared/guards.js";
import type { TokenLike } from "../../canvas/check/mover-data.js";
import type { BlastOnMap, BlastZone } from "./blast-zone.js";

/**
 * `options.blast`: the zone the map says a blast hits (FAC-36..FAC-38) and where it may deviate (FAC-39), in the
 * map's shape with its targets named as the card names actors (the map names tokens).
 */
type CardBlast = BlastOnMap;
type CardBlastZone = BlastZone;

interface TokensPort {
  readonly tokens: { get(id: string): TokenLike | undefined };
}

/** Each token as the actor it stands for (`actorRef`), each actor once: two tokens of one actor are hit once. */
export function blastByActors(
  blast: BlastOnMap,
  scene: TokensPort,
  port: { actorRef(token: TokenLike): string | null },
): CardBlast {
  const refs = (ids: readonly string[]) => {
    const out = ids.map((id) => scene.tokens.get(id)).map((t) => (t ? port.actorRef(t) : null));
    return [...new Set(out.filter((r): r is string => r !== null))];
  };
  const zone = (z: BlastZone): CardBlastZone => ({
    zone: z.zone,
    name: z.name,
    targets: refs(z.targets),
  });
  return { ...zone(blast), neighbours: blast.neighbours.map(zone) };
}

function readZone(v: unknown): CardBlastZone | null {
  if (!isRecord(v) || typeof v.zone !== "string" || typeof v.name !== "string" || !Array.isArray(v.targets))
    return null;
  if (!v.targets.every((t) => typeof t === "string")) return null;
  return { zone: v.zone, name: v.name, targets: v.targets };
}

/** A card's `options.blast`, read without trusting it: null when absent or not one. */
export function readCardBlast(v: unknown): CardBlast | null {
  const zone = readZone(v);
  if (!zone || !isRecord(v) || !Array.isArray(v.neighbours)) return null;
  const neighbours = v.neighbours.map(readZone);
  return neighbours.every((n) => n !== null) ? { ...zone, neighbours: neighbours } : null;
}

/** Every actor a blast names: its targets and those of the zones it may deviate into. */
export function blastActors(blast: CardBlast): string[] {
  return [...new Set([...blast.targets, ...blast.neighbours.flatMap((n) => n.targets)])];
}
