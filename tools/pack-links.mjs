// The Start here journals link Fray's limitations page in the repository a GM installed Fray from. The source packs
// cannot know that repository, so they say https://github.com/<owner>/<repository> (HTML-escaped). The release stamps
// system.json's url (tools/release-stamp.mjs); the build then writes that url into the compiled packs.

/** The placeholder the packs' sources use for the repository, as it stands in their HTML. */
export const REPOSITORY_PLACEHOLDER = "https://github.com/&lt;owner&gt;/&lt;repository&gt;";

/**
 * Write `url` for the placeholder in every string of a pack document, in place (the CLI's transformEntry mutates the
 * entry). An empty url (a build that was not stamped) leaves the placeholder. Returns how many strings changed.
 */
export function linkRepository(doc, url) {
  if (!url) return 0;
  let changed = 0;
  const visit = (node) => {
    if (Array.isArray(node) || (node !== null && typeof node === "object"))
      for (const key of Object.keys(node)) {
        const value = node[key];
        if (typeof value === "string" && value.includes(REPOSITORY_PLACEHOLDER)) {
          node[key] = value.replaceAll(REPOSITORY_PLACEHOLDER, url);
          changed++;
        } else visit(value);
      }
  };
  visit(doc);
  return changed;
}
