/** Shared steps of the admin browser tests: a real server, Chromium, recorded dialogs, axe. */
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Dialog, Page } from 'playwright-core';
import { launchBrowser } from '../browser-harness';
import { ADMIN, startServer } from '../harness';
import type { TestServer } from '../harness';

export type DialogRecord = { type: string; message: string };

/**
 * Records every browser dialog. Answers for prompt (text, or null for Cancel) and confirm
 * (true/false) are taken from `answers` in order; a confirm without a planned answer is accepted.
 */
export class Dialogs {
  readonly seen: DialogRecord[] = [];
  readonly answers: Array<string | boolean | null> = [];
  private cursor = 0;

  constructor(page: Page) {
    page.on('dialog', (dialog) => void this.handle(dialog));
  }

  private async handle(dialog: Dialog): Promise<void> {
    this.seen.push({ type: dialog.type(), message: dialog.message() });
    if (dialog.type() === 'alert') return dialog.accept();
    const answer = this.answers.length > 0 ? this.answers.shift() : true;
    if (answer === null || answer === false) return dialog.dismiss();
    return dialog.type() === 'prompt' ? dialog.accept(String(answer)) : dialog.accept();
  }

  /** Plans the answers for the next prompt/confirm dialogs. */
  plan(...answers: Array<string | boolean | null>): void {
    this.answers.push(...answers);
  }

  /** The next alert after the previous one read, waiting up to `timeoutMs`. */
  async nextAlert(timeoutMs = 15_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const alerts = this.seen.filter((record) => record.type === 'alert');
      const next = alerts[this.cursor];
      if (next) {
        this.cursor++;
        return next.message;
      }
      if (Date.now() > deadline)
        throw new Error(`no alert within ${timeoutMs} ms; dialogs so far: ${JSON.stringify(this.seen)}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  ofType(type: string): string[] {
    return this.seen.filter((record) => record.type === type).map((record) => record.message);
  }
}

export type AdminSession = {
  server: TestServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  dialogs: Dialogs;
  /** Uncaught page errors and Content-Security-Policy refusals: a test ends by asserting none. */
  problems: string[];
  close: () => Promise<void>;
};

export type OpenOptions = {
  viewport?: { width: number; height: number };
  /** axe is injected as an inline script, which our Content-Security-Policy rightly refuses. */
  bypassCSP?: boolean;
  /** The server's environment (merchant key, SMTP server...). */
  env?: Record<string, string>;
  /** The browser's time zone (default Asia/Jakarta, the owner's); the admin shows the shop's zone whatever it is. */
  timezoneId?: string;
  /** The server's clock (default the real one). */
  now?: () => Date;
};

/** Starts the real server and Chromium, opens /admin. Always `close()` in finally. */
export async function openAdmin({
  viewport = { width: 1280, height: 900 },
  bypassCSP = false,
  env = {},
  timezoneId = 'Asia/Jakarta',
  now,
}: OpenOptions = {}): Promise<AdminSession> {
  const server = await startServer(env, now ? { now } : {});
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport, acceptDownloads: true, bypassCSP, timezoneId });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const dialogs = new Dialogs(page);
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) problems.push(message.text());
    });
    await page.goto(`${server.url}/admin`);
    const opened = browser;
    return {
      server,
      browser: opened,
      context,
      page,
      dialogs,
      problems,
      async close() {
        await opened.close();
        await server.close();
      },
    };
  } catch (error) {
    await browser?.close();
    await server.close();
    throw error;
  }
}

export async function login(page: Page, password = ADMIN.password): Promise<void> {
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

export async function loginAndWait(page: Page): Promise<void> {
  await login(page);
  await page.getByRole('tablist').waitFor();
}

export async function openTab(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name }).click();
  await page.getByRole('tabpanel').waitFor();
}

/** The number shown on one stat card, e.g. 'Total Licenses'. */
export async function statValue(page: Page, key: string): Promise<string> {
  return (await page.locator(`[data-stat="${key}"] .stat-value`).textContent()) ?? '';
}

/** Waits until the stat card shows `expected`. */
export async function waitForStat(page: Page, key: string, expected: string): Promise<void> {
  await page.locator(`[data-stat="${key}"] .stat-value`, { hasText: new RegExp(`^${expected}$`) }).waitFor();
}

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core');

/** Serious and critical axe violations of the page as it is now, as readable lines. */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE_PATH });
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: Document,
            options: object,
          ) => Promise<{
            violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown }> }>;
          }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) =>
          `${violation.impact} ${violation.id}: ${violation.help} at ${JSON.stringify(violation.nodes.slice(0, 3).map((node) => node.target))}`,
      );
  });
}
