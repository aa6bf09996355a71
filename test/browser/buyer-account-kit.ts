/** Steps shared by the /lisensi browser tests: the e-mailed link, the reference client, axe and shots at both widths. */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import * as assert from 'uvu/assert';
import type { TestServer } from '../harness';
import { client } from '../http/license-client-run';
import type { Run } from '../http/license-client-run';
import type { TestSmtp } from '../test-smtp';
import { axeViolations, LAPTOP, PHONE } from './public-kit';

export const SHOTS = process.env.SHOTS_DIR ?? '.tmp/buyerpage-shots';

/** The path of the one-time link in the latest mail to `to` with that subject (`/lisensi#token=...`). */
export async function linkInMail(smtp: TestSmtp, to: string, subject: string): Promise<string> {
  const mail = await smtp.waitFor(to, 15_000, (item) => item.subject === subject);
  const link = /https?:\/\/\S+?(\/lisensi#token=[\w-]+)/.exec(mail.text);
  assert.ok(link, mail.text);
  return link[1]!;
}

/**
 * axe finds nothing serious or critical, at 390 and 1280 px, with a screenshot of each (of `part` only when given: a
 * long page's section); back at 390 afterwards.
 */
export async function checkState(page: Page, name: string, part?: Locator): Promise<void> {
  for (const viewport of [LAPTOP, PHONE]) {
    await page.setViewportSize(viewport);
    const path = join(SHOTS, `${name}-${viewport.width}.png`);
    await (part ? part.screenshot({ path }) : page.screenshot({ path, fullPage: true }));
    const serious = (await axeViolations(page)).filter((line) => /^(serious|critical) /.test(line));
    assert.equal(serious, [], `${name} at ${viewport.width} px`);
  }
}

/** The reference licence client on its own device (its own state folder), pinned to the server. */
export async function deviceClient(server: TestServer, deviceId: string): Promise<(args: string[]) => Promise<Run>> {
  const env = {
    LICENSE_SERVER: server.url,
    LICENSE_CLIENT_DIR: await mkdtemp(join(tmpdir(), 'buyer-client-')),
    LICENSE_DEVICE_ID: deviceId,
  };
  const pinned = await client(['pin'], env);
  assert.is(pinned.code, 0, pinned.output);
  return (args) => client(args, env);
}
