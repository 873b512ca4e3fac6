import {
  createCombatFixture,
  emptyFixture,
  FIXTURE_PREFIX,
  removeFixture,
  type CombatFixture,
} from "../fixtures/combat-fixture.js";
import { FIGHT_CAST, FIGHT_SIDES } from "../fixtures/fight-cast.js";
import { looseHooks } from "../quench-types.js";

/**
 * What the batch's checks of Foundry's own machinery make: a teams fight of four (fight-cast.ts) whose fighters stand
 * on tokens of a scene of their own (not activated), so the token HUD's toggle and a token's deletion can be tried.
 */
export interface FoundryFixture {
  readonly made: CombatFixture;
  scene: Scene.Implementation | null;
  /** Token ids by the cast's keys. */
  readonly tokens: Record<string, string>;
  /** What Foundry's hooks were seen carrying, for this combat only. */
  readonly seen: FoundrySeen;
  hookIds: [string, number][];
}

interface FoundrySeen {
  /** combatTurnChange: the previous and current combatant ids. */
  readonly changes: { previous: string | null; current: string | null }[];
  /** combatRound and combatTurn: the options each carried. */
  readonly turnOptions: Record<string, unknown>[];
  /** The options each update of the combat was written with, before the server (their clock stopped: delta 0). */
  readonly updateOptions: Record<string, unknown>[];
  /** Combatant writes of an initiative. */
  readonly initiatives: unknown[];
}

export const foundryFixture = (): FoundryFixture => ({
  made: emptyFixture(),
  scene: null,
  tokens: {},
  seen: { changes: [], turnOptions: [], updateOptions: [], initiatives: [] },
  hookIds: [],
});

export async function createFoundryFixture(f: FoundryFixture): Promise<void> {
  await createCombatFixture(f.made, {
    type: "teams",
    actorType: "teams-character",
    sides: FIGHT_SIDES,
    cast: FIGHT_CAST,
  });
  f.scene =
    (await Scene.create({
      name: `${FIXTURE_PREFIX} tokens`,
      width: 1000,
      height: 1000,
      padding: 0,
    })) ?? null;
  if (!f.scene) throw new Error("could not create the scene");
  const tokens = (await f.scene.createEmbeddedDocuments(
    "Token",
    f.made.actors.map((a, i) => ({ name: a.name, actorId: a.id, x: 100 * (i + 1), y: 100 })),
  )) as TokenDocument.Implementation[];
  FIGHT_CAST.forEach((c, i) => (f.tokens[c.key] = tokens[i]?.id ?? ""));
  const combat = f.made.combat;
  if (!combat || Object.values(f.tokens).includes("")) throw new Error("could not place the tokens");
  await combat.updateEmbeddedDocuments(
    "Combatant",
    FIGHT_CAST.map((c) => ({ _id: f.made.ids[c.key], sceneId: f.scene?.id, tokenId: f.tokens[c.key] })),
  );
  watch(f);
}

/**
 * Record what Foundry's hooks carry for this combat. The clock is stopped before the server: the world's time stays.
 */
function watch(f: FoundryFixture): void {
  const mine = (c: { id?: string | null } | null | undefined) => !!c?.id && c.id === f.made.combat?.id;
  const on = (hook: string, fn: (...args: never[]) => unknown) => f.hookIds.push([hook, looseHooks().on(hook, fn)]);
  on("combatTurnChange", (c: Combat.Implementation, previous: Combat.HistoryData, current: Combat.HistoryData) => {
    if (mine(c)) f.seen.changes.push({ previous: previous.combatantId, current: current.combatantId });
  });
  for (const hook of ["combatRound", "combatTurn"])
    on(hook, (c: Combat.Implementation, _d: unknown, options: Record<string, unknown>) => {
      if (mine(c)) f.seen.turnOptions.push(JSON.parse(JSON.stringify(options)) as Record<string, unknown>);
    });
  on("preUpdateCombat", (c: Combat.Implementation, _changes: unknown, options: { worldTime?: { delta: number } }) => {
    if (!mine(c)) return;
    f.seen.updateOptions.push(JSON.parse(JSON.stringify(options)) as Record<string, unknown>);
    if (options.worldTime) options.worldTime.delta = 0;
  });
  on("preUpdateCombatant", (c: Combatant.Implementation, changes: Record<string, unknown>) => {
    if (mine(c.parent) && "initiative" in changes) f.seen.initiatives.push(changes.initiative);
  });
}

export async function removeFoundryFixture(f: FoundryFixture): Promise<void> {
  for (const [hook, id] of f.hookIds.splice(0)) looseHooks().off(hook, id);
  const failures: unknown[] = [];
  await removeFixture(f.made).catch((e: unknown) => failures.push(e));
  if (f.scene && game.scenes.get(f.scene.id ?? "")) await f.scene.delete().catch((e: unknown) => failures.push(e));
  if (failures.length)
    throw new Error(`could not remove everything the batch made: ${failures.map(String).join("; ")}`);
}
