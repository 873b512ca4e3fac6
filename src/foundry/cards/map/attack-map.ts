import type { RulesetId } from "../../../core/rulesets.js";
import { refuse, type Refusal } from "../../../core/shared/outcome.js";
import type { MoveSceneLike } from "../../canvas/check/move-check.js";
import type { TokenLike } from "../../canvas/check/mover-data.js";
import type { SceneSpace } from "../../canvas/space/scene-space.js";
import type { CardItem } from "../attack-ruleset.js";
import { mapFacts, playsOn, type MapVerdict } from "./map-facts.js";
import type { MapRequest } from "./map-request.js";
import type { SceneClimb } from "../../canvas/fight/scene-climbs.js";
import { noFight, type SceneFight } from "../../canvas/fight/scene-fight.js";
import { blastByActors } from "./map-blast.js";

/** A scene as the GM's open handler reads it: its tokens by id, and what the movement check reads. */
interface MapSceneLike extends MoveSceneLike {
  readonly id: string | null;
  readonly tokens: { readonly contents: readonly TokenLike[]; get(id: string): TokenLike | undefined };
}

/**
 * The GM's view of the world's scenes for an attack (gm-card-context.ts fills it from game.scenes and the space cache).
 */
export interface MapPort {
  scenes(): readonly MapSceneLike[];
  space(scene: MapSceneLike): SceneSpace;
  /**
   * The actor a token stands for, named as a card names actors (its UUID: a synthetic actor's for an unlinked token).
   */
  actorRef(token: TokenLike): string | null;
  /** The scenes the GM's client prefers, by id: the one it views, then the world's active one (none: no preference). */
  preferred(): readonly string[];
  /**
   * The fight on a scene (canvas/fight/scene-fight.ts): its Blocks (SEC-42) and climbs (SEC-16); a value outside one
   * too.
   */
  fight(sceneId: string): SceneFight;
}

interface Who {
  readonly attackerRef: string;
  readonly targetRef: string;
  readonly ruleset: RulesetId;
  readonly item: CardItem | null;
  /**
   * False for a player: a target whose token on the map the GM hides is not theirs to attack (a GM's reading when
   * absent).
   */
  readonly seesHidden?: boolean;
}

const UNCHECKED: MapVerdict = { checked: false };
/** The attacker stands on a map its rule set plays on, but a token of the attack is not on it: no map reads it. */
const OFF_MAP: MapVerdict = { checked: false, offMap: true };

/**
 * The attack on the map, as the active GM reads its own documents. The map is the scene where the attacker's token
 * stands (`attackerScene`): the scene a request names is never read, so no player picks a scene without a map, or
 * one where the tokens stand side by side. The tokens a request names count only on that scene, and must stand for
 * the actors they are named for; the target must stand there too. Then the core judges reach, range and sight.
 */
