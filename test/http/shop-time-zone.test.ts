import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { call, loginCookie, startServer } from '../harness';
import { fixedClock } from './admin-api-helpers';

test('GET /api/time-zone: public, Asia/Jakarta unless TIME_ZONE says otherwise', async () => {
  const server = await startServer();
  try {
    const answer = await call(server.url, 'GET', '/api/time-zone');
    assert.is(answer.status, 200);
    assert.equal(answer.json, { success: true, time_zone: 'Asia/Jakarta' });
  } finally {
    await server.close();
  }
});

test('TIME_ZONE=Asia/Makassar: the zone call, the admin messages (WITA), the licence file and the template preview follow it', async () => {
  const clock = fixedClock('2026-06-01T00:00:00.000Z');
  const server = await startServer({ TIME_ZONE: 'Asia/Makassar' }, { now: clock.at });
  try {
    const cookie = await loginCookie(server.url);
    const api = (method: string, path: string, body?: unknown) => call(server.url, method, path, { cookie, body });
    assert.equal((await api('GET', '/api/time-zone')).json, { success: true, time_zone: 'Asia/Makassar' });
    const created = await api('POST', '/api/license/create', {
      email: 'wita@shop.id',
      expired_date: '2027-01-20T23:00:00Z',
    });
    const license = created.json.license as { id: number; license_key: string };
    const extended = await api('POST', `/api/license/extend/${license.id}`, { days: 1 });
    assert.is(extended.json.message, 'License extended by 1 day. New expiry: 22 January 2027 07:00 WITA');
    assert.ok(
      (await api('GET', `/api/license/download/${license.license_key}`)).text.includes(
        'Berlaku sampai: 22 Januari 2027 pukul 07:00 WITA',
      ),
    );
    // The preview's sample expiry: 23:59 in the shop's zone, 30 days ahead.
    const preview = await api('POST', '/api/config/template/preview', { template: '{expired_date}' });
    assert.equal(preview.json, { success: true, preview: '1 Juli 2026' });
  } finally {
    await server.close();
  }
});

/** The part of the catalogue a page carries, as its islands read it. */
async function pageData(base: string, path: string): Promise<{ time_zone?: string; today?: { time_zone: string } }> {
  const html = await (await fetch(`${base}${path}`)).text();
  const block = /<script type="application\/json" id="storefront-data">([^<]*)<\/script>/.exec(html);
  assert.ok(block, `${path} carries its data`);
  return JSON.parse(block[1]!) as { time_zone?: string; today?: { time_zone: string } };
}

test('the pages follow TIME_ZONE: rendered again at start in it (the legal date), and /lisensi shows times in it', async () => {
  const plain = await startServer();
  try {
    assert.is((await pageData(plain.url, '/lisensi')).time_zone, 'Asia/Jakarta');
  } finally {
    await plain.close();
  }
  const server = await startServer({ TIME_ZONE: 'Asia/Makassar' });
  try {
    assert.is((await pageData(server.url, '/lisensi')).time_zone, 'Asia/Makassar');
    assert.is((await pageData(server.url, '/privacy-policy')).today?.time_zone, 'Asia/Makassar');
    assert.is((await pageData(server.url, '/terms-of-use')).today?.time_zone, 'Asia/Makassar');
  } finally {
    await server.close();
  }
});

test.run();
