import { valueAt } from "../../../core/shared/guards.js";
import { RULESETS, type RulesetId } from "../../../core/rulesets.js";
import { attackCardFor } from "../../rulesets/index.js";
import { currentRuleset } from "../../settings/ruleset.js";
import { attackCastFor } from "./attack-cast.js";
import {
  attackFixture,
  createAttackFixture,
  removeAttackFixture,
  targetOnCanvas,
  type AttackFixture,
} from "./attack-fixture.js";
import { CardTable, nextCardControl } from "./card-table.js";
import type { MochaContext, MochaFn, Quench, QuenchAssert, QuenchBatchContext } from "../quench-types.js";
import { CombatWatch, until } from "../fixtures/tracker-table.js";
import { fightForAttack, spendsAndVoids } from "./fight-attack.js";

export const ATTACKS_BATCH = "fray.attacks";

/** How many attacks a test opens before it gives up on seeing one applied (real dice miss). */
const MAX_TRIES = 8;

/** How many clicks one card may take before the test calls it stuck. */
const MAX_CLICKS = 12;

/**
 * One attack in the world's rule set, in a live world, as the GM: from the attacker's sheet's Attack button (its
 * target's token targeted on a scene the batch makes and views) to the damage applied on the target, by clicking the
 * chat card's own buttons, each going through the GM's request path, then the GM's undo. A world plays one rule set
 * (its cards, sheets and request handlers are that rule set's), so the other rule sets' tests skip, saying so in
 * their titles and in the console: the five attacks take five worlds. It deletes the actors, the scene and the chat
 * messages it made and views again the scene the GM was viewing, even after a failure.
 */
export function registerAttacksBatch(quench: Quench): void {
  quench.registerBatch(ATTACKS_BATCH, attacksBatch, { displayName: "Fray: one attack per rule set" });
}

function attacksBatch({ describe, it, before, after, afterEach, assert }: QuenchBatchContext): void {
  const made = attackFixture();
  describe(
    "Fray: one attack in the world's rule set, from the " + "sheet's Attack button to damage applied and undone",
    function () {
      before(function (this: MochaContext) {
        if (!game.user.isGM) this.skip();
      });
      afterEach(async function (this: MochaContext) {
        this.timeout(30_000);
        await removeAttackFixture(made);
      });
      after(async function (this: MochaContext) {
        this.timeout(30_000);
        await removeAttackFixture(made);
      });
      for (const ruleset of RULESETS) {
        it(
          `${ruleset}: the GM targets the target's token on the batch's scene and clicks the Attack ` +
            `button on the attacker's ` +
            `sheet, then the card's buttons until done; the target's data changes as the apply plan ` +
            `says, dice were rolled ` +
            `in chat, and the GM's undo puts it back. A miss opens a new attack, up to ${MAX_TRIES} ` +
            `tries. Only in a world ` +
            `that plays ${ruleset}.`,
          playsAttack(ruleset, made, assert),
        );
        it(
          `${ruleset}: in a started fight, the GM begins it from the tracker; on the attacker's turn ` +
            `the sheet's Attack ` +
            `opens a card that spends the turn (the fight's last step names the card); the ` +
            `tracker's undo of that step ` +
            `voids the card, which says so and offers no step. Only in a world that plays ${ruleset}.`,
          spendsTurn(ruleset, made, assert),
        );
      }
    },
  );
}

function spendsTurn(ruleset: RulesetId, made: AttackFixture, assert: QuenchAssert): MochaFn {
  return async function (this: MochaContext) {
    if (currentRuleset() !== ruleset) {
      console.info(`Fray | ${ATTACKS_BATCH}: skipped ${ruleset} in a fight, this world plays ${currentRuleset()}`);
      this.skip();
    }
    this.timeout(120_000);
    const watch = new CombatWatch();
    watch.watch();
    try {
      await createAttackFixture(made, attackCastFor(ruleset));
      await targetOnCanvas(made);
      const { table } = await fightForAttack(made, ruleset, watch, assert);
      const card = await opensAttack(made, assert);
      // A card that asks first (strain's defence) is answered, so that it opens whole.
      const [answer] = card.pending() ? card.answers() : [];
      if (answer) await card.press(answer, `the answer ${answer.dataset.frayCardAnswer ?? ""}`);
      await spendsAndVoids(table, card, ruleset, assert);
    } finally {
      watch.unwatch();
    }
  };
}

