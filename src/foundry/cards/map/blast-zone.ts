import { blastNeighbours, charactersInZone, meleeBlast } from "../../../core/space/zones/blast.js";
import type { ZoneCharacter, ZoneState } from "../../../core/space/zones/zone-state.js";
import type { MoveSceneLike } from "../../canvas/check/move-check.js";
import type { TokenLike } from "../../canvas/check/mover-data.js";
import type { SceneSpace } from "../../canvas/space/scene-space.js";
import { placeOfToken } from "../../canvas/check/token-place.js";

/** A zone a blast hits or may deviate into, by its region's id and name, and the characters in it. */
export interface BlastZone {
  readonly zone: string;
  readonly name: string;
  readonly targets: readonly string[];
}

/**
 * FAC-36..FAC-39 on a scene of zones: the zone a blast aims at with every character in it, and its neighbouring
 * zones (numbered in the map's order, for the deviation die) with theirs. Characters are named as `targets` names
 * them: by token id here, by actor on the card (attack-map.ts).
 */
export interface BlastOnMap extends BlastZone {
  readonly neighbours: readonly BlastZone[];
}

type ZonesSpace = Extract<SceneSpace, { model: "zones" }>;

/**
 * Every token on the scene whose actor is a character of the fight's kind (`characterType`), placed where its centre
 * stands (token-place.ts): on a canvas a token is always inside one zone, never on a border (ruling FAC-36), so a
 * blast hits the tokens whose centre is in its zone, fighting or not. A token the GM has hidden is not in play yet: the
 * card, which every client receives, would name it (ruling FAC-36: the GM reveals it first, or applies by hand).
 */
function charactersOnScene(scene: MoveSceneLike, space: ZonesSpace, characterType: string): ZoneCharacter[] {
  const out: ZoneCharacter[] = [];
  for (const t of scene.tokens.contents) {
    if (!t.id || t.actor?.type !== characterType || t.hidden === true) continue;
    const zone = placeOfToken(scene, space, t);
    if (zone) out.push({ id: t.id, faction: "", at: { zone }, moved: 0 });
  }
  return out;
}

/**
 * The blast of `attacker` on the zones map, by the core's blast rules: a melee blast hits the attacker's own zone and
 * not the attacker (FAC-37); a ranged blast the zone of the token aimed at, the attacker too when it stands there
 * (FAC-38). Null when the attacker or the token aimed at stands in no zone. Range and reach are the core's
 * zoneAttackReach's to judge (map-facts.ts), before this.
 */
export function blastOnMap(
  scene: MoveSceneLike,
  space: ZonesSpace,
  characterType: string,
  blast: { readonly kind: "meleeBlast" | "rangedBlast"; readonly attacker: TokenLike; readonly aimedAt: TokenLike },
): BlastOnMap | null {
  const characters = charactersOnScene(scene, space, characterType);
  // The attacker and the token aimed at are on the map whatever their actor's type (mapFacts has placed them).
  for (const t of [blast.attacker, blast.aimedAt]) {
    const zone = t.id && !characters.some((c) => c.id === t.id) ? placeOfToken(scene, space, t) : null;
    if (t.id && zone) characters.push({ id: t.id, faction: "", at: { zone }, moved: 0 });
  }
  const state: ZoneState = { map: space.map, characters };
  const attackerId = blast.attacker.id ?? "";
  const aimed = characters.find((c) => c.id === blast.aimedAt.id);
  if (!characters.some((c) => c.id === attackerId) || !aimed || !("zone" in aimed.at)) return null;
  let zone: string;
  let targets: readonly string[];
  if (blast.kind === "meleeBlast") {
    const hit = meleeBlast(state, attackerId);
    if (!hit.ok) return null;
    ({ zone, targets } = hit);
  } else {
    zone = aimed.at.zone;
    targets = charactersInZone(state, zone);
  }
  const nameOf = (id: string) => scene.regions.contents.find((r) => r.id === id)?.name ?? id;
  // The token aimed at first: the card's target is the blast's first.
  const first = (ids: readonly string[]) => [
    ...ids.filter((id) => id === aimed.id),
    ...ids.filter((id) => id !== aimed.id),
  ];
  return {
    zone,
    name: nameOf(zone),
    targets: first(targets),
    neighbours: blastNeighbours(state, zone).map((n) => ({ zone: n.zone, name: nameOf(n.zone), targets: n.targets })),
  };
}
