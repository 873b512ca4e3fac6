import { initialData } from "../data/field-spec.js";
import { modelFor, type FrayDocumentName } from "../data/models.js";
import { reviewDocumentUpdate, updatableFields } from "../data/review-document-update.js";
import { reviewFor, type Reviewable } from "./review-for.js";
import { warnProblems } from "./warn-problems.js";

/**
 * The review where no API call can skip it: a document's own `_preUpdate`, which Foundry runs on the writing client
 * for `update`, `updateDocuments` and `updateEmbeddedDocuments` alike. The changes object is the one Foundry sends
 * on, so it is reviewed in place. The earlier review in `update`/`updateDocuments` makes this one a no-op (the
 * review is idempotent) and keeps Foundry's own validation from throwing on a bad value first.
 */
export function reviewChangesInPlace(
  documentName: FrayDocumentName,
  doc: Reviewable,
  changes: Record<string, unknown>,
): void {
  const reviewed = reviewFor(documentName, doc, changes);
  if (reviewed === changes) return;
  for (const key of Object.keys(changes)) if (!Object.hasOwn(reviewed, key)) delete changes[key];
  for (const [key, value] of Object.entries(reviewed))
    Object.defineProperty(changes, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * A new document's system data, reviewed as an update of the type's initial data: a pool created with its value
 * above its max, a negative count or a prototype key never reaches the database. Null when the type is not Fray's.
 */
export function reviewCreation(
  documentName: FrayDocumentName,
  type: string,
  system: unknown,
): Record<string, unknown> | null {
  const meta = modelFor(documentName, type);
  if (!meta || system === undefined || system === null) return null;
  const reviewed = reviewDocumentUpdate(updatableFields(meta), initialData(meta.fields), { system });
  warnProblems(reviewed.problems);
  return (reviewed.data.system as Record<string, unknown> | undefined) ?? {};
}
