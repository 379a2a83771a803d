import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { TIME_FACTOR } from './time.js';

export const SCREENSHOT_DIR = 'test-results/screenshots';

/** A fake microphone and camera, granted without asking (a beep each second): for recording voice notes. */
export const FAKE_MEDIA_ARGS = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];

/** Debian's Chromium, headless, with the flags this closed network needs (and any the suite adds). */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return withScaledTimeouts(
    await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        ...extraArgs,
      ],
    }),
  );
}

/** Playwright's default wait (30 s), scaled like every other deadline of the tests on a busy machine. */
const DEFAULT_WAIT_MS = 30_000 * TIME_FACTOR;

/** Pages and contexts of this browser wait DEFAULT_WAIT_MS for an element or a navigation unless told otherwise. */
function withScaledTimeouts(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.setDefaultTimeout(DEFAULT_WAIT_MS);
    return context;
  };
  browser.newPage = async (options) => {
    const page = await newPage(options);
    page.setDefaultTimeout(DEFAULT_WAIT_MS);
    return page;
  };
  return browser;
}

export async function loginThroughForm(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.fill('input[name="email"]', email);
  await page.fill('input[name="password"]', password);
  await page.click('button[type="submit"]');
}

export const screenshot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage: false });
