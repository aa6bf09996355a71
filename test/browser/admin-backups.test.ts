/**
 * Scheduled backups on the dashboard: a gentle note while BACKUP_DIR is unset; with it, the last
 * proved backup and its age in WIB; when a backup fails, a warning and one more in "Needs
 * Attention". At 390 and 1280 px, axe-clean (axe is injected, so CSP is bypassed).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loginAndWait, openAdmin, seriousAxeViolations, waitForStat } from './admin-kit';
import type { AdminSession } from './admin-kit';

const SHOTS = '.tmp/backup-shots';

async function shots(admin: AdminSession, name: string): Promise<void> {
  for (const width of [1280, 390]) {
    await admin.page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await admin.page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
    assert.equal(await seriousAxeViolations(admin.page), [], `${name} at ${width} px`);
  }
  await admin.page.setViewportSize({ width: 1280, height: 900 });
}

test('without BACKUP_DIR: a gentle note, nothing needs attention', async () => {
  await mkdir(SHOTS, { recursive: true });
  const admin = await openAdmin({ bypassCSP: true });
  try {
    await loginAndWait(admin.page);
    const notice = admin.page.locator('[data-backup-notice="off"]');
    await notice.waitFor();
    assert.match((await notice.textContent()) ?? '', 'Scheduled backups are off');
    await waitForStat(admin.page, 'needs_attention', '0');
    await shots(admin, 'backups-off');
    assert.equal(admin.problems, []);
  } finally {
    await admin.close();
  }
});

test('with BACKUP_DIR: the last proved backup and its age in WIB; a failed backup needs attention', async () => {
  const backupDir = await mkdtemp(join(tmpdir(), 'loop-backups-browser-'));
  const admin = await openAdmin({ bypassCSP: true, env: { BACKUP_DIR: backupDir } });
  try {
    await loginAndWait(admin.page);
    const ok = admin.page.locator('[data-backup-notice="ok"]');
    await ok.waitFor();
    const text = (await ok.textContent()) ?? '';
    assert.match(text, /Last proved backup: loopshop-\S+\.(sqlite|dump), taken \d\d \w{3} \d{4}, \d\d:\d\d WIB/);
    assert.match(text, 'ago');
    await waitForStat(admin.page, 'needs_attention', '0');
    await shots(admin, 'backups-ok');

    // The folder becomes unusable: "Back up now" fails, and the dashboard says so.
    await rm(backupDir, { recursive: true, force: true });
    await writeFile(backupDir, 'not a folder');
    await admin.page.getByRole('button', { name: 'Back up now' }).click();
    const warning = admin.page.locator('[data-backup-notice="attention"]');
    await warning.waitFor();
    assert.match((await warning.textContent()) ?? '', 'Backups need attention.');
    await waitForStat(admin.page, 'needs_attention', '1');
    await shots(admin, 'backups-attention');
    assert.equal(admin.problems, []);
  } finally {
    await admin.close();
    await rm(backupDir, { recursive: true, force: true });
  }
});

test.run();
