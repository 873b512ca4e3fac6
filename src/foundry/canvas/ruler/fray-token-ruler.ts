import type { RulesetId } from "../../../core/rulesets.js";
import type { Refusal } from "../../../core/shared/outcome.js";
import { formatData } from "../../i18n.js";
import { withRegionNames } from "../moves/move-client.js";
import { sceneOf, tokenOf } from "../check/ports-check.js";
import { seenScene } from "../check/seen-scene.js";
import { costLabel, planVerdicts, plannedChain, styleFor, type WaypointVerdict } from "./ruler-verdicts.js";
import type { SpaceCache } from "../space/space-cache.js";
import { noFight, type SceneFight } from "../fight/scene-fight.js";

/** What the ruler reads: this client's compiled scenes (the ones its own final check uses), the rule set, i18n. */
export interface RulerContext {
  readonly spaces: SpaceCache;
  readonly ruleset: () => RulesetId;
  readonly format: (key: string, data?: Record<string, string>) => string;
  /**
   * The fight on a scene: what the mover's turn has already spent, its Blocks and climbs (the GM's check reads the
   * same).
   */
  readonly fight: (sceneId: string) => SceneFight;
  /** A GM's ruler counts the tokens the GM hides; a player's does not know of them. */
  readonly isGM: boolean;
}

/**
 * The colour of a refused segment and of its squares: a move the core refuses is drawn red, whatever the user's colour.
 */
const REFUSED_COLOUR = 0xd0342c;

type Waypoint = foundry.canvas.placeables.tokens.TokenRuler.Waypoint;
type Read = {
  readonly verdict: WaypointVerdict;
  readonly previous: WaypointVerdict | null;
  readonly model: "grid" | "sections" | "zones";
};

/**
 * Fray's token ruler: while a move is planned (dragged), each waypoint's label shows the cost in the model's unit
 * and the budget left, and a segment the core refuses is drawn refused. The verdicts come from `checkMove` with the
 * same input the final check gives it (ruler-verdicts.ts), so the preview and the check cannot disagree.
 */
export class FrayTokenRuler extends foundry.canvas.placeables.tokens.TokenRuler {
  /** What the ruler reads, given at init (register-canvas.ts) before any ruler is made. */
  static context: () => RulerContext = () => {
    throw new Error("Fray | FrayTokenRuler.context is given at init");
  };

  /** This client's context: its class's (each of a test's clients may be a subclass with its own). */
  get #context(): RulerContext {
    return (this.constructor as typeof FrayTokenRuler).context();
  }

  /**
   * Verdicts by waypoint object: Foundry builds the waypoints anew on each refresh, and asks of each one several times.
   */
  #read = new WeakMap<object, Read | null>();

  #verdictOf(waypoint: Waypoint): Read | null {
    if (waypoint.stage !== "planned") return null;
    if (this.#read.has(waypoint)) return this.#read.get(waypoint) ?? null;
    const doc = this.token.document;
    const scene = doc.parent;
    const ctx = this.#context;
    const chain = plannedChain(waypoint);
    if (!scene) return null;
    const space = ctx.spaces.get(sceneOf(scene));
    const model = space.model === "sections" || space.model === "zones" ? space.model : "grid";
    const verdicts = planVerdicts(
      // A player's ruler knows nothing of the tokens the GM hides (ruling STR-21).
      {
        space,
        scene: seenScene(sceneOf(scene), doc.id, ctx.isGM),
        token: tokenOf(doc),
        ruleset: ctx.ruleset(),
        // The fight as the GM's check gets it; a scene not stored yet has none.
        fight: scene.id ? ctx.fight(scene.id) : noFight(""),
        provoked: [],
      },
      chain.map((w) => ({ x: w.x, y: w.y, action: w.action })),
    );
    chain.forEach((w, i) =>
      this.#read.set(w, verdicts[i] ? { verdict: verdicts[i], previous: verdicts[i - 1] ?? null, model } : null),
    );
    return this.#read.get(waypoint) ?? null;
  }

  #reason(refusal: Refusal): string {
    const scene = this.token.document.parent;
    const answer = {
      ok: false as const,
      key: refusal.key,
      reason: refusal.reason,
      ...(refusal.data ? { data: refusal.data } : {}),
    };
    const named = scene ? withRegionNames(answer, sceneOf(scene)) : answer;
    return this.#context.format(refusal.key, formatData(named.ok ? undefined : named.data));
  }

  protected override _getWaypointLabelContext(
    waypoint: Waypoint,
    state: foundry.canvas.placeables.tokens.TokenRuler.State,
  ) {
    const label = super._getWaypointLabelContext(waypoint, state);
    const read = this.#verdictOf(waypoint);
    if (!label || !read) return label;
    const format = this.#context.format;
    label.cost = costLabel(
      read.verdict,
      read.previous,
      read.model,
      (k, d) => format(k, formatData(d)),
      (r) => this.#reason(r),
    );
    if (!read.verdict.ok) label.cssClass = `${label.cssClass} fray-refused`.trim();
    return label;
  }

  protected override _getSegmentStyle(waypoint: Waypoint) {
    return styleFor(super._getSegmentStyle(waypoint), this.#verdictOf(waypoint)?.verdict ?? null, REFUSED_COLOUR);
  }

  protected override _getGridHighlightStyle(waypoint: Waypoint, offset: foundry.grid.BaseGrid.Offset3D) {
    return styleFor(
      super._getGridHighlightStyle(waypoint, offset),
      this.#verdictOf(waypoint)?.verdict ?? null,
      REFUSED_COLOUR,
    );
  }
}
