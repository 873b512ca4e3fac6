import type { AttackChoice, CardQuestion } from "../attack-ruleset.js";
import { defencesAgainst } from "./open.js";

/**
 * STR-38: the target chooses its defence before the roll, from those the attack's kind allows. Asked when the
 * attacker's choice does not carry one; an item that makes no attack asks nothing (`open` refuses it, saying why).
 */
export function ask(choice: AttackChoice): CardQuestion | null {
  if (choice.options.defence !== undefined) return null;
  const item = choice.attacker.items.find((i) => i.id === choice.itemId);
  const defences = item ? defencesAgainst(item) : null;
  if (!defences) return null;
  return {
    role: "target",
    option: "defence",
    prompt: {
      key: "FRAY.Card.Strain.ChooseDefence",
      data: { name: choice.target.name, attacker: choice.attacker.name },
    },
    answers: defences.map((d) => ({ value: d, label: { key: `FRAY.Card.Strain.Defence.${d}`, data: {} } })),
  };
}
