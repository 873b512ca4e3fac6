import { attackMode } from "../../../core/attack/factions/mode.js";
import type { RulesetId } from "../../../core/rulesets.js";
import { isRecord } from "../../../core/shared/guards.js";
import type { Refusal } from "../../../core/shared/outcome.js";
import { gridAttackReach, type GridAttackQuery } from "../../../core/space/grid/attack-reach.js";
import { gridOptions } from "../../../core/space/grid/grid-options.js";
import type { GridPiece } from "../../../core/space/grid/grid-state.js";
import { actionReach, areaLeavesOut, type ActionEntries } from "../../../core/space/sections/action-reach.js";
import { sectionsOptions } from "../../../core/space/sections/options.js";
import type { SectionsEntity } from "../../../core/space/sections/types.js";
import { zoneAttackReach, type ZoneAttackQuery } from "../../../core/space/zones/attack-reach.js";
import { zoneOptions } from "../../../core/space/zones/zone-options.js";
import type { ZoneCharacter } from "../../../core/space/zones/zone-state.js";
import type { MoveSceneLike } from "../../canvas/check/move-check.js";
import { moverData, type TokenLike } from "../../canvas/check/mover-data.js";
import type { SceneSpace } from "../../canvas/space/scene-space.js";
import type { MapPlace } from "../data/attack-card-data.js";
import type { CardItem } from "../attack-ruleset.js";
import { cellOfToken, placeOfToken } from "../../canvas/check/token-place.js";
import { ownBlocksOnMap } from "../../../core/space/sections/blocks.js";
import { manifestOf } from "../../rulesets/index.js";
import { climbingOfToken } from "../../canvas/fight/scene-climbs.js";
import type { SceneFight } from "../../canvas/fight/scene-fight.js";
import { CHARACTER_TYPE } from "../factions/character.js";
import { blastOnMap, type BlastOnMap } from "./blast-zone.js";

/**
 * An attack on a scene: the scene, its compiled space, the two tokens, the item the attack is made with, and how the
 * card names the two actors (the facts it is told of an actor are keyed so: the sections card's conditions).
 */
interface MapAttack {
  readonly ruleset: RulesetId;
  readonly refs: { readonly attacker: string; readonly target: string };
  readonly space: SceneSpace;
  readonly scene: MoveSceneLike;
  readonly attacker: TokenLike;
  readonly target: TokenLike;
  readonly item: CardItem | null;
  /**
   * The fight on the scene (canvas/fight/scene-fight.ts): its Blocks, whose blockers may Intercept (SEC-42, SEC-47),
   * and its climbs (SEC-16), from the started fights: never a client's word.
   */
  readonly fight: SceneFight;
}

/**
 * What the map says of an attack: not checked (no model, a model the rule set does not play on, a token off the
 * map), refused with the core's reason, or checked with the options the map decides for the pipeline.
 */
export type MapVerdict =
  | {
      readonly checked: false;
      /** The attacker stands on a map its rule set plays on, but a token of the attack is off it (attack-map.ts). */
      readonly offMap?: true;
    }
  | {
      readonly checked: true;
      readonly options: Readonly<Record<string, unknown>>;
      readonly place?: MapPlace;
      /** SEC-47: the tokens Blocking a border the attack crosses from their own section, who may Intercept it. */
      readonly interceptors?: readonly string[];
      /**
       * FAC-36..FAC-39: a blast's zone and its neighbours, each with its characters (tokens; attack-map.ts: actors).
       */
      readonly blast?: BlastOnMap;
    }
  | Refusal;

const UNCHECKED: MapVerdict = { checked: false };

const sys = (item: CardItem | null): Record<string, unknown> => (item && isRecord(item.system) ? item.system : {});
const num = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : 0);

/**
 * Whether the rule set's attacks are judged on this scene's space (a scene of another model, or none, is no map to
 * them).
 */
export function playsOn(ruleset: RulesetId, space: SceneSpace): boolean {
  return space.model === manifestOf(ruleset).space;
}

