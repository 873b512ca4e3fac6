import type { RulesetId } from "../../../core/rulesets.js";
import { refuse, type Refusal } from "../../../core/shared/outcome.js";
import type { MoveSceneLike } from "../../canvas/move-check.js";
import type { TokenLike } from "../../canvas/mover-data.js";
import type { SceneSpace } from "../../canvas/scene-space.js";
import type { CardItem } from "../attack-ruleset.js";
import { mapFacts, type MapVerdict } from "./map-facts.js";
import type { MapRequest } from "./map-request.js";
import type { SceneBlock } from "../../canvas/scene-blocks.js";
import type { SceneClimb } from "../../canvas/scene-climbs.js";
import { blastByActors } from "./map-blast.js";

/** A scene as the GM's open handler reads it: its tokens by id, and what the movement check reads. */
export interface MapSceneLike extends MoveSceneLike {
  readonly id: string | null;
  readonly tokens: { readonly contents: readonly TokenLike[]; get(id: string): TokenLike | undefined };
}

/** The GM's view of the world's scenes for an attack (register-cards.ts fills it from game.scenes and the space cache). */
export interface MapPort {
  scenes(): readonly MapSceneLike[];
  space(scene: MapSceneLike): SceneSpace;
  /** The actor a token stands for, named as a card names actors (its UUID: a synthetic actor's for an unlinked token). */
  actorRef(token: TokenLike): string | null;
  /** SEC-42: the Blocks up on a scene, from the started fights (canvas/world-blocks.ts); none: no Block. */
  blocks?(sceneId: string): readonly SceneBlock[];
  /** SEC-16: the climbs in progress on a scene, from the started fights (canvas/world-blocks.ts worldClimbs); none: nobody climbs. */
  climbs?(sceneId: string): readonly SceneClimb[];
}

export interface Who {
  readonly attackerRef: string;
  readonly targetRef: string;
  readonly ruleset: RulesetId;
  readonly item: CardItem | null;
}

const UNCHECKED: MapVerdict = { checked: false };

/**
 * The attack on the map, as the active GM reads its own documents: the named tokens must stand for the attacker and
 * the target, on one scene; then the core judges reach, range and sight there. Without tokens, not checked.
 */
export function attackOnMap(port: MapPort, request: MapRequest, who: Who): MapVerdict {
  const scenes = port.scenes();
  const tokensOf = (scene: MapSceneLike, ref: string) => scene.tokens.contents.filter((t) => port.actorRef(t) === ref);
  let scene: MapSceneLike | undefined;
  if (request.sceneId !== undefined) {
    scene = scenes.find((s) => s.id === request.sceneId);
    if (!scene) return refuse("UnknownScene", `no scene ${request.sceneId}`);
  } else {
    scene = scenes.find((s) => tokensOf(s, who.attackerRef).length > 0 && tokensOf(s, who.targetRef).length > 0);
  }
  const attacker = scene ? named(scene, request.attackerTokenId, who.attackerRef, port) : null;
  if (attacker && "ok" in attacker) return attacker;
  const target = scene ? named(scene, request.targetTokenId, who.targetRef, port) : null;
  if (target && "ok" in target) return target;
  if (attacker && target && scene) {
    const { ruleset, item } = who;
    const refs = { attacker: who.attackerRef, target: who.targetRef };
    const blocks = port.blocks?.(scene.id ?? "") ?? [];
    const climbs = port.climbs?.(scene.id ?? "") ?? [];
    const facts = mapFacts({
      ruleset,
      refs,
      item,
      space: port.space(scene),
      scene,
      attacker,
      target,
      ...(blocks.length > 0 ? { blocks } : {}),
      ...(climbs.length > 0 ? { climbs } : {}),
    });
    if (!("checked" in facts) || !facts.checked || !scene.id || !attacker.id || !target.id) return facts;
    // Where the map was read, so that a change of circumstances reads it there again (attack-circumstances.ts).
    const place = { sceneId: scene.id, attackerTokenId: attacker.id, targetTokenId: target.id };
    // FAC-36: a blast's characters as the card names actors, into the options the card opens with (map-blast.ts).
    if (facts.blast) return { checked: true, options: { ...facts.options, blast: blastByActors(facts.blast, scene, port) }, place };
    if (!facts.interceptors) return { ...facts, place };
    // SEC-47: the Interceptors as the card names actors (a token's actor), each once.
    const interceptors = facts.interceptors.map((id) => scene!.tokens.get(id)).map((t) => (t ? port.actorRef(t) : null));
    const options = climbingInterceptors(facts.options, facts.interceptors, climbs, (id) => scene!.tokens.get(id), port);
    return { ...facts, options, place, interceptors: [...new Set(interceptors.filter((r): r is string => r !== null))] };
  }
  // Both stand on scenes, never the same one: the attack cannot be made across scenes.
  const placed = (ref: string) => scenes.some((s) => tokensOf(s, ref).length > 0);
  if ((attacker || placed(who.attackerRef)) && placed(who.targetRef))
    return refuse("TargetOnOtherScene", "the target stands on another scene than the attacker");
  return UNCHECKED;
}

/** SEC-18/SEC-20: an Interceptor whose token climbs is climbing on the card too (its conditions keyed by actor ref). */
function climbingInterceptors(
  options: Readonly<Record<string, unknown>>,
  tokens: readonly string[],
  climbs: readonly SceneClimb[],
  token: (id: string) => TokenLike | undefined,
  port: MapPort,
): Readonly<Record<string, unknown>> {
  const conditions: Record<string, unknown> = { ...((options.conditions as Record<string, unknown> | undefined) ?? {}) };
  let changed = false;
  for (const id of tokens) {
    const t = token(id);
    const ref = t ? port.actorRef(t) : null;
    if (!ref || !climbs.some((c) => c.climber === id)) continue;
    const had = Array.isArray(conditions[ref]) ? (conditions[ref] as unknown[]) : [];
    if (!had.includes("climbing")) conditions[ref] = [...had, "climbing"];
    changed = true;
  }
  return changed ? { ...options, conditions } : options;
}

/** The token the request names on the scene, which must stand for `ref`; else the scene's first token of `ref`. */
function named(scene: MapSceneLike, id: string | undefined, ref: string, port: MapPort): TokenLike | Refusal | null {
  if (id === undefined) return scene.tokens.contents.find((t) => port.actorRef(t) === ref) ?? null;
  const token = scene.tokens.get(id);
  if (!token) return null;
  if (port.actorRef(token) !== ref) return refuse("NotTheirToken", `token ${id} does not stand for the actor it is named for`);
  return token;
}
