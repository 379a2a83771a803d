import type { Browser, Locator, Page } from 'playwright-core';
import { loginThroughForm } from './browser.js';

/** A page as a Brazilian user's browser shows it (native date inputs read dd/mm/aaaa). */
export const newPtPage = (browser: Browser, width = 1440, height = 900): Promise<Page> =>
  browser.newPage({ viewport: { width, height }, locale: 'pt-BR' });

/** Picks `option` in the MUI select named `label` inside `scope`. */
export async function choose(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The help gallery's thumbnails and player come from the video site; this network has none. */
export const offline = (page: Page) => page.route(/youtube\.com/, route => route.abort());

/**
 * Waits until finite CSS transitions and animations (floating labels, dialog fades) are over, so a screenshot
 * shows the end state; endless ones (spinners) are left alone.
 */
export const settle = (page: Page) =>
  page.waitForFunction(() =>
    (globalThis as unknown as { document: AnimatedDocument }).document
      .getAnimations()
      .every(animation => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );

/** The part of the DOM `settle` reads (the test project has no DOM typings). */
interface AnimatedDocument {
  getAnimations(): { playState: string; effect: { getTiming(): { iterations?: number } } | null }[];
}

/** Logs in and opens /settings on its first tab. */
export async function openSettings(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await offline(page);
  await loginThroughForm(page, baseUrl, email, password);
  await page.waitForSelector('a[href="/settings"]');
  await page.click('a[href="/settings"]');
  await page.getByRole('tab', { name: 'Opções' }).waitFor();
}
