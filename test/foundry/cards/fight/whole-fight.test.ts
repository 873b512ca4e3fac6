import { describe, expect, it } from "vitest";
import type { RulesetId } from "../../../../src/core/rulesets.js";
import { COMBAT_MODES, MODE_FOR_RULESET } from "../../../../src/foundry/rulesets/index.js";
import { SAMPLE_ACTORS, sampleItemsFor } from "../../../../tools/sample-data.js";
import { FakeActor, FakeItem } from "../../../fakes/foundry-card.js";
import { cardFight, type CastMember } from "./card-fight-table.js";

// A whole fight in each rule set, played by a GM and two players from sheets (Attack), cards (their steps) and the
// tracker (the turn's other steps), all through the request path over the fake socket. No tracker click records an
// attack: each card spends it. The fight ends by itself when its rule says so.

interface Side {
  readonly side: string;
  readonly stats: Record<string, unknown>;
}

/** Alice's and Bob's characters on the first side, the GM's enemy on the second. */
function cast(
  ruleset: RulesetId,
  sides: readonly [Side, Side],
  system: (own: boolean) => Record<string, unknown> = () => ({}),
): CastMember[] {
  const type = SAMPLE_ACTORS.find((a) => a.type.startsWith(`${ruleset}-`))!.type;
  const base = SAMPLE_ACTORS.find((a) => a.type === type)!.system;
  // A melee weapon in factions: a final blow needs a nearby target (FAC-28).
  const melee = (i: { type: string; system: Record<string, unknown> }) =>
    i.type === "factions-weapon" ? { ...i.system, attack: "melee", blast: false } : i.system;
  const items = () => sampleItemsFor(type).map((i, n) => new FakeItem(`i${n}`, i.name, i.type, melee(i)));
  const member = (id: string, name: string, owners: string[], s: Side, cell: [number, number]): CastMember => ({
    id,
    actor: new FakeActor(id, name, type, { ...base, ...system(owners.length > 0) }, owners, items()),
    stats: { ...s.stats, side: s.side },
    cell,
  });
  return [
    member("ann", "Ann", ["alice"], sides[0], [1, 1]),
    member("bo", "Bo", ["bob"], sides[0], [1, 2]),
    member("orc", "Orc", [], sides[1], [2, 1]),
  ];
}

/**
 * Play until the fight ends: the acting character's owner (the GM for the enemy) attacks a living enemy from its sheet
 * and plays the card out; every other step is a tracker click by the combatant's owner, or the GM's.
 */
async function playWhole(
  ruleset: RulesetId,
  members: readonly CastMember[],
  order: readonly string[],
  faces: Parameters<typeof cardFight>[3],
) {
  const t = cardFight(ruleset, members, order, faces);
  const engine = COMBAT_MODES[MODE_FOR_RULESET[ruleset]]!.engine;
  const ownerOf = (id: string | undefined) => members.find((m) => m.id === id)?.actor.owners[0] ?? "gm";
  const sideOf = (id: string) => members.find((m) => m.id === id)!.stats.side;
  const attacked = new Set<string>();
  let cards = 0;
  for (let guard = 0; guard < 300; guard++) {
    const view = t.f.view;
    if (view.ended) return { t, cards };
    const acting = view.acting;
    const key = `${view.round}:${acting}`;
    if (acting && !attacked.has(key) && view.round >= 1) {
      // An able enemy first; one that cannot act is still in the fight where its rule keeps it there (TEAM-01).
      const foes = members.filter((m) => sideOf(m.id) !== sideOf(acting) && view.status[m.id] !== "out");
      const foe = foes.find((m) => view.status[m.id] !== "unable") ?? foes[0];
      const legal = engine.legal(t.f.journal.state);
      const draw = legal.find((c) => c.type === "draw" && c.combatant === acting);
      if (draw) {
        expect(await t.turn(ownerOf(acting), draw)).toMatchObject({ ok: true });
        continue;
      }
      attacked.add(key);
      if (foe) {
        const opened = await t.attack(ownerOf(acting), acting, foe.id);
        expect(opened, `${acting} attacks ${foe.id}`).toMatchObject({ ok: true });
        cards += 1;
        const id = (opened as unknown as { messageId: string }).messageId;
        // FAC-28: against an incapacitated enemy the attacker says "final blow", and the GM ticks it on the card.
        if (ruleset === "factions" && view.status[foe.id] === "unable")
          expect(await t.circumstances("gm", id, { finalBlow: true })).toMatchObject({ ok: true });
        // The targets take their hits: a reaction is let go where the card offers that.
        await t.playOut(id, (c) => c.find((x) => x.type === "skipReaction") ?? c[0]!);
        continue;
      }
    }
    const legal = engine.legal(t.f.journal.state);
    const pick =
      legal.find((c) => c.type === "endTurn" || c.type === "position" || c.type === "chooseFirst") ??
      legal.find((c) => c.type === "act" || c.type === "draw") ??
      legal.find((c) => c.type === "discard" || c.type === "pass");
    if (!pick) throw new Error(`stuck: ${legal.map((c) => c.type).join(",")}`);
    // Tracker steps are the command's combatant's owner's, a side's a member's owner's, the rest the GM's.
    const sender = pick.combatant
      ? ownerOf(pick.combatant)
      : pick.side
        ? ownerOf(members.find((m) => sideOf(m.id) === pick.side)?.id)
        : "gm";
    const answer = await t.turn(sender, pick);
    expect(answer, JSON.stringify(pick)).toMatchObject({ ok: true });
  }
  throw new Error("the fight never ends");
}

