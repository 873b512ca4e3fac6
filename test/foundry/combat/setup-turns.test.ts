// v13's Combat#setupTurns (client/documents/combat.mjs) sorts `turns` by initiative and sets `this.current` from
// `turns[this.turn]` of that order; Fray then puts the turns in the rules' order. `current` is what Foundry's
// _onUpdate and #onModifyCombatants compare the next state with, so it must name the rules' acting combatant too.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { FrayCombat as FrayCombatClass } from "../../../src/foundry/combat/fray-combat.js";
import { journalOf } from "../../../src/foundry/combat/fight/journal.js";
import { COMBAT_MODES } from "../../../src/foundry/rulesets/index.js";
import type { TurnCommand } from "../../../src/foundry/combat/fight/turn-command.js";
import { handleTurnRequest } from "../../../src/foundry/combat/requests/turn-request.js";
import type { FoundryCombat } from "../../fakes/foundry-combat-document.js";
import type { FakeCombatant } from "../../fakes/foundry-combat.js";
import { cast, frayFight, gm, gmContext, loadFrayCombat, startedSystem, table } from "./fight-table.js";

let FrayCombat: typeof FrayCombatClass;

beforeAll(async () => {
  FrayCombat = await loadFrayCombat();
});
afterEach(() => vi.unstubAllGlobals());

/**
 * A teams fight played until someone acts whose place in Foundry's initiative order differs from the rules' order
 * (b2's initiative puts it first there), then read again as a client that loads the world reads it.
 */
async function midTurn() {
  const t = table(gm);
  const list = cast();
  list.find((c) => c.id === "b2")!.initiative = 20;
  const first = frayFight(FrayCombat, list, startedSystem(list));
  const mode = COMBAT_MODES.teams!;
  for (let i = 0; i < 8; i++) {
    const j = journalOf(first.combat)!;
    const next = mode.engine.legal(j.state).find((c) => c.type === "act" || c.type === "endTurn") as TurnCommand;
    await handleTurnRequest(
      gmContext(first.combat, t),
      { combatId: "fight", command: next, revision: j.revision },
      gm.id,
    );
    await first.fake.settled();
    const acting = first.combat.frayView?.acting;
    const foundryOrder = [...list].sort((a, b) => first.fake._sortCombatants(a, b));
    if (acting && foundryOrder[first.combat.turn ?? -1]?.id !== acting) break;
  }
  const acting = first.combat.frayView!.acting!;
  expect(acting).toBeTruthy();
  const reread = new FrayCombat({
    id: "fight",
    type: "teams",
    combatants: list,
    system: JSON.parse(JSON.stringify(first.combat.system)) as Record<string, unknown>,
    round: first.combat.round,
    turn: first.combat.turn,
  } as never);
  return { t, list, acting, combat: reread, fake: reread as unknown as FoundryCombat };
}

describe("Combat#current names the rules' acting combatant (setupTurns)", () => {
  it(
    "a fight read mid-turn: current and combatant are the " + "acting combatant, and so is the first previous state",
    async () => {
      const { acting, combat } = await midTurn();
      expect(combat.combatant?.id).toBe(acting);
      expect(combat.current.combatantId).toBe(acting);
      expect(combat.previous?.combatantId).toBe(acting);
    },
  );

  it(
    "a change to a combatant (Foundry sets the turns up again) keeps current on the acting " +
      "combatant: no turn change",
    async () => {
      const { acting, combat, fake, t } = await midTurn();
      const changes = t.hooks.count("combatTurnChange");
      await (combat.combatants.get("b1") as unknown as FakeCombatant).update({ initiative: 7 });
      await fake.settled();
      expect(combat.current.combatantId).toBe(acting);
      expect(t.hooks.count("combatTurnChange")).toBe(changes);
      expect(fake.lifecycle).toEqual([]);
    },
  );
});
