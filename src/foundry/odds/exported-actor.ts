import { isRecord } from "../../core/shared/guards.js";
import { RULESETS, type RulesetId } from "../../core/rulesets.js";
import { refuse, type Refusal } from "../../core/shared/outcome.js";
import type { SimMembers, SimParty } from "../../sim/index.js";
import type { CardActor, CardItem } from "../cards/attack-ruleset.js";
import { MEMBER_READERS } from "./members/index.js";

/**
 * An actor document as Foundry writes it out: an actor's "Export Data" JSON (its source without `_id`), or a
 * compendium source file (with `_id` and `_key`, as the official CLI extracts it). Only what an attack reads is kept.
 */
export function actorFromDocument(doc: unknown, where: string): Omit<CardActor, "id"> | Refusal {
  if (!isRecord(doc) || typeof doc.name !== "string" || typeof doc.type !== "string")
    return refuse(
      "FRAY.Odds.Refusal.NotAnActor",
      `${where} is not an actor document (it needs a name and a type)`,
      undefined,
      { where },
    );
  const items: CardItem[] = [];
  const raw = Array.isArray(doc.items) ? (doc.items as unknown[]) : [];
  raw.forEach((i, n) => {
    if (isRecord(i) && typeof i.name === "string" && typeof i.type === "string")
      items.push({
        id: typeof i._id === "string" && i._id !== "" ? i._id : `item${n}`,
        name: i.name,
        type: i.type,
        system: i.system ?? {},
      });
  });
  return { name: doc.name, type: doc.type, system: doc.system ?? {}, items };
}

/** The rule set an actor type belongs to: its prefix (`teams-character` is a teams actor). */
export function rulesetOfType(type: string): RulesetId | null {
  const prefix = type.split("-")[0];
  return (RULESETS as readonly string[]).includes(prefix ?? "") ? (prefix as RulesetId) : null;
}

/** A readable member id from a name ("Goblin Skirmisher" → "goblin-skirmisher"), made unique among `taken`. */
function memberId(name: string, taken: Set<string>): string {
  const base =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "actor";
  let id = base;
  for (let k = 2; taken.has(id); k++) id = `${base}-${k}`;
  taken.add(id);
  return id;
}

/** A party of the simulator from actors, each read by the rule set's attack card readers (members/). */
export function partyFromActors<R extends RulesetId>(
  ruleset: R,
  name: string,
  actors: readonly Omit<CardActor, "id">[],
  taken: Set<string>,
): SimParty<SimMembers[R]> | Refusal {
  const read = MEMBER_READERS[ruleset] as (actor: CardActor) => SimMembers[R] | Refusal;
  const members: SimMembers[R][] = [];
  for (const a of actors) {
    const m = read({ ...a, id: memberId(a.name, taken) });
    if (isRecord(m) && m.ok === false) return m as Refusal;
    members.push(m as SimMembers[R]);
  }
  return { name, members };
}
