import type { RulesetId } from "../../../../src/core/rulesets.js";
import { gmCardHands } from "../gm-card-hands.js";
import {
  readAttackCard,
  readPendingCard,
  type AttackCardData,
} from "../../../../src/foundry/cards/data/attack-card-data.js";
import {
  ATTACK_OPEN_REQUEST,
  handleAttackOpen,
  type OpenCardContext,
} from "../../../../src/foundry/cards/requests/attack-open.js";
import {
  ATTACK_CIRCUMSTANCES_REQUEST,
  handleAttackCircumstances,
} from "../../../../src/foundry/cards/requests/attack-circumstances.js";
import { ATTACK_ANSWER_REQUEST, handleAttackAnswer } from "../../../../src/foundry/cards/requests/attack-answer.js";
import {
  ATTACK_STEP_REQUEST,
  handleAttackStep,
  voidOnUndo,
} from "../../../../src/foundry/cards/requests/attack-request.js";
import { attackCardFor } from "../../../../src/foundry/rulesets/index.js";
import { defeatStep } from "../../../../src/foundry/cards/requests/attack-turn.js";
import { registerTurnRequests } from "../../../../src/foundry/combat/requests/turn-client.js";
import { handleTurnRequest, TURN_REQUEST } from "../../../../src/foundry/combat/requests/turn-request.js";
import type { TurnCommand } from "../../../../src/foundry/combat/fight/turn-command.js";
import { offeredAttackItem } from "../../../../src/foundry/move-cards/offer-item.js";
import type { RequestAnswer } from "../../../../src/foundry/requests/request-answer.js";
import { RequestChannel } from "../../../../src/foundry/requests/request-channel.js";
import type { FakeActor } from "../../../fakes/foundry-card.js";
import { FakeMessage } from "../../../fakes/foundry-card.js";
import { FakeDiceTray } from "../../../fakes/foundry-dice.js";
import { FakeScene, FakeSquareGrid } from "../../../fakes/foundry-scene.js";
import { FakeSocketServer } from "../../../fakes/foundry-socket.js";
import { FightScene, USERS } from "../../canvas/fight-scene.js";
import { place } from "../../move-cards/move-table.js";
import type { RosterEntry } from "../../../../src/foundry/combat/fight/roster.js";

/** One member of the cast: its token (and combatant) id, its actor, its side and its stats for the turn order. */
export interface CastMember {
  readonly id: string;
  readonly actor: FakeActor;
  readonly stats: RosterEntry["stats"];
  readonly cell: [number, number];
}

/**
 * The active GM's table for a fight played from cards: a scene whose tokens are a started fight's combatants
 * (FightScene), the chat, the GM's attack card handlers with the fight as register-cards wires it (gm-card-context.ts:
 * the attacker's fight, the turn request path, a defeat sent to the turn order, the tracker's undo voiding a card), and
 * every request sent by its user through Fray's request channel over the fake socket (the sender is the server's word).
 */
