import type { AttackCast } from "./attack-cast.js";
import { FIXTURE_PREFIX } from "../fixtures/combat-fixture.js";
import { until } from "../fixtures/tracker-table.js";

/** How long the batch waits for its scene to be drawn on the canvas (a real world's canvas takes a few seconds). */
const CANVAS_TIMEOUT_MS = 20_000;

/**
 * What the attacks batch makes in the world, so its hooks delete exactly that: actors, a scene of its own with the
 * target's token on it, chat messages; and the scene the GM was viewing, to go back to.
 */
export interface AttackFixture {
  attacker: Actor.Implementation | null;
  target: Actor.Implementation | null;
  itemId: string | null;
  /** The batch's scene, viewed while the attack is made, so that the target's token can be targeted. */
  scene: Scene.Implementation | null;
  /** The scene the canvas showed before (null: none), viewed again when the batch is done. */
  viewed: Scene.Implementation | null;
  /** The target's token on the batch's scene. */
  token: TokenDocument.Implementation | null;
  /** A started fight of the two actors (fight-attack.ts), when a test makes one. */
  combat: Combat.Implementation | null;
  /** Every chat message created while the fixture lives (the cards and their dice). */
  readonly messages: Set<string>;
  hook: number | null;
}

export const attackFixture = (): AttackFixture => ({
  attacker: null,
  target: null,
  itemId: null,
  scene: null,
  viewed: null,
  token: null,
  combat: null,
  messages: new Set(),
  hook: null,
});

/**
 * The batch's scene: six by four 100-pixel squares (CONST.GRID_TYPES.SQUARE is 1), no padding, no map of sections or
 * zones (space model "none"): the attacker has no token, so the card is opened without the map's range, reach and
 * sight (issue 14's map checks have tests of their own). Plain data, so it is unit-tested without Foundry.
 */
export function attackSceneData(): Record<string, unknown> {
  return {
    name: `${FIXTURE_PREFIX} Attack`,
    width: 600,
    height: 400,
    padding: 0,
    grid: { type: 1, size: 100 },
    flags: { fray: { spaceModel: "none" } },
  };
}

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
 * Target the target's token as the GM would: the batch's scene is made and viewed (the scene on the canvas before is
 * remembered), the target's token placed on it and targeted, alone. Fails, saying why, when the canvas draws nothing
 * (a world with the canvas turned off cannot target a token, so the sheet's Attack button has no target).
 */
export async function targetOnCanvas(made: AttackFixture): Promise<void> {
  if (!made.target) throw new Error("the fixture has no target");
  made.viewed = canvas?.ready ? (canvas.scene ?? null) : null;
  made.scene = (await Scene.create(attackSceneData() as unknown as Scene.CreateData)) ?? null;
  const scene = made.scene;
  if (!scene) throw new Error("could not create the batch's scene");
  await scene.view();
  await until(
    "the batch's scene on the canvas (is the canvas turned off?)",
    () => !!canvas?.ready && canvas.scene?.id === scene.id,
    CANVAS_TIMEOUT_MS,
  );
  const data = (await made.target.getTokenDocument({ x: 200, y: 100 })).toObject();
  const [token] = (await scene.createEmbeddedDocuments("Token", [data as never])) as TokenDocument.Implementation[];
  made.token = token ?? null;
  if (!token) throw new Error("could not place the target's token");
  await until("the target's token on the canvas", () => !!token.object);
  token.object?.setTarget(true, { releaseOthers: true, groupSelection: false });
  const targets = [...game.user.targets];
  if (targets.length !== 1 || targets[0]?.actor?.id !== made.target.id)
    throw new Error("the target's token is not the GM's one target");
}

/** Delete what the fixture made, each part even when another's removal fails; forget it. */
export async function removeAttackFixture(made: AttackFixture): Promise<void> {
  const failures: unknown[] = [];
  const attempt = (p: Promise<unknown> | undefined) => p?.catch((e: unknown) => void failures.push(e));
  if (made.hook !== null) Hooks.off("createChatMessage", made.hook);
  made.hook = null;
  for (const t of game.user.targets) t.setTarget(false, { releaseOthers: false, groupSelection: false });
  await attempt(made.attacker?.sheet?.close());
  if (made.combat && game.combats.get(made.combat.id ?? "")) await attempt(made.combat.delete());
  // Back to the scene the GM was viewing (or none) before the batch's scene goes, its token with it.
  if (made.scene?.isView)
    await attempt(made.viewed && game.scenes.get(made.viewed.id ?? "") ? made.viewed.view() : made.scene.unview());
  if (made.scene && game.scenes.get(made.scene.id ?? "")) await attempt(made.scene.delete());
  const messages = [...made.messages].filter((id) => game.messages.get(id));
  if (messages.length) await attempt(ChatMessage.deleteDocuments(messages));
  const actors = [made.attacker, made.target]
    .map((a) => a?.id)
    .filter((id): id is string => !!id && !!game.actors.get(id));
  if (actors.length) await attempt(Actor.deleteDocuments(actors));
  Object.assign(made, {
    attacker: null,
    target: null,
    itemId: null,
    scene: null,
    viewed: null,
    token: null,
    combat: null,
  });
  made.messages.clear();
  if (failures.length)
    throw new Error(`could not remove everything the batch made: ${failures.map(String).join("; ")}`);
}
