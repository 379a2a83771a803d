import { afterAll, beforeAll } from '@jest/globals';
import type { Browser, Locator, Page } from 'playwright-core';
import { seedDemoData } from '../../src/modules/companies/demo-data.seed.js';
import { launchBrowser } from './browser.js';
import {
  type FakeDialogflow,
  type FakeTypebot,
  type FakeWebhook,
  startFakeDialogflow,
  startFakeTypebot,
  startFakeWebhook,
  unreachableUrl,
} from './fake-services.js';
import { createTestApp, type TestApp } from './test-app.js';

export interface AutomationSuite {
  t: TestApp;
  browser: Browser;
  dialogflow: FakeDialogflow;
  typebot: FakeTypebot;
  webhook: FakeWebhook;
}

/**
 * The demo fixture with local stand-ins for the services an integration's test button calls: the app's Dialogflow
 * API points at the fake, and the fake's service account signs in against it. The AI provider is unreachable.
 */
export function automationBrowserSuite(): AutomationSuite {
  const suite = {} as AutomationSuite;
  beforeAll(async () => {
    [suite.dialogflow, suite.typebot, suite.webhook] = await Promise.all([startFakeDialogflow(), startFakeTypebot(), startFakeWebhook()]);
    suite.t = await createTestApp({ automation: { openAiBaseUrl: await unreachableUrl(), dialogflowApiUrl: suite.dialogflow.url, minuteMs: 60_000 } });
    await seedDemoData(suite.t.em());
    suite.browser = await launchBrowser();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.t?.close();
    await Promise.all([suite.dialogflow?.close(), suite.typebot?.close(), suite.webhook?.close()]);
  });
  return suite;
}

/** Picks `option` in the MUI select whose accessible name contains `label`. */
export async function chooseOption(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * Adds an option to a queue's chatbot tree with `addButton`, then names and saves it. `path` is where it lands
 * ('1', '1.1'…). A new option starts with editing off, so this also checks that.
 */
export async function addQueueOption(dialog: Locator, addButton: Locator, path: string, title: string, message: string): Promise<void> {
  await addButton.click();
  const node = dialog.locator(`[data-option-path="${path}"]`);
  await node.getByText('Título não definido').waitFor();
  await node.getByRole('button', { name: 'Editar Título não definido' }).click();
  await node.getByRole('textbox', { name: 'Título da opção' }).fill(title);
  await node.getByRole('textbox', { name: 'Mensagem da opção' }).fill(message);
  await node.getByRole('button', { name: 'Salvar opção' }).click();
  await node.getByRole('button', { name: `Editar ${title}` }).waitFor();
}
