import type { RulesetId } from "../../../src/core/rulesets.js";
import { openJournal } from "../../../src/core/shared/journal.js";
import { handleMoveRequest, type MoveRequestContext } from "../../../src/foundry/canvas/moves/move-request.js";
import { compileScene } from "../../../src/foundry/canvas/space/scene-space.js";
import { SpaceCache } from "../../../src/foundry/canvas/space/space-cache.js";
import { journalOf } from "../../../src/foundry/combat/fight/journal.js";
import { COMBAT_MODES, MODE_FOR_RULESET } from "../../../src/foundry/rulesets/index.js";
import type { RosterEntry } from "../../../src/foundry/combat/fight/roster.js";
import type { TurnCommand } from "../../../src/foundry/combat/fight/turn-command.js";
import { handleTurnRequest, type TurnRequestContext } from "../../../src/foundry/combat/requests/turn-request.js";
import { FakeCombat, FakeCombatant, FakeHooks, FakeUser } from "../../fakes/foundry-combat.js";
import type { FakeScene } from "../../fakes/foundry-scene.js";
import { reviewBlock, type BlockReviewPort } from "../../../src/foundry/canvas/blocks/block-review.js";
import { sceneFight } from "../../../src/foundry/canvas/fight/scene-fight.js";
import { manifestOf } from "../../../src/foundry/rulesets/index.js";
import { gmMoveHands } from "./gm-move-hands.js";
import { gmTurnHands } from "../combat/gm-turn-hands.js";

export const USERS = [new FakeUser("gm", "GM", true), new FakeUser("alice", "Alice"), new FakeUser("bob", "Bob")];

/**
 * A scene's tokens in a started fight of the world rule set's combat type: each token a combatant of the same id,
 * owned by the token's owners, with the stats given. Moves go through the GM's move handler and turn steps
 * through the GM's turn handler, as on the active GM's client; a move the GM allows is then made on the token.
 */
export class FightScene {
  readonly combat: FakeCombat;
  readonly undone: TurnCommand[] = [];
  /** Each combatant's actor's items, as the GM's review of a Block at a distance reads them (SEC-46). */
  readonly abilities: Record<string, { id: string; type: string; system: unknown }[]> = {};
  readonly turns: TurnRequestContext;
  readonly moves: MoveRequestContext;

  constructor(
    readonly scene: FakeScene,
    readonly ruleset: RulesetId,
    stats: Readonly<Record<string, RosterEntry["stats"]>>,
    sideOrder: readonly string[],
  ) {
    const mode = COMBAT_MODES[MODE_FOR_RULESET[ruleset]]!;
    const tokens = scene.tokens.contents;
    const list = tokens.map((t) =>
      Object.assign(new FakeCombatant(t.id, t.id, String(stats[t.id]?.side ?? "pc"), t.owners), {
        sceneId: scene.id,
        tokenId: t.id,
      }),
    );
    this.combat = new FakeCombat("fight", mode.id, list, new FakeHooks());
    const roster = list.map((c) => ({ id: c.id, name: c.name, side: c.side, hidden: false, stats: stats[c.id] ?? {} }));
    const opened = openJournal(mode.engine, mode.buildSetup(roster, { sideOrder }), 5);
    if (!opened.ok) throw new Error(opened.reason);
    this.combat.system = { journal: opened.state, events: [], revision: 0 };
    this.combat.round = 1;
    const spaces = new SpaceCache((x) => compileScene(x, manifestOf(ruleset).space));
    // The GM's review of a Block against the map, as register-canvas.ts gives it (block-review.ts).
    const port: BlockReviewPort = {
      placeOf: (_combat, id) => {
        const token = scene.tokens.get(id);
        return token ? { scene, token } : undefined;
      },
      space: (x) => spaces.get(x),
      ruleset: () => ruleset,
      itemOf: (_combat, id, itemId) => this.abilities[id]?.find((i) => i.id === itemId),
    };
    this.turns = {
      combat: (id) => (id === this.combat.id ? this.combat : undefined),
      user: (id) => USERS.find((u) => u.id === id),
      mode: (id) => COMBAT_MODES[id],
      ...gmTurnHands(),
      onUndone: (command) => void this.undone.push(command),
      review: (combat, command) => reviewBlock(port, combat, command),
    };
    this.moves = {
      scene: (id) => (id === scene.id ? scene : undefined),
      user: (id) => USERS.find((u) => u.id === id),
      ruleset: () => ruleset,
      spaces,
      // The world's one started fight, read as register-canvas.ts reads game.combats (world-fight.ts).
      fight: (sceneId) => sceneFight([this.combat], (id) => COMBAT_MODES[id], sceneId),
      ...gmMoveHands({ turns: this.turns }),
    };
  }

  get journal() {
    return journalOf(this.combat)!;
  }

  get view() {
    return COMBAT_MODES[this.combat.type]!.engine.view(this.journal.state);
  }

  /** The last turn step recorded. */
  get lastStep(): TurnCommand | undefined {
    const log = this.journal.log as unknown as Record<string, TurnCommand[]>;
    const chunks = Object.keys(log).sort((a, b) => Number(a) - Number(b));
    return log[chunks[chunks.length - 1]!]?.at(-1);
  }

  /** A turn command sent by the GM. */
  async step(command: TurnCommand) {
    return handleTurnRequest(this.turns, { combatId: this.combat.id, command, revision: this.journal.revision }, "gm");
  }

  /** The GM clicks the tracker's legal steps (ending turns first) until `id` is the one acting. */
  async until(id: string, extra: (c: TurnCommand) => boolean = () => false): Promise<void> {
    const engine = COMBAT_MODES[this.combat.type]!.engine;
    for (let guard = 0; guard < 200; guard++) {
      if (this.view.acting === id && this.view.round >= 1) return;
      const legal = engine.legal(this.journal.state);
      const pick =
        legal.find((c) => c.combatant === id && (c.type === "act" || extra(c))) ??
        legal.find((c) => c.type === "endTurn" || c.type === "position" || c.type === "chooseFirst") ??
        legal.find((c) => c.type === "act" || c.type === "pass" || c.type === "discard" || c.type === "draw");
      if (!pick) throw new Error(`no step towards ${id}'s turn: ${legal.map((c) => c.type).join(",")}`);
      const answer = await this.step(pick);
      if (!answer.ok) throw new Error(answer.reason);
    }
    throw new Error(`${id} never acts`);
  }

  /** A move request from `sender`; when the GM allows it, Foundry makes it: the token stands at the last waypoint. */
  async move(sender: string, tokenId: string, waypoints: readonly { x: number; y: number; action: string }[]) {
    const answer = await handleMoveRequest(this.moves, { sceneId: this.scene.id, tokenId, waypoints }, sender);
    if (answer.ok) {
      const token = this.scene.tokens.get(tokenId)!;
      token.x = waypoints[waypoints.length - 1]!.x;
      token.y = waypoints[waypoints.length - 1]!.y;
    }
    return answer;
  }
}
