import { currentRuleset } from "../settings/ruleset.js";
import { offeredIn, prunePackTree, type PackTreeNode } from "./ruleset-packs.js";

import CompendiumDirectory = foundry.applications.sidebar.tabs.CompendiumDirectory;
import ApplicationV2 = foundry.applications.api.ApplicationV2;

type Pack = { readonly collection: string };

/**
 * The v13 Compendium Packs tab, offering Fray's packs of the world's rule set only: the directory part's tree (v13
 * puts game.packs.tree there) loses the other rule sets' packs, and their folders once emptied. The packs stay in
 * game.packs, so links and macros that name them still work.
 */
export class FrayCompendiumDirectory<
  RC extends CompendiumDirectory.RenderContext = CompendiumDirectory.RenderContext,
  C extends CompendiumDirectory.Configuration = CompendiumDirectory.Configuration,
  RO extends CompendiumDirectory.RenderOptions = CompendiumDirectory.RenderOptions,
> extends CompendiumDirectory<RC, C, RO> {
  protected override async _preparePartContext(
    partId: string,
    context: ApplicationV2.RenderContextOf<this>,
    options: RO,
  ) {
    const base = await super._preparePartContext(partId, context, options);
    const tree = (base as { tree?: PackTreeNode<Pack> }).tree;
    if (partId !== "directory" || !tree) return base;
    return Object.assign(base, { tree: prunePackTree(tree, offeredIn(currentRuleset())) });
  }
}
