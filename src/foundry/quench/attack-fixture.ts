import type { AttackCast } from "./attack-cast.js";
import { until } from "./tracker-table.js";

/** What the attacks batch makes in the world, so its hooks delete exactly that: actors, a token, chat messages. */
export interface AttackFixture {
  attacker: Actor.Implementation | null;
  target: Actor.Implementation | null;
  itemId: string | null;
  /** The target's temporary token on the viewed scene, when there is one to target. */
  token: TokenDocument.Implementation | null;
  /** Every chat message created while the fixture lives (the cards and their dice). */
  readonly messages: Set<string>;
  hook: number | null;
}

export const attackFixture = (): AttackFixture => ({
  attacker: null,
  target: null,
  itemId: null,
  token: null,
  messages: new Set(),
  hook: null,
});

/** The attacker with its one attack item, and the target; chat messages are recorded from now on. */
export async function createAttackFixture(made: AttackFixture, cast: AttackCast): Promise<void> {
  made.hook = Hooks.on("createChatMessage", (message) => void made.messages.add(message.id ?? ""));
  const [attacker, target] = await Actor.createDocuments([
    { name: cast.attacker.name, type: cast.actorType, system: cast.attacker.system, items: [cast.item] },
    { name: cast.target.name, type: cast.actorType, system: cast.target.system, prototypeToken: { actorLink: true } },
  ] as unknown as Actor.CreateData[]);
  made.attacker = attacker ?? null;
  made.target = target ?? null;
  made.itemId = attacker?.items.contents[0]?.id ?? null;
}

/**
 * Target the target's token as the GM would, when a scene is on the canvas: a temporary token of it is placed there
 * and targeted. False when there is no scene (the test then calls startAttack with the target, as the button would).
 */
export async function targetOnCanvas(made: AttackFixture): Promise<boolean> {
  const scene = canvas?.ready ? canvas.scene : null;
  if (!scene || !made.target) return false;
  const data = (await made.target.getTokenDocument({ x: scene.dimensions.sceneX, y: scene.dimensions.sceneY })).toObject();
  const [token] = (await scene.createEmbeddedDocuments("Token", [data as never])) as TokenDocument.Implementation[];
  made.token = token ?? null;
  if (!token) return false;
  await until("the target's token on the canvas", () => !!token.object);
  token.object?.setTarget(true, { releaseOthers: true, groupSelection: false });
  const targets = [...game.user.targets];
  return targets.length === 1 && targets[0]?.actor?.id === made.target.id;
}

/** Delete what the fixture made, each part even when another's removal fails; forget it. */
export async function removeAttackFixture(made: AttackFixture): Promise<void> {
  const failures: unknown[] = [];
  const attempt = (p: Promise<unknown> | undefined) => p?.catch((e: unknown) => void failures.push(e));
  if (made.hook !== null) Hooks.off("createChatMessage", made.hook);
  made.hook = null;
  for (const t of game.user.targets) t.setTarget(false, { releaseOthers: false, groupSelection: false });
  await attempt(made.attacker?.sheet?.close());
  if (made.token?.parent && made.token.parent.tokens.get(made.token.id ?? "")) await attempt(made.token.delete());
  const messages = [...made.messages].filter((id) => game.messages.get(id));
  if (messages.length) await attempt(ChatMessage.deleteDocuments(messages));
  const actors = [made.attacker, made.target].map((a) => a?.id).filter((id): id is string => !!id && !!game.actors.get(id));
  if (actors.length) await attempt(Actor.deleteDocuments(actors));
  Object.assign(made, { attacker: null, target: null, itemId: null, token: null });
  made.messages.clear();
  if (failures.length) throw new Error(`could not remove everything the batch made: ${failures.map(String).join("; ")}`);
}
