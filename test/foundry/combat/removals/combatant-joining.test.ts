// Foundry adds combatants without asking a system's rules: the token HUD's combat toggle
// (client/applications/hud/token-hud.mjs #onToggleCombat -> client/documents/token.mjs createCombatants), an actor's
// rollInitiative({createCombatants}), a macro. None of Fray's turn orders has a command for joining a fight under way,
// so in a started Fray fight the creation is refused with a word of why; one made anyway (a client that skips the
// preCreateCombatant hook) is taken out again by the active GM, since the turn order never heard of it.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { FrayCombat as FrayCombatClass } from "../../../../src/foundry/combat/fray-combat.js";
import { journalOf } from "../../../../src/foundry/combat/fight/journal.js";
import type { FakeUser } from "../../../fakes/foundry-combat.js";
import { createCombatants, type ToggledToken } from "../../../fakes/foundry-token-combat.js";
import {
  alice,
  cast,
  frayFight,
  gm,
  gmContext,
  loadFrayCombat,
  openRequests,
  SETUP_SYSTEM,
  settle,
  startedSystem,
  table,
} from "../fight-table.js";

let FrayCombat: typeof FrayCombatClass;

beforeAll(async () => {
  FrayCombat = await loadFrayCombat();
});
afterEach(() => vi.unstubAllGlobals());

/** A token that is in no combat yet: Alice's newcomer. */
const newcomer: ToggledToken = { id: "t-new", sceneId: "scene", name: "Newcomer", owners: ["alice"] };

/** A Fray fight on the client of `user`, with Fray's guards registered on Foundry's Hooks as at init. */
async function fightFor(user: FakeUser, system?: Record<string, unknown>) {
  const t = table(user);
  const list = cast();
  const made = frayFight(FrayCombat, list, system ?? startedSystem(list), system ? 0 : 1);
  t.combats.push(made.fake);
  await openRequests(gmContext(made.combat, t));
  const { registerCombatRemoval } = await import("../../../../src/foundry/combat/removals/combat-removal.js");
  registerCombatRemoval();
  const warn = (globalThis as unknown as { ui: { notifications: { warn: ReturnType<typeof vi.fn> } } }).ui.notifications
    .warn;
  return { t, list, warn, ...made };
}

describe("a combatant added to a started Fray fight", () => {
  it("the GM's token HUD toggle is refused with a word of why, and the fight is as it was", async () => {
    const { combat, fake, warn } = await fightFor(gm);
    const revision = journalOf(combat)!.revision;
    const made = await createCombatants([newcomer], fake);
    expect(made).toEqual([]);
    expect(combat.combatants.contents.map((c) => c.id)).toEqual(["a1", "a2", "b1", "b2"]);
    expect(journalOf(combat)!.revision).toBe(revision);
    expect(warn).toHaveBeenCalledWith("FRAY.Tracker.JoinInFight", { format: { name: "Newcomer" } });
  });

  it("a player's toggle is refused the same way", async () => {
    const { combat, fake, warn } = await fightFor(alice);
    await createCombatants([newcomer], fake);
    expect(combat.combatants.size).toBe(4);
    expect(warn).toHaveBeenCalledWith("FRAY.Tracker.JoinInFight", { format: { name: "Newcomer" } });
  });

  it("one made anyway, past the hook, is taken out by the active GM; the turn order's combatants stay", async () => {
    const { combat, fake, list } = await fightFor(gm);
    const revision = journalOf(combat)!.revision;
    for (let n = 0; n < 5; n++) {
      await fake.createEmbeddedDocuments(
        "Combatant",
        [{ _id: `x${n}`, name: "X", tokenId: `t-x${n}`, sceneId: "scene" }],
        {
          noHook: true,
        },
      );
      await settle();
    }
    expect(combat.combatants.contents.map((c) => c.id)).toEqual(list.map((c) => c.id));
    expect(journalOf(combat)!.revision).toBe(revision);
  });

  it("before the fight starts, Foundry's own toggle stands: the setup is not a fight", async () => {
    const { combat, fake } = await fightFor(gm, SETUP_SYSTEM);
    await createCombatants([newcomer], fake);
    expect(combat.combatants.contents.some((c) => c.tokenId === "t-new")).toBe(true);
  });
});
