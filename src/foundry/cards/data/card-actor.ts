import type { CardActor } from "../attack-ruleset.js";
import type { CardActorLike } from "./card-ports.js";

/**
 * A plain copy of what an attack reads of an actor: the adapter never holds a live document. `ref` is how the card
 * names the actor (its UUID in a world, so that an unlinked token's own actor is the one hit, not the sidebar's).
 */
export function cardActor(actor: CardActorLike, ref: string): CardActor {
  return {
    id: ref,
    name: actor.name,
    type: actor.type,
    system: plainData(actor.system),
    items: actor.items.contents.map((i) => ({
      id: i.id ?? "",
      name: i.name,
      type: i.type,
      system: plainData(i.system),
    })),
  };
}

/**
 * A document's system data as plain JSON: in Foundry it is a DataModel (its toJSON gives its data), which
 * structuredClone would copy with its parent document and all, or refuse.
 */
function plainData(system: unknown): unknown {
  return JSON.parse(JSON.stringify(system ?? null)) as unknown;
}