/** The steps the GM clicked in the tracker: none of them is an attack. */
function attackSteps(t: Awaited<ReturnType<typeof playWhole>>["t"]) {
  const log = t.f.journal.log as unknown as Record<string, Record<string, unknown>[]>;
  return Object.values(log)
    .flat()
    .filter((c) => c.type === "spend" || c.type === "freeHit" || c.type === "react");
}

describe("a whole fight played from cards ends by itself", () => {
  it("ESC-63 escalation: units defeated on cards leave the battle, which ends when one side is left", async () => {
    const members = cast("escalation", [
      { side: "pc", stats: { agility: 3 } },
      { side: "npc", stats: { agility: 1 } },
    ]);
    const { t, cards } = await playWhole("escalation", members, ["pc", "npc"], (sides) => sides);
    expect(t.f.view.ended).toBe(true);
    expect(attackSteps(t).length).toBe(cards);
    expect(attackSteps(t).every((c) => typeof c.attackCard === "string")).toBe(true);
  });

  it("TEAM-01 teams: the fight ends when one team has members left in it", async () => {
    const members = cast("teams", [
      { side: "friendly", stats: { stamina: 3, focus: 3 } },
      { side: "hostile", stats: { stamina: 3, focus: 3 } },
    ]);
    const { t, cards } = await playWhole("teams", members, ["friendly", "hostile"], (sides) => sides);
    expect(t.f.view.ended).toBe(true);
    expect(attackSteps(t).filter((c) => c.type === "spend").length).toBe(cards);
  });

  it("STR-05 strain: the fight ends when one side is down", async () => {
    const members = cast("strain", [
      { side: "pc", stats: { initiative: 1, speed: 6 } },
      { side: "npc", stats: { initiative: 0, speed: 6 } },
    ]);
    const { t, cards } = await playWhole("strain", members, ["pc", "npc"], (sides) => sides);
    expect(t.f.view.ended).toBe(true);
    expect(attackSteps(t).length).toBe(cards);
  });

  it("SEC-68 sections: an entity defeated on a card leaves, and the fight ends when one side is left", async () => {
    const members = cast("sections", [
      { side: "players", stats: {} },
      { side: "adversary", stats: {} },
    ]);
    const { t, cards } = await playWhole("sections", members, ["players", "adversary"], (sides) => sides);
    expect(t.f.view.ended).toBe(true);
    expect(attackSteps(t).length).toBe(cards);
  });

  it("FAC-28 factions: the fight ends when one faction is left standing", async () => {
    const members = cast("factions", [
      { side: "Players", stats: { wit: 12, health: 10 } },
      { side: "Bandits", stats: { wit: 8, health: 10 } },
    ]);
    const { t, cards } = await playWhole("factions", members, ["Players", "Bandits"], (sides) =>
      sides === 20 ? 1 : sides,
    );
    expect(t.f.view.ended).toBe(true);
    expect(attackSteps(t).length).toBe(cards);
  });

  it("TEAM-54 the multiple attack penalty follows the attacks made from cards alone", async () => {
    const members = cast("teams", [
      { side: "friendly", stats: { stamina: 3, focus: 3 } },
      { side: "hostile", stats: { stamina: 3, focus: 3 } },
    ]);
    const t = cardFight("teams", members, ["friendly", "hostile"], 4);
    await t.f.until("ann");
    const before: unknown[] = [];
    for (let n = 0; n < 3; n++) {
      const opened = await t.attack("alice", "ann", "orc");
      expect(opened).toMatchObject({ ok: true });
      const declared = t
        .card((opened as unknown as { messageId: string }).messageId)
        .events.find((e) => e.type === "attackDeclared");
      before.push((declared as { detail?: { attacksBefore?: number } }).detail?.attacksBefore);
    }
    expect(before).toEqual([0, 1, 2]);
    // Three actions spent on three cards: a fourth is refused with the rule's reason.
    expect(await t.attack("alice", "ann", "orc")).toMatchObject({ ok: false, key: "FRAY.Refusal.NoActionsLeft" });
  });
});
