import { strainAttack } from "../../../core/attack/strain/engine.js";
import { abilityLoad } from "../../../core/attack/strain/loads.js";
import { allowedDefences } from "../../../core/attack/strain/roll-modifiers.js";
import type { StrainAttackCommand } from "../../../core/attack/strain/types.js";
import type { Defence } from "../../../core/attack/strain/contest.js";
import { isRecord, isStringArray } from "../../../core/shared/guards.js";
import { applied, refuse, type Outcome } from "../../../core/shared/outcome.js";
import { probeRoller } from "./probe-roller.js";
import { strainAbility } from "../../data/specs/strain/strain-ability.js";
import type { AttackChoice, AttackOpening, CardActor, CardItem } from "../attack-ruleset.js";
import { strainCharacterFrom } from "./character.js";
import type { StrainCardSetup } from "./setup.js";

export const STRAIN_ATTACK_ITEMS: readonly string[] = [strainAbility.type];

type Opening = Outcome<AttackOpening<StrainCardSetup, StrainAttackCommand>, never>;

/** What an ability item says about its attack, read through the strain-ability spec's field names. */
interface StrainAbilityAttack {
  readonly kind: "physical" | "mental";
  /** The Art granting it; "basic" for a Basic Combat Ability (no Art named, STR-13/36). */
  readonly art: string;
  readonly deals: "fatigue" | "stress" | "none";
  readonly tags: readonly string[];
}

/** The ability's attack, or null when the item is not an Attack-type ability or its data is not readable. */
export function abilityAttack(item: CardItem): StrainAbilityAttack | null {
  if (!STRAIN_ATTACK_ITEMS.includes(item.type) || !isRecord(item.system)) return null;
  const { attack, art, deals, tags } = item.system;
  if (attack !== "physical" && attack !== "mental") return null;
  if (deals !== "fatigue" && deals !== "stress" && deals !== "none") return null;
  if (typeof art !== "string" || !isStringArray(tags)) return null;
  return { kind: attack, art: art.trim() === "" ? "basic" : art, deals, tags };
}

/**
 * The defences the target may choose from against this ability (STR-37), for the dialog that asks the target's
 * owner before the card opens (STR-38: chosen before the roll); null when the item makes no attack.
 */
export function defencesAgainst(item: CardItem): readonly Defence[] | null {
  const a = abilityAttack(item);
  return a ? allowedDefences(a.kind) : null;
}

function count(options: AttackChoice["options"], key: string): number {
  // A value that is not a whole number of zero or more goes on as it is: the declaration refuses it, naming it.
  return options[key] === undefined ? 0 : (options[key] as number);
}

function itemOf(choice: AttackChoice): { item: CardItem } | { refusal: Opening } {
  const { attacker, target, itemId } = choice;
  if (itemId === null)
    return {
      refusal: refuse("NoAttackItem", "a strain attack is made with an ability", "STR-13", { name: attacker.name }),
    };
  const item = attacker.items.find((i) => i.id === itemId);
  if (item) return { item };
  const elsewhere = target.items.find((i) => i.id === itemId);
  return {
    refusal: refuse("UnknownItem", `${attacker.name} has no item ${itemId}`, undefined, {
      name: attacker.name,
      item: elsewhere?.name ?? itemId,
    }),
  };
}

function combatant(actor: CardActor) {
  return (
    strainCharacterFrom(actor) ??
    refuse("InvalidCombatant", `${actor?.name} is not a readable strain character`, undefined, {
      id: String(actor?.name),
    })
  );
}

/**
 * The attack from the sheets: the attacker's Attack-type ability, the target's chosen defence (`options.defence`,
 * STR-38) and the declaration's numbers (`options`: adjacentEnemies STR-42, cover STR-48, overexert STR-44, boons,
 * banes). The strain declaration is the pipeline's setup itself, so no command opens the card.
 */
export function open(choice: AttackChoice): Opening {
  const found = itemOf(choice);
  if ("refusal" in found) return found.refusal;
  const item = found.item;
  const ability = abilityAttack(item);
  if (!ability)
    return refuse("NotAnAttackItem", `${item.name} is not an Attack-type ability`, "STR-37", { item: item.name });
  const attacker = combatant(choice.attacker);
  if ("ok" in attacker) return attacker;
  const target = combatant(choice.target);
  if ("ok" in target) return target;
  const o = choice.options;
  const defences = allowedDefences(ability.kind);
  if (o.defence === undefined) {
    return refuse("DefenceNotChosen", `${choice.target.name} chooses a defence before the roll`, "STR-38", {
      name: choice.target.name,
      first: `FRAY.Card.Strain.Defence.${defences[0]}`,
      second: `FRAY.Card.Strain.Defence.${defences[1]}`,
    });
  }
  const setup: StrainCardSetup = {
    attacker,
    target,
    kind: ability.kind,
    art: ability.art,
    defence: o.defence as Defence,
    ...abilityLoad(ability.deals),
    ranged: ability.tags.includes("ranged"),
    finisher: ability.tags.includes("finisher"),
    adjacentEnemies: count(o, "adjacentEnemies"),
    cover: o.cover === true,
    overexert: count(o, "overexert"),
    overexertTag: ability.tags.includes("overexert"),
    boons: count(o, "boons"),
    banes: count(o, "banes"),
    card: { attacker: choice.attacker.name, target: choice.target.name, item: item.name },
  };
  // The declaration judges the rest (the same character twice, Incapacitated attacker, removed target, defence, Art,
  // Overexert without the tag, numbers): its refusal is ours.
  const started = strainAttack.start(setup, probeRoller());
  if (!started.ok) return started;
  return applied<AttackOpening<StrainCardSetup, StrainAttackCommand>, never>({ setup, opening: [] });
}
