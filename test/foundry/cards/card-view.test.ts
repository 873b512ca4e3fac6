import { describe, expect, it } from "vitest";
import {
  openAttackCard,
  stepAttackCard,
  type AttackCardData,
} from "../../../src/foundry/cards/data/attack-card-data.js";
import { attackCardContext } from "../../../src/foundry/cards/attack-card-context.js";
import type { RollMode } from "../../../src/foundry/dice/dice-tray.js";
import { FakeUser } from "../../fakes/foundry-combat.js";
import { render } from "../../fakes/handlebars-env.js";
import { toyCard } from "./toy-card.js";

const gm = new FakeUser("gm", "GM", true);
const alice = new FakeUser("alice", "Alice");
const bob = new FakeUser("bob", "Bob");
const names = { alric: "Alric", goblin: "Goblin" };
const actor = (id: string, items: { id: string; type: string }[] = []) => ({
  id,
  name: id,
  type: "teams-character",
  system: { health: { value: 4 } },
  items: items.map((i) => ({ ...i, name: i.id, system: {} })),
});

async function rolledCard(rollMode: RollMode): Promise<AttackCardData> {
  const choice = {
    attacker: actor("alric", [{ id: "spear", type: "teams-weapon" }]),
    target: actor("goblin"),
    itemId: "spear",
    options: {},
  };
  const opened = await openAttackCard(toyCard, choice, rollMode, 1);
  if (!opened.ok) throw new Error(opened.reason);
  const rolled = stepAttackCard(toyCard, opened.state, { type: "roll" }, [15]);
  if (!rolled.ok) throw new Error(rolled.reason);
  return rolled.state;
}

const seen = (data: AttackCardData, user: FakeUser, ownsAttacker: boolean, ownsTarget: boolean) =>
  render("templates/chat/attack-card.hbs", attackCardContext(toyCard, data, { user, ownsAttacker, ownsTarget, names }));

describe("the attack card as each user sees it", () => {
  it("a blind roll's dice are the GM's alone: not in the attacker's owner's HTML, nor anyone else's", async () => {
    const card = await rolledCard("blindroll");
    expect(seen(card, gm, false, false)).toContain("Round 15");
    for (const [user, a, t] of [
      [alice, true, false],
      [bob, false, true],
    ] as const) {
      const html = seen(card, user, a, t);
      expect(html).not.toContain("Round 15");
      expect(html).toContain("Some dice of this attack are hidden from you.");
    }
  });

  it("a GM roll's dice are the GM's and the attacker's owner's; a public roll's everyone's", async () => {
    const gmRoll = await rolledCard("gmroll");
    expect(seen(gmRoll, alice, true, false)).toContain("Round 15");
    expect(seen(gmRoll, bob, false, true)).not.toContain("Round 15");
    const open = await rolledCard("publicroll");
    expect(seen(open, bob, false, true)).toContain("Round 15");
  });

  it(
    "each user is offered only the steps they may take: the target's owner reacts, the " +
      "attacker's owner rolls damage",
    async () => {
      const card = await rolledCard("publicroll");
      const commands = (html: string) =>
        [...html.matchAll(/data-fray-card-command="([^"]*)"/g)].map(
          (m) => (JSON.parse(m[1]!.replace(/&quot;/g, '"')) as { type: unknown }).type,
        );
      expect(commands(seen(card, bob, false, true))).toEqual(["react"]);
      expect(commands(seen(card, alice, true, false))).toEqual(["rollDamage"]);
      expect(commands(seen(card, gm, false, false))).toEqual(["react", "rollDamage", "undo"]);
      expect(seen(card, bob, false, true)).toContain(">Dodge<");
      expect(seen(card, bob, false, true)).not.toMatch(/>[^<]*FRAY\./);
    },
  );
});
