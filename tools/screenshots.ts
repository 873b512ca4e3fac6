/**
 * `npm run screenshots`: render Fray's shipped Handlebars templates with real Handlebars and sample data,
 * open each page in headless Chromium (playwright-core, the Debian `chromium` package) with Fray's CSS
 * over a small stand-in for Foundry's base styles, and write PNGs to screenshots/ (git-ignored).
 *
 *   npm run screenshots              every shot
 *   npm run screenshots -- tracker   only shots whose file name contains "tracker"
 *   npm run screenshots -- card      the attack cards (tools/card-shots.ts; a factions blast: card-blast-shots.ts)
 *   npm run screenshots -- odds      the GM's encounter odds in the tracker (tools/odds-shots.ts)
 *   npm run screenshots -- adventure each adventure's tracker and sheets once imported (tools/adventure-shots.ts)
 *
 * Nothing here talks to the network: every request the page makes is answered by the script itself
 * (the page, placeholder portraits) or refused and reported.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
// The template helpers and sample data read lang/ and styles/ relative to the repository root.
process.chdir(ROOT);

const CHROMIUM = "/usr/bin/chromium";
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const ORIGIN = "http://fray.invalid";
const OUT = join(ROOT, "screenshots");

if (!existsSync(CHROMIUM)) {
  console.error(
    `Chromium is missing (${CHROMIUM}). Install it with:\n\n  apt-get update && apt-get install -y chromium\n`,
  );
  process.exit(1);
}

const { chromium } = await import("playwright-core");
const { placeholderImage, pageHtml, systemCss, trackerShots, sheetShots } = await import("./screenshot-page.js");
const { cardShots } = await import("./card-shots.js");
const { cardMapShots } = await import("./card-map-shots.js");
const { cardBlastShots } = await import("./card-blast-shots.js");
const { moveCardShots } = await import("./move-card-shots.js");
const { oddsShots } = await import("./odds-shots.js");
const { adventureShots, coreIcon } = await import("./adventure-shots.js");

type Shot = import("./screenshot-page.js").Shot;

const filter = process.argv[2];
const shots: Shot[] = [
  ...trackerShots(),
  ...oddsShots(),
  ...sheetShots(),
  ...(await cardShots()),
  ...(await cardMapShots()),
  ...(await cardBlastShots()),
  ...moveCardShots(),
  ...(await adventureShots()),
].filter((s) => !filter || s.file.includes(filter));
if (shots.length === 0) {
  console.error(`No shot matches "${filter}".`);
  process.exit(1);
}

mkdirSync(OUT, { recursive: true });
const styles = systemCss(ROOT);
const profile = mkdtempSync(join(tmpdir(), "fray-chromium-"));
// A persistent context is how playwright takes a user-data-dir: a fresh empty one for every run.
const context = await chromium.launchPersistentContext(profile, {
  executablePath: CHROMIUM,
  headless: true,
  args: CHROMIUM_ARGS,
  viewport: { width: 1000, height: 800 },
  deviceScaleFactor: 1,
  offline: false,
});

let problems = 0;
try {
  for (const shot of shots) {
    const page = await context.newPage();
    const html = pageHtml(shot, styles);
    const refused: string[] = [];
    const errors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error" || m.type() === "warning") errors.push(`${m.type()}: ${m.text()}`);
    });
    page.on("pageerror", (e) => errors.push(`page error: ${e.message}`));
    await page.route("**/*", async (route) => {
      const url = new URL(route.request().url());
      if (url.origin === ORIGIN && url.pathname === `/${shot.file}.html`) {
        await route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html });
      } else if (url.origin === ORIGIN && /\.(webp|png|jpe?g|svg|gif)$/i.test(url.pathname)) {
        // Foundry's own core icons where a v13 mirror is at hand (tools/adventure-shots.ts), else a placeholder.
        const icon = coreIcon(decodeURIComponent(url.pathname.slice(1)));
        const type = url.pathname.endsWith(".svg") ? "image/svg+xml" : "image/webp";
        await route.fulfill(
          icon
            ? { status: 200, contentType: type, body: icon }
            : { status: 200, contentType: "image/svg+xml", body: placeholderImage(url.pathname) },
        );
      } else {
        refused.push(url.href);
        await route.abort("blockedbyclient");
      }
    });
    await page.goto(`${ORIGIN}/${shot.file}.html`, { waitUntil: "load" });
    if (shot.click) await page.click(shot.click);
    if (shot.focus) await focusByKeyboard(page, shot.focus);
    if (shot.fits) {
      const over = await page.evaluate((sel) => {
        const el = document.querySelector(sel);
        return el ? el.scrollHeight - el.clientHeight : -1;
      }, shot.fits);
      if (over !== 0)
        errors.push(
          over < 0 ? `nothing matches ${shot.fits}` : `${shot.fits} scrolls: ${over}px more than its window shows`,
        );
    }
    const file = join(OUT, `${shot.file}.png`);
    await page.locator(".standin-frame").screenshot({ path: file });
    writeFileSync(join(OUT, `${shot.file}.html`), html);
    console.log(`wrote screenshots/${shot.file}.png`);
    for (const r of refused) console.warn(`  refused request: ${r}`);
    for (const e of errors) console.warn(`  ${e}`);
    problems += refused.length + errors.length;
    await page.close();
  }
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
}
console.log(
  `${shots.length} screenshots in screenshots/${problems ? `, ${problems} page problem(s) listed above` : ""}`,
);

/** Move focus with Tab, as a keyboard user would, so :focus-visible styles show in the picture. */
async function focusByKeyboard(page: import("playwright-core").Page, selector: string): Promise<void> {
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
  }
  throw new Error(`Tab never reached ${selector}`);
}
