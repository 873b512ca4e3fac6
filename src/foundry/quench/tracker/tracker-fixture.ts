import {
  createCombatFixture,
  FIXTURE_PREFIX,
  type CastMember,
  type CombatFixture,
} from "../fixtures/combat-fixture.js";

/** The tracker batch's cast: h1 (the player's), h2 (the GM's), v1, v2, v3 (hidden). */
const CAST: readonly CastMember[] = [
  { key: "h1", name: `${FIXTURE_PREFIX} Hero One`, side: 0, owned: true },
  { key: "h2", name: `${FIXTURE_PREFIX} Hero Two`, side: 0 },
  { key: "v1", name: `${FIXTURE_PREFIX} Villain One`, side: 1 },
  { key: "v2", name: `${FIXTURE_PREFIX} Villain Two`, side: 1 },
  { key: "v3", name: `${FIXTURE_PREFIX} Hidden Villain`, side: 1, hidden: true },
];

/**
 * A scene-less "teams" Combat with temporary actors in two CombatantGroups (one hidden villain) and a temporary
 * player who owns only Hero One: the world's own users and actors are left alone.
 */
export async function createTrackerFixture(made: CombatFixture): Promise<void> {
  made.user =
    (await User.create({ name: `${FIXTURE_PREFIX} player (temporary)`, role: CONST.USER_ROLES.PLAYER })) ?? null;
  if (!made.user?.id) throw new Error("could not create the temporary player");
  await createCombatFixture(made, {
    type: "teams",
    actorType: "teams-character",
    sides: ["Heroes", "Villains"],
    cast: CAST,
  });
}
