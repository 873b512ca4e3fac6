import { beforeAll, describe, expect, it } from "vitest";
import type { RulesetId } from "../../../../src/core/rulesets.js";
import { MOVEMENT_SOURCES } from "../../../../src/core/space/movement-sources.js";
import { MOVE_REQUEST } from "../../../../src/foundry/canvas/moves/move-request.js";
import { actionFor, MOVEMENT_ACTIONS } from "../../../../src/foundry/canvas/actions/movement-actions.js";
import { givenMovement } from "../../../../src/foundry/canvas/actions/movement-given.js";
import {
  at,
  cellsRect,
  FakeRegion,
  FakeScene,
  FakeSquareGrid,
  FakeToken,
  section,
  zone,
} from "../../../fakes/foundry-scene.js";
import { EN } from "../../../fakes/lang.js";
import { DragTable, installTokenDocument, plain } from "../token/drag-table.js";
import { FightScene } from "../fight-scene.js";

// Issue 26, hole 5: every strain character could Teleport (and a sections entity on a grid or zones map could Teleport
// with no card). A way of moving that comes from an ability or a card is allowed only to a mover that has one.

let warnings: string[] = [];
beforeAll(async () => {
  ({ warnings } = await installTokenDocument());
});

const S = 100;
type Model = "grid" | "zones" | "sections";

/** A 9x3 map of the space model: an open field, or three rooms a | b | c drawn as zones or sections. */
function map(model: Model): FakeScene {
  const s = new FakeScene("s1", new FakeSquareGrid(S), 9, 3);
  s.flags = { fray: { spaceModel: model } };
  if (model !== "grid")
    ["a", "b", "c"].forEach((id, k) =>
      s.regions.contents.push(
        new FakeRegion(id, [cellsRect(3 * k, 0, 3, 3)], [model === "zones" ? zone() : section()]),
      ),
    );
  return s;
}

const ACTOR: Record<RulesetId, { type: string; system: Record<string, unknown> }> = {
  strain: { type: "strain-character", system: { side: "pc", speed: 8 } },
  sections: { type: "sections-entity", system: { side: "pc", move: 2 } },
  escalation: { type: "escalation-unit", system: { side: "pc", movement: 6 } },
  teams: { type: "teams-character", system: { side: "pc" } },
  factions: { type: "factions-character", system: { side: "pc", health: { value: 5, max: 5 } } },
};

/** Alice's mover at (1,1), holding `items`, on a map of the model, at a table of four clients (no fight). */
function table(ruleset: RulesetId, model: Model, items: readonly { type: string; system: unknown }[] = []) {
  const s = map(model);
  const actor = { ...ACTOR[ruleset], items: { contents: items } };
  s.tokens.contents.push(new FakeToken("t", at(1, 1).x, at(1, 1).y, actor, ["alice"]));
  return { s, t: new DragTable(s, ruleset) };
}

const teleportAbility = { type: "strain-ability", system: { kind: "action", tags: ["teleport"], range: 6 } };
const card = (kind: string) => ({
  type: "sections-card",
  system: { phase: "action", movement: { kind, distance: 3, height: 0 } },
});

/** The worlds a mover without the ability or card tries in, with the ways of moving it tries. */
const WORLDS: readonly {
  ruleset: RulesetId;
  model: Model;
  modes: readonly string[];
  items?: readonly { type: string; system: unknown }[];
}[] = [
  { ruleset: "strain", model: "grid", modes: ["teleport"] },
  { ruleset: "strain", model: "zones", modes: ["teleport"] },
  // Abilities that are not Teleport ones, and a Teleport tag on something that is no ability, give nothing.
  {
    ruleset: "strain",
    model: "grid",
    modes: ["teleport"],
    items: [{ type: "strain-ability", system: { tags: ["ranged"] } }],
  },
  {
    ruleset: "strain",
    model: "grid",
    modes: ["teleport"],
    items: [{ type: "strain-art", system: { tags: ["teleport"] } }],
  },
  { ruleset: "sections", model: "grid", modes: ["teleport"] },
  { ruleset: "sections", model: "zones", modes: ["teleport"] },
  { ruleset: "sections", model: "sections", modes: ["phase", "fly", "teleport"], items: [card("move")] },
  { ruleset: "escalation", model: "grid", modes: ["teleport"] },
  { ruleset: "teams", model: "grid", modes: ["teleport"] },
  { ruleset: "factions", model: "zones", modes: ["teleport"] },
];

/** What a forged request carries beside the move: claims of a cost, a grant, abilities, another actor's items. */
const EXTRAS: readonly Record<string, unknown>[] = [
  {},
  { cost: 0 },
  { grant: { source: "x", kind: "teleport", n: 9, height: 9 } },
  { items: [teleportAbility], abilities: ["teleport"] },
];

