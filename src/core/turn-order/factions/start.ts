import { rollDice } from "../../dice/dice-roll.js";
import { isList, isRecord } from "../../shared/guards.js";
import { applied, refuse, type Refusal } from "../../shared/outcome.js";
import type { Roller } from "../../shared/roller.js";
import { cloneData } from "../shared/copy-data.js";
import type { TurnEvent } from "../types.js";
import type { FactionsDraft as S } from "./copies.js";
import { readOptions } from "./options.js";
import { isAmount } from "./payload.js";
import { openPhase, startRound } from "./phases.js";
import type { FactionsMember, FactionsOutcome, FactionsSetup, FactionsState } from "./types.js";

/** The setup's combatants as members, each faction's starting numbers (FAC-05), or why they cannot fight. */
function readCombatants(
  combatants: readonly unknown[],
  sides: readonly string[],
): { members: Record<string, FactionsMember>; roster: string[]; startNumbers: Record<string, number> } | Refusal {
  const members: Record<string, FactionsMember> = {};
  const roster: string[] = [];
  const startNumbers: Record<string, number> = Object.fromEntries(sides.map((f) => [f, 0]));
  for (const c of combatants) {
    if (!isRecord(c) || typeof c.id !== "string" || c.id === "" || c.id in members || typeof c.faction !== "string") {
      return refuse("MalformedSetup", "every combatant needs a unique id and a faction");
    }
    const faction = c.faction;
    if (!sides.includes(faction))
      return refuse("UnknownSide", `combatant ${c.id} is in a faction not in the fight`, "FAC-01", { side: faction });
    const wit = c.wit ?? 0;
    const given = c.maxHealth ?? c.health ?? 0;
    const health = c.health ?? given;
    if (typeof wit !== "number" || !Number.isFinite(wit) || !isAmount(health) || !isAmount(given)) {
      return refuse("MalformedSetup", `WIT and health of ${c.id} must be numbers, health 0 or more`);
    }
    const maxHealth = Math.max(given, health); // a character above its maximum (a boost) counts that as its maximum
    members[c.id] = {
      id: c.id,
      faction,
      wit,
      health,
      maxHealth,
      immuneToFear: c.immuneToFear === true,
      concealed: c.concealed === true,
      able: c.able !== false,
      out: false,
      retreated: false,
      surrendered: c.surrendered === true,
      moraleExempt: false,
      acted: false,
      gearUsed: false,
      turn: null,
    };
    startNumbers[faction] = (startNumbers[faction] ?? 0) + 1;
    roster.push(c.id);
  }
  return { members, roster, startNumbers };
}

/** FAC-01/05: the fight's first state, the initiative holder named or rolled; an ambush opens it (FAC-51). */
export function start(setup: FactionsSetup, roller: Roller): FactionsOutcome {
  if (!isRecord(setup) || !isList(setup.factions) || !isList(setup.combatants)) {
    return refuse("MalformedSetup", "the factions setup needs a faction list and a combatant list");
  }
  const factions = setup.factions as unknown[];
  if (
    factions.length < 2 ||
    factions.some((f) => typeof f !== "string") ||
    new Set(factions).size !== factions.length
  ) {
    return refuse("MalformedSetup", "a fight needs at least two distinct factions", "FAC-01");
  }
  const sides = factions as string[];
  const read = readCombatants(setup.combatants, sides);
  if ("ok" in read) return read;
  const { members, roster, startNumbers } = read;
  const options = readOptions(setup.options);
  if (!options)
    return refuse(
      "MalformedSetup",
      "the declaration timer needs a positive number of seconds, the other options true or false",
      "FAC-71",
    );
  const players = setup.players ?? [];
  if (!isList(players) || players.some((p) => !sides.includes(p)))
    return refuse("UnknownSide", "a Players' faction is not in the fight", "FAC-71");
  if (setup.initiative !== undefined && !sides.includes(setup.initiative))
    return refuse("UnknownSide", "the initiative holder is not in the fight", "FAC-05");
  const events: TurnEvent[] = [{ type: "combatStarted" }];
  // FAC-05: at random when unclear, one die with a face per faction; the event keeps it for the chat to name.
  const roll = setup.initiative === undefined ? rollDice(roller, 1, sides.length) : null;
  const holder = roll ? (sides[roll.total - 1] as string) : (setup.initiative as string);
  events.push(
    roll
      ? { type: "initiativeAssigned", side: holder, random: true, roll }
      : { type: "initiativeAssigned", side: holder, random: false },
  );
  // Built from fresh objects; only what is the caller's (the faction list, options' values) is copied.
  const s: S = {
    kind: "factions",
    round: 0,
    phase: "main",
    factions: sides.slice(),
    players: [...players],
    holder,
    roster,
    members,
    startNumbers,
    choosingFirst: false,
    up: null,
    acting: null,
    passesInRow: 0,
    passed: [],
    fat: null,
    moraleDue: [],
    moraleFailed: [],
    declaration: null,
    result: null,
    options: cloneData(options),
  };
  if (roster.some((id) => members[id]?.concealed)) {
    openPhase(s, "ambush", events, roller); // FAC-51: the ambushers' bonus turn
  } else {
    startRound(s, 1, false, events, roller);
  }
  return applied(s as FactionsState, events);
}
