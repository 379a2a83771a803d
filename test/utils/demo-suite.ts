import { afterAll, beforeAll } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { seedDemoData } from '../../src/modules/companies/demo-data.seed.js';
import { launchBrowser } from './browser.js';
import { createTestApp, type TestApp, type TestAppOverrides } from './test-app.js';

export interface DemoSuite {
  t: TestApp;
  browser: Browser;
}

/** A browser suite's fixture: the app (with the config overrides given) with the demo data, and Chromium; both closed after the suite. */
export function demoBrowserSuite(overrides?: TestAppOverrides, browserArgs: string[] = []): DemoSuite {
  const suite = {} as DemoSuite;
  beforeAll(async () => {
    suite.t = await createTestApp(overrides);
    await seedDemoData(suite.t.em());
    suite.browser = await launchBrowser(browserArgs);
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.t?.close();
  });
  return suite;
}
