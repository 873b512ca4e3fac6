import type { EscalationWeapon } from "../../../core/attack/escalation/combatant.js";
import { expressionModifier } from "../../../core/dice/expression.js";
import { parseExpression } from "../../../core/dice/parse-expression.js";
import { isRecord, own, valueAt } from "../../../core/shared/guards.js";
import { refuse, type Refusal } from "../../../core/shared/outcome.js";
import { escalationSpell } from "../../data/specs/escalation/escalation-spell.js";
import { escalationWeapon } from "../../data/specs/escalation/escalation-weapon.js";
import { withInitial } from "../../data/field-spec.js";
import type { AttackChoice, CardActor, CardItem } from "../attack-ruleset.js";

/** The item types an escalation attack is made with: weapons and damaging spells (ESC-15). */
export const ESCALATION_ATTACK_ITEMS: readonly string[] = [escalationWeapon.type, escalationSpell.type];

/**
 * What the attack is made with: the weapon's numbers, and whether it is a spell (not a held item: ESC-49 cannot take
 * it).
 */
interface ChosenItem {
  readonly weapon: EscalationWeapon;
  readonly spell: boolean;
}

/**
 * The chosen item as the pipeline's weapon; null for an unarmed attack (the core's fist). Refused when the item is
 * missing, another actor's, not an attack item, or its damage is not one kind of die plus a flat bonus, the only
 * damage ESC-15's weapon (`dice`d`sides`+`modifier`) can hold.
 */
export function chosenItem(choice: AttackChoice): ChosenItem | null | Refusal {
  if (choice.itemId === null) return null;
  const id = choice.itemId;
  const item = choice.attacker.items.find((i) => i.id === id);
  if (!item) {
    const owner = choice.target.items.some((i) => i.id === id);
    return owner
      ? refuse("NotYourItem", `${choice.attacker.name} does not own item ${id}`, undefined, {
          name: choice.attacker.name,
          item: id,
        })
      : refuse("UnknownItem", `${choice.attacker.name} has no item ${id}`, undefined, {
          name: choice.attacker.name,
          item: id,
        });
  }
  return ESCALATION_ATTACK_ITEMS.includes(item.type) ? itemWeapon(item) : notAnAttackItem(item);
}

/** A weapon or spell item as the pipeline's weapon (ESC-15), or why it cannot be one. */
function itemWeapon(item: CardItem): ChosenItem | Refusal {
  const spell = item.type === escalationSpell.type;
  const fields = spell ? escalationSpell.fields : escalationWeapon.fields;
  const system = withInitial(fields, isRecord(item.system) ? item.system : {});
  if (!isRecord(item.system) || (spell && (valueAt(system, "summons") === true || valueAt(system, "damage") === "")))
    return notAnAttackItem(item);
  const dice = damageDice(item, valueAt(system, "damage"));
  if ("ok" in dice) return dice;
  const melee = !spell && valueAt(system, "attack") === "melee";
  const physical = !spell && valueAt(system, "physical") === true;
  return { weapon: { name: item.name, ...dice, melee, physical }, spell };
}

/**
 * The weapon a unit holds when it is not the one attacking (a free hit back, ESC-34): the sheet does not say which
 * is in hand, so its first readable weapon item, else bare hands (undefined: the core's fist).
 */
export function heldWeapon(actor: CardActor): EscalationWeapon | undefined {
  for (const item of actor.items) {
    if (item.type !== escalationWeapon.type) continue;
    const w = itemWeapon(item);
    if (!("ok" in w)) return w.weapon;
  }
  return undefined;
}

function notAnAttackItem(item: CardItem): Refusal {
  return refuse("NotAnAttackItem", `${item.name} (${item.type}) does not make an attack`, undefined, {
    item: item.name,
  });
}

/** ESC-15: the item's damage formula as the weapon's dice, sides and flat modifier. */
function damageDice(item: CardItem, formula: unknown): { dice: number; sides: number; modifier: number } | Refusal {
  const parsed = parseExpression(typeof formula === "string" ? formula : "");
  if (!parsed.ok) return parsed;
  const dice = parsed.expression.terms.filter((t) => t.kind === "dice");
  const only = dice[0];
  if (dice.length !== 1 || !only || only.sign < 0 || only.keep !== null)
    return refuse(
      "DamageNotOneDie",
      `${item.name}'s damage ${String(formula)} is not one kind of die plus a bonus`,
      "ESC-15",
      {
        item: item.name,
        formula: String(formula),
      },
    );
  return { dice: only.count, sides: only.sides, modifier: expressionModifier(parsed.expression) };
}

/** An option of the choice, own properties only. */
export function option(options: AttackChoice["options"], key: string): unknown {
  return own(options, key);
}
