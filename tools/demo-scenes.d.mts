// Types of tools/demo-scenes.mjs (a plain .mjs the build runs with node), for the tests.
/** Each rule set's demo scene layout, by rule set id. */
export const DEMO_SCENES: Readonly<Record<string, unknown>>;
/** Every demo scene with the file it is written to. */
export function demoSceneFiles(): { dir: string; file: string; text: string }[];
