import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { launchBrowser } from '../browser-harness';
import { startServer } from '../harness';

test('/ opens in Chromium: no console error, no page error, no failed request to our server', async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    const problems: string[] = [];
    // Only our own server: anything else (fonts, analytics, CDNs) would be a bug here anyway.
    await page.route('**/*', (route) =>
      route.request().url().startsWith(server.url) ? route.continue() : route.abort(),
    );
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
    });
    const response = await page.goto(`${server.url}/`, { waitUntil: 'load' });
    assert.is(response?.status(), 200);
    await page.waitForLoadState('networkidle');
    assert.ok((await page.locator('h1').count()) > 0, 'the page has its heading');
    assert.equal(problems, []);
  } finally {
    await browser.close();
    await server.close();
  }
});

test.run();