describe("hole 5: a way of moving that comes from an ability or a card needs one (STR-22, SEC-07)", () => {
  it(
    "at least 50 tries, asked over the socket or made without asking, by movers with no such ability " +
      "or card: 0 accepted",
    async () => {
      let tries = 0;
      const accepted: string[] = [];
      for (const w of WORLDS)
        for (const mode of w.modes) {
          for (const extra of EXTRAS)
            for (const cell of [at(4, 1), at(7, 1)]) {
              const { t } = table(w.ruleset, w.model, w.items);
              tries++;
              const payload = {
                sceneId: "s1",
                tokenId: "t",
                movementId: `m${tries}`,
                waypoints: [{ ...cell, action: mode, ...extra }],
                ...extra,
              };
              const answer = await t.channel("alice").send(MOVE_REQUEST, payload);
              if (answer.ok) accepted.push(`${w.ruleset}/${w.model} asked ${mode} ${JSON.stringify(extra)}`);
            }
          // A patched client makes it without asking: the GM's audit undoes it.
          const { s, t } = table(w.ruleset, w.model, w.items);
          tries++;
          await t.forge("alice", "t", { passed: { waypoints: plain([at(4, 1)], mode) } });
          if (s.tokens.get("t")!.x !== at(1, 1).x) accepted.push(`${w.ruleset}/${w.model} made ${mode} unasked`);
        }
      expect(tries).toBeGreaterThanOrEqual(50);
      expect(accepted).toEqual([]);
    },
  );

  it(
    "the honest path: with an ability tagged Teleport (strain) or a Teleport card (sections, off a sections map) " +
      "the Teleport is made",
    async () => {
      for (const [ruleset, model, items] of [
        ["strain", "grid", [teleportAbility]],
        ["strain", "zones", [teleportAbility]],
        ["sections", "grid", [card("teleport")]],
      ] as const) {
        const { s, t } = table(ruleset, model, items);
        expect(
          await t.doc("alice", "t").move({ ...at(4, 1), action: "teleport" }, { method: "dragging" }),
          `${ruleset}/${model}`,
        ).toBe(true);
        await t.server.idle();
        expect(s.tokens.get("t")).toMatchObject(at(4, 1));
        expect(t.audits.map((a) => a.kind)).toEqual(["stands"]);
      }
    },
  );

  it(
    "STR-22 in a fight too: in its own turn a strain character Teleports only with the ability, " +
      "charged its distance",
    async () => {
      for (const items of [[], [teleportAbility]]) {
        const { s } = table("strain", "grid", items);
        s.tokens.contents.push(
          new FakeToken(
            "e",
            at(8, 2).x,
            at(8, 2).y,
            { type: "strain-character", system: { side: "npc", speed: 8 } },
            ["bob"],
            -1,
          ),
        );
        const f = new FightScene(
          s,
          "strain",
          { t: { side: "pc", speed: 8, initiative: 9 }, e: { side: "npc", speed: 8 } },
          [],
        );
        await f.until("t");
        const t = new DragTable(s, "strain", f);
        const made = await t.doc("alice", "t").move({ ...at(4, 1), action: "teleport" }, { method: "dragging" });
        await t.server.idle();
        expect(made).toBe(items.length > 0);
        expect(f.lastStep?.type === "spend" ? f.lastStep : null).toEqual(
          items.length > 0 ? expect.objectContaining({ squares: 3 }) : null,
        );
        // Made anyway by a client that skipped its check: the GM's audit undoes it.
        if (items.length === 0) {
          await t.forge("alice", "t", { passed: { waypoints: plain([at(4, 1)], "teleport") } });
          expect(s.tokens.get("t")).toMatchObject(at(1, 1));
        }
      }
    },
  );

  it("STR-22 SEC-07 the mover's own client refuses it first, with the rule's words, and sends nothing", async () => {
    const { t } = table("strain", "grid");
    warnings.length = 0;
    expect(await t.doc("alice", "t").move({ ...at(4, 1), action: "teleport" }, { method: "dragging" })).toBe(false);
    expect(warnings).toEqual([EN["FRAY.Refusal.MovementNeedsAbility"]]);
    expect(t.requests).toEqual([]);
  });

  it("every movement action Fray offers in a rule set is one of that rule set's ways of moving, with a source", () => {
    for (const [ruleset, actions] of Object.entries(MOVEMENT_ACTIONS) as [
      RulesetId,
      (typeof MOVEMENT_ACTIONS)[RulesetId],
    ][])
      for (const a of actions) expect(MOVEMENT_SOURCES[ruleset][a.mode], `${ruleset} ${a.id}`).toBeDefined();
    expect(actionFor("strain", "teleport")?.mode).toBe("teleport");
  });

  it("the items' data is not trusted: junk, prototype keys and other rule sets' items give nothing", () => {
    const junk = [
      null,
      { type: "strain-ability", system: null },
      { type: "strain-ability", system: { tags: "teleport" } },
      { type: "strain-ability", system: JSON.parse('{"__proto__":{"tags":["teleport"]}}') as unknown },
      { type: "sections-card", system: { movement: { kind: "toString" } } },
      { type: "sections-card", system: { movement: { kind: "teleport" } } },
    ];
    expect(givenMovement(junk.filter((j) => j !== null) as never, "strain")).toEqual([]);
    expect(givenMovement([card("teleport"), card("none"), card("move")], "sections")).toEqual(["teleport"]);
    expect(givenMovement([card("teleport")], "strain")).toEqual([]);
  });
});
