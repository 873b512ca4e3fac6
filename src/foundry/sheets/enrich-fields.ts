import type { FieldSpecs } from "../data/field-spec.js";

/**
 * The sheet's HTML fields (notes, description) as Foundry's enricher shows them: content links, inline rolls
 * and embeds, secret blocks only for the document's owners. The rich-text editor shows this while closed.
 */
export async function enrichedFields(
  fields: FieldSpecs,
  system: Readonly<Record<string, unknown>>,
  document: Actor.Implementation | Item.Implementation,
): Promise<Record<string, string>> {
  const { TextEditor } = foundry.applications.ux;
  const out: Record<string, string> = {};
  for (const [key, spec] of Object.entries(fields)) {
    if (spec.kind !== "html") continue;
    const raw = typeof system[key] === "string" ? system[key] : "";
    out[key] = await TextEditor.implementation.enrichHTML(raw, { secrets: document.isOwner, relativeTo: document });
  }
  return out;
}