/** The map's verdict on an attack: the rule lives in the core's reach functions, this only gathers the facts. */
export function mapFacts(a: MapAttack): MapVerdict {
  if (a.space.model === "broken") return a.space.refusal;
  if (a.space.model === "none" || a.space.model !== manifestOf(a.ruleset).space) return UNCHECKED;
  if (a.space.model === "grid") return gridFacts(a, a.space);
  if (a.space.model === "zones") return zoneFacts(a, a.space);
  return sectionFacts(a, a.space);
}

/** What reach an item's attack has on the grid, by rule set (see core/space/grid/attack-reach.ts). */
function gridQuery(a: MapAttack): Omit<GridAttackQuery, "attacker" | "target"> {
  const s = sys(a.item);
  if (a.ruleset === "strain") return { reach: "range", range: num(s.range) };
  if (a.ruleset === "escalation") {
    const ranged = a.item?.type === "escalation-spell" || s.attack === "ranged";
    return ranged ? { reach: "range", range: num(s.range) } : { reach: "zone", range: 1 };
  }
  return { reach: "any", range: 0 };
}

function gridFacts(a: MapAttack, space: Extract<SceneSpace, { model: "grid" }>): MapVerdict {
  const pieces: GridPiece[] = [];
  for (const t of [a.attacker, a.target, ...a.scene.tokens.contents]) {
    const cell = cellOfToken(a.scene, space.frame, t);
    if (!t.id || !cell || pieces.some((p) => p.id === t.id)) continue;
    const data = moverData(t, a.ruleset);
    // ESC-60: the same reading of Reach as the move check's, for the attacker's zone and the target's (ESC-34).
    pieces.push({ id: t.id, side: data.side, cell, speed: 0, spent: 0, ...(data.reach ? { reach: true } : {}) });
  }
  if (!pieces.some((p) => p.id === a.attacker.id) || !pieces.some((p) => p.id === a.target.id)) return UNCHECKED;
  const physical = a.ruleset !== "strain" || sys(a.item).attack !== "mental";
  const query = { attacker: a.attacker.id ?? "", target: a.target.id ?? "", ...gridQuery(a) };
  const facts = gridAttackReach({ map: space.map, pieces }, query, gridOptions(a.ruleset as "strain"), physical);
  if (!facts.ok) return facts;
  if (a.ruleset === "strain")
    return { checked: true, options: { adjacentEnemies: facts.adjacentEnemies, cover: facts.cover } };
  if (a.ruleset === "escalation")
    return { checked: true, options: { inMeleeZone: facts.attackerInTargetZone, flanking: facts.flanking } };
  return { checked: true, options: { flanking: facts.surrounded } };
}

/**
 * FAC-29..FAC-38: the kind of attack a factions weapon makes, by the weapon spec's fields (a blast: its zone is the
 * target's).
 */
function zoneKind(item: CardItem | null): ZoneAttackQuery["kind"] {
  const s = sys(item);
  const attack = s.attack === "ranged" || s.attack === "indirect" ? s.attack : "melee";
  return attackMode(attack, s.blast === true);
}

function zoneFacts(a: MapAttack, space: Extract<SceneSpace, { model: "zones" }>): MapVerdict {
  const characters: ZoneCharacter[] = [];
  for (const t of [a.attacker, a.target]) {
    const zone = placeOfToken(a.scene, space, t);
    if (!t.id || !zone) return UNCHECKED;
    characters.push({ id: t.id, faction: moverData(t, a.ruleset).side, at: { zone }, moved: 0 });
  }
  const query = {
    attacker: a.attacker.id ?? "",
    target: a.target.id ?? "",
    kind: zoneKind(a.item),
    range: num(sys(a.item).range),
  };
  const facts = zoneAttackReach({ map: space.map, characters }, query, zoneOptions());
  if (!facts.ok) return facts;
  const { beyondHalfRange, targetVisible, concealment } = facts;
  const options = { beyondHalfRange, targetVisible, concealment };
  if (query.kind !== "meleeBlast" && query.kind !== "rangedBlast") return { checked: true, options };
  // FAC-36..FAC-39: the blast's zone, every character in it and the zones it may deviate into (by token here).
  const blast = blastOnMap(a.scene, space, CHARACTER_TYPE, {
    kind: query.kind,
    attacker: a.attacker,
    aimedAt: a.target,
  });
  return { checked: true, options, ...(blast ? { blast } : {}) };
}

