// Types of tools/core-icons.mjs (a plain .mjs tool), for the TypeScript tests.
export const MIRROR: string;
export const MYSTERY_MAN: string;
export const LIST: string;
export function picturesOf(doc: Record<string, unknown>): string[];
export function picturesInPacks(root?: string): string[];
export function mirrorIcons(mirror?: string): Set<string> | null;
export function readIconList(root?: string): string[];
