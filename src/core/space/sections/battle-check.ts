import { isList } from "../../shared/guards.js";
import { refuse, type Refusal } from "../../shared/outcome.js";
import type { SectionGraph } from "./section-graph.js";
import type { SectionsBattle } from "./types.js";

/** Checks a battle state against its compiled map: every entity in a known section, every Block on a real border. */
export function checkBattle(graph: SectionGraph, battle: unknown): { readonly ok: true } | Refusal {
  if (typeof battle !== "object" || battle === null)
    return refuse("MalformedBattle", "a battle state must be an object");
  const b = battle as Partial<SectionsBattle>;
  if (typeof b.entities !== "object" || b.entities === null || !isList(b.blocks))
    return refuse("MalformedBattle", "a battle state needs entities and blocks");
  for (const [id, e] of Object.entries(b.entities)) {
    if (typeof e !== "object" || e === null || e.id !== id || typeof e.side !== "string")
      return refuse("MalformedBattle", `entity "${id}" is malformed`, undefined, { id });
    // SEC-02: every entity occupies exactly one section of the map.
    if (typeof e.section !== "string" || !graph.sectionIndex.has(e.section))
      return refuse("EntityInUnknownSection", `entity "${id}" is not in a section of this map`, "SEC-02", { id });
    if (e.climbing) {
      const c = e.climbing;
      if (!graph.borderIndex.has(c.border) || c.from !== e.section || !(c.climbed >= 0) || !(c.height > c.climbed))
        return refuse("MalformedBattle", `entity "${id}" has an impossible climbing state`, "SEC-16", { id });
    }
  }
  const own = new Set<string>();
  for (const blk of b.blocks) {
    const bi = graph.borderIndex.get(blk.border);
    if (bi === undefined)
      return refuse("UnknownBorder", `a Block names border "${blk.border}", not on the map`, "SEC-42", {
        border: blk.border,
      });
    const blocker = b.entities[blk.blocker];
    if (!blocker)
      return refuse("UnknownEntity", `a Block names blocker "${blk.blocker}", not in the battle`, "SEC-42", {
        id: blk.blocker,
      });
    if (!blk.atDistance) {
      const border = graph.borders[bi]!;
      if (blk.from !== blocker.section || (border.a !== blk.from && border.b !== blk.from))
        return refuse(
          "BlockNotOnOwnBorder",
          `${blk.blocker}'s Block must be on a border of its own section`,
          "SEC-42",
          {
            id: blk.blocker,
          },
        );
      // SEC-42: one border at a time per blocker.
      if (own.has(blk.blocker))
        return refuse("AlreadyBlocking", `${blk.blocker} holds two Blocks`, "SEC-42", { id: blk.blocker });
      own.add(blk.blocker);
    }
  }
  return { ok: true };
}
