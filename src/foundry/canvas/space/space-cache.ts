import type { SceneLike } from "./scene-ports.js";
import type { SceneSpace } from "./scene-space.js";

/** Where the cache hears of document changes (Foundry's Hooks on each client; a fake bus in tests). */
export interface HookPort {
  on(name: string, fn: (...args: unknown[]) => unknown): unknown;
}

/** The scene a changed document lives on: a region's or wall's parent, a behaviour's grandparent. */
type Child = {
  readonly parent?: { readonly id?: string | null; readonly parent?: { readonly id?: string | null } | null } | null;
};

/**
 * One compiled space per scene, built on first use and forgotten when anything it was built from changes: a region,
 * a region behaviour, a wall (a door opened or closed too), or the scene itself (grid, size, its space model flag).
 * Every client keeps its own: the mover's for its early answer, the GM's for the check that counts.
 */
export class SpaceCache {
  readonly #compile: (scene: SceneLike) => SceneSpace;
  readonly #spaces = new Map<string, SceneSpace>();
  /** How many compilations ran (tests and the bench read it). */
  builds = 0;

  constructor(compile: (scene: SceneLike) => SceneSpace) {
    this.#compile = compile;
  }

  get(scene: SceneLike): SceneSpace {
    const id = scene.id ?? "";
    const known = this.#spaces.get(id);
    if (known) return known;
    const space = this.#compile(scene);
    this.builds++;
    if (id) this.#spaces.set(id, space);
    return space;
  }

  forget(sceneId: string | null | undefined): void {
    if (sceneId) this.#spaces.delete(sceneId);
  }

  /** Listen for every change a compiled space depends on. */
  watch(hooks: HookPort): void {
    const onParent = (doc: unknown) => this.forget((doc as Child).parent?.id);
    const onGrandparent = (doc: unknown) => this.forget((doc as Child).parent?.parent?.id);
    for (const verb of ["create", "update", "delete"]) {
      hooks.on(`${verb}Region`, onParent);
      hooks.on(`${verb}Wall`, onParent);
      hooks.on(`${verb}RegionBehavior`, onGrandparent);
    }
    hooks.on("updateScene", (scene: unknown) => this.forget((scene as { id?: string | null }).id));
    hooks.on("deleteScene", (scene: unknown) => this.forget((scene as { id?: string | null }).id));
  }
}