/** An Action card's Area Attack (SEC-40, SEC-41): whom it picks in the section, as the card's fields say. */
function areaOf(s: Record<string, unknown>): Pick<ActionEntries, "area"> {
  if (s.areaAttack !== true) return {};
  const only =
    s.areaTargets === "enemies"
      ? { only: "enemies" as const }
      : s.areaTargets === "allies"
        ? { only: "allies" as const }
        : {};
  return { area: { ...only, ...(s.excludesSelf === true ? { excludeAttacker: true } : {}) } };
}

/**
 * SEC-28: the range entry an Action card names, its Area Attack (SEC-40) and whether it is an Incantation (SEC-60,
 * which SEC-19 forbids a climber); a weapon alone strikes in melee.
 */
function entriesOf(item: CardItem | null): ActionEntries {
  const s = sys(item);
  if (item?.type !== "sections-card") return {};
  const n = num(s.range);
  const entry =
    s.reachKind === "range"
      ? { range: n }
      : s.reachKind === "thrown"
        ? { thrown: n }
        : s.reachKind === "reach"
          ? { reach: n }
          : {};
  return { ...entry, ...areaOf(s), ...(num(s.incantation) > 0 ? { incantation: true } : {}) };
}

function sectionFacts(a: MapAttack, space: Extract<SceneSpace, { model: "sections" }>): MapVerdict {
  const entities: Record<string, SectionsEntity> = {};
  for (const t of [a.attacker, a.target, ...a.scene.tokens.contents]) {
    const section = placeOfToken(a.scene, space, t);
    if (!t.id || !section || entities[t.id]) continue;
    const senses = isRecord(t.actor?.system) && isRecord(t.actor.system.senses) ? t.actor.system.senses : {};
    const data = moverData(t, a.ruleset);
    // SEC-44 (through SEC-47): an Immobilized or Defenseless blocker Intercepts nothing.
    const conditions = {
      ...(data.immobilized ? { immobilized: true } : {}),
      ...(data.defenseless ? { defenseless: true } : {}),
    };
    entities[t.id] = {
      id: t.id,
      side: data.side,
      section,
      senses,
      ...conditions,
      ...climbingOfToken(a.fight.climbs, t.id),
    };
  }
  const [from, to] = [a.attacker.id ?? "", a.target.id ?? ""];
  if (!entities[from] || !entities[to]) return UNCHECKED;
  const battle = { map: space.graph.map, entities, blocks: ownBlocksOnMap(space.graph, a.fight.blocks) };
  const action = entriesOf(a.item);
  // SEC-19 (an Incantation while climbing) is the core's refusal here.
  const reach = actionReach(space.graph, battle, { attacker: from, target: to, action }, sectionsOptions());
  if (!reach.ok) return reach;
  // SEC-17: an Area Attack reaches a climber only as high as its range.
  const leftOut = areaLeavesOut(battle, reach, action, to);
  if (leftOut) return leftOut;
  const sight = reach.sight;
  // SEC-55 Hindered (cannot see in its own section), SEC-68 swimming: the conditions the card adds to the sheet's.
  const conditions: Record<string, string[]> = {};
  const add = (ref: string, condition: string, has: boolean | undefined) => {
    if (has) conditions[ref] = [...(conditions[ref] ?? []), condition];
  };
  add(a.refs.attacker, "hindered", sight?.attackerHindered);
  add(a.refs.attacker, "swimming", reach.swimming.attacker);
  add(a.refs.target, "hindered", sight?.targetHindered);
  add(a.refs.target, "swimming", reach.swimming.target);
  // SEC-18/SEC-19/SEC-20: climbing, from the fight's climbs alone.
  add(a.refs.attacker, "climbing", entities[from].climbing != null);
  add(a.refs.target, "climbing", entities[to].climbing != null);
  return {
    checked: true,
    options: {
      ...(sight ? { sight: { attackerSeesTarget: !sight.debilitated, targetSeesAttacker: !sight.vulnerable } } : {}),
      crossesDistanceBlock: reach.automaticMiss,
      ...(Object.keys(conditions).length > 0 ? { conditions } : {}),
    },
    ...(reach.intercepts.length > 0 ? { interceptors: reach.intercepts } : {}),
  };
}
