import { refuse } from "../../../core/shared/outcome.js";
import type { AttackChoice, CardActor } from "../attack-ruleset.js";
import { blastActors, readCardBlast } from "../map/map-blast.js";
import { stop } from "./read-data.js";

/**
 * Who an attack targets as the card reads it: one target, or a blast's (FAC-36) with the zones it may deviate into
 * (FAC-39).
 */
interface CardTargets {
  readonly targets: readonly CardActor[];
  readonly neighbours: readonly { readonly zone: string; readonly targets: readonly CardActor[] }[];
  /** The zone the map says the blast hits (its region's id); null without a map. */
  readonly zone: string | null;
  /** Each zone's name by id (the aimed zone and its neighbours), for the card's lines. */
  readonly zones: Readonly<Record<string, string>>;
}

/**
 * The picked targets (`options.picked`, the user's targeted tokens) as refs; none when absent or not a list of refs.
 */
function pickedOf(options: Readonly<Record<string, unknown>>): readonly string[] | null {
  const p = Object.hasOwn(options, "picked") ? options.picked : undefined;
  return Array.isArray(p) && p.every((x) => typeof x === "string") ? p : null;
}

/**
 * The actors the card's options name beyond attacker and target: the map's blast (every character of its zone and
 * of the neighbouring zones), else the user's targeted tokens. The GM gives them to `open` as `choice.others`.
 */
export function factionsNamedActors(options: Readonly<Record<string, unknown>>): readonly string[] {
  const blast = readCardBlast(Object.hasOwn(options, "blast") ? options.blast : undefined);
  return blast ? blastActors(blast) : (pickedOf(options) ?? []);
}

/**
 * The attack's targets: the map's blast when it says one (the zone's characters, FAC-36..FAC-38, and its neighbours'
 * for FAC-39), else the user's targeted tokens (the GM's reading without a map), else the one target. A non-blast
 * weapon given several targets is the core's to refuse (FAC-36, one target only).
 */
export function cardTargets(choice: AttackChoice): CardTargets {
  const actorOf = (ref: string): CardActor => {
    const found = [choice.target, choice.attacker, ...(choice.others ?? [])].find((a) => a.id === ref);
    return found ?? stop(refuse("FRAY.Refusal.UnknownActor", `no actor ${ref}`, "FAC-36"));
  };
  const blast = readCardBlast(Object.hasOwn(choice.options, "blast") ? choice.options.blast : undefined);
  if (blast) {
    const zones = Object.fromEntries([blast, ...blast.neighbours].map((z) => [z.zone, z.name]));
    const neighbours = blast.neighbours.map((n) => ({ zone: n.zone, targets: n.targets.map(actorOf) }));
    return { targets: blast.targets.map(actorOf), neighbours, zone: blast.zone, zones };
  }
  const picked = pickedOf(choice.options);
  return { targets: picked ? picked.map(actorOf) : [choice.target], neighbours: [], zone: null, zones: {} };
}
