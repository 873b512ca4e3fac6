import { FrayCombat } from "../combat/fray-combat.js";

/** What the tracker batch creates in the world, so its after hook deletes exactly that and nothing else. */
export interface TrackerFixture {
  user: User.Implementation | null;
  actors: Actor.Implementation[];
  combat: FrayCombat | null;
  /** Combatant ids by role: h1 (the player's), h2 (the GM's), v1, v2, v3 (hidden). */
  ids: Record<string, string>;
  sideOrder: string[];
}

const PREFIX = "Fray Quench";

const CAST = [
  { key: "h1", name: `${PREFIX} Hero One`, owned: true },
  { key: "h2", name: `${PREFIX} Hero Two`, owned: false },
  { key: "v1", name: `${PREFIX} Villain One`, owned: false },
  { key: "v2", name: `${PREFIX} Villain Two`, owned: false },
  { key: "v3", name: `${PREFIX} Hidden Villain`, owned: false },
] as const;

export const emptyFixture = (): TrackerFixture => ({ user: null, actors: [], combat: null, ids: {}, sideOrder: [] });

/**
 * A scene-less "teams" Combat with temporary actors in two CombatantGroups (one hidden villain) and a temporary
 * player who owns only Hero One: the world's own users and actors are left alone.
 */
export async function createTrackerFixture(made: TrackerFixture): Promise<void> {
  made.user = (await User.create({ name: `${PREFIX} player (temporary)`, role: CONST.USER_ROLES.PLAYER })) ?? null;
  const playerId = made.user?.id;
  if (!playerId) throw new Error("could not create the temporary player");
  const OWNER = CONST.DOCUMENT_OWNERSHIP_LEVELS.OWNER;
  made.actors = await Actor.createDocuments(
    CAST.map((c) => ({
      name: c.name,
      type: "teams-character",
      ownership: c.owned ? { [playerId]: OWNER } : {},
    })) as unknown as Actor.CreateData[],
  );
  const created = await Combat.create({ type: "teams", scene: null, active: false } as Combat.CreateData);
  if (!(created instanceof FrayCombat)) throw new Error("CONFIG.Combat.documentClass is not FrayCombat");
  made.combat = created;
  const groups = await created.createEmbeddedDocuments("CombatantGroup", [{ name: "Heroes" }, { name: "Villains" }]);
  const [heroes, villains] = (groups ?? []).map((g) => g.id ?? "");
  if (!heroes || !villains) throw new Error("could not create the CombatantGroups");
  const combatants = await created.createEmbeddedDocuments(
    "Combatant",
    CAST.map((c, i) => ({
      actorId: made.actors[i]?.id ?? null,
      name: c.name,
      hidden: c.key === "v3",
      group: c.key.startsWith("h") ? heroes : villains,
    })) as Combatant.CreateData[],
  );
  CAST.forEach((c, i) => (made.ids[c.key] = combatants?.[i]?.id ?? ""));
  made.sideOrder = [heroes, villains];
  await created.update({ "system.start.sideOrder": made.sideOrder } as Combat.UpdateData);
}

/** Delete what the fixture made, even when a test failed half way. */
export async function removeTrackerFixture(made: TrackerFixture): Promise<void> {
  if (made.combat && game.combats.get(made.combat.id ?? "")) await made.combat.delete();
  const actorIds = made.actors.map((a) => a.id).filter((id): id is string => !!id && !!game.actors.get(id));
  if (actorIds.length) await Actor.deleteDocuments(actorIds);
  if (made.user?.id && game.users.get(made.user.id)) await made.user.delete();
}
