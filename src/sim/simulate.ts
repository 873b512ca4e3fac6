import { checkCombatant } from "../core/attack/sections/index.js";
import { checkCharacter as checkStrain } from "../core/attack/strain/index.js";
import { checkCharacter as checkFactions } from "../core/attack/factions/index.js";
import { seededRoller, type Refusal, type Roller } from "../core/shared/index.js";
import type { RulesetId } from "../core/index.js";
import { checkBasics, checkCounts, checkParties, readTactics, roundCapOf } from "./check-input.js";
import { escalationFight } from "./escalation-fight.js";
import { factionsFight } from "./factions-fight.js";
import { SAMPLE_PARTIES } from "./sample-parties.js";
import { sectionsFight } from "./sections-fight.js";
import { add, running, sd, wilson } from "./stats.js";
import { strainFight } from "./strain-fight.js";
import { teamsFight } from "./teams-fight.js";
import type { FightResult, SimInput, SimMembers, SimParties, SimReport, SimTactics } from "./types.js";

type Fight = (roller: Roller) => FightResult | Refusal;

/**
 * Play `fights` fights between two parties through the rules core and sum them up.
 * Pure: the same input (seed included) gives the same report. One seeded roller runs all the fights
 * in turn, so fight k depends on the seed and on k. Bad input is refused, never thrown.
 */
export function simulate(input: SimInput): SimReport | Refusal {
  const basics = checkBasics(input);
  if (basics) return basics;
  const tactics = readTactics(input.tactics);
  if ("ok" in tactics) return tactics;
  const cap = roundCapOf(input);
  const fight = prepare(input, tactics, cap);
  if ("ok" in fight) return fight;
  const roller = seededRoller(input.seed);
  let winsA = 0;
  let winsB = 0;
  let draws = 0;
  const rounds = running();
  for (let k = 0; k < input.fights; k++) {
    const r = fight.run(roller);
    if ("ok" in r) return r;
    if (r.winner === "a") winsA++;
    else if (r.winner === "b") winsB++;
    else draws++;
    add(rounds, r.rounds);
  }
  const n = input.fights;
  return {
    ok: true,
    ruleset: input.ruleset,
    seed: input.seed,
    fights: n,
    roundCap: cap,
    tactics,
    parties: fight.parties,
    wins: { a: winsA, b: winsB },
    draws,
    winRate: { a: winsA / n, b: winsB / n },
    winRateInterval: { a: wilson(winsA, n), b: wilson(winsB, n) },
    rounds: { mean: rounds.mean, sd: sd(rounds), min: rounds.min, max: rounds.max },
  };
}

interface Prepared {
  readonly run: Fight;
  readonly parties: SimReport["parties"];
}

function names<M extends { readonly id: string }>(p: SimParties<M>): SimReport["parties"] {
  return { a: { name: p.a.name, members: p.a.members.map((m) => m.id) }, b: { name: p.b.name, members: p.b.members.map((m) => m.id) } };
}

function firstBad<M>(p: SimParties<M>, check: (m: M, role: string) => Refusal | null): Refusal | null {
  for (const m of p.a.members) {
    const bad = check(m, "party a member");
    if (bad) return bad;
  }
  for (const m of p.b.members) {
    const bad = check(m, "party b member");
    if (bad) return bad;
  }
  return null;
}

/** Check the parties for the rule set and close over them: the fight loop then only plays. */
function prepare(input: SimInput, tactics: SimTactics, cap: number): Prepared | Refusal {
  const raw: unknown = input.parties ?? SAMPLE_PARTIES[input.ruleset as RulesetId];
  const shape = checkParties(raw);
  if (shape) return shape;
  switch (input.ruleset) {
    case "sections": {
      const p = raw as SimParties<SimMembers["sections"]>;
      const bad = firstBad(p, checkCombatant);
      if (bad) return bad;
      return { parties: names(p), run: (r) => sectionsFight(p.a.members, p.b.members, r, tactics, cap) };
    }
    case "escalation": {
      const p = raw as SimParties<SimMembers["escalation"]>;
      const bad = firstBad(p, (m, role) =>
        checkCounts(m as unknown as Record<string, unknown>, ["hp", "maxHp", "armor", "freeHitsUsed"], role),
      );
      if (bad) return bad;
      return { parties: names(p), run: (r) => escalationFight(p.a.members, p.b.members, r, tactics, cap) };
    }
    case "teams": {
      const p = raw as SimParties<SimMembers["teams"]>;
      const bad = firstBad(p, (m, role) =>
        checkCounts(
          m as unknown as Record<string, unknown>,
          ["endurance", "health", "constitution", "stamina", "focus", "reactions", "attacksThisRound"],
          role,
        ),
      );
      if (bad) return bad;
      // The attack data carries its team; the engine's side ids are "a" and "b".
      const a = p.a.members.map((m) => ({ ...m, team: "a" }));
      const b = p.b.members.map((m) => ({ ...m, team: "b" }));
      return { parties: names(p), run: (r) => teamsFight(a, b, r, tactics, cap) };
    }
    case "strain": {
      const p = raw as SimParties<SimMembers["strain"]>;
      const bad = firstBad(
        p,
        (m, role) => checkStrain(m, role) ?? checkCounts(m as unknown as Record<string, unknown>, ["initiative"], role),
      );
      if (bad) return bad;
      return { parties: names(p), run: (r) => strainFight(p.a.members, p.b.members, r, tactics, cap) };
    }
    case "factions": {
      const p = raw as SimParties<SimMembers["factions"]>;
      const bad = firstBad(p, checkFactions);
      if (bad) return bad;
      const a = p.a.members.map((m) => ({ ...m, faction: "a" }));
      const b = p.b.members.map((m) => ({ ...m, faction: "b" }));
      return { parties: names(p), run: (r) => factionsFight(a, b, r, tactics, cap) };
    }
  }
}
