// Every screen is checked with axe (no serious or critical violation) and photographed at desktop and phone width.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { SCREENSHOT_DIR } from './settings';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** Lets short transitions (a dialog fading in) end, so colours are measured as people see them. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number(a.effect?.getComputedTiming().endTime ?? Infinity) <= 1000)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

async function expectNoSeriousViolations(page: Page, label: string): Promise<void> {
  await settle(page);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${label}: ${v.id} (${v.impact}) on ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
}

/** Nothing wider than the screen: a phone user never has to scroll sideways to read a page. */
async function expectNoSidewaysScroll(page: Page, label: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${label} is ${overflow}px wider than the screen`).toBeLessThanOrEqual(0);
}

/**
 * Runs axe and saves full-page screenshots at both widths (at phone width the page must also fit the screen); the
 * page must already show what `ready` names.
 */
export async function checkScreen(page: Page, name: string, ready: () => Promise<void>): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await ready();
  await expectNoSeriousViolations(page, `${name} (desktop)`);
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-desktop.png`), fullPage: true });
  await page.setViewportSize(PHONE);
  await ready();
  await expectNoSeriousViolations(page, `${name} (phone)`);
  await expectNoSidewaysScroll(page, `${name} (phone)`);
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-phone.png`), fullPage: true });
  await page.setViewportSize(DESKTOP);
}

/** Toasts and field messages: the exact text, visible. */
export async function expectMessage(page: Page, text: string): Promise<void> {
  await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
}

/**
 * At phone width a table of lines is cards (components/ui/line-table.tsx): nothing in `lines` scrolls sideways, and
 * each of `shown` (a unit price, a line total, the total) lies inside the screen's width, not in a hidden scroller.
 */
export async function expectLinesAsCards(page: Page, lines: Locator, shown: Locator[]): Promise<void> {
  await page.setViewportSize(PHONE);
  const hidden = await lines.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(hidden, 'the lines scroll sideways at phone width').toBeLessThanOrEqual(0);
  for (const target of shown) {
    await expect(target).toBeVisible();
    const box = await target.boundingBox();
    expect(box, 'a price or total has no box').not.toBeNull();
    if (box)
      expect(box.x + box.width, `${await target.innerText()} ends off the screen`).toBeLessThanOrEqual(PHONE.width);
    if (box) expect(box.x).toBeGreaterThanOrEqual(0);
  }
  await page.setViewportSize(DESKTOP);
}
