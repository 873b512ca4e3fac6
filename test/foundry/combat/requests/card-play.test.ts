import { describe, expect, it } from "vitest";
import {
  cardPlayOf,
  checkCardPlay,
  playCommand,
  playedLine,
} from "../../../../src/foundry/combat/requests/card-play.js";
import { recipientChoices } from "../../../../src/foundry/combat/requests/grant-recipient.js";
import { initialData } from "../../../../src/foundry/data/field-spec.js";
import { sectionsCard, sectionsEntity } from "../../../../src/foundry/data/specs/index.js";
import { sheetView } from "../../../../src/foundry/sheets/view/sheet-context.js";
import { render } from "../../../fakes/handlebars-env.js";
import { EN } from "../../../fakes/lang.js";

const card = (id: string, movement: Record<string, unknown>, phase = "action") => ({
  id,
  name: ({ wings: "Wings", sprint: "Sprint" } as Record<string, string>)[id] ?? "Sword",
  img: null,
  type: "sections-card",
  system: {
    ...initialData(sectionsCard.fields),
    phase,
    movement: { kind: "none", distance: 0, height: 0, ...movement },
  },
});
const wings = card("wings", { kind: "fly", distance: 2 });
const sprint = card("sprint", { kind: "move", distance: 3, height: 1 }, "strategy");
const sword = card("sword", {});

/** Foundry's format with the English strings: `{x}` placeholders filled. */
const format = (key: string, data: Record<string, string | number> = {}) =>
  (EN[key] ?? key).replace(/\{(\w+)\}/g, (_m, k: string) => String(data[k] ?? `{${k}}`));

describe("a card that grants movement (SEC-06, SEC-07)", () => {
  it(
    "SEC-06 a sections card's movement is the grant its play adds, with the card's own Phase; none and other " +
      "items grant nothing",
    () => {
      expect(cardPlayOf(wings)).toEqual({ phase: "action", grant: { source: "wings", kind: "fly", n: 2, height: 0 } });
      expect(cardPlayOf(sprint)).toEqual({
        phase: "strategy",
        grant: { source: "sprint", kind: "move", n: 3, height: 1 },
      });
      expect(cardPlayOf(sword)).toBeNull();
      expect(cardPlayOf({ ...wings, type: "strain-weapon" })).toBeNull();
      expect(cardPlayOf({ ...wings, system: { movement: { kind: "swim", distance: 1 } } })).toBeNull();
      expect(cardPlayOf({ ...wings, id: null })).toBeNull();
    },
  );

  it("SEC-05 its play is the spend of that Phase with the grant, as the turn order takes it", () => {
    expect(playCommand(cardPlayOf(sprint)!, "c1")).toEqual({
      type: "spend",
      combatant: "c1",
      phase: "strategy",
      action: "strategy",
      detail: "card",
      grant: { source: "sprint", kind: "move", n: 3, height: 1 },
    });
  });

  it("a spend without a grant is no card play; one with a grant must be the card's own", () => {
    const real = (id: string) => (id === "wings" ? cardPlayOf(wings) : null);
    const seen = (id: string) => id === "c2";
    expect(checkCardPlay({ type: "spend", combatant: "c1", phase: "action", action: "action" }, real, seen)).toBeNull();
    expect(checkCardPlay(playCommand(cardPlayOf(wings)!, "c1"), real, seen)).toBeNull();
    expect(checkCardPlay(playCommand(cardPlayOf(sprint)!, "c1"), real, seen)).toMatchObject({
      ok: false,
      key: "FRAY.Refusal.ForgedGrant",
    });
    // SEC-06: for another entity the player can see; one it cannot is unknown to it.
    expect(checkCardPlay(playCommand(cardPlayOf(wings)!, "c1", "c2"), real, seen)).toBeNull();
    expect(checkCardPlay(playCommand(cardPlayOf(wings)!, "c1", "c3"), real, seen)).toMatchObject({
      key: "FRAY.Refusal.UnknownCombatant",
    });
  });

  it("the chat says what was played in the rule text's words", () => {
    expect(playedLine(format, "Ann", "Wings", cardPlayOf(wings)!.grant)).toBe("Ann plays Wings: Fly 2");
    expect(playedLine(format, "Bo", "Sprint", cardPlayOf(sprint)!.grant)).toBe("Bo plays Sprint: Move 3, Height 1");
    expect(playedLine(format, "Bo", "Wings", cardPlayOf(wings)!.grant, "Cy")).toBe("Bo plays Wings for Cy: Fly 2");
  });

  it("SEC-06 a play for the player's own combatant carries no recipient", () => {
    expect(playCommand(cardPlayOf(wings)!, "c1", "c1")).toMatchObject({
      grant: { source: "wings", kind: "fly", n: 2, height: 0 },
    });
    expect(playCommand(cardPlayOf(wings)!, "c1", "c1")).not.toHaveProperty("grant.to");
  });
});

describe("the sheet's Play control", () => {
  const data = initialData(sectionsEntity.fields);
  const opts = { idPrefix: "s", editable: true, items: [wings, sprint, sword], attackItems: [] as string[] };

  it(
    "a card row that grants movement has a Play button (a " +
      "keyboard-reachable <button>) for the actor's owners only",
    () => {
      const owned = sheetView(sectionsEntity, data, { ...opts, plays: true });
      expect(owned.items.map((i) => [i.name, i.play])).toEqual([
        ["Wings", true],
        ["Sprint", true],
        ["Sword", false],
      ]);
      expect(owned.attacks.map((i) => i.id)).toEqual(["wings", "sprint"]);
      for (const template of ["templates/actor/parts/items.hbs", "templates/actor/parts/attacks.hbs"]) {
        const html = render(template, { fray: owned, editable: true, rootId: "s" });
        expect(html.match(/<button type="button" class="fray-play" data-action="playCard"/g), template).toHaveLength(2);
        expect(html).toContain('aria-label="Play Wings"');
      }
      const seen = sheetView(sectionsEntity, data, { ...opts, plays: false });
      expect(seen.items.some((i) => i.play)).toBe(false);
      expect(render("templates/actor/parts/items.hbs", { fray: seen, editable: false, rootId: "s" })).not.toContain(
        "playCard",
      );
    },
  );
});

describe("who may take a card's movement (SEC-06)", () => {
  const c = (id: string, o: Partial<{ hidden: boolean; isDefeated: boolean }> = {}) => ({
    id,
    name: id.toUpperCase(),
    hidden: false,
    isDefeated: false,
    ...o,
  });
  const fight = [c("own"), c("ally"), c("ghost", { hidden: true }), c("down", { isDefeated: true })];

  it("SEC-06 every other combatant still standing; a player is not offered a hidden one, the GM is", () => {
    expect(recipientChoices(fight, "own", false)).toEqual([{ id: "ally", name: "ALLY" }]);
    expect(recipientChoices(fight, "own", true).map((r) => r.id)).toEqual(["ally", "ghost"]);
    expect(recipientChoices([c("own")], "own", false)).toEqual([]);
  });
});