export function attackOnMap(port: MapPort, request: MapRequest, who: Who): MapVerdict {
  const scene = attackerScene(port, who.attackerRef);
  if (scene === null) return UNCHECKED;
  if ("ok" in scene) return scene;
  const attacker = named(scene, request.attackerTokenId, who.attackerRef, port);
  if (!attacker || "ok" in attacker) return attacker ?? UNCHECKED;
  const target = named(scene, request.targetTokenId, who.targetRef, port);
  if (target && "ok" in target) return target;
  // A linked actor shown on another scene may stand hidden on this one: a player cannot see it there.
  if (target?.hidden === true && who.seesHidden === false)
    return refuse("TargetUnseen", "the target's token on the map is hidden");
  const space = port.space(scene);
  const plays = playsOn(who.ruleset, space);
  if (!target) {
    // The target stands elsewhere, never the attacker's scene: the attack cannot be made across scenes.
    if (port.scenes().some((s) => tokensOf(s, who.targetRef, port).length > 0))
      return refuse("TargetOnOtherScene", "the target stands on another scene than the attacker");
    return plays ? OFF_MAP : UNCHECKED;
  }
  const fight = scene.id ? port.fight(scene.id) : noFight("");
  const facts = mapFacts({
    ruleset: who.ruleset,
    refs: { attacker: who.attackerRef, target: who.targetRef },
    item: who.item,
    space,
    scene,
    attacker,
    target,
    fight,
  });
  if (!("checked" in facts)) return facts;
  if (!facts.checked) return plays ? OFF_MAP : UNCHECKED;
  if (!scene.id || !attacker.id || !target.id) return facts;
  // Where the map was read, so that a change of circumstances reads it there again (attack-circumstances.ts).
  const place = { sceneId: scene.id, attackerTokenId: attacker.id, targetTokenId: target.id };
  // FAC-36: a blast's characters as the card names actors, into the options the card opens with (map-blast.ts).
  if (facts.blast)
    return { checked: true, options: { ...facts.options, blast: blastByActors(facts.blast, scene, port) }, place };
  if (!facts.interceptors) return { ...facts, place };
  // SEC-47: the Interceptors as the card names actors (a token's actor), each once. A token the GM hides is not in
  // play: the card, which every client receives, would name it and carry its sheet (ruling SEC-47 in docs/rulings.md).
  const shown = facts.interceptors
    .map((id) => scene.tokens.get(id))
    .filter((t): t is TokenLike => t !== undefined && t.hidden !== true);
  const options = climbingInterceptors(facts.options, shown, fight.climbs, port);
  const interceptors = [...new Set(shown.map((t) => port.actorRef(t)).filter((r): r is string => r !== null))];
  const { interceptors: _all, ...rest } = facts;
  return { ...rest, options, place, ...(interceptors.length > 0 ? { interceptors } : {}) };
}

/** The tokens of the actor `ref` on a scene, those the GM has not hidden first. */
function tokensOf(scene: MapSceneLike, ref: string, port: MapPort): TokenLike[] {
  const all = scene.tokens.contents.filter((t) => port.actorRef(t) === ref);
  return [...all.filter((t) => t.hidden !== true), ...all.filter((t) => t.hidden === true)];
}

/**
 * The scene where the attacker's token stands: its one scene, or, for a linked actor with tokens on several, the one
 * the GM's client views, else the world's active one (ruling in docs/cards.md). Several and none of those: refused,
 * since no player may pick. Null when the attacker stands on no scene: there is no map.
 */
function attackerScene(port: MapPort, ref: string): MapSceneLike | Refusal | null {
  const standing = port.scenes().filter((s) => tokensOf(s, ref, port).length > 0);
  if (standing.length <= 1) return standing[0] ?? null;
  for (const id of port.preferred()) {
    const scene = standing.find((s) => s.id === id);
    if (scene) return scene;
  }
  return refuse(
    "AttackerSceneUnclear",
    "the attacker stands on several scenes, none of them the one the GM views or the active one",
  );
}

/** SEC-18/SEC-20: an Interceptor whose token climbs is climbing on the card too (its conditions keyed by actor ref). */
function climbingInterceptors(
  options: Readonly<Record<string, unknown>>,
  tokens: readonly TokenLike[],
  climbs: readonly SceneClimb[],
  port: MapPort,
): Readonly<Record<string, unknown>> {
  const conditions: Record<string, unknown> = {
    ...((options.conditions as Record<string, unknown> | undefined) ?? {}),
  };
  let changed = false;
  for (const t of tokens) {
    const ref = port.actorRef(t);
    if (!ref || !climbs.some((c) => c.climber === t.id)) continue;
    const had = Array.isArray(conditions[ref]) ? (conditions[ref] as unknown[]) : [];
    if (!had.includes("climbing")) conditions[ref] = [...had, "climbing"];
    changed = true;
  }
  return changed ? { ...options, conditions } : options;
}

/**
 * The token the request names, when it stands on the scene, which must stand for `ref`; else the scene's own token of
 * `ref` (one not hidden first). A name the scene does not hold is no name: the scene decides, not the request.
 */
function named(scene: MapSceneLike, id: string | undefined, ref: string, port: MapPort): TokenLike | Refusal | null {
  const token = id === undefined ? undefined : scene.tokens.get(id);
  if (!token) return tokensOf(scene, ref, port)[0] ?? null;
  if (port.actorRef(token) !== ref)
    return refuse("NotTheirToken", `token ${id} does not stand for the actor it is named for`);
  return token;
}
