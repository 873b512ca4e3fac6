// Issue 25, divergence 7: Foundry's token HUD toggle and a deleted token delete combatants without a system's rules
// (client/applications/hud/token-hud.mjs #onToggleCombat, client/documents/token.mjs deleteCombatants and
// _onDeleteOperation, client/documents/combat.mjs _onDeleteTokens). In a Fray fight the combatant leaves through the
// turn order instead: it stays a combatant, the core has it out, and the GM can undo that.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { FrayCombat as FrayCombatClass } from "../../../../src/foundry/combat/fray-combat.js";
import { journalOf } from "../../../../src/foundry/combat/fight/journal.js";
import { handleTurnRequest } from "../../../../src/foundry/combat/requests/turn-request.js";
import { deleteCombatants, onDeleteTokens } from "../../../fakes/foundry-token-combat.js";
import type { FakeUser } from "../../../fakes/foundry-combat.js";
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

/** A started fight on the client of `user`, with Fray's guard registered on Foundry's Hooks as at init. */
async function fightFor(user: FakeUser, system?: Record<string, unknown>) {
  const t = table(user);
  const list = cast();
  const made = frayFight(FrayCombat, list, system ?? startedSystem(list), system ? 0 : 1);
  t.combats.push(made.fake);
  await openRequests(gmContext(made.combat, t));
  const { registerCombatRemoval } = await import("../../../../src/foundry/combat/removals/combat-removal.js");
  registerCombatRemoval();
  return { t, list, ...made };
}

describe("a Fray fight's combatants leave through the turn order (issue 25, divergence 7)", () => {
  it("the GM's token HUD toggle removes the combatant through the turn order, which the GM can undo", async () => {
    const { combat, fake, list, t } = await fightFor(gm);
    const revision = journalOf(combat)!.revision;
    await deleteCombatants([list[2]!.token!], fake);
    await settle();
    expect(combat.combatants.get("b1")).toBeDefined();
    expect(combat.frayView?.status.b1).toBe("out");
    expect(journalOf(combat)!.revision).toBe(revision + 1);
    const undo = await handleTurnRequest(
      gmContext(combat, t),
      { combatId: "fight", command: { type: "undo" }, revision: revision + 1 },
      gm.id,
    );
    expect(undo.ok).toBe(true);
    expect(combat.frayView?.status.b1).not.toBe("out");
  });

  it("a player's HUD toggle is refused with a word of why, and writes nothing", async () => {
    const { combat, fake, list } = await fightFor(alice);
    const revision = journalOf(combat)!.revision;
    await deleteCombatants([list[0]!.token!], fake);
    await settle();
    expect(combat.combatants.get("a1")).toBeDefined();
    expect(journalOf(combat)!.revision).toBe(revision);
    expect(
      (globalThis as unknown as { ui: { notifications: { warn: ReturnType<typeof vi.fn> } } }).ui.notifications.warn,
    ).toHaveBeenCalledWith("FRAY.Tracker.RemoveInFight", { localize: true });
  });

  it(
    "a deleted token's combatant stays in Foundry and is " + "removed once, by the active GM, through the turn order",
    async () => {
      const { combat, list, t } = await fightFor(gm);
      const revision = journalOf(combat)!.revision;
      const token = list[1]!.token!;
      // The token is gone from its scene; the deleting client then deletes its combatants, and every client hears it.
      list[1]!.token = null;
      onDeleteTokens([token], { parent: { id: "scene" } });
      t.hooks.callAll("deleteToken", Object.assign(token, { parent: { id: "scene" } }), {}, gm.id);
      await settle();
      expect(combat.combatants.get("a2")).toBeDefined();
      expect(combat.frayView?.status.a2).toBe("out");
      expect(journalOf(combat)!.revision).toBe(revision + 1);
    },
  );

  it("before the fight starts, Foundry's own deletion stands: the setup is not a fight", async () => {
    const { combat, fake, list } = await fightFor(gm, SETUP_SYSTEM);
    await deleteCombatants([list[0]!.token!], fake);
    expect(combat.combatants.get("a1")).toBeUndefined();
  });
});
