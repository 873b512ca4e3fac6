import { initialData } from "../../../../src/foundry/data/field-spec.js";
import { sectionsEntity } from "../../../../src/foundry/data/specs/sections/sections-entity.js";
import { FakeActor, FakeItem } from "../../../fakes/foundry-card.js";
import { sample } from "../../move-cards/move-table.js";
import { cardFight } from "./card-fight-table.js";

// A sections fight played from cards: Alice plays Ilsa and Tam (players), the GM the Goblin, Bob the Gate guard, who
// Blocks a border a ranged shot at the Goblin crosses (SEC-47). Token, combatant and actor share each id.

const blank = () => initialData(sectionsEntity.fields);
const SHOT = { kind: "ranged", area: false } as const;

/** Each die shows these faces in turn, at most its size: Hit 5 against Miss 3 (a hit), the guard's Miss 2, Damage 6. */
const FACES = [5, 3, 2, 6];

function entity(id: string, name: string, owners: string[], system: Record<string, unknown>, spear = false) {
  const items = spear ? [new FakeItem(`${id}-spear`, "Boar spear", "sections-weapon", sample("sections-weapon"))] : [];
  return new FakeActor(id, name, "sections-entity", { ...blank(), ...system }, owners, items);
}

/** The table; `goblinHealth` 1 makes any hit a defeat. Without the guard, the Goblin is the adversary's only one. */
export function sectionsCardFight(goblinHealth = 6, withGuard = true) {
  const adversary = { side: "adversary" };
  const players = { side: "players" };
  let n = 0;
  return cardFight(
    "sections",
    [
      {
        id: "ilsa",
        actor: entity("ilsa", "Ilsa", ["alice"], sample("sections-entity"), true),
        stats: players,
        cell: [1, 1],
      },
      {
        id: "tam",
        actor: entity("tam", "Tam", ["alice"], sample("sections-entity"), true),
        stats: players,
        cell: [1, 2],
      },
      {
        id: "goblin",
        actor: entity("goblin", "Goblin", [], {
          dice: { hit: "d6", miss: "d6", damage: "d4" },
          health: { value: goblinHealth, max: 6 },
        }),
        stats: adversary,
        cell: [3, 1],
      },
      ...(withGuard
        ? [
            {
              id: "guard",
              actor: entity("guard", "Gate guard", ["bob"], {
                dice: { hit: "d6", miss: "d4", damage: "d6" },
                health: { value: 5, max: 5 },
              }),
              stats: adversary,
              cell: [3, 2] as [number, number],
            },
          ]
        : []),
    ],
    ["players", "adversary"],
    (sides) => Math.min(FACES[n++ % FACES.length]!, sides),
  );
}

export type SectionsTable = ReturnType<typeof sectionsCardFight>;

/** The Gate guard as a card names an Interceptor (what the map gives when it Blocks a crossed border). */
export function guardData(t: SectionsTable) {
  const guard = t.ctx.actor("guard")!;
  return { id: "guard", name: guard.name, type: guard.type, system: guard.system, items: [] };
}

export const INTERCEPT = { type: "react", reaction: "intercept", by: "guard" };

/** `who` (Ilsa or Tam) acts and draws; the GM opens their shot at the Goblin across the guard's Block; it hits. */
export async function shotAtTheWindow(t: SectionsTable, who: "ilsa" | "tam"): Promise<string> {
  await t.f.until(who);
  const drew = await t.turn("alice", { type: "draw", combatant: who });
  if (!drew.ok) throw new Error(`draw refused: ${drew.key}`);
  const options = { delivery: SHOT, interceptors: [guardData(t)] };
  const opened = await t.attack("gm", who, "goblin", { options });
  if (!opened.ok) throw new Error(`attack refused: ${opened.key}`);
  const id = (opened as unknown as { messageId: string }).messageId;
  const rolled = await t.step("alice", id, { type: "roll" });
  if (!rolled.ok) throw new Error(`roll refused: ${rolled.key}`);
  if (t.card(id).journal.state.step !== "reactionWindow") throw new Error("no Intercept window");
  return id;
}
