import { valueAt } from "../../../core/shared/guards.js";
import type { AppliedRecord, CardSpent } from "../data/attack-card-data.js";
import type { ApplyPlan } from "../attack-ruleset.js";
import type { CardActorLike, CardItemLike } from "../data/card-ports.js";

/**
 * Write an applied attack: each actor's changes through its own update (so the models' review checks them as any
 * edit), the token statuses, the items' changes, the destroyed items deleted, and who dropped out of the fight.
 * Returns what was there before, and the fight steps `dropped` recorded, for the GM's undo.
 */
export async function carryOut(
  plan: ApplyPlan,
  actor: (id: string) => CardActorLike | undefined,
  dropped: (actorId: string, how: "unable" | "out") => Promise<readonly CardSpent[] | void>,
): Promise<AppliedRecord> {
  const actors: { actorId: string; before: Record<string, unknown> }[] = [];
  for (const { actorId, changes } of plan.actors) {
    const doc = actor(actorId);
    if (!doc) continue;
    actors.push({ actorId, before: await write(doc, changes) });
  }
  const statuses: { actorId: string; status: string; active: boolean }[] = [];
  for (const s of plan.statuses) {
    const doc = actor(s.actorId);
    // A status already as asked is left, and not recorded: the undo turns back only what applying turned.
    if (!doc || doc.statuses.has(s.status) === s.active) continue;
    await doc.toggleStatusEffect(s.status, { active: s.active });
    statuses.push(s);
  }
  const items: { actorId: string; itemId: string; before: Record<string, unknown> }[] = [];
  for (const { actorId, itemId, changes } of plan.items ?? []) {
    const item = actor(actorId)?.items.contents.find((i) => i.id === itemId);
    if (!item) continue;
    items.push({ actorId, itemId, before: await write(item, changes) });
  }
  const destroyed: { actorId: string; data: Record<string, unknown> }[] = [];
  for (const { actorId, itemId } of plan.destroyed ?? []) {
    const item = actor(actorId)?.items.contents.find((i) => i.id === itemId);
    if (!item) continue;
    // Its whole source, copied before it goes: the GM's undo creates it again as it was.
    destroyed.push({ actorId, data: JSON.parse(JSON.stringify(item.toObject())) as Record<string, unknown> });
    await item.delete();
  }
  const fight: CardSpent[] = [];
  for (const d of plan.dropped) fight.push(...((await dropped(d.actorId, d.how)) ?? []));
  return { actors, statuses, items, destroyed, ...(fight.length > 0 ? { fight } : {}) };
}

/** The GM's undo of an applied attack: every changed value and status back as it was, every destroyed item back. */
export async function takeBack(
  applied: AppliedRecord,
  actor: (id: string) => CardActorLike | undefined,
): Promise<void> {
  for (const { actorId, before } of applied.actors) {
    const doc = actor(actorId);
    if (!doc) continue;
    await write(doc, before);
  }
  for (const s of applied.statuses) await actor(s.actorId)?.toggleStatusEffect(s.status, { active: !s.active });
  for (const { actorId, itemId, before } of applied.items ?? []) {
    const item = actor(actorId)?.items.contents.find((i) => i.id === itemId);
    if (item) await write(item, before);
  }
  for (const { actorId, data } of applied.destroyed ?? [])
    await actor(actorId)?.createEmbeddedDocuments("Item", [data as never], { keepId: true });
}

/** The update option that marks a card's own writes (documents/fray-actor.ts leaves them out of the condition sync). */
export const CARD_WRITE = "frayCard";

/** Write values at paths under a document's system data; returns what was there before. */
async function write(
  doc: Pick<CardItemLike, "system" | "update">,
  changes: Readonly<Record<string, unknown>>,
): Promise<Record<string, unknown>> {
  const before: Record<string, unknown> = {};
  const update: Record<string, unknown> = {};
  for (const [path, value] of Object.entries(changes)) {
    before[path] = valueAt(doc.system, path);
    update[`system.${path}`] = value;
  }
  // The card tells the fight itself (`dropped`): its writes are not sent again as condition steps (fight-sync.ts).
  await doc.update(update, { [CARD_WRITE]: true });
  return before;
}
