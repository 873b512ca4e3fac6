import type { RulesetId } from "../../../core/rulesets.js";
import { commandsOf } from "../../../core/shared/journal.js";
import type { FrayCombat } from "../../combat/fray-combat.js";
import { journalOf } from "../../combat/fight/journal.js";
import { MODE_FOR_RULESET } from "../../rulesets/index.js";
import { FIXTURE_PREFIX } from "../fixtures/combat-fixture.js";
import type { CombatWatch } from "../fixtures/tracker-table.js";
import { TrackerTable, until } from "../fixtures/tracker-table.js";
import type { QuenchAssert } from "../quench-types.js";
import type { AttackFixture } from "./attack-fixture.js";
import type { CardTable } from "./card-table.js";

/** How many tracker clicks may pass before the attacker acts (Round Zero, a first choice, a draw). */
const MAX_TURN_CLICKS = 20;

/** The tracker steps that bring the attacker's turn, best first: its own Act, the round's opening, its draw. */
const TOWARDS_TURN = ["chooseFirst", "position", "act", "draw", "endTurn", "discard", "pass"];

/**
 * A started fight of the world's rule set for the attacks batch's two actors (its attacker on the first side, its
 * target on the second), begun from the tracker as the GM does, up to the attacker's turn. Returns the tracker and
 * the attacker's combatant; the caller deletes the combat.
 */
export async function fightForAttack(
  made: AttackFixture,
  ruleset: RulesetId,
  watch: CombatWatch,
  assert: QuenchAssert,
): Promise<{ table: TrackerTable; attacker: string }> {
  if (!made.attacker || !made.target) return assert.fail("the fixture made no attacker or target");
  const combat = (await Combat.create({
    type: MODE_FOR_RULESET[ruleset],
    scene: null,
    active: true,
  } as Combat.CreateData)) as FrayCombat | undefined;
  if (!combat) return assert.fail("could not create the combat");
  made.combat = combat;
  const groups = await combat.createEmbeddedDocuments("CombatantGroup", [
    { name: `${FIXTURE_PREFIX} Heroes` },
    { name: `${FIXTURE_PREFIX} Foes` },
  ]);
  const sides = (groups ?? []).map((g) => g.id ?? "");
  const combatants = await combat.createEmbeddedDocuments("Combatant", [
    { actorId: made.attacker.id, name: made.attacker.name, group: sides[0] ?? null },
    { actorId: made.target.id, name: made.target.name, group: sides[1] ?? null },
  ] as Combatant.CreateData[]);
  const attacker = combatants?.[0]?.id ?? "";
  if (!attacker) return assert.fail("could not create the combatants");
  await combat.update({ "system.start.sideOrder": sides } as Combat.UpdateData);
  const table = new TrackerTable(combat, watch);
  await table.show();
  const begin = table.control('[data-action="frayBegin"]');
  if (!begin) return assert.fail(`${ruleset}: the tracker offers the GM no Begin control`);
  await table.press(begin, "Begin");
  for (let clicks = 0; clicks < MAX_TURN_CLICKS; clicks++) {
    const offered = table.offered();
    const drawn = !offered.some((c) => c.command.type === "draw" && c.command.combatant === attacker);
    if (combat.frayView?.acting === attacker && drawn) return { table, attacker };
    const pick = TOWARDS_TURN.map((type) =>
      offered.find((c) => c.command.type === type && (type !== "act" || c.command.combatant === attacker)),
    ).find((c) => c !== undefined);
    const any = pick ?? offered.find((c) => c.command.type === "act");
    if (!any) return assert.fail(`${ruleset}: no tracker control brings the attacker's turn`);
    await table.press(any.button, any.command.type);
  }
  return assert.fail(`${ruleset}: the attacker did not act after ${MAX_TURN_CLICKS} tracker clicks`);
}

/**
 * The card opened on the attacker's turn spent it: the fight's last step is the turn order's spend naming the card.
 * Then the GM's undo in the tracker takes that step back, and the card says it is void and offers no step.
 */
export async function spendsAndVoids(
  table: TrackerTable,
  card: CardTable,
  ruleset: RulesetId,
  assert: QuenchAssert,
): Promise<void> {
  const journal = journalOf(table.combat);
  const last = journal ? (commandsOf<Record<string, unknown>>(journal).at(-1) ?? null) : null;
  assert.strictEqual(
    last?.attackCard,
    card.message.id,
    `${ruleset}: the fight's last step is not the card's: ${JSON.stringify(last)}`,
  );
  assert.isNotNull(card.data()?.spent ?? null, `${ruleset}: the card does not say where it spent the turn`);
  const undo = table.offered().find((c) => c.command.type === "undo");
  if (!undo) return assert.fail(`${ruleset}: the tracker offers the GM no undo`);
  await table.press(undo.button, "the tracker's undo");
  await until(`${ruleset}: the card voided by the tracker's undo`, () => card.data()?.voided === true);
  await card.drawn("once void");
  const drawn = card.element();
  assert.isNotNull(drawn?.querySelector(".fray-card-voided") ?? null, `${ruleset}: the void card does not say so`);
  assert.strictEqual(card.offered().length, 0, `${ruleset}: the void card still offers steps`);
}
