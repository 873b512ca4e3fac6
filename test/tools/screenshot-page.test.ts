import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FOUNDRY_STAND_IN_CSS, pageHtml, placeholderImage, systemCss, trackerShots } from "../../tools/screenshot-page.js";

describe("screenshot pages", () => {
  it("load every stylesheet in styles/ after the marked stand-in for Foundry's base styles", () => {
    const styles = systemCss();
    expect(styles.map((s) => s.file).sort()).toEqual(
      readdirSync("styles")
        .filter((f) => f.endsWith(".css"))
        .map((f) => `styles/${f}`)
        .sort(),
    );
    const html = pageHtml({ file: "x", title: "T <b>", html: "<p>body</p>", frame: "window", theme: "light", width: 400 }, styles);
    expect(FOUNDRY_STAND_IN_CSS).toContain("STAND-IN");
    expect(html.indexOf('data-file="stand-in"')).toBeLessThan(html.indexOf('data-file="styles/'));
    expect(html).toContain("T &lt;b&gt;");
    expect(html).toContain("<p>body</p>");
  });

  it("the player's tracker shots never carry the hidden combatant; the GM's do", () => {
    const shots = trackerShots();
    const player = shots.filter((s) => s.file.startsWith("tracker-player"));
    const gm = shots.filter((s) => s.file.startsWith("tracker-gm-hidden"));
    expect(player.length).toBeGreaterThan(0);
    for (const s of player) expect(s.html).not.toContain("Lurking Assassin");
    expect(gm[0]?.html).toContain("Lurking Assassin");
  });

  it("a placeholder portrait shows the image's initials", () => {
    expect(placeholderImage("/icons/g1-portrait.webp")).toContain(">G1</text>");
  });
});