export function cardFight(
  ruleset: RulesetId,
  cast: readonly CastMember[],
  sideOrder: readonly string[],
  faces: ConstructorParameters<typeof FakeDiceTray>[0] = 7,
) {
  const scene = new FakeScene("s1", new FakeSquareGrid(100), 10, 4);
  for (const m of cast)
    place(scene, m.id, m.cell, m.actor, [...m.actor.owners], m.stats.side === sideOrder[0] ? 1 : -1);
  const stats = Object.fromEntries(cast.map((m) => [m.id, m.stats]));
  const f = new FightScene(scene, ruleset, stats, sideOrder);
  const messages: FakeMessage[] = [];
  const tokenOf = (ref: string) => cast.find((m) => m.actor.id === ref)?.id;
  const dice = new FakeDiceTray(faces);
  const ctx: OpenCardContext = {
    ...gmCardHands({ dice }),
    message: (id) => messages.find((m) => m.id === id),
    actor: (ref) => cast.find((m) => m.actor.id === ref)?.actor,
    user: (id) => USERS.find((u) => u.id === id),
    card: (r) => attackCardFor(r),
    ruleset: () => ruleset,
    mayTarget: () => true,
    hiddenFromTable: () => false,
    post: (data, _speaker, id) => {
      const m = new FakeMessage(id ?? `m${messages.length + 1}`, "attack", data, USERS[0]!);
      messages.push(m);
      return Promise.resolve(m);
    },
    // As gm-card-context.ts: a defeat is the GM's setAble or remove of the actor's combatant, naming the card.
    dropped: async (actorId, how, card) => {
      const combatant = tokenOf(actorId);
      if (!combatant) return [];
      const command = defeatStep(combatant, how, card);
      const answer = await handleTurnRequest(
        f.turns,
        { combatId: f.combat.id, command, revision: f.journal.revision },
        "gm",
      );
      return answer.ok ? [{ combatId: f.combat.id, combatant }] : [];
    },
    fight: {
      of: (ref) => {
        const combatant = tokenOf(ref);
        return combatant && f.combat.combatants.get(combatant) ? { combat: f.combat, combatant } : undefined;
      },
      get turns() {
        return f.turns;
      },
    },
  };
  // As register-cards.ts: the GM's undo of a step from the tracker voids the card it was spent for.
  const undone = f.turns.onUndone;
  (f as { turns: typeof f.turns }).turns = {
    ...f.turns,
    onUndone: async (command: TurnCommand) => {
      await undone(command);
      await voidOnUndo(ctx, command);
    },
  };
  const server = new FakeSocketServer();
  const gmChannel = new RequestChannel(server.env("gm", () => "gm"));
  gmChannel.listen();
  gmChannel.register(ATTACK_OPEN_REQUEST, (payload, sender) => handleAttackOpen(ctx, payload, sender));
  gmChannel.register(ATTACK_STEP_REQUEST, (payload, sender) => handleAttackStep(ctx, payload, sender));
  gmChannel.register(ATTACK_CIRCUMSTANCES_REQUEST, (payload, sender) =>
    handleAttackCircumstances(ctx, payload, sender),
  );
  gmChannel.register(ATTACK_ANSWER_REQUEST, (payload, sender) => handleAttackAnswer(ctx, payload, sender));
  registerTurnRequests(gmChannel, f.turns);
  const channels: Record<string, RequestChannel> = { gm: gmChannel };
  const channelOf = (user: string) => {
    if (!channels[user]) {
      channels[user] = new RequestChannel(server.env(user, () => "gm"));
      channels[user].listen();
    }
    return channels[user];
  };
  const actorOf = (token: string) => cast.find((m) => m.id === token)!.actor;
  const send = (user: string, name: string, payload: unknown): Promise<RequestAnswer> =>
    channelOf(user).send(name, payload);

  return {
    f,
    ctx,
    dice,
    messages,
    /**
     * `user` clicks Attack on `attacker`'s sheet at `target` with the rule set's attack item (or a payload field of
     * theirs).
     */
    attack: (user: string, attacker: string, target: string, extra: Record<string, unknown> = {}) =>
      send(user, ATTACK_OPEN_REQUEST, {
        attackerId: actorOf(attacker).id,
        targetId: actorOf(target).id,
        itemId: offeredAttackItem(attackCardFor(ruleset), actorOf(attacker).items.contents),
        options: {},
        ...extra,
      }),
    /** A card's step as `user` clicks it, at the card's revision unless told. */
    step: (user: string, messageId: string, command: Record<string, unknown>, revision?: number) =>
      send(user, ATTACK_STEP_REQUEST, { messageId, command, revision: revision ?? cardOf(messageId).journal.revision }),
    /** The GM sets a card's circumstances (its control under the card). */
    circumstances: (user: string, messageId: string, options: Record<string, boolean | number>) =>
      send(user, ATTACK_CIRCUMSTANCES_REQUEST, { messageId, options, revision: cardOf(messageId).journal.revision }),
    /** A tracker click: a turn command as `user` sends it. */
    turn: (user: string, command: TurnCommand, revision = f.journal.revision) =>
      send(user, TURN_REQUEST, { combatId: f.combat.id, command, revision }),
    card: cardOf,
    /** The card's owners click it through: the attacker's and target's owners their steps, the GM the rest. */
    playOut: async (
      messageId: string,
      pick: (commands: readonly Record<string, unknown>[]) => Record<string, unknown> = (c) => c[0]!,
    ) => {
      for (let guard = 0; guard < 30; guard++) {
        // A card waiting for an answer (strain's defence): the one asked answers first (attack-answer.ts).
        const pending = readPendingCard(messages.find((m) => m.id === messageId)?.system);
        if (pending) {
          const { question } = pending.pending;
          const ref =
            question.role === "target" ? pending.targetId : question.role === "attacker" ? pending.attackerId : null;
          const owner = ref ? cast.find((m) => m.actor.id === ref)?.actor.owners[0] : undefined;
          const answer = await send(owner ?? "gm", ATTACK_ANSWER_REQUEST, {
            messageId,
            value: question.answers[0]!.value,
          });
          if (!answer.ok) throw new Error(`the answer is refused: ${answer.key} ${answer.reason}`);
          continue;
        }
        const data = cardOf(messageId);
        const card = attackCardFor(data.ruleset)!;
        const state = data.journal.state;
        if (state.step === "done") return data;
        const legal = card.engine.legal(state) as unknown as Record<string, unknown>[];
        const command = pick(legal);
        const role = card.roleFor(command as never, state);
        const ref =
          role === "attacker"
            ? state.attacker
            : role === "target"
              ? state.target
              : typeof role === "object"
                ? role.owners[0]
                : null;
        const owner = ref ? cast.find((m) => m.actor.id === ref)?.actor.owners[0] : undefined;
        const answer = await send(owner ?? "gm", ATTACK_STEP_REQUEST, {
          messageId,
          command,
          revision: data.journal.revision,
        });
        if (!answer.ok) throw new Error(`${String(command.type)} refused: ${answer.key} ${answer.reason}`);
      }
      throw new Error("the card never ends");
    },
  };

  function cardOf(messageId: string): AttackCardData {
    const data = readAttackCard(messages.find((m) => m.id === messageId)?.system);
    if (!data) throw new Error(`no card ${messageId}`);
    return data;
  }
}

export { TURN_REQUEST };
