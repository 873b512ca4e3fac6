import { describe, expect, it } from "vitest";
import { render } from "../../fakes/handlebars-env.js";

describe("the tracker's footer in a Fray world", () => {
  it("offers the GM Begin before the fight and End during it, never Foundry's next or previous turn or round", () => {
    const before = render("templates/combat/footer.hbs", { frayFooter: { begin: true, end: true } });
    expect(before).toContain('data-action="frayBegin"');
    expect(before).toContain("Begin combat");
    const during = render("templates/combat/footer.hbs", { frayFooter: { begin: false, end: true } });
    expect(during).not.toContain("frayBegin");
    expect(during).toContain('data-action="frayEnd"');
    for (const html of [before, during]) expect(html).not.toMatch(/nextTurn|previousTurn|nextRound|previousRound/);
  });

  it("shows a player no control at all", () => {
    const html = render("templates/combat/footer.hbs", { frayFooter: { begin: false, end: false } });
    expect(html).not.toContain("<button");
  });
});
