import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";

/**
 * Blocks far from the screen (the `render-near-view` utility: content-visibility auto) are left
 * undrawn until the reader scrolls near them: a full-page capture, which does not scroll, shows them
 * blank, and an undrawn block has no text to measure. Each is set as the browser draws it once near:
 * layout, style and paint contained, its size its own.
 */
export async function drawEveryBlock(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const block of document.querySelectorAll<HTMLElement>(".render-near-view")) {
      block.style.contentVisibility = "visible";
      block.style.contain = "layout style paint";
    }
  });
}

/** Where screenshots of new or changed pages go when SHOTS_DIR is set (they are looked at, not compared). */
export const shotsDir = process.env.SHOTS_DIR;

/** The page at 1280 and 375 px, light and dark, each after `ready` says it is drawn; nothing without SHOTS_DIR. */
export async function shoot(page: Page, name: string, ready: () => Promise<void>) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  const size = page.viewportSize();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    for (const dark of [false, true]) {
      await page.evaluate((d) => localStorage.setItem("darkModeKey", d ? "true" : "false"), dark);
      await page.reload();
      await ready();
      await drawEveryBlock(page);
      await page.screenshot({ path: `${shotsDir}/${name}-${width}-${dark ? "dark" : "light"}.png`, fullPage: true });
    }
  }
  await page.evaluate(() => localStorage.removeItem("darkModeKey"));
  if (size) await page.setViewportSize(size);
  await page.reload();
}

/** A screenshot of the page as it is (a form's refusal, a notice) at both widths, without reloading. */
export async function snap(page: Page, name: string) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  const size = page.viewportSize();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await drawEveryBlock(page);
    await page.screenshot({ path: `${shotsDir}/${name}-${width}.png`, fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}
