import type { RulesetId } from "../../../core/rulesets.js";
import type { FrayCombat } from "../../combat/fray-combat.js";
import { MODE_FOR_RULESET } from "../../rulesets/index.js";
import { FIXTURE_PREFIX } from "../fixtures/combat-fixture.js";
import { actorTypeFor } from "../fixtures/fight-cast.js";
import { cornerOf, movementLayout, movementSceneData, type MovementLayout } from "./movement-scene.js";

/** What the movement batch makes in the world, so its after hook deletes exactly that. */
export interface MovementFixture {
  layout: MovementLayout | null;
  scene: Scene.Implementation | null;
  actors: Actor.Implementation[];
  mover: TokenDocument.Implementation | null;
  enemy: TokenDocument.Implementation | null;
  combat: FrayCombat | null;
  /** Every chat message created while the fixture lives (move cards, dice). */
  readonly messages: Set<string>;
  hook: number | null;
}

export const movementFixture = (): MovementFixture => ({
  layout: null,
  scene: null,
  actors: [],
  mover: null,
  enemy: null,
  combat: null,
  messages: new Set(),
  hook: null,
});

/**
 * The world rule set's movement scene (movement-scene.ts: regions, walls, the space model flag), not activated, and
 * a friendly mover and a hostile enemy of the rule set's actor type with linked tokens on it. Each document is
 * recorded as soon as it exists, so a failure half way leaves everything for removeMovementFixture.
 */
export async function createMovementFixture(made: MovementFixture, ruleset: RulesetId): Promise<void> {
  made.hook = Hooks.on("createChatMessage", (message) => void made.messages.add(message.id ?? ""));
  const layout = movementLayout(ruleset);
  made.layout = layout;
  made.scene = (await Scene.create(movementSceneData(layout) as unknown as Scene.CreateData)) ?? null;
  if (!made.scene) throw new Error("could not create the movement scene");
  const type = actorTypeFor(MODE_FOR_RULESET[ruleset]);
  made.actors = await Actor.createDocuments([
    { name: `${FIXTURE_PREFIX} Mover`, type },
    { name: `${FIXTURE_PREFIX} Enemy`, type },
  ] as unknown as Actor.CreateData[]);
  const [mover, enemy] = made.actors;
  if (!mover?.id || !enemy?.id) throw new Error("could not create the mover and the enemy");
  const { FRIENDLY, HOSTILE } = CONST.TOKEN_DISPOSITIONS;
  const tokens = (await made.scene.createEmbeddedDocuments("Token", [
    { name: mover.name, actorId: mover.id, actorLink: true, disposition: FRIENDLY, ...cornerOf(layout.start) },
    { name: enemy.name, actorId: enemy.id, actorLink: true, disposition: HOSTILE, ...cornerOf(layout.enemy) },
  ] as never[])) as TokenDocument.Implementation[];
  made.mover = tokens[0] ?? null;
  made.enemy = tokens[1] ?? null;
  if (!made.mover || !made.enemy) throw new Error("could not place the tokens");
}

/**
 * Delete what the fixture made (the scene takes its tokens, regions and walls with it), each part even when another
 * fails.
 */
export async function removeMovementFixture(made: MovementFixture): Promise<void> {
  const failures: unknown[] = [];
  const attempt = (p: Promise<unknown> | undefined) => p?.catch((e: unknown) => void failures.push(e));
  if (made.hook !== null) Hooks.off("createChatMessage", made.hook);
  made.hook = null;
  if (made.combat && game.combats.get(made.combat.id ?? "")) await attempt(made.combat.delete());
  if (made.scene && game.scenes.get(made.scene.id ?? "")) await attempt(made.scene.delete());
  const messages = [...made.messages].filter((id) => game.messages.get(id));
  if (messages.length) await attempt(ChatMessage.deleteDocuments(messages));
  const actors = made.actors.map((a) => a.id).filter((id): id is string => !!id && !!game.actors.get(id));
  if (actors.length) await attempt(Actor.deleteDocuments(actors));
  Object.assign(made, { layout: null, scene: null, actors: [], mover: null, enemy: null, combat: null });
  made.messages.clear();
  if (failures.length)
    throw new Error(`could not remove everything the batch made: ${failures.map(String).join("; ")}`);
}
