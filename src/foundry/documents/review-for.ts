import { modelFor, type FrayDocumentName } from "../data/models.js";
import { reviewDocumentUpdate, updatableFields } from "../data/review-document-update.js";
import { warnProblems } from "./warn-problems.js";

/** A document as far as the review needs it: its type and stored system data. */
export interface Reviewable {
  readonly type: string;
  readonly _source: { readonly system: unknown };
}

/**
 * Review one update for one document and warn about each problem; returns the update to send on.
 * Unknown types (or no document) pass through: Foundry's own schema still validates them.
 */
export function reviewFor<T>(documentName: FrayDocumentName, doc: Reviewable | undefined, data: T): T {
  if (!doc || !data || typeof data !== "object") return data;
  const meta = modelFor(documentName, doc.type);
  if (!meta) return data;
  const reviewed = reviewDocumentUpdate(
    updatableFields(meta),
    doc._source.system as Record<string, unknown>,
    data as Record<string, unknown>,
  );
  warnProblems(reviewed.problems);
  return reviewed.data as T;
}