function playsAttack(ruleset: RulesetId, made: AttackFixture, assert: QuenchAssert): MochaFn {
  return async function (this: MochaContext) {
    if (currentRuleset() !== ruleset) {
      console.info(`Fray | ${ATTACKS_BATCH}: skipped ${ruleset}, this world plays ${currentRuleset()}`);
      this.skip();
    }
    this.timeout(MAX_TRIES * 40_000);
    await createAttackFixture(made, attackCastFor(ruleset));
    const { attacker, target, itemId } = made;
    if (!attacker || !target || !itemId) return assert.fail("the fixture made no attacker, target or item");
    await targetOnCanvas(made);
    const tries: string[] = [];
    for (let n = 1; n <= MAX_TRIES; n++) {
      const table = await opensAttack(made, assert);
      const applyFrom = await playsCard(table, ruleset, assert);
      const changed = applyFrom === null ? [] : checkApplied(table, ruleset, applyFrom, assert);
      if (changed.length === 0) {
        tries.push(applyFrom === null ? "ended without apply (a miss)" : "applied without changing the target");
        continue;
      }
      console.info(
        `Fray | ${ATTACKS_BATCH} ${ruleset}: applied on ` +
          `try ${n}${tries.length ? ` (before: ${tries.join("; ")})` : ""}`,
      );
      assert.isTrue(rolledDice(made), `${ruleset}: no chat message with Foundry dice rolls was posted for the attack`);
      await undoes(table, changed, ruleset, assert);
      return;
    }
    assert.fail(`${ruleset}: no attack changed the target in ${MAX_TRIES} tries: ${tries.join("; ")}`);
  };
}

/**
 * Open the attacker's sheet and click its item row's Attack button; returns the new card once drawn in the chat log.
 */
async function opensAttack(made: AttackFixture, assert: QuenchAssert): Promise<CardTable> {
  const { attacker, target, itemId } = made;
  if (!attacker || !target || !itemId) return assert.fail("the fixture is gone");
  // Fray's actor sheets are ApplicationV2 (sheets/fray-actor-sheet.ts); the document's type still allows a v1 sheet.
  const sheet = attacker.sheet as unknown as foundry.applications.api.ApplicationV2 | null;
  if (!sheet) return assert.fail("the attacker has no sheet");
  await sheet.render({ force: true });
  await until("the attacker's sheet to render", () => sheet.rendered);
  const button = sheet.element.querySelector<HTMLButtonElement>(
    `[data-item-id="${itemId}"] button[data-action="attackWith"]`,
  );
  if (!button) return assert.fail("the attacker's sheet shows no Attack button on the item's row");
  const seen = new Set(made.messages);
  ui.chat.activate();
  button.click();
  let card: ChatMessage.Implementation | undefined;
  await until("the attack card's chat message", () => {
    card = game.messages.contents.find(
      (m) => (m.type as string) === "attack" && !seen.has(m.id ?? "") && made.messages.has(m.id ?? ""),
    );
    return card !== undefined;
  });
  const table = new CardTable(card!);
  await until("the attack card in the chat log", () => !!table.element()?.querySelector(".fray-attack-card"));
  if (!table.pending()) await table.drawn("as it opened");
  return table;
}

/**
 * Click the card's buttons one at a time (an answer if it asks one, then roll, skipReaction, rollDamage, apply) until
 * its data says done. Returns how many events the card had before apply was clicked, or null when it ended without.
 */
