import { isList } from "../../shared/guards.js";
import type { Engine } from "../../shared/engine.js";
import { applied, refuse, type Outcome } from "../../shared/outcome.js";
import type { Roller } from "../../shared/roller.js";
import type { AcrobaticsDice, AcrobaticsInput } from "./acrobatics.js";
import { checkBattle } from "./battle-check.js";
import { endDistanceBlock, lowerBlock, raiseBlock, raiseDistanceBlock, setConditions } from "./blocks.js";
import { chooseToFall, climbAsMove, climberTakesDamage, startClimb } from "./climbing.js";
import { applyMove, startTurn, type SectionMoveQuery } from "./movement-query.js";
import { sectionsOptions, type SectionsOptions } from "./options.js";
import { compileMap } from "./section-graph.js";
import type { Block, SectionEvent, SectionMap, SectionsBattle, SectionsEntity } from "./types.js";

export interface SectionsSpaceSetup {
  readonly map: SectionMap;
  readonly entities: readonly SectionsEntity[];
  readonly blocks?: readonly Block[];
  readonly options?: Partial<SectionsOptions>;
}

export interface SectionsSpaceState {
  readonly battle: SectionsBattle;
  readonly options: SectionsOptions;
}

/** An Acrobatics check in a command: results rolled at the table, or dice the engine rolls with its Roller. */
export type CheckSpec =
  | { readonly entity: number; readonly dm: number }
  | { readonly entityDice: AcrobaticsDice; readonly dmDice: AcrobaticsDice };

export type SectionsCommand =
  | { readonly type: "move"; readonly query: SectionMoveQuery }
  | { readonly type: "startTurn"; readonly entity: string }
  | { readonly type: "raiseBlock"; readonly blocker: string; readonly border: string }
  | { readonly type: "raiseDistanceBlock"; readonly blocker: string; readonly border: string }
  | { readonly type: "lowerBlock"; readonly blocker: string }
  | { readonly type: "endDistanceBlock"; readonly blocker: string; readonly border: string }
  | {
      readonly type: "setConditions";
      readonly entity: string;
      readonly immobilized?: boolean;
      readonly defenseless?: boolean;
    }
  | { readonly type: "startClimb"; readonly entity: string; readonly border: string }
  | {
      readonly type: "climb";
      readonly entity: string;
      readonly moveNumber: number;
      readonly checks: readonly CheckSpec[];
    }
  | { readonly type: "climberDamaged"; readonly entity: string; readonly check: CheckSpec }
  | { readonly type: "letGo"; readonly entity: string };

function withRoller(c: CheckSpec, roller: Roller): AcrobaticsInput {
  return "entityDice" in c ? { entityDice: c.entityDice, dmDice: c.dmDice, roller } : c;
}

type Out = Outcome<SectionsSpaceState, SectionEvent>;

/**
 * The sections spatial model as an Engine, so moves, Blocks and climbs go through the journal (undo, replay).
 * Each command asks for the compiled map; compileMap keeps it by the map object, so a map is compiled once and a
 * command costs what its query costs.
 */
export const sectionsSpaceEngine: Engine<SectionsSpaceSetup, SectionsSpaceState, SectionsCommand, SectionEvent> = {
  id: "sections-space",
  start(setup): Out {
    if (typeof setup !== "object" || setup === null || !isList(setup.entities))
      return refuse("MalformedBattle", "a sections setup needs a map and an entities list");
    const g = compileMap(setup.map);
    if (!g.ok) return g;
    const entities: Record<string, SectionsEntity> = {};
    for (const e of setup.entities) {
      if (typeof e !== "object" || e === null || typeof e.id !== "string")
        return refuse("MalformedBattle", "every entity needs an id");
      if (Object.hasOwn(entities, e.id))
        return refuse("DuplicateEntity", `entity "${e.id}" is listed twice`, "SEC-02", { id: e.id });
      entities[e.id] = e;
    }
    const battle: SectionsBattle = { map: g.graph.map, entities, blocks: setup.blocks ? [...setup.blocks] : [] };
    const ok = checkBattle(g.graph, battle);
    if (!ok.ok) return ok;
    return applied({ battle, options: sectionsOptions(setup.options ?? {}) });
  },
  apply(state, cmd, roller): Out {
    const g = compileMap(state.battle.map);
    if (!g.ok) return g;
    const graph = g.graph;
    const b = state.battle;
    const o = state.options;
    let r: Outcome<SectionsBattle, SectionEvent>;
    switch (cmd.type) {
      case "move":
        r = applyMove(graph, b, cmd.query, o, roller);
        break;
      case "startTurn":
        r = startTurn(b, cmd.entity);
        break;
      case "raiseBlock":
        r = raiseBlock(graph, b, cmd.blocker, cmd.border);
        break;
      case "raiseDistanceBlock":
        r = raiseDistanceBlock(graph, b, cmd.blocker, cmd.border);
        break;
      case "lowerBlock":
        r = lowerBlock(b, cmd.blocker);
        break;
      case "endDistanceBlock":
        r = endDistanceBlock(b, cmd.blocker, cmd.border);
        break;
      case "setConditions":
        r = setConditions(b, cmd.entity, {
          ...(cmd.immobilized !== undefined ? { immobilized: cmd.immobilized } : {}),
          ...(cmd.defenseless !== undefined ? { defenseless: cmd.defenseless } : {}),
        });
        break;
      case "startClimb":
        r = startClimb(graph, b, cmd.entity, cmd.border);
        break;
      case "climb":
        r = climbAsMove(
          b,
          cmd.entity,
          cmd.moveNumber,
          cmd.checks.map((c) => withRoller(c, roller)),
          o,
          roller,
        );
        break;
      case "climberDamaged":
        r = climberTakesDamage(b, cmd.entity, withRoller(cmd.check, roller), roller);
        break;
      case "letGo":
        r = chooseToFall(b, cmd.entity, roller);
        break;
      default:
        return refuse("UnknownCommand", `sections space has no command "${String((cmd as { type?: unknown }).type)}"`);
    }
    if (!r.ok) return r;
    return applied({ battle: r.state, options: o }, r.events);
  },
};
