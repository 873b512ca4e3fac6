import { checkCombatant } from "../core/attack/sections/index.js";
import { checkCharacter as checkStrain } from "../core/attack/strain/index.js";
import { checkCharacter as checkFactions } from "../core/attack/factions/index.js";
import { refuse, type Refusal } from "../core/shared/index.js";
import { checkBasics, checkCounts, checkParties, readTactics, roundCapOf } from "./check-input.js";
import { escalationFight } from "./escalation-fight.js";
import { factionsFight } from "./factions-fight.js";
import { SAMPLE_PARTIES } from "./sample-parties.js";
import { sectionsFight } from "./sections-fight.js";
import { SimRun, type PreparedFights } from "./sim-run.js";
import { strainFight } from "./strain-fight.js";
import { teamsFight } from "./teams-fight.js";
import { resumable } from "./resumes.js";
import type { SimInput, SimMembers, SimParties, SimReport, SimTactics } from "./types.js";

/**
 * Play `fights` fights between two parties through the rules core and sum them up.
 * Pure: the same input (seed included) gives the same report. One seeded roller runs all the fights
 * in turn, so fight k depends on the seed and on k. Bad input is refused, never thrown.
 */
export function simulate(input: SimInput): SimReport | Refusal {
  const run = openRun(input);
  if ("ok" in run) return run;
  return run.play(run.total) ?? run.report();
}

/** The fights of `simulate(input)`, checked and ready to be played a batch at a time (the odds worker's way). */
export function openRun(input: SimInput): SimRun | Refusal {
  const basics = checkBasics(input);
  if (basics) return basics;
  const tactics = readTactics(input.tactics);
  if ("ok" in tactics) return tactics;
  const cap = roundCapOf(input);
  const fights = prepare(input, tactics, cap);
  if ("ok" in fights) return fights;
  return new SimRun(input, tactics, cap, fights);
}

function names<M extends { readonly id: string }>(p: SimParties<M>): SimReport["parties"] {
  return {
    a: { name: p.a.name, members: p.a.members.map((m) => m.id) },
    b: { name: p.b.name, members: p.b.members.map((m) => m.id) },
  };
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
function prepare(input: SimInput, tactics: SimTactics, cap: number): PreparedFights | Refusal {
  const raw: unknown = input.parties ?? SAMPLE_PARTIES[input.ruleset];
  const shape = checkParties(raw);
  if (shape) return shape;
  // Only the fights of RESUMABLE play on from a state under way (a rule set added later must opt in).
  if (input.resume && !resumable(input.ruleset))
    return refuse("SimCannotResume", `the ${input.ruleset} fights start afresh only`, undefined, {
      reason: "they start afresh only",
    });
  switch (input.ruleset) {
    case "sections": {
      const p = raw as SimParties<SimMembers["sections"]>;
      const bad = firstBad(p, checkCombatant);
      if (bad) return bad;
      return {
        parties: names(p),
        run: (r, extras) => sectionsFight(p.a.members, p.b.members, r, tactics, cap, undefined, extras),
      };
    }
    case "escalation": {
      const p = raw as SimParties<SimMembers["escalation"]>;
      const bad = firstBad(p, (m, role) =>
        checkCounts(m as unknown as Record<string, unknown>, ["hp", "maxHp", "armor", "freeHitsUsed"], role),
      );
      if (bad) return bad;
      return {
        parties: names(p),
        run: (r, extras) => escalationFight(p.a.members, p.b.members, r, tactics, cap, undefined, extras),
      };
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
      return { parties: names(p), run: (r, extras) => teamsFight(a, b, r, tactics, cap, undefined, extras) };
    }
    case "strain": {
      const p = raw as SimParties<SimMembers["strain"]>;
      const bad = firstBad(
        p,
        (m, role) => checkStrain(m, role) ?? checkCounts(m as unknown as Record<string, unknown>, ["initiative"], role),
      );
      if (bad) return bad;
      return {
        parties: names(p),
        run: (r, extras) => strainFight(p.a.members, p.b.members, r, tactics, cap, undefined, extras),
      };
    }
    case "factions": {
      const p = raw as SimParties<SimMembers["factions"]>;
      const bad = firstBad(p, checkFactions);
      if (bad) return bad;
      const a = p.a.members.map((m) => ({ ...m, faction: "a" }));
      const b = p.b.members.map((m) => ({ ...m, faction: "b" }));
      return { parties: names(p), run: (r, extras) => factionsFight(a, b, r, tactics, cap, undefined, extras) };
    }
  }
}