async function playsCard(table: CardTable, ruleset: RulesetId, assert: QuenchAssert): Promise<number | null> {
  let applyFrom: number | null = null;
  for (let clicks = 0; clicks < MAX_CLICKS; clicks++) {
    if (table.pending()) {
      const [answer] = table.answers();
      if (!answer) return assert.fail(`${ruleset}: the card waits for an answer the GM is not offered`);
      await table.press(answer, `the answer ${answer.dataset.frayCardAnswer ?? ""}`);
      continue;
    }
    const data = table.data();
    if (!data) return assert.fail(`${ruleset}: the card's data is not an attack card`);
    if (data.journal.state.step === "done") return applyFrom;
    const control = nextCardControl(table.offered());
    if (!control) return assert.fail(`${ruleset}: the card at step ${data.journal.state.step} offers the GM no button`);
    const before = data.events.length;
    await table.press(control.button, `${control.command.type} (${control.button.textContent?.trim() ?? ""})`);
    if (control.command.type === "apply") applyFrom = before;
  }
  return assert.fail(`${ruleset}: the card was not done after ${MAX_CLICKS} clicks`);
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * The card's apply plan, read again from its final state and apply's events, against the target as it is now: every
 * value the plan writes on the target is there, and `applied` holds the value before for each. Returns the paths whose
 * value differs from before (none: the hit did nothing to see, and the test tries again).
 */
function checkApplied(table: CardTable, ruleset: RulesetId, applyFrom: number, assert: QuenchAssert): string[] {
  const data = table.data();
  const target = game.actors.get(data?.targetId ?? "");
  const card = attackCardFor(ruleset);
  if (!data || !target || !card) return assert.fail(`${ruleset}: the card, its target or its rule set's card is gone`);
  assert.isNotNull(data.applied, `${ruleset}: apply was clicked but the card records nothing applied`);
  const plan = card.applyPlan(data.journal.state, data.events.slice(applyFrom));
  const planned = plan.actors.find((a) => a.actorId === target.id)?.changes ?? {};
  const before = data.applied?.actors.find((a) => a.actorId === target.id)?.before ?? {};
  for (const [path, value] of Object.entries(planned)) {
    assert.isTrue(
      same(valueAt(target.system, path), value),
      `${ruleset}: the target's ${path} is ${JSON.stringify(valueAt(target.system, path))}, the plan ` +
        `wrote ${JSON.stringify(value)}`,
    );
    assert.isTrue(Object.hasOwn(before, path), `${ruleset}: the card recorded no value before for ${path}`);
  }
  return Object.keys(before).filter((path) => !same(valueAt(target.system, path), before[path]));
}

/** A chat message with Foundry dice rolls was posted while the attack was made (the card's dice tray). */
function rolledDice(made: AttackFixture): boolean {
  return [...made.messages].some((id) => {
    const rolls = game.messages.get(id)?.rolls ?? [];
    return rolls.length > 0 && rolls.every((r) => r instanceof Roll);
  });
}

/** The GM's undo on the card: the target's changed values are as they were before. */
async function undoes(
  table: CardTable,
  changed: readonly string[],
  ruleset: RulesetId,
  assert: QuenchAssert,
): Promise<void> {
  const data = table.data();
  const before = data?.applied?.actors.find((a) => a.actorId === data.targetId)?.before ?? {};
  const undo = table.element()?.querySelector<HTMLButtonElement>(".fray-card-undo");
  if (!undo) return assert.fail(`${ruleset}: the finished card offers the GM no undo`);
  await table.press(undo, "the GM's undo");
  const target = game.actors.get(data?.targetId ?? "");
  if (!target) return assert.fail(`${ruleset}: the target is gone`);
  assert.isNull(table.data()?.applied ?? null, `${ruleset}: the card still records an apply after undo`);
  for (const path of changed) {
    assert.isTrue(
      same(valueAt(target.system, path), before[path]),
      `${ruleset}: undo left the target's ${path} at ${JSON.stringify(valueAt(target.system, path))}, ` +
        `not ${JSON.stringify(before[path])}`,
    );
  }
}
