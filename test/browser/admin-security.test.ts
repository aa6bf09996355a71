/**
 * The owner's second factor in the browser: set up the authenticator app (the test computes the
 * codes from the secret the page shows) and a passkey (Chromium's virtual authenticator through
 * the DevTools WebAuthn domain), sign out, sign in with each, and with a recovery code. The
 * recovery codes are copied and downloaded, the passkey renamed, two sessions of one browser told apart.
 * Passkeys need a domain as relying party, so the page runs on http://localhost:PORT.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { ADMIN, call } from '../harness';
import { codeAt, wrongCodeAt } from '../http/second-factor-kit';
import { login, loginAndWait, openAdmin, seriousAxeViolations } from './admin-kit';

const SHOTS = process.env.SHOTS_DIR || '.tmp/shots-twofactor';

async function shots(page: Page, name: string): Promise<void> {
  await mkdir(SHOTS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    // The header is sticky: from the top, a full-page shot shows it where it belongs.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function logout(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
}

test('enrol an authenticator app and a passkey, sign out, sign in with each and with a recovery code', async () => {
  const admin = await openAdmin({ bypassCSP: true });
  const { page, context, dialogs, problems, server } = admin;
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
      },
    });
    const local = server.url.replace('127.0.0.1', 'localhost');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: local });
    await page.goto(`${local}/admin`);
    await loginAndWait(page);
    // A second session of this very browser: the list must tell the two apart.
    const userAgent = await page.evaluate(() => navigator.userAgent);
    assert.is(
      (await call(server.url, 'POST', '/api/admin/login', { body: ADMIN, headers: { 'user-agent': userAgent } }))
        .status,
      200,
    );

    await page.getByRole('button', { name: 'Security' }).click();
    await page.getByRole('heading', { name: 'Security' }).waitFor();
    await page.getByRole('button', { name: 'Set up the authenticator app' }).click();
    const secret = (await page.locator('.totp-secret').textContent()) ?? '';
    assert.match(secret, /^[A-Z2-7]{32}$/);
    assert.ok(await page.locator('.totp-qr svg').isVisible(), 'the QR code is drawn');
    await shots(page, 'security-enrol');
    await page.getByLabel('Code from the app').fill(codeAt(secret, Date.now()));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.locator('.recovery-codes li').first().waitFor();
    const recovery = await page.locator('.recovery-codes code').allTextContents();
    assert.is(recovery.length, 10);
    await page.getByText('10 of 10 recovery codes left', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Copy codes' }).click();
    assert.match(await dialogs.nextAlert(), 'Recovery codes copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert.ok(
      recovery.every((code) => copied.includes(code)),
      copied,
    );
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download .txt' }).click(),
    ]);
    assert.is(download.suggestedFilename(), 'loopbot-admin-recovery-codes.txt');
    const saved = await readFile((await download.path())!, 'utf8');
    assert.is(saved, copied, 'the file holds what the copy holds');
    assert.match(saved, /WIB/);

    await page.getByRole('button', { name: 'Add a passkey' }).click();
    assert.is(await dialogs.nextAlert(), 'Passkey added.');
    const device = await page.locator('.security-list strong').first().textContent();
    assert.match(String(device), / on /, 'a new passkey is named after its device');
    dialogs.plan('Laptop kantor');
    await page.getByRole('button', { name: `Rename ${device}` }).click();
    await page.locator('.security-list strong', { hasText: 'Laptop kantor' }).waitFor();
    await page.getByText('This device', { exact: true }).waitFor();
    const sessionIds = await page.locator('.session-id').allTextContents();
    assert.is(sessionIds.length, 2, 'both sessions of this browser are listed');
    assert.is(new Set(sessionIds).size, 2, 'with different short ids');
    await shots(page, 'security-view');
    assert.equal(await seriousAxeViolations(page), []);
    await page.getByRole('button', { name: 'I saved them' }).click();
    assert.is(await page.locator('.recovery-codes').count(), 0, 'the codes are shown once');

    await logout(page);
    await shots(page, 'login-password');
    await login(page);
    const code = page.getByLabel('Code', { exact: true });
    await code.waitFor();
    assert.is(await code.getAttribute('inputmode'), 'numeric');
    assert.is(await code.getAttribute('autocomplete'), 'one-time-code');
    assert.is(await page.getByRole('tablist').count(), 0, 'no dashboard before the code');
    await shots(page, 'login-code-step');
    assert.equal(await seriousAxeViolations(page), []);
    await code.fill(wrongCodeAt(secret, Date.now()));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').filter({ hasText: 'Wrong code' }).waitFor();
    await code.fill(codeAt(secret, Date.now(), 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('tablist').waitFor();

    await logout(page);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.getByRole('tablist').waitFor();

    await logout(page);
    await login(page);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(recovery[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('tablist').waitFor();
    await page.getByRole('button', { name: 'Security' }).click();
    await page.getByText('9 of 10 recovery codes left', { exact: false }).waitFor();
    assert.equal(problems, []);
  } finally {
    await admin.close();
  }
});

test.run();
