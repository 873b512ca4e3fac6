// An actor becomes the simulator's member through its rule set's attack card readers: what the member holds is what
// the card would attack with, so the odds play the same numbers as the table (no second copy of a rule).
import { describe, expect, it } from "vitest";
import { FIST } from "../../../src/core/attack/escalation/combatant.js";
import { UNARMED as TEAMS_UNARMED } from "../../../src/core/attack/teams/combatant.js";
import { UNARMED as FACTIONS_UNARMED } from "../../../src/core/attack/factions/character.js";
import type { Refusal } from "../../../src/core/shared/outcome.js";
import { ATTACK_CARDS, MANIFESTS } from "../../../src/foundry/rulesets/index.js";
import type { AttackChoice, CardActor } from "../../../src/foundry/cards/attack-ruleset.js";
import { escalationMember } from "../../../src/foundry/odds/members/escalation.js";
import { factionsMember } from "../../../src/foundry/odds/members/factions.js";
import { MEMBER_READERS } from "../../../src/foundry/odds/members/index.js";
import { sectionsMember } from "../../../src/foundry/odds/members/sections.js";
import { strainMember } from "../../../src/foundry/odds/members/strain.js";
import { teamsMember } from "../../../src/foundry/odds/members/teams.js";
import { actor, CAST, item } from "./odds-cast.js";

/** The attacker's combatant of the card `attacker` opens on `target` with its first item of `types`. */
function cardAttacker(
  ruleset: keyof typeof ATTACK_CARDS,
  attacker: CardActor,
  target: CardActor,
  options: Record<string, unknown> = {},
): unknown {
  const card = ATTACK_CARDS[ruleset];
  const first = attacker.items.find((i) => card.attackItems.includes(i.type));
  const choice: AttackChoice = { attacker, target, itemId: first?.id ?? null, options };
  const opened = card.open(choice);
  if (!opened.ok) throw new Error(`${ruleset} card refused: ${opened.reason}`);
  const setup = opened.state.setup as { combatants?: unknown[]; attacker?: unknown };
  return setup.attacker ?? setup.combatants?.[0];
}

function ok<T extends object>(x: T): Exclude<T, Refusal> {
  if ("ok" in x && x.ok === false) throw new Error((x as unknown as Refusal).reason);
  return x as Exclude<T, Refusal>;
}

describe("actors read as the simulator's members, by the attack cards' readers", () => {
  it(
    "SEC-68 sections: the member is the card's attacker " +
      "(weapon dice, health, Miss die), without the card's labels",
    () => {
      const a = CAST.sections("ilsa", "strong");
      const { card: _labels, ...attacker } = cardAttacker("sections", a, CAST.sections("foe", "even")) as Record<
        string,
        unknown
      >;
      expect(ok(sectionsMember(a))).toEqual(attacker);
      // Without a weapon, the entity's own dice, as an Action card played without a weapon takes them.
      const bare = actor("bare", "sections-entity", {
        dice: { hit: "d10", miss: "d8", damage: "d4" },
        health: { value: 3, max: 10 },
      });
      expect(ok(sectionsMember(bare))).toMatchObject({ hp: 3, hitDie: 10, missDie: 8, damageDie: 4 });
      expect(sectionsMember(CAST.teams("x", "even"))).toMatchObject({ ok: false, key: "FRAY.Refusal.CardNotAnEntity" });
    },
  );

  it(
    "ESC-15 escalation: the member is the card's attacker with its held weapon; armour items add up " +
      "(ESC-20); 0 HP is defeated",
    () => {
      const a = CAST.escalation("orrin", "strong");
      expect(ok(escalationMember(a))).toEqual(cardAttacker("escalation", a, CAST.escalation("foe", "even")));
      expect(ok(escalationMember(a)).armor).toBe(3);
      const down = actor("down", "escalation-unit", { hp: { value: 0, max: 10 } });
      expect(ok(escalationMember(down))).toMatchObject({ condition: "defeated", weapon: FIST });
    },
  );

  it(
    "TEAM-46 teams: the member is the card's attacker with its first weapon and the card's default " +
      "picks; none is unarmed",
    () => {
      const a = CAST.teams("boudica", "strong");
      const { team: _team, ...attacker } = cardAttacker("teams", a, CAST.teams("foe", "even")) as Record<
        string,
        unknown
      >;
      const { team: _t, ...member } = ok(teamsMember(a)) as unknown as Record<string, unknown>;
      expect(member).toEqual(attacker);
      const bare = actor("bare", "teams-character", { conditions: { unconscious: true } });
      expect(ok(teamsMember(bare))).toMatchObject({ weapon: TEAMS_UNARMED, condition: "unconscious" });
    },
  );

  it(
    "STR-36 strain: the member is the card's character (Arts from its art items, Loads) with its " +
      "Initiative (STR-02)",
    () => {
      const a = actor("alice", "strain-character", { initiative: 2, fatigue: { load: 1, tolerance: 3 } }, [
        item("art", "strain-art", { modifier: 3 }, "Blade"),
      ]);
      const ability = item("jab", "strain-ability", { attack: "physical", art: "Blade", deals: "fatigue" }, "Jab");
      const armed = { ...a, items: [...a.items, ability] };
      const attacker = cardAttacker("strain", armed, CAST.strain("foe", "even"), { defence: "resilience" });
      expect(ok(strainMember(armed))).toEqual({ ...(attacker as object), initiative: 2 });
      expect(ok(strainMember(a))).toMatchObject({ arts: { Blade: 3 }, fatigueLoad: 1, initiative: 2 });
      expect(strainMember(CAST.teams("x", "even"))).toMatchObject({ ok: false, key: "FRAY.Refusal.InvalidCombatant" });
    },
  );

  it("FAC-26 factions: the member is the card's attacker with its first weapon; none is unarmed", () => {
    const a = CAST.factions("balthasar", "strong");
    expect(ok(factionsMember(a))).toEqual(cardAttacker("factions", a, CAST.factions("foe", "even")));
    const bare = actor("bare", "factions-character", { health: { value: 4, max: 10 } });
    expect(ok(factionsMember(bare))).toMatchObject({ health: 4, weapon: FACTIONS_UNARMED });
    const bad = actor("bad", "factions-character", { wit: "twelve" });
    expect(factionsMember(bad)).toMatchObject({ ok: false, key: "FRAY.Refusal.CardActorData" });
  });
});

describe("each rule set's manifest names its odds reader", () => {
  it("the odds read an actor through the reader its manifest names, one per rule set", () => {
    const named = Object.fromEntries(MANIFESTS.map((m) => [m.id, m.memberReader]));
    expect(named).toEqual({
      sections: sectionsMember,
      escalation: escalationMember,
      teams: teamsMember,
      strain: strainMember,
      factions: factionsMember,
    });
    for (const m of MANIFESTS) expect(MEMBER_READERS[m.id]).toBe(m.memberReader);
  });
});
