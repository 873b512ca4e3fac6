// Types of tools/pack-links.mjs (a plain .mjs the build runs with node), for the tests.
export const REPOSITORY_PLACEHOLDER: string;
/** Write `url` for the repository placeholder in every string of a pack document, in place; how many changed. */
export function linkRepository(doc: unknown, url: string | undefined): number;
