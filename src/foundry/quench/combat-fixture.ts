import type { FrayCombat } from "../combat/fray-combat.js";

/** What a batch creates in the world, so its after hook deletes exactly that and nothing else. */
export interface CombatFixture {
  user: User.Implementation | null;
  actors: Actor.Implementation[];
  combat: FrayCombat | null;
  /** Combatant ids by the cast's keys. */
  ids: Record<string, string>;
  /** The CombatantGroups, in the GM's side order. */
  sideOrder: string[];
}

/** One combatant to make: its actor's name, which of the fixture's sides it fights on, and who sees and owns it. */
export interface CastMember {
  readonly key: string;
  readonly name: string;
  readonly side: number;
  readonly hidden?: boolean;
  /** Owned by the fixture's temporary player (made before, in `made.user`). */
  readonly owned?: boolean;
}

export interface CombatSpec {
  /** The combat type (a COMBAT_MODES id). */
  readonly type: string;
  readonly actorType: string;
  /** The CombatantGroups' names, in the GM's side order. */
  readonly sides: readonly string[];
  readonly cast: readonly CastMember[];
}

/** Every name a fixture gives begins with this, so a world's own documents are never mistaken for one. */
export const FIXTURE_PREFIX = "Fray Quench";

export const emptyFixture = (): CombatFixture => ({ user: null, actors: [], combat: null, ids: {}, sideOrder: [] });

/**
 * A scene-less Combat of `spec.type` with one temporary actor per cast member, each in its side's CombatantGroup, and
 * the GM's side order in the combat's start options. Each document is recorded in `made` as soon as it exists, so a
 * failure half way still leaves everything made for removeFixture.
 */
export async function createCombatFixture(made: CombatFixture, spec: CombatSpec): Promise<void> {
  const playerId = made.user?.id;
  const OWNER = CONST.DOCUMENT_OWNERSHIP_LEVELS.OWNER;
  made.actors = await Actor.createDocuments(
    spec.cast.map((c) => ({
      name: c.name,
      type: spec.actorType,
      ownership: c.owned && playerId ? { [playerId]: OWNER } : {},
    })) as unknown as Actor.CreateData[],
  );
  const created = await Combat.create({ type: spec.type, scene: null, active: false } as Combat.CreateData);
  if (created) made.combat = created;
  if (!created || !("frayView" in created)) throw new Error("CONFIG.Combat.documentClass is not FrayCombat");
  const groups = await created.createEmbeddedDocuments(
    "CombatantGroup",
    spec.sides.map((name) => ({ name })),
  );
  made.sideOrder = (groups ?? []).map((g) => g.id ?? "");
  if (made.sideOrder.length !== spec.sides.length || made.sideOrder.includes("")) throw new Error("could not create the CombatantGroups");
  const combatants = await created.createEmbeddedDocuments(
    "Combatant",
    spec.cast.map((c, i) => ({
      actorId: made.actors[i]?.id ?? null,
      name: c.name,
      hidden: c.hidden ?? false,
      group: made.sideOrder[c.side] ?? null,
    })) as Combatant.CreateData[],
  );
  spec.cast.forEach((c, i) => (made.ids[c.key] = combatants?.[i]?.id ?? ""));
  if (Object.values(made.ids).includes("")) throw new Error("could not create the combatants");
  await created.update({ "system.start.sideOrder": made.sideOrder } as Combat.UpdateData);
}

/** Delete what the fixture made, even when a test failed half way. */
export async function removeFixture(made: CombatFixture): Promise<void> {
  if (made.combat && game.combats.get(made.combat.id ?? "")) await made.combat.delete();
  const actorIds = made.actors.map((a) => a.id).filter((id): id is string => !!id && !!game.actors.get(id));
  if (actorIds.length) await Actor.deleteDocuments(actorIds);
  if (made.user?.id && game.users.get(made.user.id)) await made.user.delete();
}
